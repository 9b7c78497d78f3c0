// Chart images as documents: every body is drawn in its sign (wheel) or its sign's cell (North and
// South Indian), no two labels overlap, the SVG is accessible and deterministic, the PNG has its text.
//
// Reference positions: Albert Einstein, 14 March 1879 11:30 LMT Ulm, as published by Astrodienst
// (astro.com / Astro-Databank, Rodden AA) and already cited in services/western-calc/test/natal.test.ts:
// Sun 23°30' Pisces, Moon 14°31' Sagittarius, Mercury 3°09' Aries, Venus 16°59' Aries, Mars 26°54'
// Capricorn, Jupiter 27°29' Aquarius, Saturn 4°11' Aries, Uranus 1°17' Virgo R, Neptune 7°52' Taurus,
// Pluto 24°44' Taurus, ASC 11°38' Cancer, MC 12°49' Pisces.
// Sidereal (Lahiri) signs for the Indian charts: the Lahiri ayanamsha is 23°51'11" at J2000 (Indian
// Astronomical Ephemeris) and moves 50.29"/year (IAU 1976 general precession), so about 22°10' in March
// 1879; subtracted by hand from the Astrodienst positions: Sun 1°20' Pisces, Moon 22°21' Scorpio,
// Mercury 10°59' Pisces, Venus 24°49' Pisces, Mars 4°44' Capricorn, Jupiter 5°19' Aquarius, Saturn
// 12°01' Pisces, ascendant 19°28' Gemini (each at least 1° from a sign boundary, so the ayanamsha's
// precision does not matter).
// Label extents are measured by resvg from the real font (DejaVu Sans), not taken from the drawing code.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import resvg from '@resvg/resvg-js';
import { DOMParser, type Element } from '@xmldom/xmldom';
import {
  FONT_FILES,
  imageOptions,
  ImageOptionError,
  renderNorthIndian,
  renderSouthIndian,
  renderWheel,
  svgToPng,
  type SquareBody,
  type SquareInput,
  type WheelInput,
} from '../src/index.ts';

const SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];
const dm = (sign: string, d: number, m: number) => SIGNS.indexOf(sign) * 30 + d + m / 60;

const EINSTEIN_TROPICAL: [string, number][] = [
  ['sun', dm('pisces', 23, 30)],
  ['moon', dm('sagittarius', 14, 31)],
  ['mercury', dm('aries', 3, 9)],
  ['venus', dm('aries', 16, 59)],
  ['mars', dm('capricorn', 26, 54)],
  ['jupiter', dm('aquarius', 27, 29)],
  ['saturn', dm('aries', 4, 11)],
  ['uranus', dm('virgo', 1, 17)],
  ['neptune', dm('taurus', 7, 52)],
  ['pluto', dm('taurus', 24, 44)],
  ['ascendant', dm('cancer', 11, 38)],
  ['midheaven', dm('pisces', 12, 49)],
];
const EXPECTED_TROPICAL_SIGN: Record<string, string> = {
  sun: 'pisces',
  moon: 'sagittarius',
  mercury: 'aries',
  venus: 'aries',
  mars: 'capricorn',
  jupiter: 'aquarius',
  saturn: 'aries',
  uranus: 'virgo',
  neptune: 'taurus',
  pluto: 'taurus',
  ascendant: 'cancer',
  midheaven: 'pisces',
};
const ASC = dm('cancer', 11, 38);

function wheelInput(over: Partial<WheelInput> = {}): WheelInput {
  return {
    title: 'Natal chart of Albert Einstein',
    points: EINSTEIN_TROPICAL.map(([planet, longitude]) => ({ planet, longitude, retrograde: planet === 'uranus' })),
    // Equal houses from the ascendant: the drawing only needs twelve cusps.
    cusps: Array.from({ length: 12 }, (_, i) => (ASC + 30 * i) % 360),
    houseSystem: 'equal',
    aspects: [{ planet_a: 'sun', planet_b: 'moon', aspect: 'square', tone: 'dynamic' }],
    theme: 'light',
    size: 600,
    idPrefix: 'einstein',
    ...over,
  };
}

// Sidereal signs (see the header), ascendant Gemini.
const EINSTEIN_SIDEREAL: Record<string, string> = {
  ascendant: 'gemini',
  sun: 'pisces',
  moon: 'scorpio',
  mercury: 'pisces',
  venus: 'pisces',
  mars: 'capricorn',
  jupiter: 'aquarius',
  saturn: 'pisces',
};
function squareInput(over: Partial<SquareInput> = {}): SquareInput {
  return {
    title: 'Rasi chart of Albert Einstein',
    caption: 'D1 Rasi',
    ascendantSign: SIGNS.indexOf('gemini'),
    bodies: Object.entries(EINSTEIN_SIDEREAL).map(([planet, sign]) => ({
      planet,
      sign: SIGNS.indexOf(sign),
      degrees: 10,
    })),
    theme: 'light',
    size: 600,
    idPrefix: 'einstein-d1',
    ...over,
  };
}

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement!;
const all = (root: Element, tag: string) => Array.from(root.getElementsByTagName(tag));
const byClass = (root: Element, tag: string, cls: string) =>
  all(root, tag).filter((e) => e.getAttribute('class') === cls);
