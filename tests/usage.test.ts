// Usage reports end to end (spec 1-platform.md "Usage buckets", "Plans and usage", API keys): real
// traffic through the gateway is metered and shows up per key and per route template; past hours are
// fed as usage.recorded batches on the event bus (the gateway's own contract with the account service),
// so windows, hourly gaps, ordering and p95 are checked against known inputs.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { PgEventBus } from '@astro/platform';
import {
  api,
  createKey,
  expectError,
  expectStatus,
  invalidFields,
  operator,
  signup,
  sleep,
  type SignedUp,
} from './helpers/client.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const STEP = 2 ** (1 / 16); // p95 is reported as the upper bound of a log bucket: within [exact, exact x STEP]
const DAY = '?since=2026-11-10T00:00:00Z&until=2026-11-11T00:00:00Z';

let bus: PgEventBus | undefined;
function publisher(): PgEventBus {
  const url = process.env.BUS_DATABASE_URL;
  assert.ok(url, 'BUS_DATABASE_URL is set (run through scripts/test.ts)');
  return (bus ??= new PgEventBus({ connectionString: url }));
}
after(() => bus?.close());

interface Rec {
  key: string;
  at: string;
  route?: string;
  status?: number;
  latency?: number;
}

/** Publishes a batch as the gateway would (the usage.recorded contract). */
async function publish(tenant: string, recs: Rec[]) {
  await publisher().publish('usage.recorded', 'e2e', {
    records: recs.map((r) => ({
      tenant_id: tenant,
      api_key_id: r.key,
      route: r.route ?? '/v1/charts/{chart_id}',
      method: 'GET',
      status: r.status ?? 200,
      latency_ms: r.latency ?? 5,
      at: r.at,
    })),
  });
}

