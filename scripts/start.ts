// `npm start`: the whole fleet on this machine, on its embedded defaults unless configured
// (DATABASE_URL, REDIS_URL, KAFKA_BROKERS, SMTP_URL, ...), or against infra/docker-compose.yml with
// INFRA=compose. Ctrl-C stops everything.
import path from 'node:path';
import { ROOT, startFleet } from './fleet.ts';
import { composeEnv, startComposeInfra } from './infra.ts';

let env = process.env;
if (env.INFRA === 'compose') {
  startComposeInfra(ROOT);
  env = { ...env, ...composeEnv(env) };
} else if (env.INFRA) {
  console.error(`INFRA=${env.INFRA}: unknown value (use INFRA=compose, or leave it unset for the embedded defaults)`);
  process.exit(78);
}
const fleet = await startFleet({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: path.resolve(env.DATA_DIR || path.join(ROOT, '.data')),
  gatewayPort: Number(env.PORT || 8080),
  dbPrefix: env.DB_PREFIX || 'astro',
  embeddedPgPort: Number(env.EMBEDDED_PG_PORT || 5433),
  output: 'inherit',
  env: {
    REDIS_URL: env.REDIS_URL,
    KAFKA_BROKERS: env.KAFKA_BROKERS,
    SMTP_URL: env.SMTP_URL,
    JWT_SECRET: env.JWT_SECRET,
    LOG_LEVEL: env.LOG_LEVEL,
  },
});

console.log(`
Astrology API is up: ${fleet.baseUrl}   (docs: ${fleet.baseUrl}/docs)
Try: curl -s ${fleet.baseUrl}/v1/plans
Services: ${fleet.services.join(', ')}.  Ctrl-C stops the fleet.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('[fleet] stopping');
  await fleet.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
