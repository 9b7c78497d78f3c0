// Panchanga routes through the gateway (spec 2-vedic.md "Panchanga (no chart needed)"): exact fields,
// null moonrise/moonset, the error rows (422 invalid_request, at_must_be_timezone_aware,
// panchanga_failed), auth and scope. Reference values: Diwali 2024-11-01 in New Delhi is the amavasya
// of amanta ashvina (Drik Panchang); USNO new moon 2024-11-01 12:47 UT; 2024-11-01 was a Friday.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, assertIso, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';

const DELHI = 'latitude=28.6139&longitude=77.209&timezone=Asia%2FKolkata';
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const INNER = [
  'abhijit_muhurta',
  'chogadia',
  'day_duration_hours',
  'ghati_since_sunrise',
  'gulika_kalam',
  'karana',
  'lunar_phase_deg',
  'masa',
  'moment',
  'moonrise',
  'moonset',
  'nakshatra',
  'raasi',
  'rahu_kalam',
  'ritu',
  'samvatsara',
  'sunrise',
  'sunset',
  'tithi',
  'vaara',
  'vighati_since_sunrise',
  'yamaganda_kalam',
  'yoga',
];

let key: string;
let noScopeKey: string;
const get = (path: string, k = key) => api('GET', path, { token: k });

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read'])).plaintext;
  const b = await signup(); // the Free plan allows one active key per tenant
  noScopeKey = (await createKey(b.accessToken, ['charts:write'])).plaintext;
});

function checkInner(p: any) {
  assert.deepEqual(Object.keys(p).sort(), INNER);
  for (const f of ['moment', 'sunrise', 'sunset']) assert.match(p[f], ISO_OFFSET, f);
  for (const f of ['moonrise', 'moonset']) assert.ok(p[f] === null || ISO_OFFSET.test(p[f]), f);
  assert.deepEqual(Object.keys(p.tithi).sort(), ['ends_at', 'name', 'number', 'paksha', 'skipped_to']);
  for (const a of ['nakshatra', 'yoga'])
    assert.deepEqual(Object.keys(p[a]).sort(), ['ends_at', 'name', 'number', 'skipped_to']);
  for (const a of ['tithi', 'nakshatra', 'yoga']) {
    assertIso(p[a].ends_at, `${a}.ends_at`);
    const s = p[a].skipped_to;
    assert.ok(s === null || (Number.isInteger(s.number) && typeof s.name === 'string'), `${a}.skipped_to`);
  }
  assert.deepEqual(Object.keys(p.karana).sort(), ['name', 'number']);
  assert.deepEqual(Object.keys(p.vaara).sort(), ['name', 'number', 'ruler']);
  assert.deepEqual(Object.keys(p.masa).sort(), ['is_adhika', 'name', 'number']);
  for (const w of ['rahu_kalam', 'yamaganda_kalam', 'gulika_kalam', 'abhijit_muhurta']) {
    assert.deepEqual(Object.keys(p[w]).sort(), ['end', 'start'], w);
    assert.ok(Date.parse(p[w].start) < Date.parse(p[w].end), w);
  }
  assert.equal(p.chogadia.length, 16);
  for (const t of p.chogadia) assert.match(t, ISO_OFFSET);
  assert.ok(Number.isInteger(p.raasi) && p.raasi >= 1 && p.raasi <= 12);
  assert.ok(Number.isInteger(p.samvatsara) && p.samvatsara >= 1 && p.samvatsara <= 60);
}

