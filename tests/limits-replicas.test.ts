// Counters across gateway processes (spec 1-platform.md "Limits"; DESIGN.md §4): with REDIS_URL two
// gateways share one bucket and one quota per account; without it a single gateway keeps them in
// process. Gateways are started here against the test fleet with the real plan values and the test
// clock (X-Test-Now).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { expectError, expectStatus } from './helpers/client.ts';
import { startGateway, stopStartedGateways, type GatewayProcess } from './helpers/gateway-process.ts';
import { at, fill, freeCaller, readChart } from './helpers/limits.ts';

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
let a: GatewayProcess;
let b: GatewayProcess;
let solo: GatewayProcess;

before(async () => {
  const prefix = `test:limits:${randomBytes(6).toString('hex')}:`;
  const shared = { REDIS_URL: redisUrl, LIMITS_TEST_CLOCK: 'true', LIMITS_KEY_PREFIX: prefix };
  [a, b, solo] = await Promise.all([
    startGateway(shared),
    startGateway(shared),
    startGateway({ REDIS_URL: undefined, LIMITS_TEST_CLOCK: 'true' }),
  ]);
});
// Not a?.stop(): when one gateway fails to boot, a, b and solo are never assigned.
after(stopStartedGateways);

describe('two gateway processes sharing one Redis', () => {
  it('share the burst bucket of a key: 60 requests across both, the 61st is refused on either', async () => {
    const c = await freeCaller();
    const t0 = '2026-11-21T15:00:00.000Z';
    const rs = await Promise.all(Array.from({ length: 60 }, (_, i) => readChart(i % 2 ? a.baseUrl : b.baseUrl, c, t0)));
    assert.deepEqual(
      rs.map((r) => r.status),
      Array(60).fill(200),
    );
    expectError(await readChart(a.baseUrl, c, t0), 429, 'rate_limited');
    expectError(await readChart(b.baseUrl, c, t0), 429, 'rate_limited');
    expectStatus(await readChart(b.baseUrl, c, at(t0, 500)), 200);
  });

  it('share the daily quota: the 100th request passes on one, the 101st fails on the other', async () => {
    const c = await freeCaller();
    const day = '2026-11-21T16:00:00.000Z';
    await fill(a.baseUrl, c, day, 50);
    await fill(b.baseUrl, c, at(day, 50_000), 49);
    const hundredth = await readChart(a.baseUrl, c, at(day, 99_000));
    expectStatus(hundredth, 200);
    assert.equal(hundredth.headers.get('x-ratelimit-remaining'), '0');
    const e = expectError(await readChart(b.baseUrl, c, at(day, 100_000)), 429, 'too_many_requests');
    assert.deepEqual(e.details, { reason: 'daily_quota_exceeded', window: 'day', limit: 100, used: 100 });
  });
});

describe('a gateway without REDIS_URL', () => {
  it('keeps the bucket and the quotas in process', async () => {
    const c = await freeCaller();
    const t0 = '2026-11-21T17:00:00.000Z';
    const rs = await Promise.all(Array.from({ length: 60 }, () => readChart(solo.baseUrl, c, t0)));
    assert.equal(rs.filter((r) => r.status === 200).length, 60);
    expectError(await readChart(solo.baseUrl, c, t0), 429, 'rate_limited');
    const ok = await readChart(solo.baseUrl, c, at(t0, 30_000));
    expectStatus(ok, 200);
    assert.equal(ok.headers.get('x-ratelimit-remaining'), '39', '61 of 100 used today');
  });
});
