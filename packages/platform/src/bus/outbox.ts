// Transactional outbox (DESIGN.md §3: "an event whose cause has been committed is never lost"): a
// service writes the event into its own `outbox` table in the SAME transaction as the state change, and
// the relay (outbox-relay.ts) moves committed rows to the event bus. Nothing publishes after a commit,
// so a crash or a broker outage between the commit and the publish only delays the event.
//
// The table lives in each publishing service's database: its DDL is packages/platform/migrations/
// outbox.sql, which each such service's migration includes (`\ir`, expanded by db/migrate.ts) and its
// schema.prisma mirrors.
import { readFileSync } from 'node:fs';
import { uuidv7 } from '../ids';
import { traceHeaders } from '../trace';
import { headersJson } from './pg-schema';

/** NOTIFY channel the writer signals at commit so the relay wakes in milliseconds (it also polls). */
export const OUTBOX_NOTIFY_CHANNEL = 'outbox';

/**
 * The outbox DDL (idempotent), for tests and benches that build a throw-away database. The one source
 * is packages/platform/migrations/outbox.sql, which every publishing service's migration includes.
 */
export function outboxTableSql(): string {
  return readFileSync(new URL('../../migrations/outbox.sql', import.meta.url), 'utf8');
}

/** One event to publish once the surrounding transaction commits. */
export interface OutboxMessage {
  topic: string;
  /** Partitioning key: the tenant id, so one tenant's events keep their order. */
  key: string;
  payload: unknown;
}

// One statement: the rows, and (unless `notify` is false) a NOTIFY that PostgreSQL delivers only if the
// transaction commits. `first` is the number of its first parameter, so the statement can follow a
// writer's own CTE.
const insertSql = (first: number, rows = 1, notify = true) => {
  const values = Array.from({ length: rows }, (_, r) => {
    const p = first + 5 * r;
    return `($${p}, $${p + 1}, $${p + 2}, $${p + 3}::jsonb, $${p + 4}::jsonb)`;
  });
  const rowsSql = `INSERT INTO outbox (id, topic, key, payload, headers)
  SELECT e.* FROM (VALUES ${values.join(', ')}) AS e`;
  return notify ? `${rowsSql}\n  CROSS JOIN (SELECT pg_notify('${OUTBOX_NOTIFY_CHANNEL}', '')) AS wake` : rowsSql;
};
const INSERT_SQL = insertSql(1);

/** Anything that runs a parameterised statement inside the caller's open transaction (a pg client). */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** A Prisma interactive-transaction client (`db.$transaction(async (tx) => ...)`). */
export interface PrismaTx {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

// The writer's trace context is stored with the row, so the relay's publish continues the trace of
// the request that wrote it rather than the relay's own.
function rowOf(msg: OutboxMessage): [string, string, string, string, string | null] {
  if (!msg.topic) throw new RangeError('outbox message needs a topic');
  if (!msg.key) throw new RangeError('outbox message needs a key (the tenant id)');
  return [uuidv7(), msg.topic, msg.key, JSON.stringify(msg.payload ?? null), headersJson(traceHeaders())];
}

/**
 * Adds the event to the outbox inside the caller's open transaction (`BEGIN` already sent on this
 * client). Returns the event id consumers will see.
 */
export async function writeOutbox(client: SqlClient, msg: OutboxMessage): Promise<string> {
  const row = rowOf(msg);
  await client.query(INSERT_SQL, row);
  return row[0];
}

/**
 * One statement that runs `change` (a data-modifying statement with `changeValues.length` parameters)
 * and adds the events to the outbox: `WITH change AS (…) INSERT INTO outbox …`. A single statement is
 * atomic on its own, so a hot write path pairs its rows with their events in ONE round trip instead of
 * four (BEGIN, row, outbox, COMMIT). PostgreSQL runs a data-modifying CTE to completion whether or
 * not the outer statement reads it, and a failure of either part fails both. `notify: false` leaves out
 * the relay's NOTIFY, for a writer that wakes its own process's relay after the commit (chart-store.ts
 * says why).
 */
export function withOutboxStatement(
  change: string,
  changeValues: unknown[],
  msgs: OutboxMessage[],
  opts: { notify?: boolean } = {},
): { text: string; values: unknown[]; eventIds: string[] } {
  const rows = msgs.map(rowOf);
  return {
    text: `WITH change AS (${change}) ${insertSql(changeValues.length + 1, rows.length, opts.notify ?? true)}`,
    values: [...changeValues, ...rows.flat()],
    eventIds: rows.map((r) => r[0]),
  };
}

/** The same for a Prisma interactive transaction. */
export async function writeOutboxPrisma(tx: PrismaTx, msg: OutboxMessage): Promise<string> {
  const row = rowOf(msg);
  await tx.$executeRawUnsafe(INSERT_SQL, ...row);
  return row[0];
}

/** A pg pool as services hold it: enough to run one transaction. */
export interface TxPool {
  connect(): Promise<{
    query(text: string, values?: unknown[]): Promise<unknown>;
    release(err?: Error | boolean): void;
  }>;
}

/**
 * Runs `work` in one transaction on a pooled client and commits; rolls back if it throws. The helper
 * services use to pair a change with its outbox row.
 */
export async function inTransaction<T>(pool: TxPool, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
