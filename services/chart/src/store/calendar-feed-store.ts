// Calendar feed rows (migrations/0006_calendar_feeds.sql), plain SQL through node-postgres like the
// chart rows beside them. Tenant and chart scoping are part of every query but the token lookup, where
// the token digest is the credential.
import type pg from 'pg';
import type { FeedKind, FeedParams, FeedRecord, FeedRepository } from '../domain/calendar/feeds.ts';

const COLUMNS = [
  'id',
  'tenant_id',
  'chart_id',
  'kind',
  'name',
  'params',
  'token_hash',
  'token_prefix',
  'created_at',
  'last_fetched_at',
  'revoked_at',
] as const;
const SELECT = `SELECT ${COLUMNS.join(', ')} FROM calendar_feeds`;

interface Row extends Omit<FeedRecord, 'kind' | 'params'> {
  kind: string;
  params: unknown;
}

const toRecord = (r: Row): FeedRecord => ({ ...r, kind: r.kind as FeedKind, params: r.params as FeedParams });

export class PgCalendarFeedStore implements FeedRepository {
  constructor(private readonly pool: pg.Pool) {}

  async insert(r: FeedRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO calendar_feeds (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
      COLUMNS.map((c) => (c === 'params' ? JSON.stringify(r.params) : r[c])),
    );
  }

  async listActive(tenantId: string, chartId: string): Promise<FeedRecord[]> {
    const { rows } = await this.pool.query<Row>(
      `${SELECT} WHERE tenant_id = $1 AND chart_id = $2 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
      [tenantId, chartId],
    );
    return rows.map(toRecord);
  }

  async revoke(tenantId: string, chartId: string, feedId: string, at: Date): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE calendar_feeds SET revoked_at = $4
        WHERE id = $3 AND tenant_id = $1 AND chart_id = $2 AND revoked_at IS NULL`,
      [tenantId, chartId, feedId, at],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async findByTokenHash(tokenHash: string): Promise<FeedRecord | null> {
    const { rows } = await this.pool.query<Row>(`${SELECT} WHERE token_hash = $1`, [tokenHash]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async touchFetched(id: string, at: Date): Promise<void> {
    // Never backwards: fetches answered by two replicas can finish out of order.
    await this.pool.query(
      'UPDATE calendar_feeds SET last_fetched_at = $2 WHERE id = $1 AND (last_fetched_at IS NULL OR last_fetched_at < $2)',
      [id, at],
    );
  }
}
