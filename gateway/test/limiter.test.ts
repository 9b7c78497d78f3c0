// The limiter's decisions on top of a real in-process store: headers on counted responses, the 429
// bodies, credits past the quota (never for LLM features), and the auth-attempt windows.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError, type Principal } from '@astro/platform';
import { Limiter, type CreditSpender } from '../src/limits/limiter.ts';
import { MemoryLimitStore } from '../src/limits/memory-store.ts';
import path from 'node:path';
import { collectRoutes, loadProtoRoot, type RouteSpec } from '../src/proto-registry.ts';

// The routes as the protos annotate them: the limiter decides by their rate-limit class.
const ROUTES = collectRoutes(loadProtoRoot(path.join(import.meta.dirname, '..', '..', 'protos')));
function routeOf(pathTemplate: string, httpMethod: string): RouteSpec {
  const r = ROUTES.find((x) => x.pathTemplate === pathTemplate && x.httpMethod === httpMethod);
  assert.ok(r, `${httpMethod} ${pathTemplate} is a route`);
  return r;
}

const NOW = Date.parse('2026-11-21T10:00:00Z');

function fakeRes() {
  const headers: Record<string, string> = {};
  return { headers, setHeader: (k: string, v: string) => (headers[k] = v) };
}

function setup(credits = 0, overrides = { '*': { daily_quota: 2, monthly_quota: 100 } }) {
  let now = NOW;
  let balance = credits;
  const spent: string[] = [];
  const spend: CreditSpender = async (tenantId) => {
    spent.push(tenantId);
    if (balance <= 0) return { ok: false, remaining: 0 };
    balance -= 1;
    return { ok: true, remaining: balance };
  };
  const limiter = new Limiter(new MemoryLimitStore(), () => now, spend, {
    keyPrefix: 't:',
    overrides,
    authAttemptLimit: 2,
    authAttemptWindowSeconds: 60,
    testKeyBucket: { capacity: 3, refillPerSecond: 1 },
    feedFetchLimit: 2,
    feedFetchWindowSeconds: 60,
  });
  let principal: Principal = {
    kind: 'api_key',
    tenant_id: '0190a000-0000-7000-8000-000000000001',
    user_id: '',
    key_id: 'k1',
    scopes: [],
    plan_tier: 'free',
  };
  const call = async (path: string, body: unknown = undefined, ip = '192.0.2.1', method: 'GET' | 'POST' = 'GET') => {
    const res = fakeRes();
    const route = routeOf(path, method);
    try {
      await limiter.admit({
        req: { ip } as any,
        res: res as any,
        route,
        principal: path.startsWith('/v1/auth/') ? undefined : principal,
        body,
        requestId: 'r',
      });
      return { ok: true as const, headers: res.headers };
    } catch (err) {
      return { ok: false as const, headers: { ...res.headers, ...(err as AppError).headers }, err: err as AppError };
    }
  };
  const asTestKey = () => (principal = { ...principal, key_id: 'k-test', key_mode: 'test' });
  return { call, spent, setNow: (ms: number) => (now = ms), asTestKey };
}

