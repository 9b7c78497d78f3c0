// `npm start`: the whole fleet on this machine, on its embedded defaults unless configured
// (DATABASE_URL, REDIS_URL, KAFKA_BROKERS, SMTP_URL, ...), or against infra/docker-compose.yml with
// INFRA=compose. BUS=kafka runs it on Kafka: the brokers of KAFKA_BROKERS, or a broker started here
// (scripts/kafka.ts; KAFKA_PORT, default 9092). Ctrl-C stops everything. FLEET_PORTS=free runs the
// services (and an embedded PostgreSQL) on free ports, so a second fleet can run beside a first one;
// FLEET_RUNTIME=dist runs the compiled output of `npm run build`.
import path from 'node:path';
import { freePort, ROOT, startFleet } from './fleet.ts';
import { composeEnv, startComposeInfra } from './infra.ts';
import { selectBus } from './kafka-bus.ts';

let env = process.env;
if (env.INFRA === 'compose') {
  startComposeInfra(ROOT);
  env = { ...env, ...composeEnv(env) };
} else if (env.INFRA) {
  console.error(`INFRA=${env.INFRA}: unknown value (use INFRA=compose, or leave it unset for the embedded defaults)`);
  process.exit(78);
}
if (env.FLEET_PORTS && env.FLEET_PORTS !== 'free' && env.FLEET_PORTS !== 'default') {
  console.error(
    `FLEET_PORTS=${env.FLEET_PORTS}: unknown value (use FLEET_PORTS=free, or leave it unset for the defaults)`,
  );
  process.exit(78);
}
const freePorts = env.FLEET_PORTS === 'free';
const dataDir = path.resolve(env.DATA_DIR || path.join(ROOT, '.data'));
const bus = await selectBus({
  bus: env.BUS,
  kafkaBrokers: env.KAFKA_BROKERS,
  kafkaDataDir: path.join(dataDir, 'kafka-broker'),
  kafkaPort: Number(env.KAFKA_PORT || 9092),
}).catch((err: Error) => {
  console.error(`[fleet] ${err.message}`);
  process.exit(1);
});
if (bus.kafka)
  console.log(
    `[fleet] Kafka broker ready on ${bus.kafka.brokers} (log: ${path.join(bus.kafka.dataDir, 'broker.log')})`,
  );
const fleet = await startFleet({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir,
  gatewayPort: Number(env.PORT || 8080),
  dbPrefix: env.DB_PREFIX || 'astro',
  embeddedPgPort: Number(env.EMBEDDED_PG_PORT || (freePorts ? await freePort() : 5433)),
  randomPorts: freePorts,
  output: 'inherit',
  env: {
    REDIS_URL: env.REDIS_URL,
    REDIS_CLUSTER_NODES: env.REDIS_CLUSTER_NODES,
    KAFKA_BROKERS: bus.env.KAFKA_BROKERS,
    SMTP_URL: env.SMTP_URL,
    JWT_SECRET: env.JWT_SECRET,
    LOG_LEVEL: env.LOG_LEVEL,
  },
}).catch(async (err: Error) => {
  await bus.stop();
  // The launcher's refusals (a port held by another process, ...) are sentences, not stack traces.
  console.error(`[fleet] not started: ${err.message}`);
  process.exit(1);
});

console.log(`
Astrology API is up: ${fleet.baseUrl}   (docs: ${fleet.baseUrl}/docs)
Try: curl -s ${fleet.baseUrl}/v1/plans
Services: ${fleet.services.join(', ')}.
Event bus: ${bus.describe}.  Ctrl-C stops the fleet.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('[fleet] stopping');
  await fleet.stop();
  await bus.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
