// Chart images through the gateway (docs/chart-images.md): content types, the SVG's placements for
// Einstein's chart, PNG signature and size, themes, determinism, 422 for oversized or unknown options,
// 404 for another tenant's or an unknown chart, 422 for a Vedic chart on the Western wheel.
//
// Expected signs: Einstein (14 March 1879 11:30 LMT Ulm, Astro-Databank AA), tropical positions as
// published by Astrodienst (astro.com; also cited in tests/western-core.test.ts): Sun 23°30' Pisces,
// Moon 14°31' Sagittarius, Mercury 3°09' Aries, Venus 16°59' Aries, Mars 26°54' Capricorn, Jupiter
// 27°29' Aquarius, Saturn 4°11' Aries, Uranus 1°17' Virgo, Neptune 7°52' Taurus, Pluto 24°44' Taurus,
// ASC 11°38' Cancer, MC 12°49' Pisces. Sidereal (Lahiri, about 22°10' in 1879: 23°51'11" at J2000 less
// 50.29"/year) worked out by hand: Sun 1°20' Pisces, Moon 22°21' Scorpio, Mercury 10°59' Pisces, Venus
// 24°49' Pisces, Mars 4°44' Capricorn, Jupiter 5°19' Aquarius, Saturn 12°01' Pisces, ASC 19°28' Gemini.
// Navamsa (D9) by the classical rule (BPHS 6: fire signs count from Aries, earth from Capricorn, air from
// Libra, water from Cancer, 3°20' each): Sun 1st of Pisces -> Cancer; Moon 7th of Scorpio -> Capricorn;
// Mercury 4th of Pisces -> Libra; Venus 8th of Pisces -> Aquarius; Saturn 4th of Pisces -> Libra; Mars 2nd
// of Capricorn -> Aquarius; Jupiter 2nd of Aquarius -> Scorpio; ascendant 6th of Gemini -> Pisces.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll as before, describe, it } from '@jest/globals';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { api, createKey, expectError, expectStatus, ROOT, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const einstein = { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 };

const TROPICAL: Record<string, string> = {
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
const SIDEREAL: Record<string, string> = {
  ascendant: 'gemini',
  sun: 'pisces',
  moon: 'scorpio',
  mercury: 'pisces',
  venus: 'pisces',
  mars: 'capricorn',
  jupiter: 'aquarius',
  saturn: 'pisces',
};
const NAVAMSA: Record<string, string> = {
  ascendant: 'pisces',
  sun: 'cancer',
  moon: 'capricorn',
  mercury: 'libra',
  venus: 'aquarius',
  mars: 'aquarius',
  jupiter: 'scorpio',
  saturn: 'libra',
};
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]; // RFC 2083 §12.11

let key: string;
let otherKey: string;
let westernId: string;
let vedicId: string;

const get = (p: string, k = key) => api('GET', p, { token: k });
const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement!;
const groups = (root: Element) =>
  Array.from(root.getElementsByTagName('g')).filter((g) => g.getAttribute('class') === 'planet');

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const w = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: einstein, system: 'western', ayanamsha: null },
  });
  expectStatus(w, 201);
  westernId = w.json.id;
  const v = await api('POST', '/v1/charts', { token: key, body: { birth: einstein } });
  expectStatus(v, 201);
  vedicId = v.json.id;
});

