// Pure limit rules: plan values at a moment (the Free change date), quota classification of routes,
// LLM features (credits never pay for them), UTC windows, and the token-bucket arithmetic.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import path from 'node:path';
import {
  countsTowardQuota,
  isAuthAttempt,
  isLlmFeature,
  limitsFor,
  secondsUntil,
  windowsAt,
} from '../src/limits/policy.ts';
import { takeToken } from '../src/limits/store.ts';
import { collectRoutes, loadProtoRoot } from '../src/proto-registry.ts';

// The limiter decides by each route's proto annotation alone; these tests hold every annotated route
// to the spec's rules, which name paths.
const ROUTES = collectRoutes(loadProtoRoot(path.join(import.meta.dirname, '..', '..', 'protos')));
const keyed = ROUTES.filter((r) => r.access === 'api_key' || r.access === 'credential');
const route = (method: string, pathTemplate: string) => {
  const r = ROUTES.find((x) => x.httpMethod === method && x.pathTemplate === pathTemplate);
  assert.ok(r, `${method} ${pathTemplate} is a route`);
  return r;
};
/**
 * Rule 2's prefixes, as the spec writes them, and /v1/webhooks: webhook endpoints are a setting of the
 * account like its API keys (issue 21, beyond the spec), not a data request, so they are not counted.
 */
const ACCOUNT_PREFIXES = ['/v1/auth/', '/v1/tenant/', '/v1/api-keys', '/v1/plans', '/v1/billing/', '/v1/webhooks'];
const underAccountPrefix = (p: string) =>
  ACCOUNT_PREFIXES.some((x) => (x.endsWith('/') ? p.startsWith(x) : p === x || p.startsWith(`${x}/`)));

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

describe('what counts toward quotas (rule 2), from the annotations', () => {
  it('every keyed route outside the five account prefixes counts with an API key', () => {
    const data = keyed.filter((r) => !underAccountPrefix(r.pathTemplate));
    assert.ok(data.length > 100);
    for (const r of data) assert.equal(countsTowardQuota(r, 'api_key'), true, `${r.httpMethod} ${r.pathTemplate}`);
  });
  it('no route under /v1/auth/, /v1/tenant/, /v1/api-keys, /v1/plans, /v1/billing/ or /v1/webhooks counts', () => {
    const account = ROUTES.filter((r) => underAccountPrefix(r.pathTemplate));
    assert.ok(account.some((r) => r.pathTemplate === '/v1/tenant/data'));
    for (const r of account) assert.equal(countsTowardQuota(r, 'api_key'), false, `${r.httpMethod} ${r.pathTemplate}`);
  });
  it('sessions and anonymous callers have no quota', () => {
    assert.equal(countsTowardQuota(route('GET', '/v1/charts/{chart_id}'), 'session'), false);
    assert.equal(countsTowardQuota(route('POST', '/v1/demo/charts'), undefined), false);
  });
});

describe('the per-address attempt limit', () => {
  it('applies to exactly login, sign-up, password forgot and reset', () => {
    assert.deepEqual(
      ROUTES.filter(isAuthAttempt)
        .map((r) => `${r.httpMethod} ${r.pathTemplate}`)
        .sort(),
      ['POST /v1/auth/login', 'POST /v1/auth/password/forgot', 'POST /v1/auth/password/reset', 'POST /v1/auth/signup'],
    );
  });
});

describe('LLM features (credits never pay for them, rule 4), from the annotations', () => {
  it('every /v1/llm route and the LLM interpretation routes, streams included', () => {
    const llm = ROUTES.filter(
      (r) =>
        r.pathTemplate.startsWith('/v1/llm/') ||
        /^\/v1\/interpretations\/(natal|relationship|forecast)(\/stream)?$/.test(r.pathTemplate),
    );
    assert.ok(llm.length >= 14, `${llm.length} LLM routes`);
    for (const r of llm) assert.equal(isLlmFeature(r, {}), true, `${r.httpMethod} ${r.pathTemplate}`);
  });
  it('a template interpretation only with use_llm_rewrite true', () => {
    const r = route('POST', '/v1/interpretations');
    assert.equal(isLlmFeature(r, { chart_id: 'x', use_llm_rewrite: true }), true);
    assert.equal(isLlmFeature(r, { chart_id: 'x', use_llm_rewrite: false }), false);
    assert.equal(isLlmFeature(r, undefined), false);
  });
  it('calculation, chart and template routes are not', () => {
    for (const [m, p] of [
      ['POST', '/v1/charts'],
      ['GET', '/v1/vedic/charts/{id}/dashas/vimshottari'],
      ['GET', '/v1/interpretations/{id}'],
    ] as const)
      assert.equal(isLlmFeature(route(m, p), {}), false, p);
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
