// Western core routes through the gateway: shapes, published values of Einstein's chart (Astrodienst)
// and classical rules, properties (orbs within max orb), the house_system override (422
// unsupported_house_system, stored chart unchanged), Vedic charts (422 unsupported_astrology_system),
// unknown and cross-tenant ids (404 chart_not_found) on every route.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

// Albert Einstein, 14 March 1879 11:30 LMT Ulm (Astro-Databank, Rodden rating AA: birth certificate);
// LMT of Ulm (9°59' E) is UTC+0:39:56, so 10:50:04 UTC.
const einstein = { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 };
const ASPECT_KEYS = [
  'aspect',
  'category',
  'exact_angle',
  'is_applying',
  'max_orb_degrees',
  'orb_degrees',
  'planet_a',
  'planet_b',
  'strength',
  'tone',
];

let key: string;
let otherKey: string;
let chartId: string;
let vedicId: string;

const get = (p: string, k = key) => api('GET', p, { token: k });

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const c = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: einstein, system: 'western', ayanamsha: null },
  });
  expectStatus(c, 201);
  chartId = c.json.id;
  const v = await api('POST', '/v1/charts', { token: key, body: { birth: einstein } });
  expectStatus(v, 201);
  vedicId = v.json.id;
});

describe('GET /v1/western/charts/{id}/aspects', () => {
  it('lists aspects with the spec fields; orbs within max orb; strength = 1 - orb/max', async () => {
    const res = await get(`/v1/western/charts/${chartId}/aspects`);
    expectStatus(res, 200);
    assert.ok(Array.isArray(res.json) && res.json.length > 10);
    for (const a of res.json) {
      assert.deepEqual(Object.keys(a).sort(), ASPECT_KEYS);
      assert.ok(a.orb_degrees >= 0 && a.orb_degrees <= a.max_orb_degrees, `${a.planet_a}-${a.planet_b}`);
      assert.ok(Math.abs(a.strength - (1 - a.orb_degrees / a.max_orb_degrees)) < 1e-9);
      assert.ok(!(a.planet_a === 'ascendant' && a.planet_b === 'midheaven'));
    }
    const find = (x: string, y: string) =>
      res.json.find((a: any) => (a.planet_a === x && a.planet_b === y) || (a.planet_a === y && a.planet_b === x));
    // Einstein's chart as published by Astrodienst (astro.com, Astro-Databank chart drawing): Mercury
    // 3°09' Aries, Saturn 4°11' Aries (conjunction, orb 1°02'); Sun 23°30' Pisces to Saturn is 10°41',
    // beyond the 10° luminary conjunction orb, so no Sun-Saturn aspect.
    const mercSat = find('mercury', 'saturn');
    assert.equal(mercSat?.aspect, 'conjunction'); // orb ~1.0°
    assert.ok(Math.abs(mercSat.orb_degrees - 1.03) < 0.1);
    assert.equal(find('sun', 'saturn'), undefined);
  });

  it('Vedic chart: 422 unsupported_astrology_system; unknown and cross-tenant: 404', async () => {
    expectError(await get(`/v1/western/charts/${vedicId}/aspects`), 422, 'unsupported_astrology_system');
    expectError(await get(`/v1/western/charts/${chartId}/aspects`, otherKey), 404, 'chart_not_found');
    expectError(await get('/v1/western/charts/0190c1a2-0000-7000-8000-000000000000/aspects'), 404, 'chart_not_found');
  });
});

const ROUTES = [
  'aspects',
  'dignities',
  'balance',
  'patterns',
  'summary',
  'houses',
  'dispositors',
  'antiscia',
  'lots',
  'fixed-stars',
];
const route = (r: string, q = '', id = chartId) => `/v1/western/charts/${id}/${r}${q}`;

describe('every core route', () => {
  it('answers 200; Vedic chart 422 unsupported_astrology_system; other tenant 404 chart_not_found', async () => {
    for (const r of ROUTES) {
      expectStatus(await get(route(r)), 200);
      expectError(await get(route(r, '', vedicId)), 422, 'unsupported_astrology_system');
      expectError(await get(route(r), otherKey), 404, 'chart_not_found');
    }
  });
});

