// Storage of the llm service (node-postgres; the tables are modelled in prisma/schema.prisma). Every
// query is scoped by tenant: another tenant's row is indistinguishable from an absent one.
import type pg from 'pg';
import { applyOnce, inTransaction, isUuid, type SqlClient } from '@astro/platform';
import { take, type BucketConfig, type TakeResult } from '../domain/token-bucket.ts';
import type { InterpretationRow, InterpretationStorePort, RequestParamsRow, UsageRow } from '../domain/ports.ts';

export type { InterpretationRow, RequestParamsRow, UsageRow };

const COLS = [
  'id',
  'tenant_id',
  'chart_id',
  'related_chart_id',
  'interpretation_type',
  'theme',
  'language',
  'tier',
  'content',
  'engine_context',
  'grounding',
  'request_params',
  'input_tokens',
  'output_tokens',
  'latency_ms',
  'cost_usd',
  'cache_key',
  'created_at',
] as const;
const SELECT = `SELECT ${COLS.join(', ')} FROM llm_interpretations`;
const JSON_COLS = new Set(['engine_context', 'grounding', 'request_params']);

export interface ListFilter {
  chart_id?: string;
  interpretation_type?: string;
  language?: string;
  tier?: string;
}

export interface UsageFilter extends ListFilter {
  from: Date;
  to: Date;
  group_by: 'none' | 'interpretation_type' | 'tier' | 'language' | 'day';
}

export interface UsageAgg {
  label: string | null;
  call_count: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

function where(tenantId: string, f: ListFilter, params: unknown[]): string {
  params.push(tenantId);
  const parts = [`tenant_id = $${params.length}`];
  for (const k of ['chart_id', 'interpretation_type', 'language', 'tier'] as const) {
    const v = f[k];
    if (v === undefined) continue;
    params.push(v);
    parts.push(`${k} = $${params.length}`);
  }
  return parts.join(' AND ');
}

const toAgg = (r: any, label: string | null): UsageAgg => ({
  label,
  call_count: Number(r.call_count),
  input_tokens: Number(r.input_tokens ?? 0),
  output_tokens: Number(r.output_tokens ?? 0),
  cost_usd: Math.round(Number(r.cost_usd ?? 0) * 1e6) / 1e6,
});

export class InterpretationStore implements InterpretationStorePort {
  constructor(private readonly pool: pg.Pool) {}

