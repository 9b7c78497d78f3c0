// The chart service's read cache against a real PostgreSQL: two "replicas" (each its own pool, LISTEN
// connection and cache) on one throwaway database with the service's migrations. What a cached chart can
// miss is its deletion, so every test deletes on one replica and reads on the other.
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import pg from 'pg';
import { initEphemeris } from '@astro/astro-core';
import { endPool, PgNotifyListener, uuidv7 } from '@astro/platform';
import { ensureDatabase, runMigrations } from '@astro/platform/db/index';
import { validateChartRequest } from '../src/domain/chart-input.ts';
import { computeRecord, type ChartRecord } from '../src/domain/chart-record.ts';
import { chartCreatedEvent, type ChartRepository } from '../src/domain/chart-use-cases.ts';
import { ErasureFeed, type ErasureWatcher } from '../src/domain/erasure-feed.ts';
import { ChartReadCache } from '../src/store/chart-read-cache.ts';
import { CHART_ERASURE_CHANNEL, ChartStore } from '../src/store/chart-store.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '..', 'migrations');
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `astro_chart_cache_${process.pid}_${Date.now().toString(36)}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** The store below a replica's cache, counting the SELECTs that reach PostgreSQL. */
class CountingStore implements ChartRepository {
  selects = 0;
  constructor(private readonly store: ChartStore) {}
  find(tenantId: string, id: string) {
    this.selects++;
    return this.store.find(tenantId, id);
  }
  insertWithEvent(...args: Parameters<ChartRepository['insertWithEvent']>) {
    return this.store.insertWithEvent(...args);
  }
  transaction<T>(work: Parameters<ChartRepository['transaction']>[0]) {
    return this.store.transaction(work) as Promise<T>;
  }
}

interface Replica {
  name: string;
  pool: pg.Pool;
  store: CountingStore;
  cache: ChartReadCache;
  listener: PgNotifyListener;
  /** What the replica tells watchers outside the service (the gateway's WatchErasures). */
  feed: ErasureFeed;
}

async function replica(name: string): Promise<Replica> {
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  const store = new CountingStore(new ChartStore(pool));
  const feed = new ErasureFeed(() => listener.listening);
  const cache: ChartReadCache = new ChartReadCache(store, () => listener.listening, 2000, feed);
  const listener: PgNotifyListener = new PgNotifyListener({
    connectionString: dbUrl.toString(),
    channel: CHART_ERASURE_CHANNEL,
    applicationName: `cache-test:${name}`,
    onNotify: (p) => cache.heard(p),
    onLost: () => cache.clear(),
    onReconnect: () => {},
    logger: quiet,
  });
  await listener.start();
  return { name, pool, store, cache, listener, feed };
}

/** A chart created through `r`'s cache (a replica's, or one a test builds). */
async function newChart(r: Pick<Replica, 'cache'>, tenantId: string): Promise<ChartRecord> {
  const req = validateChartRequest({
    birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.61, longitude: 77.21 },
  });
  const record = computeRecord(uuidv7(), tenantId, req, new Date());
  await r.cache.insertWithEvent(record, chartCreatedEvent(record));
  return record;
}

/** Reads on `r` until the chart is gone (the NOTIFY arrives within milliseconds of the commit). */
async function goneWithin(r: Replica, tenantId: string, id: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while ((await r.cache.find(tenantId, id)) !== null) {
    if (Date.now() > until) assert.fail(`${r.name} still answers chart ${id} ${ms} ms after its deletion`);
    await new Promise((res) => setTimeout(res, 5));
  }
}

let a: Replica;
let b: Replica;

/** A watcher of a replica's feed that writes down what it hears: `tenant/chart`, `tenant/*`, `lost`. */
function recorder(): ErasureWatcher & { heard: string[] } {
  const heard: string[] = [];
  return { heard, erased: (t, c) => void heard.push(`${t}/${c ?? '*'}`), lost: () => void heard.push('lost') };
}

async function heardWithin(w: { heard: string[] }, entry: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!w.heard.includes(entry)) {
    if (Date.now() > until) assert.fail(`not heard within ${ms} ms: ${entry} (heard ${w.heard.join(', ')})`);
    await new Promise((res) => setTimeout(res, 5));
  }
}

