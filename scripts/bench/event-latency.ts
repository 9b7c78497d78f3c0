// End-to-end event latency for `npm run bench`: events published at a fixed rate (default 200/s,
// keyed over 50 tenants as the services key them) through the production adapter chosen by
// createEventBus, consumed by a group on a second bus instance (its own connections, as another
// process would have), measured from the moment the write is handed to the bus (the publish call) to
// the moment the consumer's handler has applied it. Same code for both buses, so the two rows compare.
import { randomBytes } from 'node:crypto';
import { createEventBus, type EventBus } from '@astro/platform';

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
  databaseUrl: string;
  kafkaBrokers: string;
  rate: number;
  seconds: number;
}): Promise<LatencyResult> {
  const make = (clientId: string): EventBus =>
    createEventBus({ databaseUrl: opts.databaseUrl, kafkaBrokers: opts.kafkaBrokers, clientId, logger: quiet });
  const producer = make('bench-latency-producer');
  const consumer = make('bench-latency-consumer');
  const topic = `bench.latency.${randomBytes(4).toString('hex')}`;
  const handed = new Map<number, number>();
  const latencies: number[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  try {
    await consumer.subscribe(`bench-latency-${randomBytes(4).toString('hex')}`, topic, async (event) => {
      const seq = (event.payload as { seq: number }).seq;
      if (seen.has(seq)) return void duplicates++;
      seen.add(seq);
      const t0 = handed.get(seq);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
    });
    // Warm-up: the first publish creates the topic and joins the group; not measured.
    await producer.publish(topic, 'warm-up', { seq: -1 });
    for (const until = Date.now() + 30_000; !seen.has(-1) && Date.now() < until;) await sleep(20);

    const total = Math.round(opts.rate * opts.seconds);
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let seq = 0; seq < total; seq++) {
      // Open-loop schedule: event n is due at start + n/rate, whatever the previous publishes took.
      const due = start + (seq * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      handed.set(seq, performance.now());
      pending.push(producer.publish(topic, `tenant-${seq % 50}`, { seq }));
    }
    await Promise.all(pending);
    for (const until = Date.now() + 60_000; seen.size < total + 1 && Date.now() < until;) await sleep(20);
    latencies.sort((a, b) => a - b);
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
    await Promise.all([producer.close(), consumer.close()]);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
