// Doshas through the gateway: Kaal Sarp, Sade Sati / Dhaiya and Pitra of a stored chart, and the
// error rows (cross-tenant 404, Western chart 422, bad or too long range 422, missing key 401). The
// rules' expected values against independent references (PyJHora's tests, published ingress dates,
// hand-worked published rules) are in services/vedic-calc/test/doshas-*.test.ts; here the routes must
// read the stored chart exactly as the chart route serves it, and the Sade Sati of a Capricorn Moon
// must carry the published dates of Saturn's ingresses.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

// Chennai, 3 November 1992: the Moon in sidereal Capricorn (asserted below from the chart route).
const BIRTH = { moment: '1992-11-03T06:15:00+05:30', latitude: 13.0827, longitude: 80.2707 };

let key: string;
let chart: any;
let western: any;
let foreign: any;

const get = (path: string, token = key) => api('GET', path, { token });
const pos = (c: any, planet: string) => c.planets.find((p: any) => p.planet === planet);
const signIdx = (c: any, planet: string) => SIGNS.indexOf(pos(c, planet).sign);
const house = (c: any, planet: string) => ((signIdx(c, planet) - signIdx(c, 'ascendant') + 12) % 12) + 1;
const IST = 330 * 60_000;
const istDay = (iso: string) => new Date(Date.parse(iso) + IST).toISOString().slice(0, 10);

