// Usage metering durability below the HTTP layer, on real PostgreSQL: the gateway's buffer
// (gateway/src/metering) publishes batches on the event bus, the account service folds them into
// hourly rollups, and the reports read them. What must hold: records survive a gateway shutdown
// (flushed) and a consumer that was down (the bus keeps them), redeliveries are not counted twice, and
// the tenant view sums active keys only.
// Runs in a throwaway database created on TEST_DATABASE_ADMIN_URL and dropped at the end.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import pg from 'pg';
import path from 'node:path';
import { endPool, PgEventBus, type Principal, uuidv7 } from '@astro/platform';
import { runMigrations } from '@astro/platform/db/index';
import { UsageMeter, type UsageRecord } from '../gateway/src/metering/usage-meter.ts';
import { silentLog } from '../services/account/src/domain/logging.ts';
import { USAGE_TOPIC } from '../services/account/src/domain/usage/records.ts';
import { Usage } from '../services/account/src/domain/usage/usage.ts';
import { PgUsageRepository } from '../services/account/src/store/usage-store.ts';
import { FakeClock } from '../services/account/test/fakes.ts';

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `astro_usage_test_${randomBytes(5).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin(query: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query(query, params)).rows;
  } finally {
    await c.end();
  }
}

async function waitFor(cond: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const tenant = uuidv7();
const keyA = uuidv7();
const keyB = uuidv7();
const caller: Principal = {
  kind: 'session',
  tenant_id: tenant,
  user_id: uuidv7(),
  key_id: '',
  scopes: ['keys:manage'],
  plan_tier: 'free',
};

function rec(key: string, at: string, status = 200, latency = 10, route = '/v1/charts/{chart_id}'): UsageRecord {
  return { tenant_id: tenant, api_key_id: key, route, method: 'GET', status, latency_ms: latency, at };
}

describe('usage ingest on PostgreSQL', () => {
  let pool: pg.Pool;
  let repo: PgUsageRepository;
  let usage: Usage;
  const clock = new FakeClock(Date.parse('2026-11-21T10:00:00Z'));
  const buses: PgEventBus[] = [];
  const bus = () => {
    const b = new PgEventBus({ connectionString: dbUrl });
    buses.push(b);
    return b;
  };
  const total = async (key: string) =>
    (await usage.keyHourly(caller, key, { since: '2026-11-20T00:00:00Z', until: '2026-11-21T00:00:00Z' }))
      .total_requests;

  before(async () => {
    await admin(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
    await runMigrations(dbUrl, path.resolve(import.meta.dirname, '..', 'services', 'account', 'migrations'));
    pool = new pg.Pool({ connectionString: dbUrl, max: 3 });
    await pool.query(
      `INSERT INTO tenants (id, display_name, plan_tier, plan_status, status, plan_updated_at, created_at)
       VALUES ($1, 't', 'free', 'active', 'active', now(), now())`,
      [tenant],
    );
    for (const id of [keyA, keyB])
      await pool.query(
        `INSERT INTO api_keys (id, tenant_id, name, key_prefix, key_last4, key_hash, scopes, created_by, created_at, metadata)
         VALUES ($1, $2, 'k', 'ak_live_', 'abcd', $3, '{}', 'test', now(), '{}')`,
        [id, tenant, randomBytes(16).toString('hex')],
      );
    repo = new PgUsageRepository(pool);
    usage = new Usage({
      usage: repo,
      apiKeys: {
        findInTenant: async (id, t) => ((id === keyA || id === keyB) && t === tenant ? ({ id } as never) : null),
      },
      clock,
      log: silentLog,
    });
  });

  after(async () => {
    await Promise.all(buses.map((b) => b.close()));
    if (pool) await endPool(pool);
    // Every connection of this file is closed above; wait until the server has seen them go, so the
    // forced drop never kills one of ours (that surfaced as an uncaught "terminating connection").
    await waitFor(
      async () =>
        (await admin('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [dbName]))[0].n === 0,
      'every connection to the test database closed',
    );
    await admin(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
  });

  it('records buffered by a gateway that shuts down reach rollups written by a consumer started later', async () => {
    const gatewayBus = bus();
    const meter = new UsageMeter(
      { publish: (records) => gatewayBus.publish(USAGE_TOPIC, 'gw-1', { records }) },
      { flushMs: 60_000, maxBatch: 3, maxBuffered: 1000 },
    );
    for (let i = 0; i < 7; i++) meter.record(rec(keyA, `2026-11-20T09:${String(10 + i).padStart(2, '0')}:00Z`));
    await meter.close(); // the gateway's SIGTERM path: the last records go out before exit
    assert.equal(meter.buffered, 0);
    await gatewayBus.close();

    // No consumer ran so far; the account service comes up afterwards and catches up from the bus.
    const consumer = bus();
    await consumer.subscribe('account-usage', USAGE_TOPIC, (e) => usage.ingest(e));
    await waitFor(async () => (await total(keyA)) === 7, '7 requests are in the rollups');

    // The consumer restarts; only the new batch is folded in (its group resumes where it stopped).
    await consumer.close();
    const second = bus();
    await second.publish(USAGE_TOPIC, 'gw-2', { records: [rec(keyA, '2026-11-20T11:00:00Z', 500, 30)] });
    const restarted = bus();
    await restarted.subscribe('account-usage', USAGE_TOPIC, (e) => usage.ingest(e));
    await waitFor(async () => (await total(keyA)) === 8, 'the 8th request is in');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await total(keyA), 8, 'nothing counted twice after the restart');
    const r = await usage.keyHourly(caller, keyA, { since: '2026-11-20T00:00:00Z', until: '2026-11-21T00:00:00Z' });
    assert.deepEqual(
      r.buckets.map((b) => [b.bucket_hour, b.requests, b.errors_5xx]),
      [
        ['2026-11-20T09:00:00.000Z', 7, 0],
        ['2026-11-20T11:00:00.000Z', 1, 1],
      ],
    );
  });

  it('a redelivered event (same id) is counted once', async () => {
    const event = {
      id: `evt-${randomBytes(4).toString('hex')}`,
      payload: { records: [rec(keyB, '2026-11-20T15:00:00Z')] },
    };
    await usage.ingest(event);
    await usage.ingest(event);
    assert.equal(await total(keyB), 1);
  });

  it('concurrent batches for one row add up (the histogram merge is atomic in SQL)', async () => {
    const batches = Array.from({ length: 10 }, (_, i) => ({
      id: `evt-c-${i}-${randomBytes(3).toString('hex')}`,
      payload: { records: Array.from({ length: 3 }, (_, j) => rec(keyB, '2026-11-20T16:30:00Z', 200, 1 + i * 3 + j)) },
    }));
    await Promise.all(batches.map((b) => usage.ingest(b)));
    const r = await usage.keyEndpoints(caller, keyB, { since: '2026-11-20T16:00:00Z', until: '2026-11-20T17:00:00Z' });
    assert.equal(r.total_requests, 30);
    // 30 latencies 1..30 ms: nearest rank ceil(0.95 x 30) = 29th = 29 ms (Wikipedia "Percentile").
    const p = r.buckets[0]!.latency_p95_ms;
    assert.ok(p !== null && p >= 29 && p <= 29 * 2 ** (1 / 16) + 0.01, String(p));
  });

  it('tenant view: sums the active keys, drops a revoked key, ignores session traffic', async () => {
    await usage.ingest({
      id: `evt-s-${randomBytes(3).toString('hex')}`,
      payload: { records: [{ ...rec(keyA, '2026-11-20T18:00:00Z'), api_key_id: null }] },
    });
    const w = { since: '2026-11-20T00:00:00Z', until: '2026-11-21T00:00:00Z' };
    const a = (await usage.keyHourly(caller, keyA, w)).total_requests;
    const b = (await usage.keyHourly(caller, keyB, w)).total_requests;
    assert.equal((await usage.tenantHourly(caller, w)).total_requests, a + b);
    await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyB]);
    assert.equal((await usage.tenantHourly(caller, w)).total_requests, a);
    assert.equal((await usage.keyHourly(caller, keyB, w)).total_requests, b, 'a revoked key keeps its history');
  });
});
