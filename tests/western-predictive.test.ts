// Western predictive routes through the gateway. The native is born at the March equinox of 2000
// (USNO: 2000 Mar 20 07:35 UT), so the natal Sun stands at 0° Aries and its returns and transits fall
// on later equinoxes published by USNO ("Earth's Seasons and Apsides"). Also: every error code of the
// predictive routes, Vedic charts (422) and cross-tenant ids (404) on every route.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const birth = { moment: '2000-03-20T07:35:00Z', latitude: 51.4769, longitude: 0 };
const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let key: string;
let otherKey: string;
let chartId: string;
let vedicId: string;

const get = (p: string, k = key) => api('GET', p, { token: k });
const route = (r: string, q = '', id = chartId) => `/v1/western/charts/${id}/${r}${q}`;
const near = (got: string, expected: string, tolMs: number) =>
  assert.ok(Math.abs(Date.parse(got) - Date.parse(expected)) <= tolMs, `${got} vs ${expected}`);

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const c = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western', ayanamsha: null } });
  expectStatus(c, 201);
  chartId = c.json.id;
  const v = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(v, 201);
  vedicId = v.json.id;
});

const ROUTES: [string, string][] = [
  ['transits', '?at=2025-03-20T09:01:00Z'],
  ['transit-windows', '?starts_at=2025-03-01T00:00:00Z&ends_at=2025-04-01T00:00:00Z'],
  ['secondary-progressions', '?at=2030-01-01T00:00:00Z'],
  ['solar-arc', '?at=2030-01-01T00:00:00Z'],
  ['progressed-lunation', '?at=2030-01-01T00:00:00Z'],
  ['solar-return', '?year=2024'],
  ['lunar-return', '?starts_at=2024-01-01T00:00:00Z'],
  ['profections', '?at=2030-01-01T00:00:00Z'],
  ['annual-forecast', '?year=2025'],
  ['monthly-forecast', '?year=2024&month=4'],
  ['zodiacal-releasing', '?at=2030-01-01T00:00:00Z'],
  ['zodiacal-releasing/advanced', '?at=2030-01-01T00:00:00Z'],
];

describe('every predictive route', () => {
  it('answers 200; Vedic chart 422 unsupported_astrology_system; other tenant and unknown id 404', async () => {
    for (const [r, q] of ROUTES) {
      expectStatus(await get(route(r, q)), 200);
      expectError(await get(route(r, q, vedicId)), 422, 'unsupported_astrology_system');
      expectError(await get(route(r, q), otherKey), 404, 'chart_not_found');
      expectError(await get(route(r, q, '0190c1a2-0000-7000-8000-000000000000')), 404, 'chart_not_found');
    }
  });
});

describe('GET .../transits', () => {
  it('at the 2025 equinox (USNO 2025 Mar 20 09:01 UT) the Sun is conjunct the natal Sun', async () => {
    const res = await get(route('transits', '?at=2025-03-20T09:01:00Z'));
    expectStatus(res, 200);
    assert.deepEqual(Object.keys(res.json).sort(), ['at', 'hits', 'natal_chart_id', 'transit_chart_id']);
    assert.equal(res.json.natal_chart_id, chartId);
    const hit = res.json.hits.find((h: any) => h.transit_planet === 'sun' && h.natal_planet === 'sun');
    assert.equal(hit.aspect, 'conjunction');
    assert.ok(hit.orb_degrees < 0.02, String(hit.orb_degrees));
    for (const h of res.json.hits) {
      assert.deepEqual(Object.keys(h).sort(), [
        'aspect',
        'is_applying',
        'natal_planet',
        'orb_degrees',
        'strength',
        'transit_planet',
      ]);
      assert.ok(h.strength >= 0 && h.strength <= 1);
    }
    // A day earlier the Sun is still approaching.
    const before = await get(route('transits', '?at=2025-03-19T09:00:00Z'));
    assert.equal(
      before.json.hits.find((h: any) => h.transit_planet === 'sun' && h.natal_planet === 'sun').is_applying,
      true,
    );
  });
  it('`at` missing or malformed: 422 invalid_request; naive: at_must_be_timezone_aware', async () => {
    for (const q of ['', '?at=yesterday', '?at=9999-01-01T00:00:00Z', '?at=1700-01-01T00:00:00Z'])
      expectError(await get(route('transits', q)), 422, 'invalid_request');
    // A naive `at` answers the API-wide code of a naive `at` (README "Gateway and errors").
    expectError(await get(route('transits', '?at=2025-03-20T09:01:00')), 422, 'at_must_be_timezone_aware');
  });
});