before(async () => {
  const s = await signup();
  key = (await createKey(s.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const o = await signup();
  const otherKey = (await createKey(o.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const mk = async (extra: object = {}, token = key) => {
    const r = await api('POST', '/v1/charts', { token, body: { birth: BIRTH, house_system: 'whole_sign', ...extra } });
    expectStatus(r, 201);
    return r.json;
  };
  chart = await mk();
  western = await mk({ system: 'western', ayanamsha: null });
  foreign = await mk({}, otherKey);
});

describe('GET /v1/vedic/charts/{chart_id}/dosha/kaal-sarp', () => {
  it('reads the seven planets, Rahu and the lagna of the stored chart', async () => {
    const r = await get(`/v1/vedic/charts/${chart.id}/dosha/kaal-sarp`);
    expectStatus(r, 200);
    assert.equal(r.json.chart_id, chart.id);
    assert.equal(r.json.method_version, 'doshas-v1');
    assert.deepEqual(
      r.json.planets.map((p: any) => [p.planet, p.sign, p.house, p.longitude]),
      ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'].map((p) => [
        p,
        pos(chart, p).sign,
        house(chart, p),
        pos(chart, p).longitude,
      ]),
    );
    assert.equal(r.json.rahu_sign, pos(chart, 'rahu').sign);
    assert.equal(r.json.rahu_house, house(chart, 'rahu'));
    assert.equal(r.json.ketu_house, house(chart, 'ketu'));
    assert.ok(['present', 'partial', 'absent'].includes(r.json.status));
    // Type and direction are null exactly when absent; breaking planets are the minority side.
    assert.equal(r.json.type === null, r.json.status === 'absent');
    assert.equal(r.json.direction === null, r.json.status === 'absent');
    assert.equal(r.json.breaking_planets.length === 0, r.json.status === 'present');
    // The breaking planets are the minority side of the axis, by longitude.
    const sideOf = (name: string) => r.json.planets.find((p: any) => p.planet === name).side;
    for (const b of r.json.breaking_planets) {
      const same = r.json.planets.filter((p: any) => p.side === sideOf(b)).length;
      assert.ok(same < 7 - same, `${b} is on the minority side`);
    }
    assert.deepEqual(
      r.json.breaking_planets,
      r.json.planets
        .filter((p: any) => r.json.planets.filter((q: any) => q.side === p.side).length < 4)
        .map((p: any) => p.planet),
    );
    assert.deepEqual(
      r.json.conventions.map((c: any) => c.topic),
      ['planets', 'planet_with_a_node', 'partial', 'lagna', 'type_and_direction', 'nodes'],
    );
  });
});

describe('GET /v1/vedic/charts/{chart_id}/dosha/sade-sati', () => {
  const path = () => `/v1/vedic/charts/${chart.id}/dosha/sade-sati`;

  it('Capricorn Moon in 2024: Sade Sati setting, the cycle of Saturn from Sagittarius (2017) to Pisces (2025)', async () => {
    assert.equal(pos(chart, 'moon').sign, 'capricorn');
    const r = await get(`${path()}?from=2024-01-01T00:00:00%2B05:30&to=2024-12-31T00:00:00%2B05:30`);
    expectStatus(r, 200);
    assert.equal(r.json.moon_sign, 'capricorn');
    assert.equal(r.json.moon_longitude, pos(chart, 'moon').longitude);
    assert.equal(r.json.from, '2023-12-31T18:30:00Z');
    // Hindustan Times 2022-01-02: "Sagittarius, Capricorn and Aquarius zodiac signs are experiencing Shani Saday
    // Sati"; Saturn in Aquarius (2nd from Capricorn) from 17 January 2023 (Daily Mirror, Sri Lanka)
    assert.equal(r.json.phase_at_from, 'sade_sati_setting');
    const ss = r.json.cycles.find((c: any) => c.kind === 'sade_sati');
    // tazakhabar.co.in and dkscore.com: the Sade Sati of Capricorn ends when Saturn enters Pisces on 29 March 2025
    assert.equal(istDay(ss.end), '2025-03-29');
    // Daily Mirror (Sri Lanka) 2020-01-17 / vinatiastrology.com: Saturn enters Capricorn (the peak) on 24 January 2020
    assert.equal(istDay(ss.peak_start), '2020-01-24');
    // astroisha.com: Saturn back into Sagittarius (the 12th) on 26 October 2017 after its retrograde return to Scorpio
    assert.ok(ss.stays.some((s: any) => s.phase === 'sade_sati_rising' && istDay(s.start) === '2017-10-26'));
    for (const s of ss.stays) {
      assert.match(s.start, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.ok(Date.parse(s.end) > Date.parse(s.start));
    }
    // The stays listed are those overlapping the range, whole.
    assert.deepEqual(
      r.json.stays.map((s: any) => [s.phase, istDay(s.start), istDay(s.end)]),
      [['sade_sati_setting', '2023-01-17', '2025-03-29']],
    );
    assert.ok(r.json.conventions.some((c: any) => c.topic === 'retrograde_returns'));
  });

  it('a long range: every cycle whole and in time order, Dhaiyas included', async () => {
    const r = await get(`${path()}?from=1992-11-03T00:00:00Z&to=2092-11-01T00:00:00Z`);
    expectStatus(r, 200);
    const kinds = new Set(r.json.cycles.map((c: any) => c.kind));
    assert.deepEqual([...kinds].sort(), ['ardhashtama', 'ashtama', 'sade_sati']);
    const starts = r.json.cycles.map((c: any) => Date.parse(c.start));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    // Saturn's period is ~29.5 years: three or four Sade Satis in a century
    const n = r.json.cycles.filter((c: any) => c.kind === 'sade_sati').length;
    assert.ok(n >= 3 && n <= 4, String(n));
  });

  it('bad ranges: the spec error envelope, never a 500', async () => {
    const base = path();
    let e = expectError(await get(`${base}?to=2024-12-31T00:00:00Z`), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['from']);
    e = expectError(await get(`${base}?from=2024-01-01T00:00:00&to=2024-12-31T00:00:00Z`), 422, 'naive_datetime');
    assert.equal(e.details?.field, 'from');
    e = expectError(await get(`${base}?from=yesterday&to=2024-12-31T00:00:00Z`), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['from']);
    e = expectError(await get(`${base}?from=2024-12-31T00:00:00Z&to=2024-01-01T00:00:00Z`), 422, 'invalid_date_range');
    assert.equal(e.details?.reason, 'invalid_range');
    e = expectError(await get(`${base}?from=1900-01-01T00:00:00Z&to=2000-01-03T00:00:00Z`), 422, 'range_too_long');
    assert.equal(e.details?.max_days, 36525);
    e = expectError(await get(`${base}?from=2979-01-01T00:00:00Z&to=2985-01-01T00:00:00Z`), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['to']);
    e = expectError(await get(`${base}?from=0999-01-01T00:00:00Z&to=1001-01-01T00:00:00Z`), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['from']);
  });
});

describe('GET /v1/vedic/charts/{chart_id}/dosha/pitra', () => {
  it('the five rules of pyjhora-toi-v1 on the stored chart', async () => {
    const r = await get(`/v1/vedic/charts/${chart.id}/dosha/pitra`);
    expectStatus(r, 200);
    assert.equal(r.json.rule_set, 'pyjhora-toi-v1');
    assert.deepEqual(
      r.json.rules.map((x: any) => x.rule),
      [
        'sun_moon_or_rahu_in_9th',
        'ketu_in_4th',
        'luminaries_or_nodes_afflicted_by_mars_or_saturn',
        'two_of_venus_mercury_rahu_in_2_5_9_12',
        'sun_or_moon_with_rahu_or_ketu',
      ],
    );
    // Rules 1, 2 and 5 read straight off the chart route's signs (PyJHora dosha_msgs_en.json wording).
    assert.equal(
      r.json.rules[0].fired,
      ['sun', 'moon', 'rahu'].some((p) => house(chart, p) === 9),
    );
    assert.equal(r.json.rules[1].fired, house(chart, 'ketu') === 4);
    assert.equal(
      r.json.rules[4].fired,
      ['sun', 'moon'].some((l) => ['rahu', 'ketu'].some((n) => pos(chart, l).sign === pos(chart, n).sign)),
    );
    assert.equal(r.json.fired_count, r.json.rules.filter((x: any) => x.fired).length);
    assert.equal(r.json.present, r.json.fired_count > 0);
    for (const x of r.json.rules) assert.match(x.source, /PyJHora/);
  });
});

describe('dosha errors', () => {
  for (const route of ['kaal-sarp', 'sade-sati?from=2024-01-01T00:00:00Z&to=2024-02-01T00:00:00Z', 'pitra']) {
    const name = route.split('?')[0];
    it(`${name}: another tenant's chart is 404, a Western chart 422, no key 401`, async () => {
      expectError(await get(`/v1/vedic/charts/${foreign.id}/dosha/${route}`), 404, 'chart_not_found');
      expectError(await get(`/v1/vedic/charts/${western.id}/dosha/${route}`), 422, 'unsupported_astrology_system');
      expectStatus(await api('GET', `/v1/vedic/charts/${chart.id}/dosha/${route}`), 401);
    });
  }
});