describe('limiter', () => {
  it('calendar feeds: a fixed window per feed URL (.ics or not), then 429 calendar_feed_rate_limited', async () => {
    const limiter = new Limiter(
      new MemoryLimitStore(),
      () => NOW,
      async () => ({ ok: false, remaining: 0 }),
      {
        keyPrefix: 'f:',
        overrides: {},
        authAttemptLimit: 10,
        authAttemptWindowSeconds: 60,
        testKeyBucket: { capacity: 3, refillPerSecond: 1 },
        feedFetchLimit: 2,
        feedFetchWindowSeconds: 60,
      },
    );
    const route = routeOf('/v1/calendar-feeds/{feed_token}', 'GET');
    const fetch = (path: string) =>
      limiter.admit({
        req: { path, ip: '192.0.2.1' } as any,
        res: fakeRes() as any,
        route,
        body: undefined,
        requestId: 'r',
      });
    await fetch('/v1/calendar-feeds/ical_a.ics');
    await fetch('/v1/calendar-feeds/ical_a');
    await assert.rejects(
      fetch('/v1/calendar-feeds/ical_a.ics'),
      (e: AppError) => e.code === 'calendar_feed_rate_limited' && e.headers['Retry-After'] === '60',
    );
    // Another feed has its own window.
    await fetch('/v1/calendar-feeds/ical_b.ics');
  });
  it('a test key: no quota headers or quota refusal, its own burst bucket, never a credit', async () => {
    const { call, spent, asTestKey } = setup(5);
    asTestKey();
    // Quotas are 2 a day in this setup: three test-key requests pass the quota untouched.
    for (let i = 0; i < 3; i++) {
      const r = await call('/v1/charts/{chart_id}');
      assert.equal(r.ok, true);
      assert.equal(r.headers['X-RateLimit-Limit'], undefined);
    }
    // The fourth finds the test bucket (capacity 3) empty, whatever the Free plan's 60.
    const limited = await call('/v1/charts/{chart_id}');
    assert.equal(limited.ok, false);
    assert.equal(limited.err?.code, 'rate_limited');
    assert.equal(limited.err?.details?.capacity, 3);
    assert.equal(limited.err?.details?.key_mode, 'test');
    assert.deepEqual(spent, [], 'no credit was spent');
  });
  it('X-RateLimit-* on counted responses; none on account routes', async () => {
    const { call } = setup();
    const a = await call('/v1/charts/{chart_id}');
    assert.equal(a.headers['X-RateLimit-Limit'], '2');
    assert.equal(a.headers['X-RateLimit-Remaining'], '1');
    assert.equal(a.headers['X-RateLimit-Reset'], String(Date.parse('2026-11-22T00:00:00Z') / 1000));
    const b = await call('/v1/tenant/plan');
    assert.equal(b.ok, true);
    assert.equal(b.headers['X-RateLimit-Limit'], undefined);
  });

  it('past the quota without credits: 429 too_many_requests {reason, window, limit, used} + Retry-After', async () => {
    const { call } = setup();
    await call('/v1/charts/{chart_id}');
    const second = await call('/v1/charts/{chart_id}');
    assert.equal(second.ok, true);
    assert.equal(second.headers['X-RateLimit-Remaining'], '0');
    const third = await call('/v1/charts/{chart_id}');
    assert.equal(third.ok, false);
    assert.equal(third.err!.code, 'too_many_requests');
    assert.deepEqual(third.err!.details, { reason: 'daily_quota_exceeded', window: 'day', limit: 2, used: 2 });
    assert.equal(third.headers['Retry-After'], String(14 * 3600)); // 10:00 -> midnight UTC
    assert.equal(third.headers['X-RateLimit-Remaining'], '0');
  });

  it('past the quota with credits: served, one credit each, X-Credits-Remaining', async () => {
    const { call, spent } = setup(2);
    await call('/v1/charts/{chart_id}');
    await call('/v1/charts/{chart_id}');
    const paid = await call('/v1/charts/{chart_id}');
    assert.equal(paid.ok, true);
    assert.equal(paid.headers['X-Credits-Remaining'], '1');
    assert.equal((await call('/v1/charts/{chart_id}')).headers['X-Credits-Remaining'], '0');
    const refused = await call('/v1/charts/{chart_id}');
    assert.equal(refused.err?.code, 'too_many_requests');
    assert.equal(spent.length, 3);
  });

  it('credits never pay for LLM features', async () => {
    const { call, spent } = setup(10);
    await call('/v1/charts/{chart_id}');
    await call('/v1/charts/{chart_id}');
    for (const path of ['/v1/llm/chart-reading', '/v1/interpretations/natal', '/v1/llm/chart-reading/stream']) {
      const r = await call(path, {}, undefined, 'POST');
      assert.equal(r.err?.code, 'too_many_requests', path);
    }
    const rewrite = await call('/v1/interpretations', { use_llm_rewrite: true }, undefined, 'POST');
    assert.equal(rewrite.err?.code, 'too_many_requests');
    assert.equal(spent.length, 0, 'no credit was spent on an LLM feature');
    assert.equal((await call('/v1/interpretations', { use_llm_rewrite: false }, undefined, 'POST')).ok, true);
    assert.equal(spent.length, 1);
  });

  it('monthly quota wins when both are used up', async () => {
    const { call } = setup(0, { '*': { daily_quota: 5, monthly_quota: 1 } });
    await call('/v1/charts/{chart_id}');
    const r = await call('/v1/charts/{chart_id}');
    assert.deepEqual(r.err?.details, { reason: 'monthly_quota_exceeded', window: 'month', limit: 1, used: 1 });
    assert.equal(r.headers['Retry-After'], String((Date.parse('2026-12-01T00:00:00Z') - NOW) / 1000));
    assert.equal(r.headers['X-RateLimit-Reset'], String(Date.parse('2026-12-01T00:00:00Z') / 1000));
  });

  it('burst: 429 rate_limited with Retry-After', async () => {
    const { call } = setup(0, { '*': { burst_capacity: 1, refill_per_second: 0.5, daily_quota: 100 } } as any);
    assert.equal((await call('/v1/charts/{chart_id}')).ok, true);
    const r = await call('/v1/charts/{chart_id}');
    assert.equal(r.err?.code, 'rate_limited');
    assert.equal(r.headers['Retry-After'], '2');
  });

  it('auth attempts per address: the third in a window is refused, other addresses are not', async () => {
    const { call, setNow } = setup();
    for (let i = 0; i < 2; i++) assert.equal((await call('/v1/auth/login', {}, '198.51.100.1', 'POST')).ok, true);
    const r = await call('/v1/auth/signup', {}, '198.51.100.1', 'POST');
    assert.equal(r.err?.code, 'anonymous_auth_rate_limit_exceeded');
    assert.equal(r.headers['Retry-After'], '60');
    assert.equal((await call('/v1/auth/password/forgot', {}, '198.51.100.2', 'POST')).ok, true);
    assert.equal((await call('/v1/auth/refresh', {}, '198.51.100.1', 'POST')).ok, true, 'refresh is not limited');
    setNow(NOW + 60_000);
    assert.equal((await call('/v1/auth/password/reset', {}, '198.51.100.1', 'POST')).ok, true);
  });
});

