// The Western wheel: zodiac band with sign glyphs, house cusps and numbers, planets at their
// longitudes with collision-free labels (placement.ts), and aspect lines in the centre.
// Orientation as on Astrodienst's and most printed wheels: the ascendant at 9 o'clock, longitudes
// increasing counter-clockwise.
import { svgDocument } from './document.ts';
import {
  BODY_ABBREVIATIONS,
  BODY_GLYPHS,
  degreesInSign,
  SIGN_GLYPHS,
  SIGNS,
  signIndexOf,
  textWidth,
  titleCase,
} from './labels.ts';
import { placeOnRing } from './placement.ts';
import { el, text } from './svg.ts';
import { PALETTES, type ThemeName } from './theme.ts';

export interface WheelPoint {
  planet: string;
  longitude: number;
  retrograde?: boolean;
}

export interface WheelAspect {
  planet_a: string;
  planet_b: string;
  aspect: string;
  tone: 'harmonious' | 'dynamic' | 'neutral';
}

export interface WheelInput {
  /** Accessible name, e.g. "Natal chart of ...". */
  title: string;
  /** Planets and the angles (ascendant, midheaven); tropical longitudes. */
  points: readonly WheelPoint[];
  /** Longitudes of the 12 house cusps, house 1 first. */
  cusps: readonly number[];
  houseSystem: string;
  aspects: readonly WheelAspect[];
  theme: ThemeName;
  size: number;
  idPrefix: string;
}

/** Geometry in a 1000 x 1000 view box (documented so tests can read positions back). */
export const WHEEL = {
  view: 1000,
  cx: 500,
  cy: 500,
  outer: 480,
  zodiacInner: 405,
  /** Radii tried for label centres, outermost first. */
  radii: [362, 350, 338, 326, 314, 302, 290, 278, 266, 254, 242] as readonly number[],
  glyphSize: 28,
  angleLabelSize: 20,
  degreeSize: 13,
  houseRingOuter: 215,
  aspectRadius: 185,
};

/** Screen angle (degrees, counter-clockwise from 3 o'clock) of an ecliptic longitude. */
export function screenAngle(longitude: number, ascendant: number): number {
  return 180 + longitude - ascendant;
}

/** Height of a label (glyph over degree) in view-box units. */
const UNIT_HEIGHT = 46;

function polar(r: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [WHEEL.cx + r * Math.cos(a), WHEEL.cy - r * Math.sin(a)];
}

function labelOf(planet: string): { s: string; size: number } {
  const g = BODY_GLYPHS[planet];
  if (g) return { s: g, size: WHEEL.glyphSize };
  // Western usage: AC and MC for the angles.
  return { s: planet === 'ascendant' ? 'AC' : (BODY_ABBREVIATIONS[planet] ?? planet), size: WHEEL.angleLabelSize };
}

function houseOf(longitude: number, cusps: readonly number[]): number {
  const norm = (d: number) => ((d % 360) + 360) % 360;
  for (let i = 0; i < 12; i++) {
    if (norm(longitude - cusps[i]!) < norm(cusps[(i + 1) % 12]! - cusps[i]!)) return i + 1;
  }
  return 1;
}

