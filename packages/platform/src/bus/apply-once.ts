// "Apply once" for bus consumers (DESIGN.md §3): the bus delivers at least once, so a consumer whose
// effect is not naturally idempotent (a counter, a rollup) records the event id in its database's
// processed_events table (DDL: packages/platform/migrations/processed-events.sql) in the SAME
// transaction as the effect. A redelivery finds the id and changes nothing; a crash before the commit
// leaves neither the effect nor the id, so the redelivery applies it.
import { inTransaction, type SqlClient, type TxPool } from './outbox';

export interface ApplyOnceOptions {
  /** The ledger table (default processed_events; a service may keep an older name). */
  table?: string;
  /** Recorded as processed_at (default now): what pruneProcessed compares with. */
  at?: Date;
}

export type ApplyOnceResult<T> = { applied: true; result: T } | { applied: false };

const DEFAULT_TABLE = 'processed_events';

// The table name is interpolated (identifiers take no bind parameters): only plain names.
function tableOf(opts?: ApplyOnceOptions): string {
  const table = opts?.table ?? DEFAULT_TABLE;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new RangeError(`not a table name: ${table}`);
  return table;
}

/**
 * Runs `effect` in one transaction with the record of `eventId`, unless the id is recorded already
 * (then nothing runs and `applied` is false). Two deliveries racing (two consumers after a rebalance)
 * serialise on the id's primary key: the second waits for the first to commit, then skips.
 */
export async function applyOnce<T>(
  pool: TxPool,
  eventId: string,
  effect: (client: SqlClient) => Promise<T>,
  opts?: ApplyOnceOptions,
): Promise<ApplyOnceResult<T>> {
  if (!eventId) throw new RangeError('applyOnce needs an event id');
  const table = tableOf(opts);
  return inTransaction(pool, async (client) => {
    const marked = (await client.query(
      `INSERT INTO ${table} (event_id, processed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [eventId, opts?.at ?? new Date()],
    )) as { rowCount: number | null };
    if (!marked.rowCount) return { applied: false };
    return { applied: true, result: await effect(client) };
  });
}

/** Forgets ids recorded before `before` (redeliveries older than that no longer arrive); returns how many. */
export async function pruneProcessed(
  pool: { query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }> },
  before: Date,
  opts?: Pick<ApplyOnceOptions, 'table'>,
): Promise<number> {
  const r = await pool.query(`DELETE FROM ${tableOf(opts)} WHERE processed_at < $1`, [before]);
  return r.rowCount ?? 0;
}