describe('limiter with its counters down', () => {
  it('fails open and reports the failure', async () => {
    const errors: unknown[] = [];
    const broken = {
      admit: () => Promise.reject(new Error('redis down')),
      hit: () => Promise.reject(new Error('redis down')),
      close: async () => {},
    };
    const limiter = new Limiter(
      broken,
      () => NOW,
      async () => ({ ok: false, remaining: 0 }),
      {
        keyPrefix: 't:',
        overrides: {},
        authAttemptLimit: 1,
        authAttemptWindowSeconds: 60,
        testKeyBucket: { capacity: 10, refillPerSecond: 1 },
        feedFetchLimit: 60,
        feedFetchWindowSeconds: 3600,
        onStoreError: (err) => errors.push(err),
      },
    );
    const res = fakeRes();
    const principal = {
      kind: 'api_key',
      tenant_id: 't',
      user_id: '',
      key_id: 'k',
      scopes: [],
      plan_tier: 'free',
    } as Principal;
    await limiter.admit({
      req: { ip: '1.2.3.4' } as any,
      res: res as any,
      route: routeOf('/v1/charts/{chart_id}', 'GET'),
      principal,
      body: undefined,
      requestId: 'r',
    });
    await limiter.admit({
      req: { ip: '1.2.3.4' } as any,
      res: res as any,
      route: routeOf('/v1/auth/login', 'POST'),
      body: {},
      requestId: 'r',
    });
    assert.equal(errors.length, 2);
    assert.equal(res.headers['X-RateLimit-Limit'], undefined);
  });
});
