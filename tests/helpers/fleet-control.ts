// Test-only access to the fleet beyond the public API: stop and start one service process (through
// the control endpoint scripts/test.ts serves), read a service's own database, publish on the bus.
import assert from 'node:assert/strict';
import pg from 'pg';
import { createEventBus } from '@astro/platform';

/**
 * Stops (SIGTERM, drained) or starts (and waits for gRPC health) one fleet service; a start may add
 * settings to the service's environment until its next start.
 */
export async function fleetService(
  name: string,
  action: 'stop' | 'start',
  extraEnv?: Record<string, string>,
): Promise<void> {
  const url = process.env.FLEET_CONTROL_URL;
  assert.ok(url, 'FLEET_CONTROL_URL is set (run through scripts/test.ts)');
  const query = extraEnv ? `?env=${encodeURIComponent(JSON.stringify(extraEnv))}` : '';
  const res = await fetch(`${url}/services/${name}/${action}${query}`, { method: 'POST' });
  assert.equal(res.status, 204, `fleet ${action} ${name}: ${await res.text()}`);
}

/** One statement on a service's database (env var FEEDBACK_DATABASE_URL, CHART_DATABASE_URL, ...). */
export async function serviceSql(
  envVar: 'FEEDBACK_DATABASE_URL' | 'CHART_DATABASE_URL' | 'ACCOUNT_DATABASE_URL',
  query: string,
  params: unknown[] = [],
): Promise<any[]> {
  const url = process.env[envVar];
  assert.ok(url, `${envVar} is set (run through scripts/test.ts)`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Publishes one event on the fleet's bus (Kafka when the run's fleet is on Kafka), as a service would;
 * `id` is the event id consumers see (default: the bus assigns one).
 */
export async function publishEvent(topic: string, key: string, payload: unknown, id?: string): Promise<void> {
  const url = process.env.BUS_DATABASE_URL;
  assert.ok(url, 'BUS_DATABASE_URL is set (run through scripts/test.ts)');
  const bus = createEventBus({ databaseUrl: url, kafkaBrokers: process.env.KAFKA_BROKERS, clientId: 'tests' });
  try {
    await bus.publish(topic, key, payload, id ? { id } : undefined);
  } finally {
    await bus.close();
  }
}

/** Polls `probe` until it returns true or `timeoutMs` passes; returns the elapsed milliseconds. */
export async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    assert.ok(Date.now() - start < timeoutMs, `${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
