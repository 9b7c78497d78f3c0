// The outbox and its relay against a real PostgreSQL (a throw-away database on TEST_DATABASE_ADMIN_URL)
// and a recording bus: rows exist only if their transaction commits, go out in order per key, are
// marked sent, are retried with backoff after a failure, and two relays at once never publish a row
// twice nor a key out of order.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import pg from 'pg';
import { outboxOldestPendingAge, outboxPending, registry } from '../metrics';
import type { BusLogger, EventBus, OutgoingEvent, PublishOptions } from './event-bus';
import { inTransaction, outboxTableSql, withOutboxStatement, writeOutbox, writeOutboxPrisma } from './outbox';
import { scratchDatabase } from '../db/scratch-database';
import { OutboxRelay } from './outbox-relay';
import { endPool } from '../pg-pool.ts';

const scratch = scratchDatabase('astro_outbox_test');
let pool: pg.Pool;

const quiet: BusLogger = { info: () => {}, warn: () => {}, error: () => {} };

interface Published {
  topic: string;
  key: string;
  payload: unknown;
  id: string | undefined;
}

/**
 * An EventBus that records publishes and the size of each batch; an event `refuse` picks fails, and
 * so does a batch holding one (nothing of that batch is recorded).
 */
function recordingBus(): EventBus & {
  published: Published[];
  batches: number[];
  refuse: ((p: Published) => boolean) | undefined;
} {
  const bus = {
    published: [] as Published[],
    batches: [] as number[],
    refuse: undefined as ((p: Published) => boolean) | undefined,
    async publishBatch(events: OutgoingEvent[]) {
      const list = events.map(({ topic, key, payload, id }) => ({ topic, key, payload, id }));
      if (bus.refuse && list.some(bus.refuse)) throw new Error('broker unavailable');
      bus.batches.push(list.length);
      bus.published.push(...list);
    },
    publish(topic: string, key: string, payload: unknown, opts?: PublishOptions) {
      return bus.publishBatch([{ topic, key, payload, ...opts }]);
    },
    async subscribe() {},
    async close() {},
  };
  return bus;
}

/** A fake transport's publishBatch from its publish: each event in turn. */
const eachOf =
  (publish: EventBus['publish']): EventBus['publishBatch'] =>
  async (events) => {
    for (const { topic, key, payload, ...opts } of events) await publish(topic, key, payload, opts);
  };

function relay(bus: EventBus, extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}): OutboxRelay {
  return new OutboxRelay({
    connectionString: scratch.url,
    bus,
    service: 'test',
    logger: quiet,
    listen: false,
    retry: { initialBackoffMs: 50, maxBackoffMs: 1_000 },
    ...extra,
  });
}

async function reset(): Promise<void> {
  await pool.query('TRUNCATE outbox');
}

before(async () => {
  await scratch.create();
  pool = new pg.Pool({ connectionString: scratch.url, max: 6 });
  await pool.query(outboxTableSql());
});

after(async () => {
  await endPool(pool);
  await scratch.drop();
});

