// Test keys (issue 21 item 5, docs/test-keys.md) through the gateway: `mode: test` mints an ak_test_
// key that reaches the same routes with the same JSON as a live key, is marked by X-Astro-Key-Mode on
// every response, never counts toward quotas or spends credits, has its own small burst bucket, never
// reaches a paid LLM provider, and is reported apart (mode) in the usage reports. Listing, revocation
// and cross-tenant answers are those of live keys.
//
// Three fleets: the shared test fleet (contract, listing, revocation, usage, cross-tenant); an extra
// gateway with the real plan limits, a test clock and TEST_KEY_BURST_CAPACITY=3 (quotas, burst); and
// a side llm service + gateway on fake OpenAI-compatible providers (tests/helpers/llm-fleet.ts) that
// count the calls they get.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { PgEventBus } from '@astro/platform';
import {
  api,
  createKey,
  expectError,
  expectStatus,
  expectUnauthorized,
  invalidFields,
  operator,
  signup,
  sleep,
  type SignedUp,
} from './helpers/client.ts';
import { startGateway, stopStartedGateways, type GatewayProcess } from './helpers/gateway-process.ts';
import { at, cheapCounted, fill, type LimitedCaller } from './helpers/limits.ts';
import { startFakeOpenAi, startSideFleet, type FakeOpenAi, type SideFleet } from './helpers/llm-fleet.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const SCOPES = ['charts:read', 'charts:write', 'keys:manage', 'interpretations:write'];

interface Tenant {
  s: SignedUp;
  live: string;
  liveId: string;
  test: string;
  testId: string;
  chartId: string;
}

/** A new account with one live and one test key (Free allows one active key of each mode). */
async function tenant(plan: 'free' | 'pro' = 'free', baseUrl?: string): Promise<Tenant> {
  const s = await signup();
  if (plan !== 'free') await operator(['set-plan', s.email, plan]);
  const live = await createKey(s.accessToken, SCOPES);
  const test = await api('POST', '/v1/api-keys', {
    token: s.accessToken,
    body: { name: 'sandbox', scopes: SCOPES, mode: 'test' },
  });
  expectStatus(test, 201);
  const chart = await api('POST', '/v1/charts', { baseUrl, token: live.plaintext, body: { birth } });
  expectStatus(chart, 201);
  return {
    s,
    live: live.plaintext,
    liveId: live.id,
    test: test.json.plaintext,
    testId: test.json.id,
    chartId: chart.json.id,
  };
}

describe('creating and listing test keys', () => {
  it('mode test gives an ak_test_ key; mode defaults to live; listing shows each mode', async () => {
    const s = await signup();
    const live = await createKey(s.accessToken, ['charts:read']);
    assert.equal(live.plaintext.slice(0, 8), 'ak_live_');
    assert.equal(live.mode, 'live', 'mode omitted = live');
    const r = await api('POST', '/v1/api-keys', {
      token: s.accessToken,
      body: { name: 'sandbox', scopes: ['charts:read'], mode: 'test' },
    });
    expectStatus(r, 201);
    assert.match(r.json.plaintext, /^ak_test_[0-9A-Za-z]{49}$/);
    assert.equal(r.json.mode, 'test');
    assert.equal(r.json.key_prefix.slice(0, 8), 'ak_test_');
    assert.equal(r.json.display, `${r.json.key_prefix}…${r.json.key_last4}`);
    const list = await api('GET', '/v1/api-keys', { token: s.accessToken });
    expectStatus(list, 200);
    assert.deepEqual(
      list.json.keys.map((k: any) => [k.id, k.mode]),
      [
        [r.json.id, 'test'],
        [live.id, 'live'],
      ],
    );
    assert.ok(list.json.keys.every((k: any) => !('plaintext' in k)));
  });

  it('an unknown mode is 422 invalid_request naming the field', async () => {
    const s = await signup();
    const e = expectError(
      await api('POST', '/v1/api-keys', {
        token: s.accessToken,
        body: { name: 'x', scopes: ['charts:read'], mode: 'sandbox' },
      }),
      422,
      'invalid_request',
    );
    assert.deepEqual(invalidFields(e), ['mode']);
  });

  it('Free: one active key per mode; a second test key is 403 api_key_limit_reached', async () => {
    const t = await tenant();
    const e = expectError(
      await api('POST', '/v1/api-keys', {
        token: t.s.accessToken,
        body: { name: 'again', scopes: ['charts:read'], mode: 'test' },
      }),
      403,
      'api_key_limit_reached',
    );
    assert.deepEqual(e.details, { plan: 'free', limit: 1 });
  });
});

