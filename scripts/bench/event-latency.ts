// End-to-end event latency for `npm run bench`, the path every service event takes: a transaction
// commits a row in an outbox table (writeOutbox in inTransaction, as the services do) at a fixed rate
// (default 200/s, keyed over 50 tenants), the OutboxRelay moves it to the bus chosen by createEventBus,
// and a consumer group on a second bus instance (its own connections, as another process would have)
// applies it. Latency = handler applied - COMMIT acknowledged. Same code for both buses.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createEventBus,
  inTransaction,
  OutboxRelay,
  outboxTableSql,
  writeOutbox,
  type EventBus,
} from '@astro/platform';

export interface LatencyResult {
  bus: string;
  rate: number;
  sent: number;
  applied: number;
  duplicates: number;
  p50: number;
  p99: number;
  max: number;
}

const quiet = { info: () => {}, warn: () => {}, error: (m: string) => console.error(`bus: ${m}`) };

export async function measureEventLatency(opts: {
  label: string;
  /** The bus database (PostgreSQL bus). */
  databaseUrl: string;
  /** A throw-away database for the outbox table (the bench drops its run's databases). */
  outboxDatabaseUrl: string;
  kafkaBrokers: string;
  rate: number;
  seconds: number;
}): Promise<LatencyResult> {
  const make = (clientId: string): EventBus =>
    createEventBus({ databaseUrl: opts.databaseUrl, kafkaBrokers: opts.kafkaBrokers, clientId, logger: quiet });
  const setup = new pg.Client({ connectionString: opts.outboxDatabaseUrl });
  await setup.connect();
  await setup.query(outboxTableSql());
  await setup.end();
  const pool = new pg.Pool({ connectionString: opts.outboxDatabaseUrl, max: 10 });
  const producer = make('bench-latency-producer');
  const relay = new OutboxRelay({
    connectionString: opts.outboxDatabaseUrl,
    bus: producer,
    service: 'bench',
    logger: quiet,
  });
  const consumer = make('bench-latency-consumer');
  const topic = `bench.latency.${randomBytes(4).toString('hex')}`;
  const committed = new Map<number, number>();
  const applied = new Map<number, number>();
  let duplicates = 0;
  const write = (seq: number) =>
    inTransaction(pool, (client) => writeOutbox(client, { topic, key: `tenant-${seq % 50}`, payload: { seq } }));
  try {
    await consumer.subscribe(`bench-latency-${randomBytes(4).toString('hex')}`, topic, async (event) => {
      const seq = (event.payload as { seq: number }).seq;
      if (applied.has(seq)) return void duplicates++;
      applied.set(seq, performance.now());
    });
    await relay.start();
    // Warm-up: the first event creates the topic and fills the group's first fetch; not measured.
    await write(-1);
    for (const until = Date.now() + 30_000; !applied.has(-1) && Date.now() < until;) await sleep(20);

    const total = Math.round(opts.rate * opts.seconds);
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let seq = 0; seq < total; seq++) {
      // Open-loop schedule: write n is due at start + n/rate, whatever the previous ones took.
      const due = start + (seq * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      pending.push(write(seq).then(() => void committed.set(seq, performance.now())));
    }
    await Promise.all(pending);
    for (const until = Date.now() + 60_000; applied.size < total + 1 && Date.now() < until;) await sleep(20);
    // An event can be applied a hair before its COMMIT's acknowledgement reaches us: that counts as 0.
    const latencies = [...committed]
      .filter(([seq]) => applied.has(seq))
      .map(([seq, t]) => Math.max(0, applied.get(seq)! - t))
      .sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    return {
      bus: opts.label,
      rate: opts.rate,
      sent: total,
      applied: latencies.length,
      duplicates,
      p50: q(0.5),
      p99: q(0.99),
      max: latencies[latencies.length - 1] ?? NaN,
    };
  } finally {
    await relay.close();
    await Promise.all([producer.close(), consumer.close(), pool.end()]);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
