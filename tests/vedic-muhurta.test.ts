// Muhurta routes through the gateway: activity types, score and search shapes (six components,
// labels, caution windows), ranking with excluded candidates behind, every 422 row
// (invalid_request, invalid_datetime_timezone, unsupported_muhurta_activity_type, invalid_window,
// unsupported_astrology_system, muhurta_failed), cross-tenant 404 and the deprecated chart route's
// headers and legacy shape.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const PLACE = { latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' };
const COMPONENTS = ['tarabala', 'chandrabala', 'panchanga_suitability', 'weekday_lord', 'kalam_exclusions', 'lagna'];
const CANDIDATE_KEYS = [
  'activity_type',
  'caution_windows',
  'components',
  'features_used',
  'is_excluded',
  'label',
  'latitude',
  'longitude',
  'method_version',
  'natal_chart_id',
  'proposed_at',
  'timezone',
  'total_score',
];

let key: string;
let otherKey: string;
let chartId: string;
let westernId: string;

const post = (p: string, body: object, k = key) => api('POST', p, { token: k, body });
const score = (b: object = {}, k = key) =>
  post(
    '/v1/vedic/muhurta/score',
    { natal_chart_id: chartId, activity_type: 'travel', proposed_at: '2026-03-16T10:00:00+05:30', ...PLACE, ...b },
    k,
  );
const searchBody = (b: object = {}) => ({
  natal_chart_id: chartId,
  activity_type: 'marriage',
  window_start: '2026-03-16T00:00:00+05:30',
  window_end: '2026-03-18T00:00:00+05:30',
  interval_minutes: 30,
  top_n: 96,
  ...PLACE,
  ...b,
});
const search = (b: object = {}, k = key) => post('/v1/vedic/muhurta/search', searchBody(b), k);

function checkCandidate(c: any) {
  assert.deepEqual(Object.keys(c).sort(), CANDIDATE_KEYS);
  assert.equal(c.method_version, 'muhurta-electional-v1');
  assert.deepEqual(
    c.components.map((x: any) => x.name),
    COMPONENTS,
  );
  for (const x of c.components) {
    assert.deepEqual(Object.keys(x).sort(), ['evidence', 'max_score', 'name', 'score']);
    assert.ok(x.score >= 0 && x.score <= x.max_score);
    assert.ok(x.evidence.length >= 1);
  }
  const sum = c.components.reduce((s: number, x: any) => s + x.score, 0);
  const max = c.components.reduce((s: number, x: any) => s + x.max_score, 0);
  assert.ok(Math.abs(c.total_score - (100 * sum) / max) <= 0.05);
  assert.ok(['avoid', 'weak', 'usable', 'favorable'].includes(c.label));
  const kalam = c.components.find((x: any) => x.name === 'kalam_exclusions');
  assert.equal(c.is_excluded, kalam.score === 0);
  if (c.is_excluded) assert.equal(c.label, 'avoid');
  assert.equal(
    c.is_excluded,
    c.caution_windows.some((w: any) => w.active),
  );
  assert.ok(c.caution_windows.length >= 4);
  for (const w of c.caution_windows) assert.deepEqual(Object.keys(w).sort(), ['active', 'end', 'name', 'start']);
  assert.match(c.proposed_at, /\+05:30$/);
  assert.ok(c.features_used.length >= 1);
}

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(c, 201);
  chartId = c.json.id;
  const w = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
  expectStatus(w, 201);
  westernId = w.json.id;
});

describe('GET /v1/vedic/muhurta/activity-types', () => {
  it('lists the seven activities with title and description', async () => {
    const res = await api('GET', '/v1/vedic/muhurta/activity-types', { token: key });
    expectStatus(res, 200);
    assert.deepEqual(
      res.json.activities.map((a: any) => a.activity_type),
      ['marriage', 'business', 'travel', 'education', 'property', 'medical', 'spiritual'],
    );
    for (const a of res.json.activities) {
      assert.deepEqual(Object.keys(a).sort(), ['activity_type', 'description', 'title']);
      assert.ok(a.title && a.description);
    }
  });
  it('needs an API key', async () => {
    const res = await api('GET', '/v1/vedic/muhurta/activity-types');
    assert.equal(res.status, 401);
  });
});

describe('POST /v1/vedic/muhurta/score', () => {
  it('returns a candidate object', async () => {
    const res = await score();
    expectStatus(res, 200);
    checkCandidate(res.json);
    assert.equal(res.json.natal_chart_id, chartId);
    assert.equal(res.json.activity_type, 'travel');
    assert.equal(res.json.proposed_at, '2026-03-16T10:00:00+05:30');
    assert.equal(res.json.timezone, 'Asia/Kolkata');
  });
  it('a moment inside rahu kalam is excluded', async () => {
    const first = await score();
    const rahu = first.json.caution_windows.find((w: any) => w.name === 'rahu_kalam');
    const mid = new Date((Date.parse(rahu.start) + Date.parse(rahu.end)) / 2).toISOString();
    const res = await score({ proposed_at: mid });
    expectStatus(res, 200);
    assert.equal(res.json.is_excluded, true);
    assert.equal(res.json.label, 'avoid');
    assert.equal(res.json.components.find((x: any) => x.name === 'kalam_exclusions').score, 0);
  });
  it('422 rows', async () => {
    const naive = expectError(await score({ proposed_at: '2026-03-16T10:00:00' }), 422, 'invalid_datetime_timezone');
    assert.equal(naive.details?.field, 'proposed_at');
    const act = expectError(await score({ activity_type: 'gambling' }), 422, 'unsupported_muhurta_activity_type');
    assert.equal((act.details as any).activity_type, 'gambling');
    expectError(await score({ latitude: 95 }), 422, 'invalid_request');
    expectError(await score({ timezone: 'Mars/Olympus' }), 422, 'invalid_request');
    expectError(await score({ natal_chart_id: westernId }), 422, 'unsupported_astrology_system');
    expectError(
      await score({ latitude: 80, longitude: 15, timezone: 'Europe/Oslo', proposed_at: '2026-12-21T12:00:00+01:00' }),
      422,
      'muhurta_failed',
    );
  });
  it('404 for another tenant', async () => {
    expectError(await score({}, otherKey), 404, 'chart_not_found');
  });
});