describe('the same contract as a live key', () => {
  it('a calculation and a stored chart answer the same JSON to both keys; X-Astro-Key-Mode says which', async () => {
    const t = await tenant();
    for (const path of [
      `/v1/charts/${t.chartId}`,
      `/v1/vedic/charts/${t.chartId}/dashas/vimshottari?depth=2`,
      `/v1/vedic/charts/${t.chartId}/divisional/D9`,
    ]) {
      const live = await api('GET', path, { token: t.live });
      const test = await api('GET', path, { token: t.test });
      expectStatus(live, 200);
      expectStatus(test, 200);
      assert.deepEqual(test.json, live.json, path);
      assert.equal(live.headers.get('x-astro-key-mode'), 'live', path);
      assert.equal(test.headers.get('x-astro-key-mode'), 'test', path);
    }
  });

  it('errors are the same too, and marked: 404 chart_not_found, 403 missing_scope', async () => {
    const t = await tenant();
    const missing = '01900000-0000-7000-8000-000000000000';
    const r = await api('GET', `/v1/charts/${missing}`, { token: t.test });
    expectError(r, 404, 'chart_not_found');
    assert.equal(r.headers.get('x-astro-key-mode'), 'test');
    // Free allows one active test key: revoke the first to mint a narrower one.
    expectStatus(await api('POST', `/v1/api-keys/${t.testId}/revoke`, { token: t.s.accessToken }), 200);
    const narrow = await api('POST', '/v1/api-keys', {
      token: t.s.accessToken,
      body: { name: 'narrow', scopes: ['charts:read'], mode: 'test' },
    });
    expectStatus(narrow, 201);
    const denied = await api('DELETE', `/v1/charts/${t.chartId}`, { token: narrow.json.plaintext });
    expectError(denied, 403, 'missing_scope');
    assert.equal(denied.headers.get('x-astro-key-mode'), 'test');
  });

  it('a test key writes like a live key: the chart it creates is the tenant’s', async () => {
    const t = await tenant();
    const c = await api('POST', '/v1/charts', { token: t.test, body: { birth } });
    expectStatus(c, 201);
    expectStatus(await api('GET', `/v1/charts/${c.json.id}`, { token: t.live }), 200);
  });

  it('revocation works the same: the next request is 401 revoked', async () => {
    const t = await tenant();
    expectStatus(await api('GET', `/v1/charts/${t.chartId}`, { token: t.test }), 200);
    const rev = await api('POST', `/v1/api-keys/${t.testId}/revoke`, { token: t.s.accessToken });
    expectStatus(rev, 200);
    assert.equal(rev.json.mode, 'test');
    assert.ok(rev.json.revoked_at);
    expectUnauthorized(await api('GET', `/v1/charts/${t.chartId}`, { token: t.test }), 'revoked');
    expectStatus(await api('GET', `/v1/charts/${t.chartId}`, { token: t.live }), 200);
  });

  it('cross-tenant: another tenant’s test key gets 404 for the chart and for the key', async () => {
    const a = await tenant();
    const b = await tenant();
    expectError(await api('GET', `/v1/charts/${a.chartId}`, { token: b.test }), 404, 'chart_not_found');
    expectError(
      await api('POST', `/v1/api-keys/${a.testId}/revoke`, { token: b.s.accessToken }),
      404,
      'api_key_not_found',
    );
    expectError(await api('GET', `/v1/api-keys/${a.testId}/usage`, { token: b.test }), 404, 'api_key_not_found');
    // a's key still works: b's attempt revoked nothing.
    expectStatus(await api('GET', `/v1/charts/${a.chartId}`, { token: a.test }), 200);
  });
});

