// Chart creation's write against a real PostgreSQL (the service's migrations): creations that arrive
// together share statements (write-batcher.ts), each chart still lands with its chart.created outbox
// row in the same statement, and a row the database refuses fails only its own creation.
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import pg from 'pg';
import { initEphemeris } from '@astro/astro-core';
import { endPool, uuidv7 } from '@astro/platform';
import { ensureDatabase, runMigrations } from '@astro/platform/db/index';
import { validateChartRequest } from '../src/domain/chart-input.ts';
import { computeRecord, type ChartRecord } from '../src/domain/chart-record.ts';
import { chartCreatedEvent } from '../src/domain/chart-use-cases.ts';
import { ChartStore } from '../src/store/chart-store.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '..', 'migrations');
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `astro_chart_store_${process.pid}_${Date.now().toString(36)}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

let pool: pg.Pool;
let statements = 0;

function record(tenantId: string, minute: number): ChartRecord {
  const req = validateChartRequest({
    birth: { moment: `1990-05-15T10:${String(minute).padStart(2, '0')}:00+05:30`, latitude: 28.61, longitude: 77.21 },
  });
  return computeRecord(uuidv7(), tenantId, req, new Date());
}

describe('chart store: creation', () => {
  before(async () => {
    initEphemeris({});
    await ensureDatabase(adminUrl, dbName);
    await runMigrations(dbUrl.toString(), MIGRATIONS);
    pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
    // Count the statements that reach PostgreSQL through the store.
    const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (...a: unknown[]) => {
      statements++;
      return query(...a);
    };
  });

  after(async () => {
    await endPool(pool);
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
  });

  it('creations that arrive together share statements; each chart lands with its own event', async () => {
    const store = new ChartStore(pool);
    const tenant = uuidv7();
    const records = Array.from({ length: 20 }, (_, i) => record(tenant, i));
    const before = statements;
    await Promise.all(records.map((r) => store.insertWithEvent(r, chartCreatedEvent(r))));
    assert.ok(statements - before < records.length, `${statements - before} statements for ${records.length} charts`);
    for (const r of records) {
      const stored = await store.find(tenant, r.id);
      assert.deepEqual(stored?.planets, r.planets, `chart ${r.id} stored whole`);
    }
    const { rows } = await pool.query<{ chart_id: string; topic: string; key: string }>(
      "SELECT payload->>'chart_id' AS chart_id, topic, key FROM outbox WHERE key = $1",
      [tenant],
    );
    assert.deepEqual(
      rows.map((r) => r.chart_id).sort(),
      records.map((r) => r.id).sort(),
      'one chart.created per chart',
    );
    assert.ok(rows.every((r) => r.topic === 'chart.created'));
  });

  it("with this process's relay to wake, a creation sends no NOTIFY and wakes the relay once its rows are committed", async () => {
    const tenant = uuidv7();
    const listener = await pool.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query('LISTEN outbox');
    // What a relay woken at that moment would find: the tenant's outbox rows, counted on another connection
    // (not through the pool, whose statements the test counts).
    const foundAtWake: Promise<number>[] = [];
    const store = new ChartStore(pool, () =>
      foundAtWake.push(
        listener
          .query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE key = $1', [tenant])
          .then((r) => r.rows[0]!.n),
      ),
    );
    try {
      const records = Array.from({ length: 8 }, (_, i) => record(tenant, i));
      const before = statements;
      await Promise.all(records.map((r) => store.insertWithEvent(r, chartCreatedEvent(r))));
      const written = statements - before;
      await new Promise((r) => setTimeout(r, 300)); // a NOTIFY would have arrived by now
      assert.equal(foundAtWake.length, written, 'one wake-up per creation statement');
      const found = await Promise.all(foundAtWake);
      assert.ok(
        found.every((n) => n > 0),
        `committed rows at every wake-up: ${found.join(', ')}`,
      );
      assert.deepEqual(heard, [], 'no NOTIFY on the outbox channel');
      // Without a relay to wake (e.g. a writer whose relay runs elsewhere), the statement NOTIFYs.
      const other = record(tenant, 30);
      await new ChartStore(pool).insertWithEvent(other, chartCreatedEvent(other));
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(heard, ['outbox']);
    } finally {
      await listener.query('UNLISTEN outbox');
      listener.release();
    }
  });

  it('a row the database refuses fails only its own creation, and leaves no event', async () => {
    const store = new ChartStore(pool);
    const tenant = uuidv7();
    const records = Array.from({ length: 6 }, (_, i) => record(tenant, i));
    const bad = { ...records[3]!, system: 'sidereal-ish' as ChartRecord['system'] }; // fails the CHECK constraint
    records[3] = bad;
    const outcomes = await Promise.all(
      records.map((r) =>
        store.insertWithEvent(r, chartCreatedEvent(r)).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      ),
    );
    assert.match(outcomes[3]!, /charts_system_check/);
    assert.deepEqual(outcomes.filter((o) => o === 'ok').length, 5);
    assert.equal(await store.find(tenant, bad.id), null);
    const { rows } = await pool.query<{ chart_id: string }>(
      "SELECT payload->>'chart_id' AS chart_id FROM outbox WHERE key = $1",
      [tenant],
    );
    assert.equal(rows.length, 5);
    assert.ok(!rows.some((r) => r.chart_id === bad.id), 'no event for the refused chart');
  });
});
