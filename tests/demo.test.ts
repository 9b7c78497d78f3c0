// POST /v1/demo/charts: public, never stored, no id, base fields only, and limited per client
// address. The test fleet runs the demo with its default limit (5) and a 4-second window
// (DEMO_WINDOW_SECONDS) so the reset is observable; the gateway trusts no proxy there, so a spoofed
// X-Forwarded-For must not buy more demo charts. It runs serially (scripts/test.ts SERIAL): the
// OpenAPI examples test also calls the demo, from the same address.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { api, expectError, expectStatus, invalidFields, sleep } from './helpers/client.ts';

const body = { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 }, system: 'vedic' };

describe('POST /v1/demo/charts', () => {
  it('serves a chart without id and with only the six base fields, then limits the address, then resets', async () => {
    // Invalid input is refused before it counts against the limit.
    const bad = expectError(
      await api('POST', '/v1/demo/charts', { body: { birth: { ...body.birth, moment: '1990-05-15T10:30:00' } } }),
      422,
      'naive_datetime',
    );
    assert.deepEqual(invalidFields(bad), ['birth.moment']);

    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/v1/demo/charts', { body, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expectStatus(res, 200);
      assert.equal('id' in res.json, false, 'no id');
      assert.equal(res.json.planets.length, 14);
      for (const p of res.json.planets)
        assert.deepEqual(Object.keys(p).sort(), [
          'degree_in_sign',
          'is_retrograde',
          'longitude',
          'planet',
          'sign',
          'speed_per_day',
        ]);
    }
    const limited = await api('POST', '/v1/demo/charts', { body, headers: { 'x-forwarded-for': '198.51.100.7' } });
    const e = expectError(limited, 429, 'demo_rate_limit_exceeded');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 4, `Retry-After ${retryAfter}`);
    assert.equal((e.details as any).limit, 5);

    await sleep(retryAfter * 1000 + 300);
    expectStatus(await api('POST', '/v1/demo/charts', { body }), 200);
  });
});