describe('usage reports mark test traffic', () => {
  let bus: PgEventBus | undefined;
  after(() => bus?.close());
  const DAY = '?since=2026-11-10T00:00:00Z&until=2026-11-11T00:00:00Z';

  /** Publishes a batch as the gateway does (the usage.recorded contract), at known instants. */
  async function publish(tenantId: string, recs: { key: string; at: string; route?: string }[]) {
    const url = process.env.BUS_DATABASE_URL;
    assert.ok(url, 'BUS_DATABASE_URL is set (run through scripts/test.ts)');
    bus ??= new PgEventBus({ connectionString: url });
    await bus.publish('usage.recorded', 'e2e-test-keys', {
      records: recs.map((r) => ({
        tenant_id: tenantId,
        api_key_id: r.key,
        route: r.route ?? '/v1/charts/{chart_id}',
        method: 'GET',
        status: 200,
        latency_ms: 5,
        at: r.at,
      })),
    });
  }

  async function until(path: string, token: string, ok: (b: any) => boolean): Promise<any> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const r = await api('GET', path, { token });
      expectStatus(r, 200);
      if (ok(r.json)) return r.json;
      assert.ok(Date.now() < deadline, `usage did not arrive: ${JSON.stringify(r.json)}`);
      await sleep(250);
    }
  }

  it('buckets carry mode; live and test never share one; test_requests counts the test part', async () => {
    const t = await tenant();
    const tid = t.s.tenant.id;
    await publish(tid, [
      { key: t.liveId, at: '2026-11-10T09:05:00Z' },
      { key: t.liveId, at: '2026-11-10T09:10:00Z' },
      { key: t.testId, at: '2026-11-10T09:15:00Z' },
      { key: t.testId, at: '2026-11-10T09:20:00Z' },
      { key: t.testId, at: '2026-11-10T09:25:00Z', route: '/v1/charts' },
    ]);
    const hourly = await until(`/v1/tenant/usage${DAY}`, t.s.accessToken, (b) => b.total_requests === 5);
    assert.deepEqual(
      hourly.buckets.map((b: any) => [b.bucket_hour, b.mode, b.requests]),
      [
        ['2026-11-10T09:00:00.000Z', 'live', 2],
        ['2026-11-10T09:00:00.000Z', 'test', 3],
      ],
    );
    assert.equal(hourly.test_requests, 3);
    const ep = await api('GET', `/v1/tenant/usage/endpoints${DAY}`, { token: t.s.accessToken });
    expectStatus(ep, 200);
    assert.deepEqual(
      ep.json.buckets.map((b: any) => [b.endpoint_path, b.mode, b.requests]),
      [
        ['/v1/charts/{chart_id}', 'live', 2],
        ['/v1/charts/{chart_id}', 'test', 2],
        ['/v1/charts', 'test', 1],
      ],
    );
    const perKey = await api('GET', `/v1/api-keys/${t.testId}/usage${DAY}`, { token: t.s.accessToken });
    expectStatus(perKey, 200);
    assert.equal(perKey.json.total_requests, 3);
    assert.equal(perKey.json.test_requests, 3);
    assert.ok(perKey.json.buckets.every((b: any) => b.mode === 'test'));
  });

  it('the gateway meters real test-key traffic under the test key', async () => {
    const t = await tenant();
    for (let i = 0; i < 3; i++) expectStatus(await api('GET', `/v1/charts/${t.chartId}`, { token: t.test }), 200);
    const r = await until(`/v1/api-keys/${t.testId}/usage/endpoints`, t.s.accessToken, (b) => b.test_requests >= 3);
    assert.deepEqual(
      r.buckets.map((b: any) => [b.endpoint_path, b.mode, b.requests]),
      [['/v1/charts/{chart_id}', 'test', 3]],
    );
  });
});

