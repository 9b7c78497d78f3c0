// Chart repository. Tenant scoping is part of every query: another tenant's chart is indistinguishable
// from an absent one.
//
// Plain parameterised SQL through node-postgres rather than Prisma: create and read are the fleet's
// hottest paths, and on this machine class Prisma's findFirst of a chart row (a 4 KB jsonb payload)
// took ~3.0 ms against ~0.6 ms for the same SELECT through pg (measured 200 sequential reads each; see
// the closing note of the charts issue). The table is still modelled in schema.prisma, and the drift
// test keeps the two in step.
import type pg from 'pg';
import type { HouseCusp, Position } from '@astro/astro-core';
import {
  inTransaction,
  isUuid,
  withOutboxStatement,
  writeOutbox,
  type OutboxMessage,
  type SqlClient,
  WriteBatcher,
} from '@astro/platform';
import type { ChartRecord } from '../domain/chart-record.ts';
import type { ChartTx } from '../domain/chart-use-cases.ts';

const COLUMNS = [
  'id',
  'tenant_id',
  'system',
  'ayanamsha',
  'house_system',
  'requested_house_system',
  'moment',
  'birth_utc_ms',
  'offset_minutes',
  'local_birth',
  'latitude',
  'longitude',
  'jd_ut',
  'planets',
  'houses',
  'method_version',
  'computed_at',
] as const;

/** The INSERT of `rows` chart rows, parameters $1.. in COLUMNS order, row after row (kept per size). */
const insertTexts = new Map<number, string>();
function insertSql(rows: number): string {
  let text = insertTexts.get(rows);
  if (!text) {
    text =
      `INSERT INTO charts (${COLUMNS.join(', ')}) VALUES ` +
      Array.from(
        { length: rows },
        (_, r) => `(${COLUMNS.map((_, i) => `$${r * COLUMNS.length + i + 1}`).join(', ')})`,
      ).join(', ');
    insertTexts.set(rows, text);
  }
  return text;
}
const SELECT = `SELECT ${COLUMNS.join(', ')} FROM charts WHERE id = $1 AND tenant_id = $2`;

interface Row extends Omit<ChartRecord, 'birth_utc_ms'> {
  birth_utc_ms: string; // bigint arrives as a string
}

function toRecord(row: Row): ChartRecord {
  return {
    ...row,
    birth_utc_ms: Number(row.birth_utc_ms),
    planets: row.planets as Position[],
    houses: row.houses as HouseCusp[],
  };
}

function rowValues(r: ChartRecord): unknown[] {
  // json columns as JSON text; an absent local birth stays SQL NULL.
  return COLUMNS.map((c) =>
    c === 'planets' || c === 'houses' || (c === 'local_birth' && r[c]) ? JSON.stringify(r[c]) : r[c],
  );
}

/**
 * NOTIFY channel of chart deletions, heard by every replica's read cache (chart-read-cache.ts). The
 * payload is `<tenant id>` (every chart of the tenant) or `<tenant id>/<chart id>`; PostgreSQL delivers
 * it when the deleting transaction commits, never if it rolls back.
 */
export const CHART_ERASURE_CHANNEL = 'chart_erasure';

/** The writes of one transaction: chart rows and the outbox rows of the events they cause. */
class PgChartTx implements ChartTx {
  constructor(private readonly client: SqlClient) {}

  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const r = (await this.client.query('DELETE FROM charts WHERE id = $1 AND tenant_id = $2', [
      id,
      tenantId,
    ])) as pg.QueryResult;
    if (!r.rowCount) return false;
    await this.notify(`${tenantId}/${id.toLowerCase()}`);
    return true;
  }

  async deleteAllOf(tenantId: string): Promise<number> {
    const r = (await this.client.query('DELETE FROM charts WHERE tenant_id = $1', [tenantId])) as pg.QueryResult;
    if (r.rowCount) await this.notify(tenantId);
    return r.rowCount ?? 0;
  }

  private async notify(payload: string): Promise<void> {
    await this.client.query('SELECT pg_notify($1, $2)', [CHART_ERASURE_CHANNEL, payload]);
  }

  async emit(msg: OutboxMessage): Promise<void> {
    await writeOutbox(this.client, msg);
  }
}

interface NewChart {
  record: ChartRecord;
  event: OutboxMessage;
}

export class ChartStore {
  // Creations arriving while one is written go together in the next statement (write-batcher.ts).
  private readonly creations: WriteBatcher<NewChart>;

  /**
   * @param wakeRelay this process's outbox relay (OutboxRelay.wake), told after each creation commits.
   *   With it the creation statement sends no NOTIFY (see insertAll); without it, it does.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly wakeRelay?: () => void,
  ) {
    this.creations = new WriteBatcher({ write: (batch) => this.insertAll(batch) });
  }

  /** Runs `work` in one transaction: its chart writes and outbox rows commit together or not at all. */
  transaction<T>(work: (tx: ChartTx) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, (client) => work(new PgChartTx(client)));
  }

  /**
   * The chart row and its event in one statement (chart creation is the hottest write): atomic without
   * a transaction, one round trip, shared with the creations that arrive meanwhile.
   */
  insertWithEvent(record: ChartRecord, event: OutboxMessage): Promise<void> {
    return this.creations.add({ record, event });
  }

  private async insertAll(batch: NewChart[]): Promise<void> {
    // PostgreSQL serialises the commits of all transactions that NOTIFY (one cluster-wide lock held
    // from pre-commit to the end of the commit, WAL flush included), so creations that NOTIFY the relay
    // cannot share a flush. This process's relay is woken directly instead; another replica's relay
    // finds the rows by its poll should this process die before its relay ran.
    const { text, values } = withOutboxStatement(
      insertSql(batch.length),
      batch.flatMap((c) => rowValues(c.record)),
      batch.map((c) => c.event),
      { notify: !this.wakeRelay },
    );
    // Named: PostgreSQL parses and plans it once per connection and batch size, not per creation (a
    // name stands for one text on a connection, and the two forms share the pool in tests).
    const name = `insert-charts-${batch.length}${this.wakeRelay ? '-quiet' : ''}`;
    await this.pool.query({ name, text, values });
    this.wakeRelay?.();
  }

  async find(tenantId: string, id: string): Promise<ChartRecord | null> {
    if (!isUuid(id)) return null;
    const { rows } = await this.pool.query<Row>(SELECT, [id, tenantId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