export function renderWheel(input: WheelInput): string {
  const t = PALETTES[input.theme];
  const asc = input.points.find((p) => p.planet === 'ascendant')?.longitude ?? input.cusps[0] ?? 0;
  const at = (r: number, lon: number) => polar(r, screenAngle(lon, asc));
  const body: string[] = [];

  // Zodiac band: ring, sign boundaries, degree ticks, sign glyphs coloured by element.
  body.push(
    el('circle', { cx: WHEEL.cx, cy: WHEEL.cy, r: WHEEL.outer, fill: t.band, stroke: t.line, 'stroke-width': 2 }),
  );
  body.push(
    el('circle', {
      cx: WHEEL.cx,
      cy: WHEEL.cy,
      r: WHEEL.zodiacInner,
      fill: t.background,
      stroke: t.line,
      'stroke-width': 2,
    }),
  );
  const ticks: string[] = [];
  for (let d = 0; d < 360; d += 5) {
    const len = d % 30 === 0 ? WHEEL.outer - WHEEL.zodiacInner : d % 10 === 0 ? 10 : 6;
    const [x1, y1] = at(WHEEL.zodiacInner, d);
    const [x2, y2] = at(WHEEL.zodiacInner + len, d);
    ticks.push(el('line', { x1, y1, x2, y2 }));
  }
  body.push(el('g', { class: 'ticks', stroke: t.line, 'stroke-width': 1.5 }, ticks));
  const signs = SIGNS.map((sign, i) => {
    const [x, y] = at((WHEEL.outer + WHEEL.zodiacInner) / 2, i * 30 + 15);
    return text(SIGN_GLYPHS[i]!, {
      class: 'sign',
      'data-sign': sign,
      x,
      y,
      'font-size': 34,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      fill: t.elements[i % 4]!,
    });
  });
  body.push(el('g', { class: 'signs' }, signs));

  // Houses: cusp lines across the planet ring, numbers in a ring round the aspect circle.
  const cuspLines = input.cusps.map((c, i) => {
    const [x1, y1] = at(WHEEL.aspectRadius, c);
    const [x2, y2] = at(WHEEL.zodiacInner, c);
    const angular = i % 3 === 0;
    return el('line', { x1, y1, x2, y2, stroke: angular ? t.line : t.faint, 'stroke-width': angular ? 3 : 1.2 });
  });
  body.push(el('g', { class: 'cusps' }, cuspLines));
  body.push(
    el('circle', {
      cx: WHEEL.cx,
      cy: WHEEL.cy,
      r: WHEEL.houseRingOuter,
      fill: 'none',
      stroke: t.faint,
      'stroke-width': 1.2,
    }),
  );
  body.push(
    el('circle', {
      cx: WHEEL.cx,
      cy: WHEEL.cy,
      r: WHEEL.aspectRadius,
      fill: t.background,
      stroke: t.line,
      'stroke-width': 1.5,
    }),
  );
  const houseNumbers = input.cusps.map((c, i) => {
    const next = input.cusps[(i + 1) % 12]!;
    const span = (((next - c) % 360) + 360) % 360;
    const [x, y] = at((WHEEL.houseRingOuter + WHEEL.aspectRadius) / 2, c + span / 2);
    return text(String(i + 1), {
      class: 'house',
      'data-house': i + 1,
      x,
      y,
      'font-size': 16,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      fill: t.muted,
    });
  });
  body.push(el('g', { class: 'houses' }, houseNumbers));

  // Aspect lines (a conjunction has no length: it shows as two neighbouring markers).
  const lonOf = new Map(input.points.map((p) => [p.planet, p.longitude]));
  const aspectLines: string[] = [];
  for (const a of input.aspects) {
    const la = lonOf.get(a.planet_a);
    const lb = lonOf.get(a.planet_b);
    if (la === undefined || lb === undefined || a.tone === 'neutral') continue;
    const [x1, y1] = at(WHEEL.aspectRadius, la);
    const [x2, y2] = at(WHEEL.aspectRadius, lb);
    aspectLines.push(
      el('line', {
        class: 'aspect',
        'data-aspect': `${a.planet_a}-${a.planet_b}-${a.aspect}`,
        x1,
        y1,
        x2,
        y2,
        stroke: a.tone === 'harmonious' ? t.harmonious : t.dynamic,
        'stroke-width': 1.6,
        'stroke-dasharray': a.aspect === 'sextile' || a.aspect === 'quincunx' ? '8 5' : undefined,
      }),
    );
  }
  body.push(el('g', { class: 'aspects' }, aspectLines));

  // Planets: a marker at the exact longitude on the band's inner edge, the label (glyph over degree)
  // in its sign's sector clear of every other label (placement.ts), a leader line from marker to label.
  const units = input.points.map((p) => {
    const label = labelOf(p.planet);
    const degree = `${Math.floor(((p.longitude % 30) + 30) % 30)}\u00B0${p.retrograde ? '\u211E' : ''}`;
    const w = Math.max(textWidth(label.s, label.size), textWidth(degree, WHEEL.degreeSize)) + 4;
    return { key: p.planet, longitude: ((p.longitude % 360) + 360) % 360, w, h: UNIT_HEIGHT, label, degree };
  });
  const placed = placeOnRing(units, {
    center: [WHEEL.cx, WHEEL.cy],
    inner: WHEEL.houseRingOuter + 4,
    outer: WHEEL.zodiacInner - 14,
    radii: WHEEL.radii,
    toScreen: (lon) => screenAngle(lon, asc),
  });
  const planets = input.points.map((p, i) => {
    const u = units[i]!;
    const spot = placed.get(p.planet)!;
    const [mx, my] = at(WHEEL.zodiacInner, p.longitude);
    const [m2x, m2y] = at(WHEEL.zodiacInner - 10, p.longitude);
    const [lx, ly] = at(spot.radius + u.h / 2, spot.longitude);
    const sign = SIGNS[signIndexOf(p.longitude)]!;
    const name = titleCase(p.planet);
    const house = houseOf(p.longitude, input.cusps);
    return el('g', { class: 'planet', 'data-body': p.planet, 'data-sign': sign, 'data-house': house }, [
      `<title>${name} ${degreesInSign(p.longitude)} ${titleCase(sign)}${p.retrograde ? ' retrograde' : ''}, house ${house}</title>`,
      el('line', { x1: mx, y1: my, x2: m2x, y2: m2y, stroke: t.ink, 'stroke-width': 2.5 }),
      el('line', { x1: m2x, y1: m2y, x2: lx, y2: ly, stroke: t.faint, 'stroke-width': 1 }),
      text(u.label.s, {
        class: 'label',
        x: spot.x,
        y: spot.y - 8,
        'font-size': u.label.size,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: t.ink,
      }),
      text(u.degree, {
        class: 'degree',
        x: spot.x,
        y: spot.y + 16,
        'font-size': WHEEL.degreeSize,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: t.muted,
      }),
    ]);
  });
  body.push(el('g', { class: 'planets' }, planets));

  const desc =
    `Western natal wheel, ${input.houseSystem} houses, ascendant at the left. ` +
    input.points
      .map((p) => {
        const sign = titleCase(SIGNS[signIndexOf(p.longitude)]!);
        return `${titleCase(p.planet)} ${degreesInSign(p.longitude)} ${sign}${p.retrograde ? ' retrograde' : ''}, house ${houseOf(p.longitude, input.cusps)}`;
      })
      .join('; ') +
    '.';
  return svgDocument({
    size: input.size,
    viewWidth: WHEEL.view,
    viewHeight: WHEEL.view,
    idPrefix: input.idPrefix,
    title: input.title,
    desc,
    theme: t,
    body,
  });
}
