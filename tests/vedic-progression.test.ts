// GET /v1/vedic/charts/{id}/progression through the gateway. Expected values are worked from the
// spec's formula (2-vedic.md: 360 / (period_years x 365.2564) degrees per day since the start of the
// age window, backwards when retrograde) and the Lal Kitab 35-year cycle of planetary ages (Saturn 6,
// Rahu 6, Ketu 3, Jupiter 6, Sun 2, Moon 1, Venus 3, Mars 6, Mercury 2), using the chart's own natal
// longitudes as inputs.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';

const DAY = 86_400_000;
const YEAR = 365.2564 * DAY;
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const birthMs = Date.parse(birth.moment);

let key: string;
let otherKey: string;
let chartId: string;
let westernId: string;
let planets: any[];

const path = (id = chartId) => `/v1/vedic/charts/${id}/progression`;
const at = (ms: number) => new Date(ms).toISOString();
const progression = (eventDate: string, k = key, id = chartId) =>
  api('GET', `${path(id)}?event_date=${encodeURIComponent(eventDate)}`, { token: k });

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read'])).plaintext;
  const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(c, 201);
  chartId = c.json.id;
  planets = c.json.planets;
  const w = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
  expectStatus(w, 201);
  westernId = w.json.id;
});

describe('GET /v1/vedic/charts/{id}/progression', () => {
  it('age 24 is the Moon year: one circle in 365.2564 days from the 23rd birthday', async () => {
    const event = birthMs + 23 * YEAR + 91.3141 * DAY; // a quarter of the Moon's one-year window
    const res = await progression(at(event));
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), [
      'age',
      'chart_id',
      'daily_movement',
      'days_since_period_start',
      'event_date',
      'final_longitude',
      'is_retrograde',
      'method_version',
      'natal_longitude',
      'planet',
      'progressed_longitude',
      'progression_start_date',
      'progression_years',
    ]);
    const moon = planets.find((p) => p.planet === 'moon');
    assert.equal(j.chart_id, chartId);
    assert.equal(j.method_version, 'progression-lal-kitab-35y-v1');
    assert.equal(j.planet, 'moon');
    assert.equal(j.age, 24);
    assert.equal(j.progression_years, 1);
    assert.equal(j.is_retrograde, false);
    assert.equal(j.natal_longitude, moon.longitude);
    assert.ok(Math.abs(Date.parse(j.progression_start_date) - (birthMs + 23 * YEAR)) <= 1);
    assert.ok(Math.abs(j.days_since_period_start - 91.3141) < 1e-6);
    assert.ok(Math.abs(j.daily_movement - 360 / 365.2564) < 1e-10); // responses carry 10 decimals
    // 91.3141 days of a 365.2564-day circle = 90 degrees.
    assert.ok(Math.abs(j.progressed_longitude - 90) < 1e-6);
    assert.ok(Math.abs(j.final_longitude - ((moon.longitude + 90) % 360)) < 1e-6);
    assert.equal(j.event_date, at(event));
  });

  it('Rahu (mean node, retrograde) in ages 7-12 moves backwards', async () => {
    const rahu = planets.find((p) => p.planet === 'rahu');
    assert.equal(rahu.is_retrograde, true);
    const event = birthMs + 9 * YEAR; // 3 of Rahu's 6 years (window from the 6th birthday): half a circle
    const j = (await progression(at(event))).json;
    assert.equal(j.planet, 'rahu');
    assert.equal(j.age, 10);
    assert.equal(j.progression_years, 6);
    assert.ok(j.daily_movement < 0);
    assert.ok(Math.abs(j.progressed_longitude + 180) < 1e-6);
    assert.ok(Math.abs(j.final_longitude - ((rahu.longitude + 180) % 360)) < 1e-6);
  });

  it('an offset other than Z is accepted and echoed in UTC', async () => {
    const res = await progression('2030-01-01T12:00:00+05:30');
    expectStatus(res, 200);
    assert.equal(res.json.event_date, '2030-01-01T06:30:00.000Z');
    // 39.6 years after birth: the 40th year, in Saturn's window of the second cycle (ages 36-41).
    assert.equal(res.json.age, 40);
    assert.equal(res.json.planet, 'saturn');
  });

  it('422 event_date_must_be_timezone_aware for a naive date, invalid_request otherwise', async () => {
    expectError(await progression('2030-01-01T12:00:00'), 422, 'event_date_must_be_timezone_aware');
    assert.deepEqual(invalidFields(expectError(await progression('yesterday'), 422, 'invalid_request')), [
      'event_date',
    ]);
    assert.deepEqual(invalidFields(expectError(await api('GET', path(), { token: key }), 422, 'invalid_request')), [
      'event_date',
    ]);
    // Before birth and past the table's 105th year.
    expectError(await progression('1980-01-01T00:00:00Z'), 422, 'invalid_request');
    expectError(await progression(at(birthMs + 105 * YEAR + DAY)), 422, 'invalid_request');
  });

  it('404 for another tenant, 422 for a Western chart', async () => {
    expectError(await progression('2030-01-01T00:00:00Z', otherKey), 404, 'chart_not_found');
    expectError(await progression('2030-01-01T00:00:00Z', key, westernId), 422, 'unsupported_astrology_system');
  });
});