describe('outbox writer', () => {
  it('a row exists only if its transaction commits', async () => {
    await reset();
    await assert.rejects(
      inTransaction(pool, async (c) => {
        await writeOutbox(c, { topic: 't.a', key: 'tenant-1', payload: { n: 'rolled back' } });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    const id = await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.a', key: 'tenant-1', payload: { n: 1 } }));
    const { rows } = await pool.query('SELECT id, payload FROM outbox');
    assert.deepEqual(rows, [{ id, payload: { n: 1 } }]);
  });

  it('the Prisma variant writes the same row through $executeRawUnsafe', async () => {
    await reset();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const tx = {
        $executeRawUnsafe: async (q: string, ...values: unknown[]) => (await client.query(q, values)).rowCount ?? 0,
      };
      const id = await writeOutboxPrisma(tx, { topic: 't.p', key: 'tenant-2', payload: { ok: true } });
      await client.query('COMMIT');
      const { rows } = await pool.query('SELECT id, topic, key FROM outbox');
      assert.deepEqual(rows, [{ id, topic: 't.p', key: 'tenant-2' }]);
    } finally {
      client.release();
    }
  });

  it('one statement: the change and its event both land, or (the change failing) neither', async () => {
    await reset();
    await pool.query('CREATE TABLE IF NOT EXISTS things (id text PRIMARY KEY, n int NOT NULL)');
    await pool.query('TRUNCATE things');
    const listener = await pool.connect();
    const notified = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    const ok = withOutboxStatement(
      'INSERT INTO things (id, n) VALUES ($1, $2)',
      ['a', 1],
      [{ topic: 't.s', key: 'tenant-3', payload: { thing: 'a' } }],
    );
    try {
      await listener.query('LISTEN outbox');
      await pool.query(ok.text, ok.values);
      await notified; // the relay's wake-up, delivered at the statement's commit
    } finally {
      await listener.query('UNLISTEN outbox');
      listener.release();
    }
    // A duplicate key fails the change: the whole statement fails, so no event for it either.
    const dup = withOutboxStatement(
      'INSERT INTO things (id, n) VALUES ($1, $2)',
      ['a', 2],
      [{ topic: 't.s', key: 'tenant-3', payload: { thing: 'a again' } }],
    );
    await assert.rejects(pool.query(dup.text, dup.values), /duplicate key/);
    assert.deepEqual((await pool.query('SELECT id, n FROM things')).rows, [{ id: 'a', n: 1 }]);
    assert.deepEqual((await pool.query('SELECT id, payload FROM outbox')).rows, [
      { id: ok.eventIds[0], payload: { thing: 'a' } },
    ]);
  });

  it('refuses a message without a key (events are keyed by tenant)', async () => {
    await assert.rejects(
      inTransaction(pool, (c) => writeOutbox(c, { topic: 't', key: '', payload: {} })),
      RangeError,
    );
  });
});

describe('OutboxRelay', () => {
  it('publishes committed rows in order per key with the row id as event id, and deletes them', async () => {
    await reset();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.o', key: `k${i % 2}`, payload: { i } })));
    const bus = recordingBus();
    const r = relay(bus);
    try {
      const round = await r.relayOnce();
      assert.deepEqual(round, { published: 6, failed: 0, deferred: 0 });
      assert.deepEqual(bus.batches, [6], 'the round goes to the bus in one batch');
      assert.deepEqual(
        bus.published.filter((p) => p.key === 'k0').map((p) => (p.payload as { i: number }).i),
        [0, 2, 4],
      );
      assert.deepEqual(
        bus.published.filter((p) => p.key === 'k1').map((p) => (p.payload as { i: number }).i),
        [1, 3, 5],
      );
      assert.deepEqual(bus.published.map((p) => p.id).sort(), [...ids].sort());
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM outbox');
      assert.equal(rows[0].n, 0, 'published rows are gone from the outbox');
      assert.deepEqual(await r.relayOnce(), { published: 0, failed: 0, deferred: 0 }, 'nothing is sent twice');
    } finally {
      await r.close();
    }
  });

  it('retries a failed publish after a backoff, without letting the key’s later rows overtake it', async () => {
    await reset();
    for (const n of [1, 2])
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.r', key: 'k', payload: { n } }));
    await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.r', key: 'other', payload: { n: 3 } }));
    const bus = recordingBus();
    bus.refuse = (p) => (p.payload as { n: number }).n === 1;
    const r = relay(bus, { retry: { initialBackoffMs: 400, maxBackoffMs: 1_000 } });
    try {
      const first = await r.relayOnce();
      assert.equal(first.failed, 1);
      // The batch failed, so the relay went row by row: n=1 failed, so n=2 (same key) waits; the
      // other key is not held up.
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { n: number }).n),
        [3],
      );
      const { rows } = await pool.query(
        `SELECT attempts, last_error, next_attempt_at > now() AS waiting FROM outbox WHERE payload->>'n' = '1'`,
      );
      assert.equal(rows[0].attempts, 1);
      assert.match(rows[0].last_error, /broker unavailable/);
      assert.equal(rows[0].waiting, true, 'the retry is scheduled in the future (backoff)');
      // Before the backoff elapses nothing of key k moves: n=2 must not overtake n=1.
      const during = await r.relayOnce();
      assert.equal(during.published, 0);
      bus.refuse = undefined;
      await new Promise((resolve) => setTimeout(resolve, 450));
      const later = await r.relayOnce();
      assert.equal(later.published, 2);
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { n: number }).n),
        [3, 1, 2],
      );
    } finally {
      await r.close();
    }
  });

  it('a relay that dies after publishing, before marking sent, publishes again with the same ids', async () => {
    await reset();
    for (const n of [1, 2])
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.crash', key: 'k', payload: { n } }));
    const published: Published[] = [];
    let crash = true;
    const publish: EventBus['publish'] = async (topic, key, payload, opts) => {
      published.push({ topic, key, payload, id: opts?.id });
      // The relay's process "dies" after the broker took the events: its connection goes, the
      // transaction that would have marked them sent never commits.
      if (crash && published.length === 2)
        await pool.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE application_name = 'outbox-relay' AND datname = current_database()`,
        );
    };
    const bus: EventBus = {
      publish,
      publishBatch: eachOf(publish),
      async subscribe() {},
      async close() {},
    };
    const r = relay(bus);
    try {
      await assert.rejects(r.relayOnce());
      crash = false;
      const again = await r.relayOnce();
      assert.equal(again.published, 2);
      assert.equal(published.length, 4, 'published twice: at-least-once');
      assert.deepEqual(
        published.slice(2).map((p) => p.id),
        published.slice(0, 2).map((p) => p.id),
        'with the same event ids, which consumers dedupe on',
      );
    } finally {
      await r.close();
    }
  });

  it('a row of the key held by another relay stops the key there: no later row overtakes it', async () => {
    await reset();
    for (let i = 0; i < 3; i++)
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.h', key: 'a', payload: { i } }));
    // Another relay's batch holds the middle row (its FOR UPDATE lock): SKIP LOCKED gives this relay the
    // first and the last row of the key, with a hole between them.
    const other = await pool.connect();
    const bus = recordingBus();
    const r = relay(bus);
    try {
      await other.query('BEGIN');
      await other.query("SELECT id FROM outbox WHERE (payload->>'i')::int = 1 FOR UPDATE");
      await r.relayOnce();
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { i: number }).i),
        [0],
        'the first row goes; the last waits for the held one',
      );
      await other.query('ROLLBACK');
      await r.relayOnce();
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { i: number }).i),
        [0, 1, 2],
      );
    } finally {
      other.release();
      await r.close();
    }
  });

  it('two relays at once (SKIP LOCKED) publish every row exactly once and keep each key in order', async () => {
    await reset();
    const keys = ['a', 'b', 'c', 'd'];
    const rows = 120;
    for (let i = 0; i < rows; i++)
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.c', key: keys[i % keys.length]!, payload: { i } }));
    // One shared log in arrival order, so interleaving between the two relays is visible.
    const log: Published[] = [];
    const sharedBus = (): EventBus => {
      const publish: EventBus['publish'] = async (topic, key, payload, opts) => {
        await new Promise((r) => setTimeout(r, 1));
        log.push({ topic, key, payload, id: opts?.id });
      };
      return { publish, publishBatch: eachOf(publish), subscribe: async () => {}, close: async () => {} };
    };
    const relays = [relay(sharedBus(), { batchSize: 7 }), relay(sharedBus(), { batchSize: 7 })];
    try {
      const drain = async (r: OutboxRelay) => {
        for (let idle = 0; idle < 3;) {
          const res = await r.relayOnce();
          idle = res.published === 0 && res.deferred === 0 ? idle + 1 : 0;
        }
      };
      await Promise.all(relays.map(drain));
      // Deferred keys may leave rows for one more round: finish with a single relay.
      await drain(relays[0]!);
      assert.equal(log.length, rows, 'every row published exactly once');
      assert.equal(new Set(log.map((p) => p.id)).size, rows);
      for (const key of keys) {
        const seen = log.filter((p) => p.key === key).map((p) => (p.payload as { i: number }).i);
        assert.deepEqual(
          seen,
          [...seen].sort((x, y) => x - y),
          `key ${key} in order`,
        );
      }
    } finally {
      await Promise.all(relays.map((r) => r.close()));
    }
  });

  it('at its start, deletes rows an earlier release marked sent (and kept), and publishes the rest', async () => {
    await reset();
    for (const n of [1, 2])
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.old', key: 'k', payload: { n } }));
    await pool.query("UPDATE outbox SET sent_at = now() - interval '1 hour' WHERE payload->>'n' = '1'");
    const bus = recordingBus();
    const r = relay(bus, { pollIntervalMs: 10_000 });
    try {
      await r.start();
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { n: number }).n),
        [2],
        'the row marked sent is not published again',
      );
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM outbox');
      assert.equal(rows[0].n, 0);
    } finally {
      await r.close();
    }
  });

  it('a steady stream of commits goes in rounds at least minRoundGapMs apart; a lone commit at once', async () => {
    await reset();
    const bus = recordingBus();
    const write = (n: number) => inTransaction(pool, (c) => writeOutbox(c, { topic: 't.g', key: 'k', payload: { n } }));
    const until = async (count: number) => {
      const deadline = Date.now() + 5_000;
      while (bus.published.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    };
    const r = relay(bus, { listen: true, pollIntervalMs: 10_000, minRoundGapMs: 250 });
    // When each round started (the gap is from start to start) and whether it carried rows. Publish
    // times would add each round's query latency, which varies by tens of ms on a busy machine.
    const rounds: { at: number; published: number }[] = [];
    const relayOnce = r.relayOnce.bind(r);
    r.relayOnce = async () => {
      const round = { at: Date.now(), published: 0 };
      rounds.push(round);
      const result = await relayOnce();
      round.published = result.published;
      return result;
    };
    try {
      await r.start();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the start's round is over a gap ago
      // Quiet: the commit's NOTIFY starts a round at once, not a gap later.
      const t0 = Date.now();
      await write(0);
      await until(1);
      assert.equal(bus.published.length, 1);
      assert.ok(Date.now() - t0 < 150, `a lone commit waited ${Date.now() - t0} ms`);
      // Busy: a commit every 10 ms for 0.6 s; one round per commit without the gap.
      for (let n = 1; n <= 60; n++) {
        await write(n);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await until(61);
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { n: number }).n),
        Array.from({ length: 61 }, (_, n) => n),
      );
      const carrying = rounds.filter((x) => x.published > 0).length;
      assert.ok(carrying <= 6, `${carrying} rounds for 61 rows`);
      // A timer may fire a few ms before Date.now() says its time is up (libuv's cached loop time).
      for (let i = 1; i < rounds.length; i++) {
        const apart = rounds[i]!.at - rounds[i - 1]!.at;
        assert.ok(apart >= 240, `rounds ${apart} ms apart`);
      }
    } finally {
      await r.close();
    }
  });

  it('runs in the background: a NOTIFY at commit wakes it, and the backlog gauges follow', async () => {
    await reset();
    const bus = recordingBus();
    // A failing bus first: the row stays pending and the gauges show it.
    bus.refuse = () => true;
    const r = relay(bus, { listen: true, pollIntervalMs: 10_000 });
    try {
      await r.start();
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.n', key: 'k', payload: { n: 1 } }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const backlog = await r.sampleBacklog();
      assert.equal(backlog.pending, 1);
      assert.ok(backlog.oldestAgeSeconds > 0);
      const text = await registry.metrics();
      assert.match(text, /outbox_pending\{service="test"\} 1/);
      assert.ok(outboxPending && outboxOldestPendingAge);
      // The broker comes back: the next round (after the backoff, woken by another commit) delivers both.
      bus.refuse = undefined;
      await inTransaction(pool, (c) => writeOutbox(c, { topic: 't.n', key: 'k', payload: { n: 2 } }));
      const deadline = Date.now() + 5_000;
      while (bus.published.length < 2 && Date.now() < deadline) {
        r.wake();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(
        bus.published.map((p) => (p.payload as { n: number }).n),
        [1, 2],
      );
      assert.deepEqual(await r.sampleBacklog(), { pending: 0, oldestAgeSeconds: 0 });
    } finally {
      await r.close();
    }
  });
});