describe('chart read cache (two replicas on one database)', () => {
  before(async () => {
    initEphemeris({});
    await ensureDatabase(adminUrl, dbName);
    await runMigrations(dbUrl.toString(), MIGRATIONS);
    a = await replica('a');
    b = await replica('b');
  });

  after(async () => {
    for (const r of [a, b].filter(Boolean)) {
      await r.listener.stop();
      await endPool(r.pool);
    }
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
  });

  it('answers repeated reads from memory, and another tenant gets nothing', async () => {
    const tenant = uuidv7();
    const chart = await newChart(a, tenant);
    const before = b.store.selects;
    for (let i = 0; i < 5; i++) assert.equal((await b.cache.find(tenant, chart.id))?.id, chart.id);
    assert.equal(b.store.selects - before, 1, 'one SELECT, then memory');
    // The creating replica does not keep what it wrote (a burst of creations would push read charts
    // out): its first read is a SELECT too, and the next one memory.
    const beforeA = a.store.selects;
    assert.equal((await a.cache.find(tenant, chart.id))?.id, chart.id);
    assert.equal((await a.cache.find(tenant, chart.id))?.id, chart.id);
    assert.equal(a.store.selects - beforeA, 1);
    assert.equal(await b.cache.find(uuidv7(), chart.id), null);
  });

  it('creations do not push read charts out of a full cache', async () => {
    const tenant = uuidv7();
    const store = new CountingStore(new ChartStore(a.pool));
    const small = new ChartReadCache(store, () => true, 2);
    const read = await newChart(a, tenant);
    assert.ok(await small.find(tenant, read.id));
    for (let i = 0; i < 3; i++) await newChart({ cache: small }, tenant);
    const before = store.selects;
    assert.equal((await small.find(tenant, read.id))?.id, read.id);
    assert.equal(store.selects, before, 'still answered from memory');
  });

  it('a chart deleted on one replica is gone on the other once the delete commits', async () => {
    const tenant = uuidv7();
    const chart = await newChart(a, tenant);
    assert.ok(await b.cache.find(tenant, chart.id)); // cached on b
    assert.equal(await a.cache.transaction((tx) => tx.delete(tenant, chart.id)), true);
    assert.equal(await a.cache.find(tenant, chart.id), null, 'the deleting replica at once');
    await goneWithin(b, tenant, chart.id, 2000);
  });

  it('an uppercase spelling of the id reads the same chart and goes with its deletion', async () => {
    const tenant = uuidv7();
    const chart = await newChart(a, tenant);
    assert.equal((await b.cache.find(tenant, chart.id.toUpperCase()))?.id, chart.id);
    assert.equal(await a.cache.transaction((tx) => tx.delete(tenant, chart.id.toUpperCase())), true);
    await goneWithin(b, tenant, chart.id, 2000);
    await goneWithin(b, tenant, chart.id.toUpperCase(), 2000);
  });

  it('a tenant erasure on one replica drops all of its charts on the other', async () => {
    const tenant = uuidv7();
    const other = uuidv7();
    const charts = [await newChart(a, tenant), await newChart(a, tenant)];
    const kept = await newChart(a, other);
    for (const c of [...charts, kept]) assert.ok(await b.cache.find(c.tenant_id, c.id));
    assert.equal(await a.cache.transaction((tx) => tx.deleteAllOf(tenant)), 2);
    for (const c of charts) await goneWithin(b, tenant, c.id, 2000);
    const before = b.store.selects;
    assert.equal((await b.cache.find(other, kept.id))?.id, kept.id);
    assert.equal(b.store.selects, before, "another tenant's chart stays cached");
  });

  it('a delete that rolls back changes nothing', async () => {
    const tenant = uuidv7();
    const chart = await newChart(a, tenant);
    await assert.rejects(
      a.cache.transaction(async (tx) => {
        await tx.delete(tenant, chart.id);
        throw new Error('participant failed');
      }),
      /participant failed/,
    );
    assert.equal((await a.cache.find(tenant, chart.id))?.id, chart.id);
    assert.equal((await b.cache.find(tenant, chart.id))?.id, chart.id);
  });

  it("tells its watchers its own deletions before the delete answers, and the other replica's once they commit", async () => {
    const tenant = uuidv7();
    const [one, two] = [await newChart(a, tenant), await newChart(a, tenant)];
    const onA = recorder();
    const onB = recorder();
    const stopA = a.feed.watch(onA)!;
    const stopB = b.feed.watch(onB)!;
    try {
      assert.equal(await a.cache.transaction((tx) => tx.delete(tenant, one.id.toUpperCase())), true);
      assert.ok(onA.heard.includes(`${tenant}/${one.id}`), 'the deleting replica, lowercased, before it answers');
      await heardWithin(onB, `${tenant}/${one.id}`, 2000);
      assert.equal(await b.cache.transaction((tx) => tx.deleteAllOf(tenant)), 1);
      assert.ok(onB.heard.includes(`${tenant}/*`));
      await heardWithin(onA, `${tenant}/*`, 2000);
      assert.ok(!onA.heard.includes(`${tenant}/${two.id}`), 'a tenant erasure is one message, not one per chart');
    } finally {
      stopA();
      stopB();
    }
  });

  it('a replica that lost its LISTEN connection reads from PostgreSQL until it is back', async () => {
    const tenant = uuidv7();
    const chart = await newChart(a, tenant);
    assert.ok(await b.cache.find(tenant, chart.id));
    const watcher = recorder();
    assert.ok(b.feed.watch(watcher), 'a replica that hears deletions takes watchers');
    const admin = new pg.Client({ connectionString: dbUrl.toString() });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        'cache-test:b',
      ]);
      const until = Date.now() + 5000;
      while (b.listener.listening) {
        if (Date.now() > until) assert.fail('the listener did not notice its connection was gone');
        await new Promise((res) => setTimeout(res, 10));
      }
      assert.deepEqual(watcher.heard, ['lost'], "b's watchers are told it may miss deletions from now on");
      assert.equal(b.feed.watch(recorder()), undefined, 'and no new watcher is taken while it cannot hear');
      // Deleted while b cannot hear it: b must not answer from memory.
      assert.equal(await a.cache.transaction((tx) => tx.delete(tenant, chart.id)), true);
      const before = b.store.selects;
      assert.equal(await b.cache.find(tenant, chart.id), null);
      assert.equal(b.store.selects, before + 1);
      // Back (the listener reconnects on its own): reads are cached again.
      const again = await newChart(a, tenant);
      const back = Date.now() + 10_000;
      while (!b.listener.listening) {
        if (Date.now() > back) assert.fail('the listener did not reconnect');
        await new Promise((res) => setTimeout(res, 50));
      }
      const back2 = b.feed.watch(recorder());
      assert.ok(back2, 'watchers are taken again');
      back2();
      await b.cache.find(tenant, again.id);
      const cached = b.store.selects;
      await b.cache.find(tenant, again.id);
      assert.equal(b.store.selects, cached);
    } finally {
      await admin.end();
    }
  });
});