const num = (e: Element, a: string) => Number(e.getAttribute(a));

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Ink extent of one <text> element in view-box units, measured by resvg with the real font. */
function inkBox(root: Element, t: Element): Rect {
  const vb = root.getAttribute('viewBox')!;
  const [, , w, h] = vb.split(' ').map(Number);
  const clone = t.toString();
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${vb}" font-family="${root.getAttribute('font-family')}">${clone}</svg>`;
  const r = new resvg.Resvg(doc, {
    font: { fontFiles: [...FONT_FILES], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  const b = r.getBBox();
  assert.ok(b, `no ink for ${clone}`);
  return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
}

const overlap = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Every pair of labels of different bodies is disjoint. */
function assertNoOverlap(root: Element): void {
  const boxes = all(root, 'g')
    .filter((g) => g.getAttribute('class') === 'planet')
    .flatMap((g) => all(g, 'text').map((t) => ({ body: g.getAttribute('data-body')!, box: inkBox(root, t) })));
  assert.ok(boxes.length > 0);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxes[i]!.body === boxes[j]!.body) continue;
      assert.ok(!overlap(boxes[i]!.box, boxes[j]!.box), `${boxes[i]!.body} and ${boxes[j]!.body} overlap`);
    }
}

function planetGroups(root: Element): Map<string, Element> {
  return new Map(
    all(root, 'g')
      .filter((g) => g.getAttribute('class') === 'planet')
      .map((g) => [g.getAttribute('data-body')!, g]),
  );
}

/** Longitude under a point of the wheel: ascendant at 9 o'clock, counter-clockwise (Astrodienst's layout). */
function longitudeAt(x: number, y: number): number {
  const screen = (Math.atan2(500 - y, x - 500) * 180) / Math.PI;
  return (((screen - 180 + ASC) % 360) + 360) % 360;
}

describe('Western wheel (Einstein, Astrodienst positions)', () => {
  const svg = renderWheel(wheelInput());
  const root = parse(svg);

  it('each planet and angle label stands in its published sign sector, its marker at its longitude', () => {
    const groups = planetGroups(root);
    assert.equal(groups.size, 12);
    for (const [planet, lon] of EINSTEIN_TROPICAL) {
      const g = groups.get(planet)!;
      const label = byClass(g, 'text', 'label')[0]!;
      const at = longitudeAt(num(label, 'x'), num(label, 'y') + 8);
      assert.equal(SIGNS[Math.floor(at / 30)], EXPECTED_TROPICAL_SIGN[planet], `${planet} label at ${at.toFixed(2)}°`);
      // The marker is the first line of the group: it starts on the zodiac band's inner edge at the
      // body's exact longitude.
      const marker = all(g, 'line')[0]!;
      const ml = longitudeAt(num(marker, 'x1'), num(marker, 'y1'));
      assert.ok(Math.abs(((ml - lon + 540) % 360) - 180) < 0.05, `${planet} marker at ${ml}`);
    }
  });

  it('sign glyphs go round counter-clockwise from the ascendant: Cancer at 9 o’clock, Aries at 12', () => {
    const sign = (s: string) =>
      all(root, 'text').find((t) => t.getAttribute('class') === 'sign' && t.getAttribute('data-sign') === s)!;
    // Cancer's sector is centred 3°22' below the ascendant: left of centre.
    assert.ok(num(sign('cancer'), 'x') < 100);
    // Aries centred at 15° is 11°38'+90°-15° round from the ascendant: near the top.
    assert.ok(num(sign('aries'), 'y') < 150);
  });

  it('no two labels overlap (ink measured by resvg)', () => assertNoOverlap(root));

  it('a crowded sign (ten bodies within 20° of Aries) still gets disjoint labels inside Aries', () => {
    const crowded = renderWheel(
      wheelInput({
        points: ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'].map(
          (planet, i) => ({
            planet,
            longitude: 5 + i * 2,
          }),
        ),
      }),
    );
    const r = parse(crowded);
    assertNoOverlap(r);
    for (const g of planetGroups(r).values()) {
      const label = byClass(g, 'text', 'label')[0]!;
      const at = longitudeAt(num(label, 'x'), num(label, 'y') + 8);
      assert.ok(at > 0 && at < 30, `${g.getAttribute('data-body')} at ${at}`);
    }
  });

  it('is accessible: role="img", aria-labelledby naming its <title> and <desc>', () => {
    assert.equal(root.getAttribute('role'), 'img');
    const ids = root.getAttribute('aria-labelledby')!.split(' ');
    assert.deepEqual(ids, ['einstein-title', 'einstein-desc']);
    assert.equal(
      all(root, 'title').find((t) => t.getAttribute('id') === 'einstein-title')!.textContent,
      'Natal chart of Albert Einstein',
    );
    const desc = all(root, 'desc')[0]!.textContent!;
    assert.match(desc, /Sun 23°30′ Pisces/);
    assert.match(desc, /Uranus 1°17′ Virgo retrograde/);
  });

  it('is deterministic, sized as asked, and themed', () => {
    assert.equal(renderWheel(wheelInput()), svg);
    assert.equal(root.getAttribute('width'), '600');
    const dark = renderWheel(wheelInput({ theme: 'dark' }));
    assert.notEqual(dark, svg);
    assert.equal(parse(dark).getElementsByTagName('rect')[0]!.getAttribute('fill'), '#14161c');
  });
});