describe('POST /v1/vedic/muhurta/search', () => {
  it('scans the window and ranks, excluded behind', async () => {
    const res = await search();
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), [
      'activity_type',
      'candidates',
      'features_used',
      'interval_minutes',
      'method_version',
      'natal_chart_id',
      'window_end',
      'window_start',
    ]);
    assert.equal(j.natal_chart_id, chartId);
    assert.equal(j.interval_minutes, 30);
    assert.equal(j.method_version, 'muhurta-electional-v1');
    assert.equal(j.candidates.length, 96);
    j.candidates.forEach(checkCandidate);
    const firstEx = j.candidates.findIndex((c: any) => c.is_excluded);
    assert.ok(firstEx > 0, 'some candidate of two days lies in rahu kalam');
    assert.ok(j.candidates.slice(firstEx).every((c: any) => c.is_excluded));
    for (let i = 1; i < firstEx; i++) assert.ok(j.candidates[i - 1].total_score >= j.candidates[i].total_score);
    const start = Date.parse(j.window_start);
    const end = Date.parse(j.window_end);
    for (const c of j.candidates) {
      const t = Date.parse(c.proposed_at);
      assert.ok(t >= start && t < end);
      assert.equal((t - start) % (30 * 60_000), 0);
    }
  });
  it('top_n limits', async () => {
    const res = await search({ top_n: 3 });
    expectStatus(res, 200);
    assert.equal(res.json.candidates.length, 3);
  });
  it('422 rows', async () => {
    expectError(await search({ window_end: '2026-03-15T00:00:00+05:30' }), 422, 'invalid_window');
    expectError(await search({ window_end: '2026-03-16T00:00:00+05:30' }), 422, 'invalid_window');
    const long = expectError(
      await search({ window_end: '2026-05-16T00:00:00+05:30', interval_minutes: 1440 }),
      422,
      'invalid_window',
    );
    assert.equal((long.details as any).max_days, 31);
    const steps = expectError(
      await search({ window_end: '2026-04-01T00:00:00+05:30', interval_minutes: 5 }),
      422,
      'invalid_window',
    );
    assert.equal((steps.details as any).max_steps, 2000);
    expectError(await search({ interval_minutes: 4 }), 422, 'invalid_request');
    expectError(await search({ interval_minutes: 1441 }), 422, 'invalid_request');
    expectError(await search({ top_n: 0 }), 422, 'invalid_request');
    expectError(await search({ top_n: 101 }), 422, 'invalid_request');
    const n = expectError(await search({ window_start: '2026-03-16T00:00:00' }), 422, 'invalid_datetime_timezone');
    assert.equal(n.details?.field, 'window_start');
    expectError(await search({ activity_type: 'nope' }), 422, 'unsupported_muhurta_activity_type');
    expectError(await search({ natal_chart_id: westernId }), 422, 'unsupported_astrology_system');
  });
  it('404 for another tenant', async () => {
    expectError(await search({}, otherKey), 404, 'chart_not_found');
  });
});

describe('GET /v1/vedic/charts/{id}/muhurta (deprecated)', () => {
  const q =
    'window_start=2026-03-16T00:00:00%2B05:30&window_end=2026-03-17T00:00:00%2B05:30&interval_minutes=60&top_n=5';
  it('legacy shape ranked by tara plus weekday lord, with deprecation headers', async () => {
    const res = await api('GET', `/v1/vedic/charts/${chartId}/muhurta?${q}`, { token: key });
    expectStatus(res, 200);
    assert.equal(res.headers.get('deprecation'), '@1791936000');
    assert.equal(res.headers.get('link'), '</v1/vedic/muhurta/search>; rel="successor-version"');
    assert.deepEqual(Object.keys(res.json).sort(), ['candidates', 'chart_id', 'method_version']);
    assert.equal(res.json.chart_id, chartId);
    assert.equal(res.json.candidates.length, 5);
    for (const c of res.json.candidates)
      assert.deepEqual(Object.keys(c).sort(), ['proposed_at', 'score', 'tara', 'tara_name', 'weekday_lord']);
    const scores = res.json.candidates.map((c: any) => c.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    );
  });
  it('errors', async () => {
    const bad = 'window_start=2026-03-16T00:00:00&window_end=2026-03-17T00:00:00%2B05:30';
    expectError(
      await api('GET', `/v1/vedic/charts/${chartId}/muhurta?${bad}`, { token: key }),
      422,
      'invalid_datetime_timezone',
    );
    const rev = 'window_start=2026-03-17T00:00:00Z&window_end=2026-03-16T00:00:00Z';
    expectError(await api('GET', `/v1/vedic/charts/${chartId}/muhurta?${rev}`, { token: key }), 422, 'invalid_window');
    expectError(
      await api('GET', `/v1/vedic/charts/${chartId}/muhurta?${q}`, { token: otherKey }),
      404,
      'chart_not_found',
    );
    expectError(
      await api('GET', `/v1/vedic/charts/${westernId}/muhurta?${q}`, { token: key }),
      422,
      'unsupported_astrology_system',
    );
  });
});