describe('limits: no quota, no credits, an own burst bucket (real plan values, test clock)', () => {
  let gw: GatewayProcess;
  before(async () => {
    gw = await startGateway({
      REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
      LIMITS_TEST_CLOCK: 'true',
      LIMITS_KEY_PREFIX: `test:testkeys:${randomBytes(6).toString('hex')}:`,
      TEST_KEY_BURST_CAPACITY: '3',
      TEST_KEY_REFILL_PER_SECOND: '1',
    });
  });
  after(() => stopStartedGateways());

  const caller = (t: Tenant, key: string): LimitedCaller => ({
    email: t.s.email,
    tenantId: t.s.tenant.id,
    accessToken: t.s.accessToken,
    key,
    chartId: t.chartId,
  });
  const read = (t: Tenant, key: string, now: string) =>
    api('GET', `/v1/charts/${t.chartId}`, { baseUrl: gw.baseUrl, token: key, headers: { 'x-test-now': now } });

  it('test-key requests leave the quota counters unchanged and carry no X-RateLimit headers', async () => {
    const t = await tenant();
    const t0 = '2026-11-21T10:00:00.000Z';
    const first = await read(t, t.live, t0);
    expectStatus(first, 200);
    // Free from 2026-11-17: 100 requests a day (spec 1-platform.md "Limits").
    assert.equal(first.headers.get('x-ratelimit-limit'), '100');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '99');
    for (let i = 0; i < 3; i++) {
      const r = await read(t, t.test, at(t0, i * 1000));
      expectStatus(r, 200);
      assert.equal(r.headers.get('x-ratelimit-remaining'), null);
      assert.equal(r.headers.get('x-astro-key-mode'), 'test');
    }
    const after = await read(t, t.live, at(t0, 5000));
    assert.equal(after.headers.get('x-ratelimit-remaining'), '98', 'only the two live requests counted');
  });

  it('a used-up daily quota (no credits) refuses the live key, never the test key', async () => {
    const t = await tenant();
    const t0 = '2026-11-22T08:00:00.000Z';
    await fill(gw.baseUrl, caller(t, t.live), t0, 100);
    const refused = await cheapCounted(gw.baseUrl, caller(t, t.live), at(t0, 200_000));
    expectError(refused, 429, 'too_many_requests');
    const served = await read(t, t.test, at(t0, 200_000));
    expectStatus(served, 200);
    assert.equal(served.headers.get('x-credits-remaining'), null, 'no credit paid for it');
  });

  it('the test key’s own bucket: 3 at one instant, the 4th is 429 rate_limited with capacity 3; 1 per second back', async () => {
    const t = await tenant();
    const t0 = '2026-11-23T10:00:00.000Z';
    for (let i = 0; i < 3; i++) expectStatus(await read(t, t.test, t0), 200);
    const limited = await read(t, t.test, t0);
    const e = expectError(limited, 429, 'rate_limited');
    assert.equal(e.details?.capacity, 3);
    assert.equal(e.details?.refill_per_second, 1);
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.equal(limited.headers.get('x-astro-key-mode'), 'test');
    // The live key of the same tenant keeps the plan's bucket (Free: 60).
    expectStatus(await read(t, t.live, t0), 200);
    expectError(await read(t, t.test, at(t0, 999)), 429, 'rate_limited');
    expectStatus(await read(t, t.test, at(t0, 1000)), 200);
  });
});

describe('LLM routes: a test key never reaches a paid provider', () => {
  let A: FakeOpenAi;
  let side: SideFleet;
  before(async () => {
    A = await startFakeOpenAi();
    side = await startSideFleet({
      LLM_PROVIDERS: JSON.stringify([
        {
          name: 'paid',
          base_url: A.url,
          api_key: 'sk-test-a',
          models: { basic: 'm-small', standard: 'm-medium', premium: 'm-large' },
        },
      ]),
      LLM_CACHE_TTL_SECONDS: '0',
    });
  });
  after(async () => {
    await side?.stop();
    await A?.close();
  });

  const reading = (t: Tenant, key: string, stream = false) =>
    api('POST', `/v1/llm/chart-reading${stream ? '/stream' : ''}?chart_id=${t.chartId}&language=en`, {
      baseUrl: side.baseUrl,
      token: key,
    });

  it('plain and streamed readings with a test key: written offline, the provider gets no request', async () => {
    const t = await tenant('pro', side.baseUrl);
    A.requests = [];
    const r = await reading(t, t.test);
    expectStatus(r, 200);
    assert.equal(r.headers.get('x-astro-key-mode'), 'test');
    assert.ok(r.json.content.length > 0);
    const s = await reading(t, t.test, true);
    expectStatus(s, 200);
    assert.match(s.text, /event: done/);
    assert.equal(A.requests.length, 0, 'the paid provider was never called for the test key');
    // The same route with the live key does reach it: the count above can fail.
    const live = await reading(t, t.live);
    expectStatus(live, 200);
    assert.equal(A.requests.length, 1);
  });

  it('the same contract: Free is 403 plan_feature_unavailable for a test key too', async () => {
    const t = await tenant('free', side.baseUrl);
    const e = expectError(await reading(t, t.test), 403, 'plan_feature_unavailable');
    assert.equal(e.details?.plan, 'free');
  });
});