describe('GET .../transit-windows', () => {
  it('Sun conjunct natal Sun: exact at the 2025 equinox (USNO 09:01 UT) within 90 s, daily bounds', async () => {
    const res = await get(route('transit-windows', '?starts_at=2025-03-01T00:00:00Z&ends_at=2025-04-01T00:00:00Z'));
    expectStatus(res, 200);
    const w = res.json.find((x: any) => x.transit_planet === 'sun' && x.natal_planet === 'sun');
    // 90 s: the published equinoxes are rounded to the minute (birth and transit moment each ±30 s).
    near(w.exact_at, '2025-03-20T09:01:00Z', 90_000);
    assert.equal(w.min_orb_degrees, 0);
    assert.equal(w.peak_strength, 1);
    for (const x of res.json) {
      assert.match(x.starts_at, ISO);
      assert.ok(Date.parse(x.starts_at) <= Date.parse(x.ends_at));
      assert.ok(Date.parse(x.starts_at) >= Date.parse('2025-03-01T00:00:00Z'));
      assert.ok(Date.parse(x.ends_at) <= Date.parse('2025-04-01T00:00:00Z'));
      // Daily resolution: bounds are whole days from starts_at.
      assert.equal((Date.parse(x.starts_at) - Date.parse('2025-03-01T00:00:00Z')) % DAY, 0);
      assert.notEqual(x.transit_planet, 'moon');
    }
  });
  it('range errors: 422 invalid_date_range (ends before starts; more than 400 days); 400 days is accepted', async () => {
    expectError(
      await get(route('transit-windows', '?starts_at=2025-03-01T00:00:00Z&ends_at=2025-02-01T00:00:00Z')),
      422,
      'invalid_date_range',
    );
    const long = await get(route('transit-windows', '?starts_at=2025-01-01T00:00:00Z&ends_at=2026-02-05T00:00:01Z'));
    const e = expectError(long, 422, 'invalid_date_range');
    assert.equal((e.details as any).max_days, 400);
    expectStatus(
      await get(route('transit-windows', '?starts_at=2025-01-01T00:00:00Z&ends_at=2026-02-05T00:00:00Z')),
      200,
    );
    expectError(await get(route('transit-windows', '?starts_at=2025-01-01T00:00:00Z')), 422, 'invalid_request');
  });
  it('a full 400-day range: latency through the gateway (printed, not asserted)', async () => {
    const t0 = Date.now();
    const res = await get(route('transit-windows', '?starts_at=2025-01-01T00:00:00Z&ends_at=2026-02-05T00:00:00Z'));
    expectStatus(res, 200);
    console.log(`# transit-windows 400 days: ${res.json.length} windows in ${Date.now() - t0} ms`);
  });
});