async function until(path: string, token: string, ok: (body: any) => boolean, what: string): Promise<any> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await api('GET', path, { token });
    expectStatus(r, 200);
    if (ok(r.json)) return r.json;
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}; last: ${r.text.slice(0, 400)}`);
    await sleep(250);
  }
}

describe('usage reports', () => {
  let u: SignedUp;
  let keyA: Awaited<ReturnType<typeof createKey>>;
  let keyB: Awaited<ReturnType<typeof createKey>>;
  let chartId: string;

  before(async () => {
    u = await signup();
    await operator(['set-plan', u.email, 'pro']); // two active keys (Free allows one)
    keyA = await createKey(u.accessToken, ['charts:read', 'charts:write', 'keys:manage']);
    keyB = await createKey(u.accessToken, ['charts:read']);
    // Past traffic with known numbers, 2026-11-10: key B has 20 requests at 08:xx (latencies 1..20 ms),
    // nothing at 09:xx, 3 failing at 10:xx and 2 on /v1/charts at 10:xx; key A has 4 at 10:xx.
    await publish(u.tenant.id, [
      ...Array.from({ length: 20 }, (_, i) => ({
        key: keyB.id,
        at: `2026-11-10T08:${String(i + 10)}:00Z`,
        latency: i + 1,
      })),
      {
        key: keyB.id,
        at: '2026-11-10T10:05:00Z',
        route: '/v1/vedic/charts/{chart_id}/dashas/vimshottari',
        status: 500,
      },
      {
        key: keyB.id,
        at: '2026-11-10T10:06:00Z',
        route: '/v1/vedic/charts/{chart_id}/dashas/vimshottari',
        status: 404,
      },
      {
        key: keyB.id,
        at: '2026-11-10T10:07:00Z',
        route: '/v1/vedic/charts/{chart_id}/dashas/vimshottari',
        status: 503,
      },
      { key: keyB.id, at: '2026-11-10T10:08:00Z', route: '/v1/charts', status: 201 },
      { key: keyB.id, at: '2026-11-10T10:59:59Z', route: '/v1/charts', status: 201 },
    ]);
    await publish(
      u.tenant.id,
      Array.from({ length: 4 }, (_, i) => ({ key: keyA.id, at: `2026-11-10T10:1${i}:00Z`, route: '/v1/charts' })),
    );
  });

  it('meters real requests per key with the route template (ids collapsed), status classes and no p95 under 20 samples', async () => {
    const created = await api('POST', '/v1/charts', { token: keyA.plaintext, body: { birth } });
    expectStatus(created, 201);
    chartId = created.json.id;
    for (let i = 0; i < 3; i++) expectStatus(await api('GET', `/v1/charts/${chartId}`, { token: keyA.plaintext }), 200);
    expectError(
      await api('GET', '/v1/charts/01900000-0000-7000-8000-000000000000', { token: keyA.plaintext }),
      404,
      'chart_not_found',
    );
    // 5 requests by key A now (the usage reads below use the session, which is not a key's traffic).
    const report = await until(
      `/v1/api-keys/${keyA.id}/usage`,
      u.accessToken,
      (b) => b.total_requests >= 5,
      'key A shows 5 requests',
    );
    assert.equal(report.total_requests, 5);
    assert.equal(report.total_errors, 1);
    const sum = report.buckets.reduce((n: number, b: any) => n + b.requests, 0);
    assert.equal(sum, 5);
    for (const b of report.buckets) {
      assert.match(b.bucket_hour, /T\d{2}:00:00(\.000)?Z$/, 'buckets start on the hour, UTC');
      assert.equal(b.latency_p95_ms, null);
      assert.ok(!('endpoint_path' in b));
    }
    const ep = await api('GET', `/v1/api-keys/${keyA.id}/usage/endpoints`, { token: u.accessToken });
    expectStatus(ep, 200);
    assert.deepEqual(
      ep.json.buckets.map((b: any) => [b.endpoint_path, b.requests, b.errors_4xx, b.errors_5xx]),
      [
        ['/v1/charts/{chart_id}', 4, 1, 0],
        ['/v1/charts', 1, 0, 0],
      ],
    );
    assert.ok(ep.json.buckets.every((b: any) => !('bucket_hour' in b)));
  });

  it('hourly buckets only for hours with traffic, with p95 from 20 samples', async () => {
    const r = await until(
      `/v1/api-keys/${keyB.id}/usage${DAY}`,
      u.accessToken,
      (b) => b.total_requests >= 25,
      'the published batch is folded in',
    );
    assert.equal(r.since, '2026-11-10T00:00:00.000Z');
    assert.equal(r.until, '2026-11-11T00:00:00.000Z');
    assert.equal(r.total_requests, 25);
    assert.equal(r.total_errors, 3);
    assert.deepEqual(
      r.buckets.map((b: any) => [b.bucket_hour, b.requests, b.errors_4xx, b.errors_5xx]),
      [
        ['2026-11-10T08:00:00.000Z', 20, 0, 0],
        ['2026-11-10T10:00:00.000Z', 5, 1, 2],
      ],
    );
    // 20 latencies 1..20 ms: nearest rank ceil(0.95 x 20) = 19th value = 19 ms (Wikipedia "Percentile").
    const p = r.buckets[0].latency_p95_ms;
    assert.ok(typeof p === 'number' && p >= 19 && p <= 19 * STEP + 0.01, `p95 ${p}`);
    assert.equal(r.buckets[1].latency_p95_ms, null, '5 samples are too few');
    // A window covering only 09:00-10:00 has no traffic: no zero-filled bucket.
    const gap = await api(
      'GET',
      `/v1/api-keys/${keyB.id}/usage?since=2026-11-10T09:00:00Z&until=2026-11-10T10:00:00Z`,
      { token: u.accessToken },
    );
    expectStatus(gap, 200);
    assert.deepEqual(gap.json.buckets, []);
    assert.equal(gap.json.total_requests, 0);
    // Offsets are honoured: 10:00+02:00 is 08:00Z, so this window holds exactly the 08:00 hour.
    const offset = await api(
      'GET',
      `/v1/api-keys/${keyB.id}/usage?since=${encodeURIComponent('2026-11-10T10:00:00+02:00')}&until=${encodeURIComponent('2026-11-10T11:00:00+02:00')}`,
      { token: u.accessToken },
    );
    assert.equal(offset.json.total_requests, 20);
  });

  it('endpoint view: busiest first; limit bounds the list while total_requests counts the window', async () => {
    const all = await api('GET', `/v1/api-keys/${keyB.id}/usage/endpoints${DAY}`, { token: u.accessToken });
    expectStatus(all, 200);
    assert.deepEqual(
      all.json.buckets.map((b: any) => [b.endpoint_path, b.requests]),
      [
        ['/v1/charts/{chart_id}', 20],
        ['/v1/vedic/charts/{chart_id}/dashas/vimshottari', 3],
        ['/v1/charts', 2],
      ],
    );
    const one = await api('GET', `/v1/api-keys/${keyB.id}/usage/endpoints${DAY}&limit=1`, { token: u.accessToken });
    expectStatus(one, 200);
    assert.equal(one.json.buckets.length, 1);
    assert.equal(one.json.buckets[0].endpoint_path, '/v1/charts/{chart_id}');
    assert.equal(one.json.total_requests, 25, 'the whole window, more than the returned buckets');
    expectStatus(
      await api('GET', `/v1/api-keys/${keyB.id}/usage/endpoints${DAY}&limit=100`, { token: u.accessToken }),
      200,
    );
    for (const bad of ['0', '101']) {
      const e = expectError(
        await api('GET', `/v1/api-keys/${keyB.id}/usage/endpoints${DAY}&limit=${bad}`, { token: u.accessToken }),
        422,
        'invalid_request',
      );
      assert.deepEqual(invalidFields(e), ['limit']);
      expectError(
        await api('GET', `/v1/tenant/usage/endpoints?limit=${bad}`, { token: u.accessToken }),
        422,
        'invalid_request',
      );
    }
  });

  it('tenant views sum the active keys; a revoked key drops out of them but keeps its own history', async () => {
    const t = await until(`/v1/tenant/usage${DAY}`, u.accessToken, (b) => b.total_requests >= 29, 'both keys are in');
    assert.equal(t.total_requests, 29);
    assert.deepEqual(
      t.buckets.map((b: any) => [b.bucket_hour, b.requests]),
      [
        ['2026-11-10T08:00:00.000Z', 20],
        ['2026-11-10T10:00:00.000Z', 9],
      ],
    );
    const te = await api('GET', `/v1/tenant/usage/endpoints${DAY}`, { token: keyA.plaintext }); // an API key with keys:manage
    expectStatus(te, 200);
    assert.deepEqual(
      te.json.buckets.map((b: any) => [b.endpoint_path, b.requests]),
      [
        ['/v1/charts/{chart_id}', 20],
        ['/v1/charts', 6],
        ['/v1/vedic/charts/{chart_id}/dashas/vimshottari', 3],
      ],
    );
    expectStatus(await api('POST', `/v1/api-keys/${keyB.id}/revoke`, { token: u.accessToken, body: {} }), 200);
    const after = await api('GET', `/v1/tenant/usage${DAY}`, { token: u.accessToken });
    assert.equal(after.json.total_requests, 4);
    const own = await api('GET', `/v1/api-keys/${keyB.id}/usage${DAY}`, { token: u.accessToken });
    assert.equal(own.json.total_requests, 25);
  });

  it('default window: until = now, since = until - 7 days', async () => {
    const before = Date.now();
    const r = await api('GET', '/v1/tenant/usage', { token: u.accessToken });
    expectStatus(r, 200);
    const until = Date.parse(r.json.until);
    assert.ok(until >= before - 1000 && until <= Date.now() + 1000, r.json.until);
    assert.equal(until - Date.parse(r.json.since), 7 * 86_400_000);
  });

  it('422 naive_datetime, invalid_range, range_too_large (details.max_days 90) on every usage route', async () => {
    const routes = [
      '/v1/tenant/usage',
      '/v1/tenant/usage/endpoints',
      `/v1/api-keys/${keyA.id}/usage`,
      `/v1/api-keys/${keyA.id}/usage/endpoints`,
    ];
    for (const r of routes) {
      expectError(await api('GET', `${r}?since=2026-11-10T00:00:00`, { token: u.accessToken }), 422, 'naive_datetime');
      expectError(
        await api('GET', `${r}?since=2026-11-01T00:00:00Z&until=2026-11-10`, { token: u.accessToken }),
        422,
        'naive_datetime',
      );
      expectError(
        await api('GET', `${r}?since=2026-11-10T00:00:00Z&until=2026-11-10T00:00:00Z`, { token: u.accessToken }),
        422,
        'invalid_range',
      );
      expectError(
        await api('GET', `${r}?since=2026-11-10T00:00:00Z&until=2026-11-09T00:00:00Z`, { token: u.accessToken }),
        422,
        'invalid_range',
      );
      const big = expectError(
        await api('GET', `${r}?since=2026-08-01T00:00:00Z&until=2026-10-30T00:00:01Z`, { token: u.accessToken }),
        422,
        'range_too_large',
      );
      assert.equal(big.details?.max_days, 90);
      expectStatus(
        await api('GET', `${r}?since=2026-08-01T00:00:00Z&until=2026-10-30T00:00:00Z`, { token: u.accessToken }),
        200,
      );
      expectError(await api('GET', `${r}?since=last-week`, { token: u.accessToken }), 422, 'invalid_request');
    }
  });

  it("another tenant's key id (or no key at all) -> 404 api_key_not_found; the scope is keys:manage", async () => {
    const v = await signup();
    for (const p of [
      `/v1/api-keys/${keyA.id}/usage`,
      `/v1/api-keys/${keyA.id}/usage/endpoints`,
      '/v1/api-keys/not-a-uuid/usage',
      '/v1/api-keys/01900000-0000-7000-8000-000000000000/usage/endpoints',
    ])
      expectError(await api('GET', p, { token: v.accessToken }), 404, 'api_key_not_found');
    // The other tenant sees none of this tenant's traffic.
    const theirs = await api('GET', `/v1/tenant/usage${DAY}`, { token: v.accessToken });
    assert.equal(theirs.json.total_requests, 0);
    const noScope = await createKey(v.accessToken, ['charts:read']);
    const e = expectError(await api('GET', '/v1/tenant/usage', { token: noScope.plaintext }), 403, 'missing_scope');
    assert.equal(e.details?.required, 'keys:manage');
  });
});
