// The EventBus contract on PostgreSQL, plus what only this adapter promises: parked rows, outbox
// publishing, no skipped ids under late or concurrent commits, and recovery from lost connections.
// Runs in a throwaway database created on TEST_DATABASE_ADMIN_URL and dropped at the end.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll as after, afterEach, describe, it } from '@jest/globals';
import pg from 'pg';
import type { BusEvent, BusLogger } from './event-bus';
import { runEventBusContract, waitFor } from './event-bus.contract';
import { PgEventBus, publishInTx, type PgEventBusOptions } from './pg-event-bus';
import { topicChannel } from './pg-schema';
import { endPool } from '../pg-pool.ts';

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const createdDatabases: string[] = [];

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(): Promise<string> {
  const name = `astro_bus_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  createdDatabases.push(name);
  return databaseUrl(name);
}

let mainDatabase: Promise<string> | undefined;
const testDatabaseUrl = () => (mainDatabase ??= createDatabase());

after(async () => {
  await withAdmin(async (client) => {
    for (const name of createdDatabases) {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    }
  });
});

/** Keeps the adapter's warnings out of the test output, and lets tests look at them. */
function captureLogger(): BusLogger & { lines: Array<{ level: string; message: string }> } {
  const lines: Array<{ level: string; message: string }> = [];
  const push = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

runEventBusContract('PgEventBus', async () => {
  return new PgEventBus({ connectionString: await testDatabaseUrl(), logger: captureLogger() });
});

describe('PgEventBus specifics', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(
      opened
        .splice(0)
        .reverse()
        .map((x) => x.close()),
    );
  });

  const newBus = async (options: Partial<PgEventBusOptions> = {}) => {
    const bus = new PgEventBus({ connectionString: await testDatabaseUrl(), logger: captureLogger(), ...options });
    opened.push(bus);
    await bus.start();
    return bus;
  };
  const newPool = async () => {
    const pool = new pg.Pool({ connectionString: await testDatabaseUrl(), max: 4 });
    opened.push({ close: () => endPool(pool) });
    return pool;
  };
  const name = (label: string) => `pg.${label}.${randomBytes(5).toString('hex')}`;
  const collect = () => {
    const events: BusEvent[] = [];
    return { events, handler: async (event: BusEvent) => void events.push(event) };
  };

  it('keeps a parked event with its error text, attempts and payload', async () => {
    const bus = await newBus();
    const pool = await newPool();
    const topic = name('parked');
    const group = name('group');
    const ok = collect();
    await bus.subscribe(
      group,
      topic,
      async (event) => {
        if ((event.payload as { poison?: boolean }).poison) throw new Error('cannot digest this one');
        await ok.handler(event);
      },
      { maxAttempts: 2 },
    );
    await bus.publish(topic, 'tenant-9', { poison: true, n: 1 });
    await bus.publish(topic, 'tenant-9', { n: 2 });
    await waitFor(() => ok.events.length === 1, 'the event after the poison one is handled');
    const parked = await pool.query(
      'SELECT p.*, e.id AS original_id FROM bus.parked p JOIN bus.events e ON e.id = p.event_id WHERE p.group_name = $1 AND p.topic = $2',
      [group, topic],
    );
    assert.equal(parked.rows.length, 1);
    const row = parked.rows[0];
    assert.equal(row.key, 'tenant-9');
    assert.deepEqual(row.payload, { poison: true, n: 1 });
    assert.equal(row.attempts, 2);
    assert.match(row.error, /cannot digest this one/);
  });

  it('replays a parked event once, with its original id; the publisher id is what consumers see', async () => {
    const bus = await newBus();
    const topic = name('replay');
    const group = name('group');
    let broken = true;
    const handled: BusEvent[] = [];
    await bus.subscribe(
      group,
      topic,
      async (event) => {
        if (broken) throw new Error('handler bug');
        handled.push(event);
      },
      { maxAttempts: 1 },
    );
    await bus.publish(topic, 'tenant-1', { n: 1 }, { id: 'outbox-row-1' });
    let parked: Awaited<ReturnType<PgEventBus['listParked']>> = [];
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      parked = (await bus.listParked()).filter((p) => p.topic === topic);
      if (parked.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(parked.length, 1);
    assert.equal(parked[0]!.eventId, 'outbox-row-1');
    assert.equal(parked[0]!.group, group);
    assert.match(parked[0]!.error, /handler bug/);
    broken = false; // the fix is deployed
    const replayed = await bus.replayParked(parked[0]!.id);
    assert.deepEqual(
      replayed.map((p) => p.eventId),
      ['outbox-row-1'],
    );
    await waitFor(() => handled.length === 1, 'the replayed event is handled');
    assert.equal(handled[0]!.id, 'outbox-row-1');
    assert.deepEqual(handled[0]!.payload, { n: 1 });
    assert.deepEqual(await bus.replayParked(parked[0]!.id), [], 'a replayed record is not replayed twice');
    assert.equal((await bus.listParked()).filter((p) => p.topic === topic).length, 0);
  });

  it('publishInTx: the event exists only if the transaction commits', async () => {
    const bus = await newBus();
    const pool = await newPool();
    const topic = name('outbox');
    const received = collect();
    await bus.subscribe(name('group'), topic, received.handler);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await publishInTx(client, topic, 'k', { n: 'rolled back' });
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      const id = await publishInTx(client, topic, 'k', { n: 'committed' });
      assert.match(id, /^\d+$/);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await waitFor(() => received.events.length === 1, 'the committed event is delivered');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(
      received.events.map((e) => e.payload),
      [{ n: 'committed' }],
    );
  });

  it('never skips an event whose transaction commits after a later publish started', async () => {
    const bus = await newBus();
    const pool = await newPool();
    const topic = name('late-commit');
    const received = collect();
    await bus.subscribe(name('group'), topic, received.handler);
    const slow = await pool.connect();
    try {
      await slow.query('BEGIN');
      await publishInTx(slow, topic, 'k', { n: 'slow' });
      // This publish must wait for the slow transaction instead of taking a later id and committing first.
      let fastDone = false;
      const fast = bus.publish(topic, 'k', { n: 'fast' }).then(() => void (fastDone = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(fastDone, false, 'the second publish waits for the first transaction');
      assert.equal(received.events.length, 0);
      await slow.query('COMMIT');
      await fast;
    } finally {
      slow.release();
    }
    await waitFor(() => received.events.length === 2, 'both events are delivered');
    assert.deepEqual(
      received.events.map((e) => e.payload),
      [{ n: 'slow' }, { n: 'fast' }],
    );
  });

  it('delivers every event exactly once, in each publisher’s order, under concurrent publishers', async () => {
    const publishers = await Promise.all([newBus(), newBus(), newBus()]);
    const consumer = await newBus();
    const topic = name('concurrent');
    const received = collect();
    await consumer.subscribe(name('group'), topic, received.handler);
    const perPublisher = 60;
    await Promise.all(
      publishers.map(async (bus, p) => {
        for (let i = 0; i < perPublisher; i++) await bus.publish(topic, `p${p}`, { p, i });
      }),
    );
    const total = publishers.length * perPublisher;
    await waitFor(() => received.events.length >= total, `all ${total} events are delivered`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(received.events.length, total, 'no duplicates');
    for (let p = 0; p < publishers.length; p++) {
      const sequence = received.events.filter((e) => e.key === `p${p}`).map((e) => (e.payload as { i: number }).i);
      assert.deepEqual(
        sequence,
        Array.from({ length: perPublisher }, (_, i) => i),
        `publisher ${p} in order`,
      );
    }
  });

  it('falls back to polling when no notification arrives', async () => {
    const bus = await newBus({ pollIntervalMs: 100 });
    const pool = await newPool();
    const topic = name('poll');
    const received = collect();
    await bus.subscribe(name('group'), topic, received.handler);
    // Written behind the bus's back: no pg_notify, so only the poll can find it.
    await pool.query(`INSERT INTO bus.events (topic, key, payload) VALUES ($1, 'k', '{"n":1}')`, [topic]);
    await waitFor(() => received.events.length === 1, 'the poll picks the event up', 3_000);
  });

  it('notifies only the channel of the published topic (a long topic by its MD5)', async () => {
    await newBus(); // the schema
    const short = name('notify');
    const long = name('notify-' + 'x'.repeat(80));
    const other = name('notify-other');
    assert.equal(topicChannel(long), `bus:${createHash('md5').update(long).digest('hex')}`);
    const client = new pg.Client({ connectionString: await testDatabaseUrl() });
    await client.connect();
    opened.push({ close: () => client.end() });
    const heard: string[] = [];
    client.on('notification', (msg) => heard.push(msg.channel));
    for (const topic of [short, long]) await client.query(`LISTEN ${pg.escapeIdentifier(topicChannel(topic))}`);
    const publisher = await (await newPool()).connect();
    try {
      // Each in its own transaction: notifications arrive in commit order, `other` first.
      for (const topic of [other, short, long]) await publishInTx(publisher, topic, 'k', {});
    } finally {
      publisher.release();
    }
    await waitFor(() => heard.length === 2, 'both listened channels are notified');
    assert.deepEqual(heard, [topicChannel(short), topicChannel(long)]);
  });

  it('is woken by the NOTIFY of each topic it subscribes to, for every group, also one subscribed later', async () => {
    // A poll far beyond the waits below: only the notifications can deliver in time.
    const bus = await newBus({ pollIntervalMs: 60_000 });
    const first = name('wake-first');
    const later = name('wake-later-' + 'y'.repeat(70));
    const received = collect();
    const second = collect();
    // Two groups of one topic subscribing at once share the channel's LISTEN.
    await Promise.all([
      bus.subscribe(name('group'), first, received.handler),
      bus.subscribe(name('group'), first, second.handler),
    ]);
    await bus.subscribe(name('group'), later, received.handler);
    await bus.publish(first, 'k', { n: 1 });
    await bus.publish(later, 'k', { n: 2 });
    await waitFor(() => received.events.length === 2, 'both topics delivered on their notifications', 3_000);
    await waitFor(() => second.events.length === 1, 'the second group of the first topic too', 3_000);
  });

  it('keeps delivering when its LISTEN connection is killed, and reconnects', async () => {
    const logger = captureLogger();
    const bus = await newBus({ logger, pollIntervalMs: 200 });
    const pool = await newPool();
    const topic = name('listen-lost');
    const received = collect();
    await bus.subscribe(name('group'), topic, received.handler);
    const killed = await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'event-bus:listen' AND datname = current_database()`,
    );
    assert.ok(killed.rows.length >= 1, 'found the listener connection');
    await bus.publish(topic, 'k', { n: 1 });
    await waitFor(() => received.events.length === 1, 'the event is delivered without the listener');
    await waitFor(
      () => logger.lines.some((l) => l.message === 'event bus listener reconnected'),
      'the listener reconnects',
      5_000,
    );
    await bus.publish(topic, 'k', { n: 2 });
    await waitFor(() => received.events.length === 2, 'delivery continues after the reconnect');
  });

  it('redelivers a batch whose consumer connection died before it committed (at-least-once)', async () => {
    const bus = await newBus({ pollIntervalMs: 100 });
    const pool = await newPool();
    const topic = name('conn-lost');
    const calls: BusEvent[] = [];
    await bus.subscribe(name('group'), topic, async (event) => {
      calls.push(event);
      if (calls.length === 1) {
        // Kill the consumer's own connection, which is idle in its transaction while we run.
        await pool.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE application_name = 'event-bus:consume' AND state = 'idle in transaction'
             AND datname = current_database()`,
        );
      }
    });
    await bus.publish(topic, 'k', { n: 1 });
    await waitFor(() => calls.length >= 2, 'the event is delivered again', 5_000);
    assert.equal(calls[0]?.id, calls[1]?.id);
  });

  it('creates its schema safely from several processes starting at once', async () => {
    const url = await createDatabase();
    const buses = Array.from({ length: 4 }, () => new PgEventBus({ connectionString: url, logger: captureLogger() }));
    opened.push(...buses);
    await Promise.all(buses.map((bus) => bus.start()));
    const topic = name('fresh');
    const received = collect();
    await buses[0]?.subscribe(name('group'), topic, received.handler);
    await buses[1]?.publish(topic, 'k', { n: 1 });
    await waitFor(() => received.events.length === 1, 'the fresh database works');
  });
});