describe('GET /v1/western/charts/{id}/image', () => {
  it('SVG by default: image/svg+xml, accessible, every body in its published sign, label inside that sign', async () => {
    const res = await get(`/v1/western/charts/${westernId}/image`);
    expectStatus(res, 200);
    assert.match(res.headers.get('content-type')!, /^image\/svg\+xml/);
    const root = parse(res.text);
    assert.equal(root.getAttribute('role'), 'img');
    assert.equal(root.getAttribute('width'), '600');
    const [titleId, descId] = root.getAttribute('aria-labelledby')!.split(' ');
    const ids = Array.from(root.getElementsByTagName('*')).map((e) => e.getAttribute('id'));
    assert.ok(ids.includes(titleId!) && ids.includes(descId!));
    // The chart's own ascendant orients the wheel (9 o'clock); labels read back to longitudes.
    const chart = (await get(`/v1/charts/${westernId}`)).json;
    const asc = chart.planets.find((p: any) => p.planet === 'ascendant').longitude;
    const seen = groups(root);
    assert.deepEqual(seen.map((g) => g.getAttribute('data-body')).sort(), Object.keys(TROPICAL).sort());
    // Retrograde mark (℞): Uranus only, as Astrodienst publishes the chart (1°17' Virgo R).
    const retro = seen.filter((g) => g.textContent!.includes('\u211E')).map((g) => g.getAttribute('data-body'));
    assert.deepEqual(retro, ['uranus']);
    for (const g of seen) {
      const body = g.getAttribute('data-body')!;
      assert.equal(g.getAttribute('data-sign'), TROPICAL[body], body);
      const label = Array.from(g.getElementsByTagName('text')).find((t) => t.getAttribute('class') === 'label')!;
      const x = Number(label.getAttribute('x'));
      const y = Number(label.getAttribute('y')) + 8; // label centre: the glyph sits 8 units above it
      const lon = ((((Math.atan2(500 - y, x - 500) * 180) / Math.PI - 180 + asc) % 360) + 360) % 360;
      assert.equal(SIGNS[Math.floor(lon / 30)], TROPICAL[body], `${body} label at ${lon}`);
    }
    // Major aspects are drawn: Jupiter 27°29' Aquarius to Uranus 1°17' Virgo is 176°12', an opposition
    // (orb 3°48', inside the 8° base orb).
    const aspects = Array.from(root.getElementsByTagName('line'))
      .map((l) => l.getAttribute('data-aspect'))
      .filter(Boolean);
    assert.ok(
      aspects.some((a) => /^(jupiter-uranus|uranus-jupiter)-opposition$/.test(a!)),
      aspects.join(','),
    );
  });

  it('PNG: image/png, PNG signature, IHDR width = size; same request, same bytes', async () => {
    const res = await get(`/v1/western/charts/${westernId}/image?format=png&size=400&theme=dark`);
    expectStatus(res, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.deepEqual([...res.body.subarray(0, 8)], PNG_SIGNATURE);
    assert.equal(res.body.readUInt32BE(16), 400);
    assert.equal(res.body.readUInt32BE(20), 400);
    const again = await get(`/v1/western/charts/${westernId}/image?format=png&size=400&theme=dark`);
    assert.ok(again.body.equals(res.body));
  });

  it('themes differ; the same SVG twice is byte-identical', async () => {
    const light = await get(`/v1/western/charts/${westernId}/image?theme=light`);
    const dark = await get(`/v1/western/charts/${westernId}/image?theme=dark`);
    assert.notEqual(light.text, dark.text);
    assert.equal((await get(`/v1/western/charts/${westernId}/image?theme=light`)).text, light.text);
  });

  it('422 invalid_request for sizes past 200..2048, unknown format or theme (every field named)', async () => {
    for (const size of [199, 2049, 100000]) {
      const e = expectError(await get(`/v1/western/charts/${westernId}/image?size=${size}`), 422, 'invalid_request');
      assert.deepEqual(
        (e.details as any).errors.map((x: any) => [x.field, x.reason]),
        [['size', 'out_of_range']],
      );
    }
    const e = expectError(
      await get(`/v1/western/charts/${westernId}/image?format=gif&theme=blue&size=9999`),
      422,
      'invalid_request',
    );
    assert.deepEqual(
      (e.details as any).errors.map((x: any) => x.field),
      ['format', 'theme', 'size'],
    );
    expectError(await get(`/v1/western/charts/${westernId}/image?size=big`), 422, 'invalid_request');
    expectError(await get(`/v1/western/charts/${westernId}/image?house_system=koch`), 422, 'unsupported_house_system');
  });

  it('another tenant and an unknown id: 404 chart_not_found; a Vedic chart: 422 unsupported_astrology_system', async () => {
    expectError(await get(`/v1/western/charts/${westernId}/image`, otherKey), 404, 'chart_not_found');
    expectError(await get('/v1/western/charts/0190c1a2-0000-7000-8000-000000000000/image'), 404, 'chart_not_found');
    expectError(await get(`/v1/western/charts/${vedicId}/image`), 422, 'unsupported_astrology_system');
  });
});

describe('GET /v1/vedic/charts/{id}/image', () => {
  it('North Indian rasi (default): Gemini in house 1, each graha in its sidereal sign', async () => {
    const res = await get(`/v1/vedic/charts/${vedicId}/image`);
    expectStatus(res, 200);
    assert.match(res.headers.get('content-type')!, /^image\/svg\+xml/);
    const root = parse(res.text);
    const cells = Array.from(root.getElementsByTagName('polygon')).filter((p) => p.getAttribute('class') === 'cell');
    assert.equal(cells.length, 12);
    assert.equal(cells.find((c) => c.getAttribute('data-house') === '1')!.getAttribute('data-sign'), 'gemini');
    const seen = Object.fromEntries(
      groups(root).map((g) => [g.getAttribute('data-body'), g.getAttribute('data-sign')]),
    );
    for (const [body, sign] of Object.entries(SIDEREAL)) assert.equal(seen[body], sign, body);
    assert.deepEqual(Object.keys(seen).sort(), [...Object.keys(SIDEREAL), 'ketu', 'rahu'].sort());
    // Astrodienst marks only Uranus retrograde in this chart, and Uranus is not drawn here.
    assert.ok(!res.text.includes('\u211E'), 'no graha is retrograde');
  });

  it('South Indian navamsa (D9): the classical navamsa signs; PNG of it', async () => {
    const res = await get(`/v1/vedic/charts/${vedicId}/image?style=south&varga=D9`);
    expectStatus(res, 200);
    const root = parse(res.text);
    assert.equal(
      Array.from(root.getElementsByTagName('rect')).filter((r) => r.getAttribute('class') === 'cell').length,
      12,
    );
    const seen = Object.fromEntries(
      groups(root).map((g) => [g.getAttribute('data-body'), g.getAttribute('data-sign')]),
    );
    for (const [body, sign] of Object.entries(NAVAMSA)) assert.equal(seen[body], sign, body);
    assert.match(root.getElementsByTagName('title')[0]!.textContent!, /D9 Navamsa/);
    const png = await get(`/v1/vedic/charts/${vedicId}/image?style=south&varga=D9&format=png&size=200`);
    expectStatus(png, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.deepEqual([...png.body.subarray(0, 8)], PNG_SIGNATURE);
    assert.equal(png.body.readUInt32BE(16), 200);
  });

  it('a Western chart is drawn from its Lahiri positions, as /divisional does', async () => {
    const res = await get(`/v1/vedic/charts/${westernId}/image?style=south`);
    expectStatus(res, 200);
    const seen = Object.fromEntries(
      groups(parse(res.text)).map((g) => [g.getAttribute('data-body'), g.getAttribute('data-sign')]),
    );
    for (const [body, sign] of Object.entries(SIDEREAL)) assert.equal(seen[body], sign, body);
  });

  it('422 invalid_request: unknown style or varga, oversized image, all named at once', async () => {
    const one = (q: string) => get(`/v1/vedic/charts/${vedicId}/image?${q}`);
    let e = expectError(await one('style=east'), 422, 'invalid_request');
    assert.deepEqual(
      (e.details as any).errors.map((x: any) => x.field),
      ['style'],
    );
    e = expectError(await one('varga=D99'), 422, 'invalid_request');
    assert.deepEqual(
      (e.details as any).errors.map((x: any) => x.field),
      ['varga'],
    );
    e = expectError(await one('size=4096'), 422, 'invalid_request');
    assert.deepEqual(
      (e.details as any).errors.map((x: any) => [x.field, x.reason]),
      [['size', 'out_of_range']],
    );
    e = expectError(await one('style=east&varga=D99&format=jpeg&size=1'), 422, 'invalid_request');
    assert.deepEqual(
      (e.details as any).errors.map((x: any) => x.field),
      ['style', 'varga', 'format', 'size'],
    );
  });

  it('another tenant and an unknown id: 404 chart_not_found', async () => {
    expectError(await get(`/v1/vedic/charts/${vedicId}/image`, otherKey), 404, 'chart_not_found');
    expectError(
      await get('/v1/vedic/charts/0190c1a2-0000-7000-8000-000000000000/image?style=south'),
      404,
      'chart_not_found',
    );
  });
});

// docs/images holds one rendered chart of each kind (docs/chart-images.md shows them). They are the
// API's own answers for Einstein's charts, written with RECORD_DOC_IMAGES=1 and otherwise compared
// here: the drawing is deterministic, so they stay byte-identical to what the API answers (the chart
// id, which changes with every run, aside).
describe('docs/images', () => {
  it('are the current output of the routes', async () => {
    const dir = path.join(ROOT, 'docs', 'images');
    const examples: [string, string][] = [
      ['western-wheel', `/v1/western/charts/${westernId}/image`],
      ['western-wheel-dark', `/v1/western/charts/${westernId}/image?theme=dark`],
      ['north-indian', `/v1/vedic/charts/${vedicId}/image?style=north`],
      ['south-indian', `/v1/vedic/charts/${vedicId}/image?style=south`],
      ['north-indian-d9', `/v1/vedic/charts/${vedicId}/image?style=north&varga=D9`],
    ];
    const stable = (svg: string) =>
      svg
        .replaceAll(westernId, 'CHART')
        .replaceAll(vedicId, 'CHART')
        .replace(/-[0-9a-f]{8}-(title|desc)/g, '-$1');
    for (const [name, url] of examples) {
      const svg = await get(url);
      const png = await get(`${url}${url.includes('?') ? '&' : '?'}format=png`);
      expectStatus(svg, 200);
      expectStatus(png, 200);
      const svgFile = path.join(dir, `${name}.svg`);
      const pngFile = path.join(dir, `${name}.png`);
      if (process.env.RECORD_DOC_IMAGES === '1') {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(svgFile, stable(svg.text));
        fs.writeFileSync(pngFile, png.body);
      }
      assert.equal(stable(svg.text), fs.readFileSync(svgFile, 'utf8'), `${name}.svg is stale: RECORD_DOC_IMAGES=1`);
      assert.ok(png.body.equals(fs.readFileSync(pngFile)), `${name}.png is stale: RECORD_DOC_IMAGES=1`);
    }
  });
});
