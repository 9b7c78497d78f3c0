// Limits through a gateway with the real plan values (spec 1-platform.md "Limits", rules 1-4): the burst
// bucket, daily and monthly quotas with their edges and the Free change date, pay-as-you-go credits, the
// anonymous auth-route limit. The gateway is started here against the test fleet, on the machine's
// Redis, with the test clock (X-Test-Now), so refills and windows are exercised without sleeping.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { createClient } from '@redis/client';
import { api, confirmLocalCheckout, expectError, expectStatus, operator } from './helpers/client.ts';
import { startGateway, type GatewayProcess } from './helpers/gateway-process.ts';
import { at, cheapCounted, fill, freeCaller, readChart } from './helpers/limits.ts';

let gw: GatewayProcess;
const prefix = `test:limits:${randomBytes(6).toString('hex')}:`;
const redis = createClient({ url: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379' });
const unix = (iso: string) => String(Date.parse(iso) / 1000);

before(async () => {
  await redis.connect();
  gw = await startGateway({
    REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
    LIMITS_TEST_CLOCK: 'true',
    LIMITS_KEY_PREFIX: prefix,
    TRUSTED_PROXIES: '127.0.0.1,::ffff:127.0.0.1,::1',
    AUTH_ATTEMPT_LIMIT: '5',
    AUTH_ATTEMPT_WINDOW_SECONDS: '60',
  });
});
after(async () => {
  redis.destroy();
  await gw?.stop();
});

describe('burst limit: token bucket per API key (Free: 60, 2 per second)', () => {
  it('60 requests at one instant pass, the 61st is 429 rate_limited with Retry-After; refills at 2/s', async () => {
    const c = await freeCaller();
    const t0 = '2026-11-21T10:00:00.000Z';
    const first = await Promise.all(Array.from({ length: 60 }, () => readChart(gw.baseUrl, c, t0)));
    assert.deepEqual(
      first.map((r) => r.status),
      Array(60).fill(200),
    );
    const limited = await readChart(gw.baseUrl, c, t0);
    const e = expectError(limited, 429, 'rate_limited');
    assert.equal(limited.headers.get('retry-after'), '1', 'one token is back after 0.5 s: Retry-After rounds up to 1');
    assert.equal(e.details?.capacity, 60);
    // Retrying inside the wait does not refill faster.
    for (const ms of [100, 250, 499]) expectError(await readChart(gw.baseUrl, c, at(t0, ms)), 429, 'rate_limited');
    expectStatus(await readChart(gw.baseUrl, c, at(t0, 500)), 200);
    expectError(await readChart(gw.baseUrl, c, at(t0, 500)), 429, 'rate_limited');
    // 1.5 s later: two more tokens (2 per second), not three.
    expectStatus(await readChart(gw.baseUrl, c, at(t0, 1500)), 200);
    expectStatus(await readChart(gw.baseUrl, c, at(t0, 1500)), 200);
    expectError(await readChart(gw.baseUrl, c, at(t0, 1500)), 429, 'rate_limited');
  });
});

describe('quotas per account (Free from 2026-11-17: 100 per day, 3000 per month)', () => {
  it('the 100th request of a day passes, the 101st is 429 too_many_requests; account routes never count', async () => {
    const c = await freeCaller();
    const day = '2026-11-21T09:00:00.000Z';
    const firstRes = await readChart(gw.baseUrl, c, day);
    expectStatus(firstRes, 200);
    assert.equal(firstRes.headers.get('x-ratelimit-limit'), '100');
    assert.equal(firstRes.headers.get('x-ratelimit-remaining'), '99');
    assert.equal(firstRes.headers.get('x-ratelimit-reset'), unix('2026-11-22T00:00:00Z'));
    await fill(gw.baseUrl, c, at(day, 1000), 98);
    // Routes under /v1/tenant/, /v1/api-keys, /v1/plans, /v1/billing/ and /v1/auth/ do not count.
    for (const p of ['/v1/tenant/plan', '/v1/api-keys', '/v1/billing/status']) {
      const r = await api('GET', p, { baseUrl: gw.baseUrl, token: c.key, headers: { 'x-test-now': at(day, 99_000) } });
      assert.notEqual(r.status, 429, p);
      assert.equal(r.headers.get('x-ratelimit-limit'), null, `${p} is not counted`);
    }
    const hundredth = await readChart(gw.baseUrl, c, at(day, 100_000));
    expectStatus(hundredth, 200);
    assert.equal(hundredth.headers.get('x-ratelimit-remaining'), '0');
    const refused = await readChart(gw.baseUrl, c, at(day, 101_000));
    const e = expectError(refused, 429, 'too_many_requests');
    assert.deepEqual(e.details, { reason: 'daily_quota_exceeded', window: 'day', limit: 100, used: 100 });
    // 09:01:41 -> midnight UTC is 14 h 58 min 19 s = 53899 s.
    assert.equal(refused.headers.get('retry-after'), '53899');
    assert.equal(refused.headers.get('x-ratelimit-limit'), '100');
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(refused.headers.get('x-ratelimit-reset'), unix('2026-11-22T00:00:00Z'));
    // A refused request is not counted: still refused, still used 100.
    assert.equal(
      expectError(await cheapCounted(gw.baseUrl, c, at(day, 102_000)), 429, 'too_many_requests').details?.used,
      100,
    );
    // The next UTC day starts afresh.
    const tomorrow = await readChart(gw.baseUrl, c, '2026-11-22T00:00:00.000Z');
    expectStatus(tomorrow, 200);
    assert.equal(tomorrow.headers.get('x-ratelimit-remaining'), '99');
  });

  it('before 2026-11-17 Free had 1000 per day: the 1000th passes, the 1001st fails; at the change date 100 apply', async () => {
    const c = await freeCaller();
    const start = '2026-11-16T08:00:00.000Z';
    await fill(gw.baseUrl, c, start, 999);
    const last = await readChart(gw.baseUrl, c, at(start, 999_000));
    expectStatus(last, 200);
    assert.equal(last.headers.get('x-ratelimit-limit'), '1000');
    assert.equal(last.headers.get('x-ratelimit-remaining'), '0');
    const e = expectError(await readChart(gw.baseUrl, c, at(start, 1_000_000)), 429, 'too_many_requests');
    assert.deepEqual(e.details, { reason: 'daily_quota_exceeded', window: 'day', limit: 1000, used: 1000 });
    // 2026-11-17T00:00:00Z: a new day under the new Free quotas (100/day; the month has 1000 of 3000 used).
    const changed = await readChart(gw.baseUrl, c, '2026-11-17T00:00:00.000Z');
    expectStatus(changed, 200);
    assert.equal(changed.headers.get('x-ratelimit-limit'), '100');
    assert.equal(changed.headers.get('x-ratelimit-remaining'), '99');
  });

  it('the 3000th request of a month passes, the next is 429 monthly_quota_exceeded', async () => {
    const c = await freeCaller();
    // December 2026. Instead of 2999 requests over 30 days, the month counter is set where they would
    // leave it (the day counter stays 0), as the sql() helper moves expiries: 2999 of 3000 used.
    await redis.set(`${prefix}{${c.tenantId}}:month:2026-12`, '2999', { expiration: { type: 'PX', value: 3_600_000 } });
    const last = await readChart(gw.baseUrl, c, '2026-12-31T12:00:00.000Z');
    expectStatus(last, 200);
    assert.equal(last.headers.get('x-ratelimit-limit'), '3000', 'the monthly window is the one closest to running out');
    assert.equal(last.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(last.headers.get('x-ratelimit-reset'), unix('2027-01-01T00:00:00Z'));
    const r = await readChart(gw.baseUrl, c, '2026-12-31T12:00:01.000Z');
    const e = expectError(r, 429, 'too_many_requests');
    assert.deepEqual(e.details, { reason: 'monthly_quota_exceeded', window: 'month', limit: 3000, used: 3000 });
    assert.equal(r.headers.get('retry-after'), String(12 * 3600 - 1), 'until 2027-01-01T00:00Z');
    expectStatus(await readChart(gw.baseUrl, c, '2027-01-01T00:00:00.000Z'), 200);
  });
});

describe('pay-as-you-go credits past the quota', () => {
  it('a bought pack pays one request each past the quota, with X-Credits-Remaining', async () => {
    const c = await freeCaller();
    const day = '2026-11-23T10:00:00.000Z';
    await fill(gw.baseUrl, c, day, 100);
    expectError(await readChart(gw.baseUrl, c, at(day, 100_000)), 429, 'too_many_requests');
    // Buy one pack through billing (local provider) and confirm the payment.
    const checkout = await api('POST', '/v1/billing/checkout', {
      token: c.key,
      body: { item: 'credits', quantity: 1 },
    });
    expectStatus(checkout, 201);
    expectStatus(await confirmLocalCheckout(c.accessToken, checkout.json.checkout_url), 200);
    const paid = await readChart(gw.baseUrl, c, at(day, 101_000));
    expectStatus(paid, 200);
    assert.equal(paid.headers.get('x-credits-remaining'), '999');
    assert.equal(paid.headers.get('x-ratelimit-remaining'), '0');
    expectStatus(await readChart(gw.baseUrl, c, at(day, 102_000)), 200);
    const status = await api('GET', '/v1/billing/status', { token: c.key });
    assert.equal(status.json.credits_remaining, 998);
    // Within the quota (the next day) no credit is used.
    const nextDay = await readChart(gw.baseUrl, c, '2026-11-24T10:00:00.000Z');
    assert.equal(nextDay.headers.get('x-credits-remaining'), null);
    assert.equal((await api('GET', '/v1/billing/status', { token: c.key })).json.credits_remaining, 998);
  });

  it('when the last credit is used the next request is 429 too_many_requests', async () => {
    const c = await freeCaller();
    const day = '2026-11-25T10:00:00.000Z';
    await fill(gw.baseUrl, c, day, 100);
    await operator(['grant-credits', c.email, '1']);
    const last = await readChart(gw.baseUrl, c, at(day, 100_000));
    expectStatus(last, 200);
    assert.equal(last.headers.get('x-credits-remaining'), '0');
    const e = expectError(await readChart(gw.baseUrl, c, at(day, 101_000)), 429, 'too_many_requests');
    assert.equal(e.details?.reason, 'daily_quota_exceeded');
  });
});

describe('anonymous auth routes: brute-force limit per client address', () => {
  it('the sixth attempt in a window from one address is 429 anonymous_auth_rate_limit_exceeded', async () => {
    const addr = `203.0.113.${10 + Math.floor(Math.random() * 200)}`;
    const t = '2026-11-21T12:00:10.000Z';
    const h = (ip: string, now = t) => ({ 'x-forwarded-for': ip, 'x-test-now': now });
    const base = gw.baseUrl;
    const wrong = { email: 'nobody@example.com', password: 'wrong-password-123' };
    expectError(
      await api('POST', '/v1/auth/login', { baseUrl: base, body: wrong, headers: h(addr) }),
      401,
      'invalid_email_or_password',
    );
    expectError(
      await api('POST', '/v1/auth/login', { baseUrl: base, body: wrong, headers: h(addr) }),
      401,
      'invalid_email_or_password',
    );
    expectStatus(
      await api('POST', '/v1/auth/password/forgot', {
        baseUrl: base,
        body: { email: 'nobody@example.com' },
        headers: h(addr),
      }),
      202,
    );
    expectError(
      await api('POST', '/v1/auth/password/reset', {
        baseUrl: base,
        body: { token: 'nope', new_password: 'Correct-Horse-Battery-Staple-42!zz' },
        headers: h(addr),
      }),
      410,
      'invalid_or_expired_reset_link',
    );
    expectError(
      await api('POST', '/v1/auth/signup', { baseUrl: base, body: { email: 'x' }, headers: h(addr) }),
      422,
      'invalid_request',
    );
    const limited = await api('POST', '/v1/auth/login', { baseUrl: base, body: wrong, headers: h(addr) });
    const e = expectError(limited, 429, 'anonymous_auth_rate_limit_exceeded');
    assert.deepEqual(e.details, { limit: 5, window_seconds: 60, retry_after_seconds: 50 });
    assert.equal(limited.headers.get('retry-after'), '50');
    // Another address is not affected; refresh is not a guessing route.
    expectError(
      await api('POST', '/v1/auth/login', {
        baseUrl: base,
        body: wrong,
        headers: h(`198.51.100.${Math.floor(Math.random() * 250)}`),
      }),
      401,
      'invalid_email_or_password',
    );
    expectError(
      await api('POST', '/v1/auth/refresh', { baseUrl: base, body: { refresh_token: 'x' }, headers: h(addr) }),
      401,
      'invalid_refresh_token',
    );
    // The next window opens at 12:01:00.
    expectError(
      await api('POST', '/v1/auth/login', { baseUrl: base, body: wrong, headers: h(addr, '2026-11-21T12:01:00.000Z') }),
      401,
      'invalid_email_or_password',
    );
  });
});