describe('GET .../solar-return and lunar-return', () => {
  it('2024 return at the USNO equinox 2024 Mar 20 03:06 UT (within 90 s), with houses and overlays', async () => {
    const res = await get(route('solar-return', '?year=2024'));
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), [
      'body',
      'chart_id',
      'house_overlays',
      'house_system',
      'houses',
      'natal_chart_id',
      'planet_overlays',
      'positions',
      'return_at',
    ]);
    assert.equal(j.body, 'sun');
    near(j.return_at, '2024-03-20T03:06:00Z', 90_000);
    assert.equal(j.house_system, 'placidus');
    assert.equal(j.houses.length, 12);
    assert.equal(j.house_overlays.length, 12);
    assert.equal(j.planet_overlays.length, 10);
    const sun = j.positions.find((p: any) => p.planet === 'sun');
    assert.ok(Math.min(sun.longitude, 360 - sun.longitude) < 0.02);
    for (const o of j.house_overlays) assert.ok(o.natal_house >= 1 && o.natal_house <= 12 && o.natal_topics.length > 0);
  });
  it('relocation changes the houses, not the moment; house_system override', async () => {
    const home = await get(route('solar-return', '?year=2024'));
    const tokyo = await get(
      route('solar-return', '?year=2024&latitude=35.68&longitude=139.69&house_system=whole_sign'),
    );
    expectStatus(tokyo, 200);
    assert.equal(tokyo.json.return_at, home.json.return_at);
    assert.equal(tokyo.json.house_system, 'whole_sign');
    assert.notDeepEqual(tokyo.json.houses, home.json.houses);
    assert.equal(tokyo.json.houses[0].longitude % 30, 0);
  });
  it('errors: one coordinate 422 invalid_return_location; year out of 1800-2400 or missing, latitude 95: 422 invalid_request; koch: 422 unsupported_house_system', async () => {
    expectError(await get(route('solar-return', '?year=2024&latitude=10')), 422, 'invalid_return_location');
    expectError(await get(route('solar-return', '?year=2024&longitude=10')), 422, 'invalid_return_location');
    expectError(
      await get(route('lunar-return', '?starts_at=2024-01-01T00:00:00Z&latitude=10')),
      422,
      'invalid_return_location',
    );
    for (const q of ['', '?year=1799', '?year=2401', '?year=2024&latitude=95&longitude=0'])
      expectError(await get(route('solar-return', q)), 422, 'invalid_request');
    expectError(await get(route('solar-return', '?year=2024&house_system=koch')), 422, 'unsupported_house_system');
    expectError(
      await get(route('lunar-return', '?starts_at=2024-01-01T00:00:00Z&house_system=koch')),
      422,
      'unsupported_house_system',
    );
  });
  it('lunar return: first after starts_at, Moon on its natal longitude', async () => {
    const natal = await get(`/v1/charts/${chartId}`);
    const moon = natal.json.planets.find((p: any) => p.planet === 'moon').longitude;
    const res = await get(route('lunar-return', '?starts_at=2024-01-01T00:00:00Z'));
    expectStatus(res, 200);
    assert.equal(res.json.body, 'moon');
    const at = Date.parse(res.json.return_at);
    assert.ok(at > Date.parse('2024-01-01T00:00:00Z') && at < Date.parse('2024-01-01T00:00:00Z') + 27.4 * DAY);
    const rm = res.json.positions.find((p: any) => p.planet === 'moon').longitude;
    assert.ok(Math.abs(rm - moon) < 0.001);
    assert.equal(res.json.latitude, birth.latitude);
  });
});

