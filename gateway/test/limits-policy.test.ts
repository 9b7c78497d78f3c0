// Pure limit rules: plan values at a moment (the Free change date), quota classification of routes,
// LLM features (credits never pay for them), UTC windows, and the token-bucket arithmetic.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countsTowardQuota, isLlmFeature, limitsFor, secondsUntil, windowsAt } from '../src/limits/policy.ts';
import { takeToken } from '../src/limits/store.ts';

const route = (pathTemplate: string, httpMethod: 'GET' | 'POST' = 'POST', rateLimitClass = 'standard') => ({
  pathTemplate,
  httpMethod,
  rateLimitClass,
});

describe('plan limits (spec 1-platform.md "Limits" table)', () => {
  it('Free: 60 burst, 2/s; 1000/day and 10000/month before 2026-11-17T00:00Z, 100 and 3000 from then', () => {
    const before = limitsFor('free', Date.parse('2026-11-16T23:59:59.999Z'));
    assert.deepEqual(before, { burst_capacity: 60, refill_per_second: 2, daily_quota: 1000, monthly_quota: 10000 });
    const at = limitsFor('free', Date.parse('2026-11-17T00:00:00.000Z'));
    assert.deepEqual(at, { burst_capacity: 60, refill_per_second: 2, daily_quota: 100, monthly_quota: 3000 });
  });
  it('Hobby 300 / 10 per s, 1000/day, 30000/month; Pro 1500 / 50 per s, 10000/day, 300000/month', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    assert.deepEqual(limitsFor('hobby', now), {
      burst_capacity: 300,
      refill_per_second: 10,
      daily_quota: 1000,
      monthly_quota: 30000,
    });
    assert.deepEqual(limitsFor('pro', now), {
      burst_capacity: 1500,
      refill_per_second: 50,
      daily_quota: 10000,
      monthly_quota: 300000,
    });
  });
  it('overrides: "*" first, then the tier', () => {
    const v = limitsFor('free', Date.parse('2026-11-21T00:00:00Z'), {
      '*': { daily_quota: 5, burst_capacity: 7 },
      free: { daily_quota: 9 },
    });
    assert.deepEqual(v, { burst_capacity: 7, refill_per_second: 2, daily_quota: 9, monthly_quota: 3000 });
  });
});

describe('what counts toward quotas (rule 2)', () => {
  it('data routes with an API key count', () => {
    for (const p of [
      '/v1/charts',
      '/v1/charts/{chart_id}',
      '/v1/vedic/charts/{id}/dashas/vimshottari',
      '/v1/geolocation/places',
    ])
      assert.equal(countsTowardQuota(p, 'api_key'), true, p);
  });
  it('/v1/auth/, /v1/tenant/, /v1/api-keys, /v1/plans and /v1/billing/ never count', () => {
    for (const p of [
      '/v1/auth/me',
      '/v1/tenant/plan',
      '/v1/tenant/usage',
      '/v1/tenant/data',
      '/v1/api-keys',
      '/v1/api-keys/{id}/revoke',
      '/v1/api-keys/{key_id}/usage',
      '/v1/plans',
      '/v1/billing/status',
      '/v1/billing/checkout',
    ])
      assert.equal(countsTowardQuota(p, 'api_key'), false, p);
  });
  it('sessions and anonymous callers have no quota', () => {
    assert.equal(countsTowardQuota('/v1/charts', 'session'), false);
    assert.equal(countsTowardQuota('/v1/demo/charts', undefined), false);
  });
});

describe('LLM features (credits never pay for them, rule 4)', () => {
  it('every /v1/llm route and the three LLM interpretation routes, streams included', () => {
    for (const p of [
      '/v1/llm/theme/{theme}',
      '/v1/llm/theme/{theme}/stream',
      '/v1/llm/chart-reading',
      '/v1/llm/usage-summary',
      '/v1/interpretations/natal',
      '/v1/interpretations/relationship',
      '/v1/interpretations/forecast',
      '/v1/interpretations/natal/stream',
    ])
      assert.equal(isLlmFeature(route(p), {}), true, p);
  });
  it('a route annotated RATE_LIMIT_CLASS_LLM', () => {
    assert.equal(isLlmFeature(route('/v1/something', 'POST', 'llm'), {}), true);
  });
  it('a template interpretation only with use_llm_rewrite true', () => {
    assert.equal(isLlmFeature(route('/v1/interpretations'), { chart_id: 'x', use_llm_rewrite: true }), true);
    assert.equal(isLlmFeature(route('/v1/interpretations'), { chart_id: 'x', use_llm_rewrite: false }), false);
    assert.equal(isLlmFeature(route('/v1/interpretations'), undefined), false);
  });
  it('calculation and chart routes are not', () => {
    for (const p of ['/v1/charts', '/v1/vedic/charts/{id}/dashas/vimshottari', '/v1/interpretations/{id}'])
      assert.equal(isLlmFeature(route(p, 'GET'), {}), false, p);
  });
});

describe('UTC windows', () => {
  it('day and month ids and resets', () => {
    const w = windowsAt(Date.parse('2026-12-31T23:59:59.500Z'));
    assert.equal(w.day.id, '2026-12-31');
    assert.equal(w.day.resetAtMs, Date.parse('2027-01-01T00:00:00Z'));
    assert.equal(w.month.id, '2026-12');
    assert.equal(w.month.resetAtMs, Date.parse('2027-01-01T00:00:00Z'));
    const feb = windowsAt(Date.parse('2028-02-29T12:00:00Z'));
    assert.equal(feb.month.resetAtMs, Date.parse('2028-03-01T00:00:00Z'));
  });
  it('Retry-After is whole seconds, at least 1', () => {
    assert.equal(secondsUntil(1500, 1000), 1);
    assert.equal(secondsUntil(1000, 1000), 1);
    assert.equal(secondsUntil(3001, 1000), 3);
  });
});

describe('token bucket', () => {
  it('a full bucket of 60 gives 60 takes, then waits 500 ms per token at 2/s', () => {
    let s: { tokens: number; ts: number } | undefined;
    for (let i = 0; i < 60; i++) {
      const r = takeToken(s, 0, 60, 2);
      assert.equal(r.ok, true, `take ${i + 1}`);
      s = r.next;
    }
    const refused = takeToken(s, 0, 60, 2);
    assert.equal(refused.ok, false);
    assert.equal(refused.retryAfterMs, 500);
    // Retrying inside the wait changes nothing: the state is not written on refusal.
    assert.deepEqual(refused.next, s);
    assert.equal(takeToken(s, 499, 60, 2).ok, false);
    assert.equal(takeToken(s, 499, 60, 2).retryAfterMs, 1);
    const back = takeToken(s, 500, 60, 2);
    assert.equal(back.ok, true);
    assert.equal(takeToken(back.next, 500, 60, 2).ok, false);
  });
  it('never holds more than its capacity', () => {
    const r = takeToken({ tokens: 0, ts: 0 }, 3_600_000, 60, 2);
    assert.equal(r.next.tokens, 59);
  });
});
