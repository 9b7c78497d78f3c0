// `npm run kafka [-- --port 9092] [--data-dir .data/kafka/broker-9092]`: one Apache Kafka broker and
// KRaft controller on 127.0.0.1 in the foreground, with the fleet's topics created (topic-config.ts).
// Prints "[kafka] ready" once it answers Kafka requests; Ctrl-C stops it (controlled shutdown).
// Env: KAFKA_PORT, KAFKA_DATA_DIR, KAFKA_VERSION (default 3.9.1), KAFKA_HEAP (default 512m).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureKafkaTopics } from '@astro/platform/bus/kafka-admin';
import { ROOT } from './fleet.ts';
import { startKafka } from './kafka.ts';

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const port = Number(values.port ?? process.env.KAFKA_PORT ?? 9092);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port ${values.port ?? process.env.KAFKA_PORT}: not a port number`);
  process.exit(64);
}
const dataDir = path.resolve(
  values['data-dir'] ?? process.env.KAFKA_DATA_DIR ?? path.join(ROOT, '.data', 'kafka', `broker-${port}`),
);

const kafka = await startKafka({ port, dataDir, output: 'inherit', heap: process.env.KAFKA_HEAP }).catch(
  (err: Error) => {
    console.error(`[kafka] ${err.message}`);
    process.exit(1);
  },
);
const created = await ensureKafkaTopics(kafka.brokers);
console.log(
  `[kafka] ready: KAFKA_BROKERS=${kafka.brokers}  (Apache Kafka ${kafka.version}, KRaft, up in ${kafka.startSeconds.toFixed(1)} s, ` +
    `data ${path.relative(ROOT, dataDir) || dataDir}${created.length ? `, created ${created.length} topics` : ''})  Ctrl-C stops it.`,
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('[kafka] stopping');
  await kafka.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
