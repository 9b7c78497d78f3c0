// `INFRA=compose npm start`: run the fleet against the production parts of infra/docker-compose.yml
// (PostgreSQL, Redis, Kafka, Prometheus, Grafana) instead of the embedded defaults. Needs Docker with
// the compose plugin on this machine; explicit DATABASE_URL / REDIS_URL / KAFKA_BROKERS still win.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Where the compose file publishes each part on the host (kept in step with infra/docker-compose.yml). */
export const COMPOSE_ENDPOINTS = {
  DATABASE_URL: 'postgres://postgres:astro-dev@127.0.0.1:55432/postgres',
  REDIS_URL: 'redis://127.0.0.1:56379',
  KAFKA_BROKERS: '127.0.0.1:59092',
} as const;

export function composeEnv(env: NodeJS.ProcessEnv): Record<keyof typeof COMPOSE_ENDPOINTS, string> {
  return {
    DATABASE_URL: env.DATABASE_URL || COMPOSE_ENDPOINTS.DATABASE_URL,
    REDIS_URL: env.REDIS_URL || COMPOSE_ENDPOINTS.REDIS_URL,
    KAFKA_BROKERS: env.KAFKA_BROKERS || COMPOSE_ENDPOINTS.KAFKA_BROKERS,
  };
}

export function startComposeInfra(root: string): void {
  const file = path.join(root, 'infra', 'docker-compose.yml');
  console.log('[infra] docker compose up (PostgreSQL, Redis, Kafka, Prometheus, Grafana)');
  execFileSync('docker', ['compose', '-f', file, 'up', '-d', '--wait'], { stdio: 'inherit' });
}
