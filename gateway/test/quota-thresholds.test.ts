// Quota thresholds (docs/webhooks.md quota.threshold_reached): the request whose count lands exactly
// on ceil(quota x 80 %) or on the quota reports it, once per window; expected counts follow from that
// definition (quota 5: 4 and 5; quota 1000: 800 and 1000).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import type { Principal } from '@astro/platform';
import { Limiter } from '../src/limits/limiter.ts';
import { MemoryLimitStore } from '../src/limits/memory-store.ts';
import { thresholdsReachedAt, type QuotaThresholdCrossing } from '../src/limits/thresholds.ts';
import { collectRoutes, loadProtoRoot } from '../src/proto-registry.ts';

describe('thresholdsReachedAt', () => {
  it('names the thresholds a count lands on', () => {
    assert.deepEqual(thresholdsReachedAt(3, 5), []);
    assert.deepEqual(thresholdsReachedAt(4, 5), [80]);
    assert.deepEqual(thresholdsReachedAt(5, 5), [100]);
    assert.deepEqual(thresholdsReachedAt(6, 5), []);
    assert.deepEqual(thresholdsReachedAt(799, 1000), []);
    assert.deepEqual(thresholdsReachedAt(800, 1000), [80]);
    assert.deepEqual(thresholdsReachedAt(1000, 1000), [100]);
    assert.deepEqual(thresholdsReachedAt(1, 1), [80, 100], 'a quota of one reaches both at once');
    assert.deepEqual(thresholdsReachedAt(12, 15), [80]);
    assert.deepEqual(thresholdsReachedAt(80_000, 100_000), [80]);
    assert.deepEqual(thresholdsReachedAt(1, 0), []);
  });
});

describe('limiter reports thresholds', () => {
  it('once per window and threshold, for counted requests only', async () => {
    const routes = collectRoutes(loadProtoRoot(path.join(import.meta.dirname, '..', '..', 'protos')));
    const route = (p: string, m: string) => routes.find((r) => r.pathTemplate === p && r.httpMethod === m)!;
    const seen: QuotaThresholdCrossing[] = [];
    const now = Date.parse('2026-11-21T10:00:00Z');
    const limiter = new Limiter(
      new MemoryLimitStore(),
      () => now,
      async () => ({ ok: false, remaining: 0 }),
      {
        keyPrefix: 'q:',
        overrides: { '*': { daily_quota: 5, monthly_quota: 8, burst_capacity: 100, refill_per_second: 100 } },
        authAttemptLimit: 2,
        authAttemptWindowSeconds: 60,
        testKeyBucket: { capacity: 100, refillPerSecond: 100 },
        feedFetchLimit: 60,
        feedFetchWindowSeconds: 3600,
        onQuotaThreshold: (c) => seen.push(c),
      },
    );
    const principal: Principal = {
      kind: 'api_key',
      tenant_id: '0190a000-0000-7000-8000-000000000002',
      user_id: '',
      key_id: 'k1',
      scopes: [],
      plan_tier: 'free',
    };
    const call = async (r = route('/v1/charts/{chart_id}', 'GET'), who: Principal = principal) => {
      const res = { setHeader: () => undefined };
      try {
        await limiter.admit({
          req: {} as any,
          res: res as any,
          route: r,
          principal: who,
          body: undefined,
          requestId: 'r',
        });
        return true;
      } catch {
        return false;
      }
    };
    // An account-class route is not counted and reports nothing; nor is a test key (never metered).
    for (let i = 0; i < 10; i++) await call(route('/v1/webhooks', 'GET'));
    for (let i = 0; i < 10; i++) await call(undefined, { ...principal, key_id: 'k-test', key_mode: 'test' });
    assert.equal(seen.length, 0);
    const admitted = [];
    for (let i = 0; i < 7; i++) admitted.push(await call());
    assert.deepEqual(admitted, [true, true, true, true, true, false, false], 'the daily quota of 5');
    assert.deepEqual(
      seen.map((c) => `${c.window}:${c.window_id}:${c.percent}:${c.used}/${c.limit}`),
      // The month (quota 8, 80 % at 7) stays at 5: refused requests are not counted.
      ['day:2026-11-21:80:4/5', 'day:2026-11-21:100:5/5'],
    );
    assert.equal(seen[0]!.tenant_id, principal.tenant_id);
    assert.equal(seen[0]!.at, '2026-11-21T10:00:00.000Z');
  });
});