/** Point-in-convex-polygon (either winding). */
function inside(poly: [number, number][], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!;
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    const c = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
    if (Math.abs(c) < 1e-9) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

const corners = (b: Rect): [number, number][] => [
  [b.x0, b.y0],
  [b.x1, b.y0],
  [b.x1, b.y1],
  [b.x0, b.y1],
];

/** The frame square of a chart: extent of all its cells. */
function frame(root: Element): { x: number; y: number; s: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const c of byClass(root, 'polygon', 'cell'))
    for (const p of c.getAttribute('points')!.split(' ')) {
      const [x, y] = p.split(',').map(Number);
      xs.push(x!);
      ys.push(y!);
    }
  for (const c of byClass(root, 'rect', 'cell')) {
    xs.push(num(c, 'x'), num(c, 'x') + num(c, 'width'));
    ys.push(num(c, 'y'), num(c, 'y') + num(c, 'height'));
  }
  return { x: Math.min(...xs), y: Math.min(...ys), s: Math.max(...xs) - Math.min(...xs) };
}

/**
 * North Indian house cells as the tradition draws them (e.g. B. V. Raman, "How to Judge a Horoscope"):
 * the square's diagonals and the diamond joining its side midpoints; house 1 the top centre diamond,
 * houses counted counter-clockwise (2 top-left triangle, 3 left-upper, 4 left diamond, ...).
 */
function northHouse(f: { x: number; y: number; s: number }, house: number): [number, number][] {
  const P = (u: number, v: number): [number, number] => [f.x + u * f.s, f.y + v * f.s];
  const cells: [number, number][][] = [
    [P(0.5, 0), P(0.75, 0.25), P(0.5, 0.5), P(0.25, 0.25)],
    [P(0, 0), P(0.5, 0), P(0.25, 0.25)],
    [P(0, 0), P(0.25, 0.25), P(0, 0.5)],
    [P(0, 0.5), P(0.25, 0.25), P(0.5, 0.5), P(0.25, 0.75)],
    [P(0, 0.5), P(0.25, 0.75), P(0, 1)],
    [P(0, 1), P(0.25, 0.75), P(0.5, 1)],
    [P(0.5, 1), P(0.25, 0.75), P(0.5, 0.5), P(0.75, 0.75)],
    [P(0.5, 1), P(0.75, 0.75), P(1, 1)],
    [P(1, 1), P(0.75, 0.75), P(1, 0.5)],
    [P(1, 0.5), P(0.75, 0.75), P(0.5, 0.5), P(0.75, 0.25)],
    [P(1, 0.5), P(0.75, 0.25), P(1, 0)],
    [P(1, 0), P(0.75, 0.25), P(0.5, 0)],
  ];
  return cells[house - 1]!;
}

/** South Indian: signs fixed, Pisces top left, then clockwise (Aries, Taurus, Gemini along the top). */
const SOUTH_CELL: Record<string, [number, number]> = {
  pisces: [0, 0],
  aries: [1, 0],
  taurus: [2, 0],
  gemini: [3, 0],
  cancer: [3, 1],
  leo: [3, 2],
  virgo: [3, 3],
  libra: [2, 3],
  scorpio: [1, 3],
  sagittarius: [0, 3],
  capricorn: [0, 2],
  aquarius: [0, 1],
};
function southCell(f: { x: number; y: number; s: number }, sign: string): [number, number][] {
  const [c, r] = SOUTH_CELL[sign]!;
  const q = f.s / 4;
  const x = f.x + c * q;
  const y = f.y + r * q;
  return [
    [x, y],
    [x + q, y],
    [x + q, y + q],
    [x, y + q],
  ];
}