describe('progressions, solar arc, progressed lunation', () => {
  it('secondary progressions: progressed date = birth + one day per tropical year', async () => {
    const res = await get(route('secondary-progressions', '?at=2030-03-20T07:35:00Z'));
    expectStatus(res, 200);
    const years = (Date.parse('2030-03-20T07:35:00Z') - Date.parse(birth.moment)) / (365.24219 * DAY);
    near(res.json.progressed_date, new Date(Date.parse(birth.moment) + years * DAY).toISOString(), 1000);
    assert.equal(res.json.positions.length, 10);
    for (const h of res.json.hits) assert.ok(h.orb_degrees <= 1);
  });
  it('solar arc: arc = progressed Sun − natal Sun; every directed point moved by the arc', async () => {
    const [sa, sp, natal] = [
      await get(route('solar-arc', '?at=2030-03-20T07:35:00Z')),
      await get(route('secondary-progressions', '?at=2030-03-20T07:35:00Z')),
      await get(`/v1/charts/${chartId}`),
    ];
    expectStatus(sa, 200);
    const psun = sp.json.positions.find((p: any) => p.planet === 'sun').longitude;
    const nsun = natal.json.planets.find((p: any) => p.planet === 'sun').longitude;
    assert.ok(Math.abs(((psun - nsun + 360) % 360) - sa.json.arc_degrees) < 1e-6);
    // About 30 years at ~0.985°/year.
    assert.ok(sa.json.arc_degrees > 28 && sa.json.arc_degrees < 31);
    for (const d of sa.json.directed_positions) {
      const n = natal.json.planets.find((p: any) => p.planet === d.planet).longitude;
      assert.ok(Math.abs(((d.longitude - n + 360) % 360) - sa.json.arc_degrees) < 1e-6, d.planet);
    }
  });
  it('progressed lunation: phase bounds around `at`, progress in [0, 1)', async () => {
    const res = await get(route('progressed-lunation', '?at=2030-01-01T00:00:00Z'));
    expectStatus(res, 200);
    const j = res.json;
    assert.ok(Date.parse(j.previous_phase_at) <= Date.parse('2030-01-01T00:00:00Z'));
    assert.ok(Date.parse(j.next_phase_at) > Date.parse('2030-01-01T00:00:00Z'));
    assert.ok(j.phase_progress >= 0 && j.phase_progress < 1);
    assert.equal(j.phase_index, Math.floor(j.phase_angle / 45));
    const names = ['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic'];
    assert.equal(j.phase_name, names[j.phase_index]);
    assert.ok(Date.parse(j.cycle_seed.at) <= Date.parse(j.previous_phase_at));
  });
  it('before birth: 422 invalid_request', async () => {
    for (const r of ['secondary-progressions', 'solar-arc', 'progressed-lunation', 'profections', 'zodiacal-releasing'])
      expectError(await get(route(r, '?at=1999-01-01T00:00:00Z')), 422, 'invalid_request');
  });
});

describe('profections and forecasts', () => {
  it('profections: at 30 the year has advanced 30 mod 12 = 6 signs from the ascendant sign (7th house)', async () => {
    const [p, houses] = [await get(route('profections', '?at=2030-03-21T00:00:00Z')), await get(route('houses'))];
    expectStatus(p, 200);
    assert.deepEqual(Object.keys(p.json).sort(), ['age_years', 'house', 'natal_chart_id', 'sign', 'time_lord']);
    assert.equal(p.json.age_years, 30);
    assert.equal(p.json.house, 7);
    assert.equal(p.json.sign, SIGNS[(SIGNS.indexOf(houses.json[0].sign) + 6) % 12]);
  });
  it('annual forecast: the profections of the year and ranked transit windows; the solar return at the equinox', async () => {
    const res = await get(route('annual-forecast', '?year=2024'));
    expectStatus(res, 200);
    const j = res.json;
    assert.equal(j.year, 2024);
    assert.deepEqual(
      j.profections.map((p: any) => p.age_years),
      [23, 24],
    );
    near(j.solar_return_at, '2024-03-20T03:06:00Z', 90_000);
    assert.ok(j.transit_windows.length > 0 && j.transit_windows.length <= 12);
    for (let i = 1; i < j.transit_windows.length; i++)
      assert.ok(j.transit_windows[i - 1].score >= j.transit_windows[i].score);
  });
  it('monthly forecast April 2024: new Moon 8 Apr 18:21 UT and full Moon 23 Apr 23:49 UT (NASA) within a minute', async () => {
    const res = await get(route('monthly-forecast', '?year=2024&month=4'));
    expectStatus(res, 200);
    const nm = res.json.lunations.find((l: any) => l.kind === 'new_moon');
    const fm = res.json.lunations.find((l: any) => l.kind === 'full_moon');
    near(nm.at, '2024-04-08T18:21:00Z', 60_000);
    near(fm.at, '2024-04-23T23:49:00Z', 60_000);
    assert.equal(res.json.profection.age_years, 24);
    for (const w of res.json.transit_windows) assert.ok(Date.parse(w.starts_at) >= Date.parse(res.json.starts_at));
  });
  it('year/month validation: 422 invalid_request', async () => {
    for (const q of ['', '?year=2024', '?year=2024&month=13', '?year=2024&month=0', '?year=1700&month=1'])
      expectError(await get(route('monthly-forecast', q)), 422, 'invalid_request');
    for (const q of ['', '?year=3000']) expectError(await get(route('annual-forecast', q)), 422, 'invalid_request');
  });
});