describe('GET /v1/vedic/panchanga', () => {
  it('Diwali 2024-11-01, New Delhi: exact shape and reference values', async () => {
    const res = await get(`/v1/vedic/panchanga?day=2024-11-01&${DELHI}`);
    expectStatus(res, 200);
    const b = res.json;
    assert.deepEqual(Object.keys(b).sort(), [
      'chogadia',
      'day',
      'durmuhurtam',
      'features_used',
      'method_version',
      'panchanga',
      'timezone',
    ]);
    assert.equal(b.day, '2024-11-01');
    assert.equal(b.timezone, 'Asia/Kolkata');
    assert.equal(b.method_version, 'panchanga-daily-v1');
    checkInner(b.panchanga);
    const p = b.panchanga;
    assert.match(p.sunrise, /^2024-11-01T06:3\d:\d\d\+05:30$/);
    assert.equal(p.moment, p.sunrise);
    assert.deepEqual([p.tithi.number, p.tithi.name, p.tithi.paksha], [30, 'amavasya', 'krishna']);
    assert.ok(Math.abs(Date.parse(p.tithi.ends_at) - Date.parse('2024-11-01T12:47:00Z')) <= 120_000, 'USNO new moon');
    assert.deepEqual(p.masa, { number: 7, name: 'ashvina', is_adhika: false });
    assert.deepEqual(p.vaara, { number: 6, name: 'shukravara', ruler: 'venus' });
    assert.equal(b.chogadia.length, 16);
    for (const c of b.chogadia)
      assert.deepEqual(Object.keys(c).sort(), ['end', 'index', 'name', 'period', 'quality', 'ruler', 'start']);
    assert.ok(b.durmuhurtam.length >= 1);
    for (const d of b.durmuhurtam) assert.deepEqual(Object.keys(d).sort(), ['end', 'muhurta', 'period', 'start']);
    assert.ok(Array.isArray(b.features_used) && b.features_used.length > 0);
  });

  it('moonrise is null when the Moon does not rise that civil day', async () => {
    // Around the last quarter the Moon rises near local midnight, so within a few days one civil day
    // has no moonrise at all (New Delhi, late October 2024).
    let nulls = 0;
    for (const d of ['2024-10-23', '2024-10-24', '2024-10-25', '2024-10-26']) {
      const res = await get(`/v1/vedic/panchanga?day=${d}&${DELHI}`);
      expectStatus(res, 200);
      if (res.json.panchanga.moonrise === null) nulls++;
    }
    assert.equal(nulls, 1);
  });

  it('422 invalid_request names each bad field', async () => {
    const e = expectError(
      await get('/v1/vedic/panchanga?day=2024-13-01&latitude=95&longitude=200&timezone=Nowhere%2FCity'),
      422,
      'invalid_request',
    );
    assert.deepEqual(invalidFields(e).sort(), ['day', 'latitude', 'longitude', 'timezone']);
    const m = expectError(await get('/v1/vedic/panchanga'), 422, 'invalid_request');
    assert.deepEqual(invalidFields(m).sort(), ['day', 'latitude', 'longitude', 'timezone']);
    expectError(await get(`/v1/vedic/panchanga?day=01-11-2024&${DELHI}`), 422, 'invalid_request');
  });

  it('422 panchanga_failed at 78° N in December (no sunrise)', async () => {
    const e = expectError(
      await get('/v1/vedic/panchanga?day=2024-12-15&latitude=78.22&longitude=15.63&timezone=Arctic%2FLongyearbyen'),
      422,
      'panchanga_failed',
    );
    assert.equal(e.details?.reason, 'no_sunrise');
  });

  it('401 without a key, 403 missing_scope without charts:read', async () => {
    expectError(await api('GET', `/v1/vedic/panchanga?day=2024-11-01&${DELHI}`), 401, 'unauthorized');
    expectError(await get(`/v1/vedic/panchanga?day=2024-11-01&${DELHI}`, noScopeKey), 403, 'missing_scope');
  });
});

describe('GET /v1/vedic/panchanga/current', () => {
  it('returns the inner object at the instant, in the offset of `at`', async () => {
    const res = await get(
      '/v1/vedic/panchanga/current?at=2024-11-01T18%3A47%3A00%2B05%3A30&latitude=28.6139&longitude=77.209',
    );
    expectStatus(res, 200);
    checkInner(res.json);
    assert.equal(res.json.moment, '2024-11-01T18:47:00+05:30');
    assert.equal(res.json.tithi.name, 'pratipada');
    assert.equal(res.json.masa.name, 'kartika');
    assert.equal(res.json.vaara.name, 'shukravara');
  });
  it('422 at_must_be_timezone_aware for a naive `at`; invalid_request for missing fields', async () => {
    expectError(
      await get('/v1/vedic/panchanga/current?at=2024-11-01T18%3A47%3A00&latitude=28.6&longitude=77.2'),
      422,
      'at_must_be_timezone_aware',
    );
    const e = expectError(await get('/v1/vedic/panchanga/current'), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e).sort(), ['at', 'latitude', 'longitude']);
  });
  it('422 panchanga_failed in the polar night', async () => {
    expectError(
      await get('/v1/vedic/panchanga/current?at=2024-12-15T12%3A00%3A00%2B01%3A00&latitude=78.22&longitude=15.63'),
      422,
      'panchanga_failed',
    );
  });
});

describe('GET /v1/vedic/panchanga/windows', () => {
  it('lists auspicious, caution and neutral windows of the day', async () => {
    const res = await get(`/v1/vedic/panchanga/windows?day=2024-11-01&${DELHI}`);
    expectStatus(res, 200);
    const b = res.json;
    assert.deepEqual(Object.keys(b).sort(), [
      'auspicious_windows',
      'caution_windows',
      'day',
      'method_version',
      'neutral_windows',
      'timezone',
    ]);
    assert.equal(b.method_version, 'panchanga-windows-v1');
    for (const w of [...b.auspicious_windows, ...b.caution_windows, ...b.neutral_windows]) {
      assert.deepEqual(Object.keys(w).sort(), ['end', 'evidence', 'kind', 'name', 'polarity', 'score', 'start']);
      assert.ok(Number.isInteger(w.score));
    }
    assert.ok(b.caution_windows.some((w: any) => w.name === 'rahu_kalam'));
    assert.ok(b.auspicious_windows.some((w: any) => w.name === 'abhijit_muhurta'));
    expectError(await get('/v1/vedic/panchanga/windows?day=2024-11-01'), 422, 'invalid_request');
  });
});
