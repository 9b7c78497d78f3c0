// Charts from a local birth time (birth.local_time + birth.time_zone) through the gateway: the same
// chart as from the moment with its offset, the resolution recorded in the answer and kept on read,
// clock-change times refused unless the caller chooses, and every input problem a 422.
// Offsets are the IANA tz database's (Asia/Kolkata +05:30 since 1945; US DST rules for New York).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';

let key: string;
let otherKey: string;
const place = { latitude: 28.6139, longitude: 77.209 };

before(async () => {
  key = (await createKey((await signup()).accessToken, ['charts:read', 'charts:write'])).plaintext;
  otherKey = (await createKey((await signup()).accessToken, ['charts:read', 'charts:write'])).plaintext;
});

const create = (birth: Record<string, unknown>, token = key) =>
  api('POST', '/v1/charts', { token, body: { birth, system: 'western' } });

describe('POST /v1/charts with birth.local_time and birth.time_zone', () => {
  it('201: the same positions as the moment with its offset, and the resolution recorded', async () => {
    const local = await create({ local_time: '1990-05-15T10:30:00', time_zone: 'Asia/Kolkata', ...place });
    const aware = await create({ moment: '1990-05-15T10:30:00+05:30', ...place });
    expectStatus(local, 201);
    expectStatus(aware, 201);
    assert.deepEqual(local.json.planets, aware.json.planets);
    assert.deepEqual(local.json.houses, aware.json.houses);
    const b = local.json.birth;
    assert.equal(b.moment, '1990-05-15T10:30:00+05:30');
    assert.equal(b.local_time, '1990-05-15T10:30:00');
    assert.equal(b.time_zone, 'Asia/Kolkata');
    assert.equal(b.utc_offset, '+05:30');
    assert.equal(b.local_time_kind, 'unique');
    assert.match(b.tz_database, /^\d{4}[a-z]$/);
    assert.equal(b.disambiguation, undefined);
    // A chart made from a moment carries none of the local fields.
    assert.deepEqual(Object.keys(aware.json.birth).sort(), ['latitude', 'longitude', 'moment']);
    // Kept on read, and another tenant still cannot see it.
    const read = await api('GET', `/v1/charts/${local.json.id}`, { token: key });
    expectStatus(read, 200);
    assert.deepEqual(read.json.birth, b);
    expectError(await api('GET', `/v1/charts/${local.json.id}`, { token: otherKey }), 404, 'chart_not_found');
  });

  it('a time the fall-back change repeats: 422 unless birth.disambiguation picks one', async () => {
    const birth = {
      local_time: '2021-11-07T01:30:00',
      time_zone: 'America/New_York',
      latitude: 40.71,
      longitude: -74.01,
    };
    const refused = expectError(await create(birth), 422, 'invalid_request');
    assert.deepEqual(invalidFields(refused), ['birth.local_time']);
    assert.equal(refused.details!.errors[0].reason, 'ambiguous_local_time');
    const later = await create({ ...birth, disambiguation: 'later' });
    expectStatus(later, 201);
    assert.equal(later.json.birth.moment, '2021-11-07T01:30:00-05:00');
    assert.equal(later.json.birth.local_time_kind, 'ambiguous');
    assert.equal(later.json.birth.disambiguation, 'later');
  });

  it('a time the spring-forward change skips: 422 nonexistent_local_time; earlier takes the instant before the gap', async () => {
    const birth = {
      local_time: '2021-03-14T02:30:00',
      time_zone: 'America/New_York',
      latitude: 40.71,
      longitude: -74.01,
    };
    const refused = expectError(await create(birth), 422, 'invalid_request');
    assert.equal(refused.details!.errors[0].reason, 'nonexistent_local_time');
    const earlier = await create({ ...birth, disambiguation: 'earlier' });
    expectStatus(earlier, 201);
    assert.equal(earlier.json.birth.moment, '2021-03-14T01:30:00-05:00');
  });

  it('422 for a bad zone, a local time with an offset, both forms at once, a lone half, a bad choice', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ local_time: '1990-05-15T10:30:00', time_zone: 'Mars/Olympus_Mons' }, 'birth.time_zone', 'unknown_time_zone'],
      [{ local_time: '1990-05-15T10:30:00+05:30', time_zone: 'Asia/Kolkata' }, 'birth.local_time', 'invalid_format'],
      [
        { moment: '1990-05-15T10:30:00+05:30', local_time: '1990-05-15T10:30:00', time_zone: 'Asia/Kolkata' },
        'birth.local_time',
        'conflict',
      ],
      [{ local_time: '1990-05-15T10:30:00' }, 'birth.time_zone', 'required'],
      // Neither moment nor local_time: the gateway names moment ("is required (or birth.local_time)").
      [{ time_zone: 'Asia/Kolkata' }, 'birth.moment', 'required'],
      [
        { local_time: '1990-05-15T10:30:00', time_zone: 'Asia/Kolkata', disambiguation: 'nearest' },
        'birth.disambiguation',
        'invalid_enum',
      ],
      [{ local_time: '0900-05-15T10:30:00', time_zone: 'Asia/Kolkata' }, 'birth.local_time', 'out_of_range'],
    ];
    for (const [birth, field, reason] of cases) {
      const e = expectError(await create({ ...birth, ...place }), 422, 'invalid_request');
      const found = e.details!.errors.find((x: { field: string }) => x.field === field);
      assert.ok(found, `${JSON.stringify(birth)}: ${JSON.stringify(e.details!.errors)}`);
      assert.equal(found.reason, reason, JSON.stringify(birth));
    }
  });
});