describe('GET .../dignities', () => {
  it('Mars exalted in Capricorn, Saturn in fall in Aries, modern co-rulers listed (Ptolemy, Tetrabiblos I.19-20)', async () => {
    const res = await get(route('dignities'));
    expectStatus(res, 200);
    assert.equal(res.json.length, 10);
    const d = Object.fromEntries(res.json.map((x: any) => [x.planet, x]));
    assert.deepEqual(Object.keys(d.sun).sort(), [
      'degree_in_sign',
      'dignity',
      'face_ruler',
      'is_in_detriment',
      'is_in_exaltation',
      'is_in_fall',
      'is_in_rulership',
      'planet',
      'rulers',
      'score',
      'sign',
      'term_ruler',
      'triplicity_rulers',
    ]);
    assert.equal(d.mars.dignity, 'exaltation');
    assert.equal(d.saturn.dignity, 'fall');
    assert.equal(d.venus.dignity, 'detriment');
    // Jupiter in Aquarius: rulers Saturn (traditional) then Uranus (modern).
    assert.deepEqual(d.jupiter.rulers, ['saturn', 'uranus']);
    for (const x of res.json) assert.ok(Number.isInteger(x.score));
  });
});

describe('GET .../houses and the house_system override', () => {
  it('Astrodienst: ascendant in Cancer (1st), MC in Pisces (10th, traditional ruler Jupiter)', async () => {
    const res = await get(route('houses'));
    expectStatus(res, 200);
    assert.equal(res.json.length, 12);
    assert.equal(res.json[0].sign, 'cancer');
    assert.equal(res.json[0].ruler, 'moon');
    assert.equal(res.json[0].angularity, 'angular');
    assert.equal(res.json[9].sign, 'pisces');
    assert.equal(res.json[9].ruler, 'jupiter');
    assert.equal(res.json[1].angularity, 'succedent');
    assert.equal(res.json[2].angularity, 'cadent');
    assert.deepEqual(
      res.json.map((h: any) => h.house),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    const placed = res.json.flatMap((h: any) => h.planets);
    assert.equal(placed.length, 10);
  });
  it('whole_sign: house n is the n-th sign from the ascendant sign; the stored chart keeps placidus', async () => {
    const res = await get(route('houses', '?house_system=whole_sign'));
    expectStatus(res, 200);
    res.json.forEach((h: any, i: number) => assert.equal(h.sign, SIGNS[(3 + i) % 12]));
    const stored = await get(`/v1/charts/${chartId}`);
    assert.equal(stored.json.house_system, 'placidus');
    expectStatus(await get(route('balance', '?house_system=equal')), 200);
    expectStatus(await get(route('summary', '?house_system=whole_sign')), 200);
  });
  it('unsupported values: 422 unsupported_house_system', async () => {
    for (const r of ['houses', 'balance', 'summary'])
      for (const hs of ['koch', 'porphyry'])
        expectError(await get(route(r, `?house_system=${hs}`)), 422, 'unsupported_house_system');
  });
});

describe('GET .../balance, patterns, summary', () => {
  it('balance: weighted (Sun weighs more than Pluto), percentages sum to 100 per axis', async () => {
    const res = await get(route('balance'));
    expectStatus(res, 200);
    const b = res.json;
    const sum = (xs: any[]) => xs.reduce((s, x) => s + x.percentage, 0);
    for (const k of ['elements', 'modalities', 'quadrants', 'house_types'])
      assert.ok(Math.abs(sum(b[k]) - 100) < 1e-9, k);
    assert.ok(Math.abs(sum(b.hemispheres) - 200) < 1e-9); // north+south and east+west
    // Einstein, Astrodienst: fire = Moon (Sag) 3 + Mercury 2 + Venus 2 + Saturn 1.5 (Aries) = 8.5;
    // water = Sun (Pisces) 3 + ASC (Cancer) 2 + MC (Pisces) 2 = 7; air = Jupiter (Aquarius) 1.5; earth =
    // Mars (Cap) 2 + Uranus (Virgo) 1 + Neptune, Pluto (Taurus) 1 each = 5 (weights: README "Western").
    const w = Object.fromEntries(b.elements.map((e: any) => [e.name, e.weight]));
    assert.deepEqual(w, { fire: 8.5, earth: 5, air: 1.5, water: 7 });
    assert.equal(b.dominant_element, 'fire');
    assert.equal(b.house_placements.length, 10);
  });
  it('patterns: stellium in Aries (Mercury 3°09′, Venus 16°59′, Saturn 4°11′) and the Jupiter–Uranus–Pluto T-square', async () => {
    const res = await get(route('patterns'));
    expectStatus(res, 200);
    const st = res.json.find((p: any) => p.kind === 'stellium_sign');
    assert.deepEqual([...st.planets].sort(), ['mercury', 'saturn', 'venus']);
    const t = res.json.find((p: any) => p.kind === 't_square');
    assert.deepEqual([...t.planets].sort(), ['jupiter', 'pluto', 'uranus']);
    for (const p of res.json)
      assert.deepEqual(Object.keys(p).sort(), ['description', 'houses', 'kind', 'planets', 'signs', 'strength']);
  });
  it('summary: counts match the aspects route; lunar phase from Sun 23°30′ Pisces and Moon 14°31′ Sagittarius (261° = disseminating)', async () => {
    const [s, a] = [await get(route('summary')), await get(route('aspects'))];
    expectStatus(s, 200);
    assert.equal(s.json.chart_id, chartId);
    assert.equal(s.json.aspect_count, a.json.length);
    assert.equal(s.json.major_aspect_count, a.json.filter((x: any) => x.category === 'major').length);
    assert.equal(s.json.lunar_phase.name, 'disseminating');
    assert.ok(Math.abs(s.json.lunar_phase.angle_degrees - 261) < 0.5);
    // Uranus retrograde at birth (Astrodienst marks it R).
    assert.ok(s.json.retrogrades.planets.includes('uranus'));
    assert.equal(s.json.retrogrades.count, s.json.retrogrades.planets.length);
    assert.ok(s.json.strongest_aspects.length <= 5);
    assert.ok(Array.isArray(s.json.themes) && s.json.themes.length > 0);
  });
});

describe('GET .../dispositors, antiscia, lots', () => {
  it('dispositors: Mars–Saturn mutual reception (Mars in Capricorn, Saturn in Aries)', async () => {
    const res = await get(route('dispositors'));
    expectStatus(res, 200);
    const mars = res.json.find((c: any) => c.planet === 'mars');
    assert.equal(mars.is_mutual_reception, true);
    assert.equal(mars.final_dispositor, null);
    assert.deepEqual([...mars.loop].sort(), ['mars', 'saturn']);
  });
  it('antiscia: Sun 23°30′ Pisces mirrors to 6°30′ Libra', async () => {
    const res = await get(route('antiscia'));
    expectStatus(res, 200);
    const sun = res.json.find((a: any) => a.planet === 'sun');
    assert.equal(sun.antiscion_sign, 'libra');
    assert.ok(Math.abs(sun.antiscion_longitude - 186.5) < 0.05);
    assert.equal(sun.contra_antiscion_sign, 'aries');
  });
  it('lots: seven, by day; Fortune = ASC + Moon − Sun from the published positions = 2°39′ Aries', async () => {
    const res = await get(route('lots'));
    expectStatus(res, 200);
    assert.deepEqual(
      res.json.map((l: any) => l.name),
      ['fortune', 'spirit', 'eros', 'necessity', 'courage', 'victory', 'nemesis'],
    );
    const f = res.json[0];
    assert.equal(f.is_day_formula, true);
    assert.equal(f.sign, 'aries');
    assert.ok(Math.abs(f.longitude - (2 + 39 / 60)) < 0.05, String(f.longitude));
    assert.equal(f.planet, 'moon');
  });
});

describe('GET .../fixed-stars', () => {
  it('Pluto 24°44′ Taurus on Algol (26°10′ Taurus in 2000, Brady; less 121 years of precession = 24°29′)', async () => {
    const res = await get(route('fixed-stars'));
    expectStatus(res, 200);
    const algol = res.json.find((c: any) => c.star === 'algol' && c.planet === 'pluto');
    assert.ok(algol, JSON.stringify(res.json.map((c: any) => c.star)));
    assert.ok(Math.abs(algol.orb_degrees - 0.25) < 0.06);
    assert.equal(algol.sign, 'taurus');
    assert.ok(algol.catalog_version);
    for (const c of res.json) assert.ok(c.orb_degrees <= 1 && c.max_orb_degrees === 1);
    const wide = await get(route('fixed-stars', '?max_orb_degrees=2'));
    for (const c of wide.json) assert.ok(c.orb_degrees <= 2);
    assert.ok(wide.json.length >= res.json.length);
  });
  it('max_orb_degrees outside 0.1-2.0: 422 invalid_request', async () => {
    for (const v of ['0.05', '2.5', 'abc'])
      expectError(await get(route('fixed-stars', `?max_orb_degrees=${v}`)), 422, 'invalid_request');
  });
});

// Kerykeion's documented report (the open-source Python library's `Report` for its sample subject:
// 15 Sep 1990 13:30 Europe/Moscow (MSD, UTC+4), Taganrog 47.23627 N 38.9053 E, Placidus): houses 1-4
// Sag 3.26, Cap 6.43, Aqu 17.15, Pis 25.09; Sun Vir 22.29 (9th), Moon Leo 7.74 (8th), Mercury Vir
// 9.94 (9th), Venus Vir 9.96 (9th), Mars Gem 6.74 (7th), Jupiter Leo 5.61 (8th), Saturn Cap 18.75
// (2nd), Uranus Cap 5.6 (1st), Neptune Cap 11.82 (2nd), Pluto Sco 15.7 (12th).
describe('Kerykeion sample subject', () => {
  let id: string;
  before(async () => {
    const c = await api('POST', '/v1/charts', {
      token: key,
      body: {
        birth: { moment: '1990-09-15T13:30:00+04:00', latitude: 47.23627, longitude: 38.9053 },
        system: 'western',
        ayanamsha: null,
      },
    });
    expectStatus(c, 201);
    id = c.json.id;
  });
  it('house placements of the ten planets and the signs of houses 1-4 as documented', async () => {
    const b = await get(`/v1/western/charts/${id}/balance`);
    expectStatus(b, 200);
    const placed = Object.fromEntries(b.json.house_placements.map((p: any) => [p.planet, p.house]));
    assert.deepEqual(placed, {
      sun: 9,
      moon: 8,
      mercury: 9,
      venus: 9,
      mars: 7,
      jupiter: 8,
      saturn: 2,
      uranus: 1,
      neptune: 2,
      pluto: 12,
    });
    const h = await get(`/v1/western/charts/${id}/houses`);
    assert.deepEqual(
      h.json.slice(0, 4).map((x: any) => x.sign),
      ['sagittarius', 'capricorn', 'aquarius', 'pisces'],
    );
    assert.deepEqual(h.json[0].planets, ['uranus']);
  });
  it('by day (Sun in the 9th): Fortune = ASC + Moon − Sun = 243.26 + 127.74 − 172.29 = 198.71 (18.71° Libra)', async () => {
    const res = await get(`/v1/western/charts/${id}/lots`);
    const f = res.json.find((l: any) => l.name === 'fortune');
    assert.equal(f.is_day_formula, true);
    assert.equal(f.sign, 'libra');
    assert.ok(Math.abs(f.longitude - 198.71) < 0.02, String(f.longitude));
  });
  it('dignities: Mercury in Virgo in rulership (and its exaltation), Saturn in Capricorn in rulership', async () => {
    const res = await get(`/v1/western/charts/${id}/dignities`);
    const d = Object.fromEntries(res.json.map((x: any) => [x.planet, x]));
    assert.equal(d.mercury.dignity, 'rulership');
    assert.equal(d.mercury.is_in_exaltation, true);
    assert.equal(d.saturn.dignity, 'rulership');
    assert.equal(d.sun.sign, 'virgo');
  });
});
