// Usage rollups in the account database, raw SQL through node-postgres: the ingest runs for every
// gateway batch and the reports aggregate many rows, both hot paths where Prisma's overhead buys nothing.
import { applyOnce, pruneProcessed } from '@astro/platform';
import type pg from 'pg';
import type { Histogram } from '../domain/usage/histogram.ts';
import type { RollupDelta } from '../domain/usage/records.ts';
import type { RollupRow } from '../domain/usage/report.ts';
import type { UsageRepository } from '../domain/usage/usage.ts';

// The platform's apply-once ledger, under the name this service gave it first (migrations/0002_usage.sql).
const PROCESSED_TABLE = 'usage_processed_events';

// Histograms are summed in SQL so two account replicas folding events into one row stay atomic.
const MERGE_HIST = `(SELECT COALESCE(jsonb_object_agg(k,
    COALESCE((usage_hourly.latency_hist->>k)::bigint, 0) + COALESCE((EXCLUDED.latency_hist->>k)::bigint, 0)), '{}'::jsonb)
  FROM jsonb_object_keys(usage_hourly.latency_hist || EXCLUDED.latency_hist) AS k)`;

const UPSERT = `
INSERT INTO usage_hourly (tenant_id, api_key_id, hour, route, method, requests, errors_4xx, errors_5xx, latency_hist)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::bigint[], $7::bigint[],
  $8::bigint[], $9::jsonb[])
ON CONFLICT (tenant_id, api_key_id, hour, route, method) DO UPDATE SET
  requests = usage_hourly.requests + EXCLUDED.requests,
  errors_4xx = usage_hourly.errors_4xx + EXCLUDED.errors_4xx,
  errors_5xx = usage_hourly.errors_5xx + EXCLUDED.errors_5xx,
  latency_hist = ${MERGE_HIST}`;

// The key's mode (docs/test-keys.md) comes from api_keys: fixed at creation, so a join reports it
// without carrying it in every usage record. Session traffic (the nil key) has no row there: live.
const SELECT_ROWS = `SELECT hour, route, COALESCE(k.mode, 'live') AS mode, sum(requests)::float8 AS requests,
  sum(errors_4xx)::float8 AS e4, sum(errors_5xx)::float8 AS e5, jsonb_agg(latency_hist) AS hists
FROM usage_hourly LEFT JOIN api_keys k ON k.id = usage_hourly.api_key_id`;
const GROUP = "GROUP BY hour, route, COALESCE(k.mode, 'live')";

interface DbRow {
  hour: Date;
  route: string;
  mode: string;
  requests: number;
  e4: number;
  e5: number;
  hists: Histogram[];
}

function toRollup(r: DbRow): RollupRow {
  const hist: Histogram = {};
  for (const h of r.hists) for (const [k, n] of Object.entries(h)) hist[k] = (hist[k] ?? 0) + Number(n);
  const mode = r.mode === 'test' ? 'test' : 'live';
  return { hour: r.hour, route: r.route, mode, requests: r.requests, errors4xx: r.e4, errors5xx: r.e5, hist };
}

export class PgUsageRepository implements UsageRepository {
  constructor(private readonly pool: pg.Pool) {}

  async applyOnce(eventId: string, deltas: RollupDelta[], at: Date): Promise<boolean> {
    const outcome = await applyOnce(
      this.pool,
      eventId,
      async (client) => {
        if (deltas.length)
          await client.query(UPSERT, [
            deltas.map((d) => d.tenantId),
            deltas.map((d) => d.apiKeyId),
            deltas.map((d) => d.hour),
            deltas.map((d) => d.route),
            deltas.map((d) => d.method),
            deltas.map((d) => d.requests),
            deltas.map((d) => d.errors4xx),
            deltas.map((d) => d.errors5xx),
            deltas.map((d) => JSON.stringify(d.hist)),
          ]);
      },
      { table: PROCESSED_TABLE, at },
    );
    return outcome.applied;
  }

  async rowsForKey(tenantId: string, keyId: string, fromHour: Date, toExclusive: Date): Promise<RollupRow[]> {
    const { rows } = await this.pool.query<DbRow>(
      `${SELECT_ROWS} WHERE usage_hourly.tenant_id = $1 AND api_key_id = $2 AND hour >= $3 AND hour < $4 ${GROUP}`,
      [tenantId, keyId, fromHour, toExclusive],
    );
    return rows.map(toRollup);
  }

  async rowsForActiveKeys(tenantId: string, now: Date, fromHour: Date, toExclusive: Date): Promise<RollupRow[]> {
    const { rows } = await this.pool.query<DbRow>(
      `${SELECT_ROWS} WHERE usage_hourly.tenant_id = $1 AND hour >= $3 AND hour < $4 AND api_key_id IN (
         SELECT id FROM api_keys WHERE tenant_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2))
       ${GROUP}`,
      [tenantId, now, fromHour, toExclusive],
    );
    return rows.map(toRollup);
  }

  pruneProcessed(before: Date): Promise<number> {
    return pruneProcessed(this.pool, before, { table: PROCESSED_TABLE });
  }
}