describe('zodiacal releasing', () => {
  it('level 1: contiguous periods from birth in Valens’ minor years (360-day years); exactly one current', async () => {
    const res = await get(route('zodiacal-releasing', '?at=2030-01-01T00:00:00Z'));
    expectStatus(res, 200);
    const j = res.json;
    assert.equal(j.lot, 'fortune');
    assert.equal(j.periods[0].starts_at, new Date(Date.parse(birth.moment)).toISOString());
    assert.equal(j.periods[0].sign, j.lot_sign);
    const YEARS: Record<string, number> = {
      aries: 15,
      taurus: 8,
      gemini: 20,
      cancer: 25,
      leo: 19,
      virgo: 20,
      libra: 8,
      scorpio: 15,
      sagittarius: 12,
      capricorn: 27,
      aquarius: 30,
      pisces: 12,
    };
    for (let i = 0; i < j.periods.length; i++) {
      const p = j.periods[i];
      if (i > 0) assert.equal(p.starts_at, j.periods[i - 1].ends_at);
      if (i < j.periods.length - 1) {
        assert.equal(p.years, YEARS[p.sign]);
        assert.equal(Date.parse(p.ends_at) - Date.parse(p.starts_at), YEARS[p.sign]! * 360 * DAY);
      }
    }
    assert.equal(j.periods.filter((p: any) => p.is_current).length, 1);
    const spirit = await get(route('zodiacal-releasing', '?at=2030-01-01T00:00:00Z&lot=spirit'));
    assert.equal(spirit.json.lot, 'spirit');
  });
  it('advanced: levels 1-4 nested and contiguous, one current period per level, flags per Valens', async () => {
    const res = await get(route('zodiacal-releasing/advanced', '?at=2030-01-01T00:00:00Z'));
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(j.levels, [1, 2, 3, 4]);
    const dist = (a: string, b: string) => (SIGNS.indexOf(a) - SIGNS.indexOf(b) + 12) % 12;
    for (let level = 1; level <= 4; level++) {
      const ps = j.periods.filter((p: any) => p.level === level);
      assert.ok(ps.length > 0);
      assert.equal(ps.filter((p: any) => p.is_current).length, 1);
      for (let i = 1; i < ps.length; i++) assert.equal(ps[i].starts_at, ps[i - 1].ends_at);
      for (const p of ps) {
        assert.equal(p.is_peak, dist(p.sign, j.lot_sign) % 3 === 0);
        assert.equal(p.is_loosening_of_bond, dist(p.sign, p.parent_sign ?? j.lot_sign) === 6);
        if (level === 1) assert.equal(p.parent_sign, null);
      }
    }
    const two = await get(route('zodiacal-releasing/advanced', '?at=2030-01-01T00:00:00Z&levels=2'));
    assert.deepEqual(two.json.levels, [1, 2]);
    assert.ok(two.json.periods.every((p: any) => p.level <= 2));
  });
  it('bad lot or levels: 422 invalid_request', async () => {
    expectError(await get(route('zodiacal-releasing', '?at=2030-01-01T00:00:00Z&lot=eros')), 422, 'invalid_request');
    for (const l of ['0', '5', 'x'])
      expectError(
        await get(route('zodiacal-releasing/advanced', `?at=2030-01-01T00:00:00Z&levels=${l}`)),
        422,
        'invalid_request',
      );
  });
});
