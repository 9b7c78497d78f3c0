// Transactional outbox (DESIGN.md §3: "an event whose cause has been committed is never lost"): a
// service writes the event into its own `outbox` table in the SAME transaction as the state change, and
// the relay (outbox-relay.ts) moves committed rows to the event bus. Nothing publishes after a commit,
// so a crash or a broker outage between the commit and the publish only delays the event.
//
// The table lives in each publishing service's database, created by that service's migration
// (services/*/migrations/*_outbox.sql, mirrored in its schema.prisma); OUTBOX_TABLE_SQL below is the
// same DDL, for tests that build a throw-away database.
import { uuidv7 } from '../ids';
import { traceHeaders } from '../trace';
import { headersJson } from './pg-schema';

/** NOTIFY channel the writer signals at commit so the relay wakes in milliseconds (it also polls). */
export const OUTBOX_NOTIFY_CHANNEL = 'outbox';

export const OUTBOX_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS outbox (
  id              text           PRIMARY KEY,
  seq             bigserial      NOT NULL,
  topic           text           NOT NULL,
  key             text           NOT NULL,
  payload         jsonb          NOT NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  attempts        integer        NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz(3),
  headers         jsonb
);
-- The writer's trace context (traceHeaders()), added after the first release: nullable, no rewrite.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS headers jsonb;
CREATE INDEX IF NOT EXISTS outbox_pending_idx ON outbox (seq) WHERE sent_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_key_pending_idx ON outbox (key, seq) WHERE sent_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_sent_at_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL;
`;

/** One event to publish once the surrounding transaction commits. */
export interface OutboxMessage {
  topic: string;
  /** Partitioning key: the tenant id, so one tenant's events keep their order. */
  key: string;
  payload: unknown;
}

// One statement: the row, and a NOTIFY that PostgreSQL delivers only if the transaction commits.
const INSERT_SQL = `INSERT INTO outbox (id, topic, key, payload, headers)
  SELECT $1, $2, $3, $4::jsonb, $5::jsonb FROM (SELECT pg_notify('${OUTBOX_NOTIFY_CHANNEL}', '')) AS wake`;

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