const CROWDED: SquareBody[] = ['ascendant', 'sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu'].map(
  (planet) => ({
    planet,
    sign: SIGNS.indexOf('leo'),
    degrees: 29,
    retrograde: planet === 'saturn',
  }),
);

for (const [style, render, cellOf] of [
  [
    'North Indian',
    renderNorthIndian,
    (f: ReturnType<typeof frame>, sign: string, asc: string) =>
      northHouse(f, ((SIGNS.indexOf(sign) - SIGNS.indexOf(asc) + 12) % 12) + 1),
  ],
  ['South Indian', renderSouthIndian, (f: ReturnType<typeof frame>, sign: string) => southCell(f, sign)],
] as const) {
  describe(`${style} chart`, () => {
    const root = parse(render(squareInput()));

    it('every body (Einstein, Lahiri) is drawn wholly inside its sign’s cell', () => {
      const f = frame(root);
      const groups = planetGroups(root);
      assert.equal(groups.size, Object.keys(EINSTEIN_SIDEREAL).length);
      for (const [planet, sign] of Object.entries(EINSTEIN_SIDEREAL)) {
        const t = all(groups.get(planet)!, 'text')[0]!;
        const cell = cellOf(f, sign, 'gemini');
        for (const [x, y] of corners(inkBox(root, t)))
          assert.ok(inside(cell, x, y), `${planet} (${sign}) outside its cell`);
      }
    });

    it('no two labels overlap', () => assertNoOverlap(root));

    it('nine bodies in one sign: smaller type, still disjoint and inside the cell', () => {
      const r = parse(render(squareInput({ bodies: CROWDED, ascendantSign: SIGNS.indexOf('leo') })));
      assertNoOverlap(r);
      const f = frame(r);
      for (const g of planetGroups(r).values()) {
        const box = inkBox(r, all(g, 'text')[0]!);
        for (const [x, y] of corners(box))
          assert.ok(inside(cellOf(f, 'leo', 'leo'), x, y), g.getAttribute('data-body')!);
      }
    });

    it('accessible and deterministic', () => {
      assert.equal(root.getAttribute('role'), 'img');
      assert.equal(root.getAttribute('aria-labelledby'), 'einstein-d1-title einstein-d1-desc');
      assert.match(all(root, 'desc')[0]!.textContent!, /Sun in Pisces \(house 10\)/); // Pisces is the 10th from Gemini
      assert.equal(render(squareInput()), render(squareInput()));
    });
  });
}

it('North Indian: the sign numbers run counter-clockwise from the ascendant’s in house 1', () => {
  const root = parse(renderNorthIndian(squareInput()));
  const f = frame(root);
  for (const n of byClass(root, 'text', 'sign-number')) {
    const signNo = Number(n.textContent);
    const house = ((signNo - 3 + 12) % 12) + 1; // Gemini = 3 in house 1
    assert.ok(inside(northHouse(f, house), num(n, 'x'), num(n, 'y')), `sign ${signNo} not in house ${house}`);
  }
});

describe('PNG', () => {
  it('is a PNG of the requested width whose text is drawn (differs from the same chart without text)', async () => {
    const svg = renderNorthIndian(squareInput({ size: 300 }));
    const png = await svgToPng(svg);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // PNG signature (RFC 2083)
    assert.equal(png.readUInt32BE(16), 300); // IHDR width
    assert.equal(png.readUInt32BE(20), Math.round((300 * 1060) / 1000));
    const withoutText = await svgToPng(svg.replace(/<text[^>]*>[^<]*<\/text>/g, ''));
    assert.notDeepEqual(png, withoutText);
  });
});

describe('image options', () => {
  it('defaults: svg, light, 600', () => {
    assert.deepEqual(imageOptions({}), { format: 'svg', theme: 'light', size: 600 });
    assert.deepEqual(imageOptions({ format: 'png', theme: 'dark', size: 2048 }), {
      format: 'png',
      theme: 'dark',
      size: 2048,
    });
  });
  it('size past 200..2048, unknown format or theme: every problem named at once', () => {
    for (const size of [199, 2049, 100000, 512.5]) assert.throws(() => imageOptions({ size }), ImageOptionError);
    try {
      imageOptions({ format: 'gif', theme: 'blue', size: 5000 });
      assert.fail('accepted');
    } catch (err) {
      assert.ok(err instanceof ImageOptionError);
      assert.deepEqual(
        err.problems.map((p) => p.field),
        ['format', 'theme', 'size'],
      );
    }
  });
});