  /** The newest row with this cache key created at or after `since`. */
  async findCached(tenantId: string, cacheKey: string, since: Date): Promise<InterpretationRow | null> {
    const { rows } = await this.pool.query(
      `${SELECT} WHERE tenant_id = $1 AND cache_key = $2 AND created_at >= $3 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [tenantId, cacheKey, since],
    );
    return rows[0] ?? null;
  }

  /** The row and its usage ledger entry, in one transaction. */
  async insert(row: InterpretationRow): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO llm_interpretations (${COLS.join(', ')}) VALUES (${COLS.map((_, i) => `$${i + 1}`).join(', ')})`,
        COLS.map((c) => (JSON_COLS.has(c) && row[c] !== null ? JSON.stringify(row[c]) : row[c])),
      );
      await client.query(
        `INSERT INTO llm_usage (id, tenant_id, chart_id, interpretation_type, language, tier, input_tokens, output_tokens, cost_usd, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          row.id,
          row.tenant_id,
          row.chart_id,
          row.interpretation_type,
          row.language,
          row.tier,
          row.input_tokens,
          row.output_tokens,
          row.cost_usd,
          row.created_at,
        ],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** A ledger row for a call that stores no interpretation (statement rewrites). */
  async insertUsage(u: UsageRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO llm_usage (id, tenant_id, chart_id, interpretation_type, language, tier, input_tokens, output_tokens, cost_usd, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        u.id,
        u.tenant_id,
        u.chart_id,
        u.interpretation_type,
        u.language,
        u.tier,
        u.input_tokens,
        u.output_tokens,
        u.cost_usd,
        u.created_at,
      ],
    );
  }

  async get(tenantId: string, id: string): Promise<InterpretationRow | null> {
    if (!isUuid(id)) return null;
    const { rows } = await this.pool.query(`${SELECT} WHERE id = $1 AND tenant_id = $2`, [id, tenantId]);
    return rows[0] ?? null;
  }

  async list(
    tenantId: string,
    f: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ items: InterpretationRow[]; total: number }> {
    const params: unknown[] = [];
    const w = where(tenantId, f, params);
    const total = await this.pool.query(`SELECT count(*)::int AS n FROM llm_interpretations WHERE ${w}`, params);
    const { rows } = await this.pool.query(
      `${SELECT} WHERE ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    return { items: rows, total: total.rows[0].n };
  }

  /** Spend of completed calls since each instant (cache replays add no ledger rows). */
  async spendSince(
    tenantId: string,
    hourStart: Date,
    monthStart: Date,
  ): Promise<{ lastHourUsd: number; thisMonthUsd: number }> {
    const { rows } = await this.pool.query(
      `SELECT coalesce(sum(cost_usd) FILTER (WHERE created_at >= $2), 0) AS hour,
              coalesce(sum(cost_usd) FILTER (WHERE created_at >= $3), 0) AS month
         FROM llm_usage WHERE tenant_id = $1 AND created_at >= LEAST($2::timestamptz, $3::timestamptz)`,
      [tenantId, hourStart, monthStart],
    );
    return { lastHourUsd: Number(rows[0].hour), thisMonthUsd: Number(rows[0].month) };
  }

  async usage(tenantId: string, f: UsageFilter): Promise<{ total: UsageAgg; breakdown: UsageAgg[] }> {
    const params: unknown[] = [];
    const w = `${where(tenantId, f, params)} AND created_at >= $${params.push(f.from)} AND created_at < $${params.push(f.to)}`;
    const agg =
      'count(*) AS call_count, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens, sum(cost_usd) AS cost_usd';
    const total = await this.pool.query(`SELECT ${agg} FROM llm_usage WHERE ${w}`, params);
    if (f.group_by === 'none') return { total: toAgg(total.rows[0], null), breakdown: [] };
    const expr = f.group_by === 'day' ? `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : f.group_by;
    const { rows } = await this.pool.query(
      `SELECT ${expr} AS label, ${agg} FROM llm_usage WHERE ${w} GROUP BY 1 ORDER BY 1`,
      params,
    );
    return { total: toAgg(total.rows[0], null), breakdown: rows.map((r) => toAgg(r, r.label)) };
  }

  /** Takes one token of the (tenant, tier) bucket, atomically across replicas (row lock). */
  async takeToken(tenantId: string, tier: string, cfg: BucketConfig, now: Date): Promise<TakeResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        'SELECT tokens, updated_at FROM llm_tier_buckets WHERE tenant_id = $1 AND tier = $2 FOR UPDATE',
        [tenantId, tier],
      );
      const prev = rows[0]
        ? { tokens: Number(rows[0].tokens), updatedAtMs: (rows[0].updated_at as Date).getTime() }
        : null;
      const res = take(cfg, prev, now.getTime());
      await client.query(
        `INSERT INTO llm_tier_buckets (tenant_id, tier, tokens, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id, tier) DO UPDATE SET tokens = EXCLUDED.tokens, updated_at = EXCLUDED.updated_at`,
        [tenantId, tier, res.state.tokens, new Date(res.state.updatedAtMs)],
      );
      await client.query('COMMIT');
      return res;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Deletes the tenant's interpretations (of one chart, or all) and detaches its usage rows from the
   * chart (spend stays counted). Returns the number of interpretation rows removed.
   */
  erase(tenantId: string, chartId: string | undefined): Promise<number> {
    if (chartId !== undefined && !isUuid(chartId)) return Promise.resolve(0);
    return inTransaction(this.pool, (client) => eraseIn(client, tenantId, chartId));
  }

  /** The same for bus event `eventId`, recorded in processed_events with the deletion: a redelivery does nothing. */
  async eraseOnce(eventId: string, tenantId: string, chartId: string | undefined): Promise<number> {
    if (chartId !== undefined && !isUuid(chartId)) return 0;
    const outcome = await applyOnce(this.pool, eventId, (client) => eraseIn(client, tenantId, chartId));
    return outcome.applied ? outcome.result : 0;
  }
}

async function eraseIn(client: SqlClient, tenantId: string, chartId: string | undefined): Promise<number> {
  const del = (await (chartId
    ? client.query(
        'DELETE FROM llm_interpretations WHERE tenant_id = $1 AND (chart_id = $2 OR related_chart_id = $2)',
        [tenantId, chartId],
      )
    : client.query('DELETE FROM llm_interpretations WHERE tenant_id = $1', [tenantId]))) as { rowCount: number | null };
  if (chartId)
    await client.query('UPDATE llm_usage SET chart_id = NULL WHERE tenant_id = $1 AND chart_id = $2', [
      tenantId,
      chartId,
    ]);
  else
    await client.query('UPDATE llm_usage SET chart_id = NULL WHERE tenant_id = $1 AND chart_id IS NOT NULL', [
      tenantId,
    ]);
  return del.rowCount ?? 0;
}
