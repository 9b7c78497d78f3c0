// The usage.recorded event (DESIGN.md §3: gateway -> account): a batch of request records. Records are
// folded into hourly rollups here; a malformed record is skipped (and counted) rather than parking the
// whole batch, since the rest of it is still good data.
import { EVENTS, isUuid } from '@astro/platform';
import { addSample, type Histogram } from './histogram.ts';
import { HOUR_MS } from './window.ts';

/** The topic, from the events contract (protos/astro/events/v1). */
export const USAGE_TOPIC = EVENTS.UsageRecorded.topic;
/** api_key_id of traffic authenticated with a dashboard session (no key). */
export const NO_KEY = '00000000-0000-0000-0000-000000000000';

export interface UsageRecord {
  tenant_id: string;
  api_key_id: string | null;
  route: string;
  method: string;
  status: number;
  latency_ms: number;
  /** ISO 8601 instant the request finished. */
  at: string;
}

export interface UsageBatch {
  records: UsageRecord[];
}

export interface RollupDelta {
  tenantId: string;
  apiKeyId: string;
  hour: Date;
  route: string;
  method: string;
  requests: number;
  errors4xx: number;
  errors5xx: number;
  hist: Histogram;
}

function validRecord(r: unknown): r is UsageRecord {
  if (!r || typeof r !== 'object') return false;
  const x = r as Record<string, unknown>;
  return (
    typeof x.tenant_id === 'string' &&
    isUuid(x.tenant_id) &&
    (x.api_key_id === null || (typeof x.api_key_id === 'string' && isUuid(x.api_key_id))) &&
    typeof x.route === 'string' &&
    x.route.length > 0 &&
    x.route.length <= 512 &&
    typeof x.method === 'string' &&
    /^[A-Z]{1,10}$/.test(x.method) &&
    Number.isInteger(x.status) &&
    (x.status as number) >= 100 &&
    (x.status as number) <= 599 &&
    typeof x.latency_ms === 'number' &&
    Number.isFinite(x.latency_ms) &&
    x.latency_ms >= 0 &&
    typeof x.at === 'string' &&
    !Number.isNaN(Date.parse(x.at))
  );
}

/** Sums a batch into one delta per (tenant, key, hour, route, method), sorted so upserts lock in one order. */
export function rollup(payload: unknown): { deltas: RollupDelta[]; skipped: number } {
  const records = (payload as UsageBatch | null)?.records;
  if (!Array.isArray(records)) return { deltas: [], skipped: 0 };
  const byKey = new Map<string, RollupDelta>();
  let skipped = 0;
  for (const r of records) {
    if (!validRecord(r)) {
      skipped++;
      continue;
    }
    const hour = new Date(Math.floor(Date.parse(r.at) / HOUR_MS) * HOUR_MS);
    const apiKeyId = r.api_key_id ?? NO_KEY;
    const k = [r.tenant_id, apiKeyId, hour.toISOString(), r.route, r.method].join('\u0000');
    let d = byKey.get(k);
    if (!d) {
      d = {
        tenantId: r.tenant_id,
        apiKeyId,
        hour,
        route: r.route,
        method: r.method,
        requests: 0,
        errors4xx: 0,
        errors5xx: 0,
        hist: {},
      };
      byKey.set(k, d);
    }
    d.requests++;
    if (r.status >= 400 && r.status < 500) d.errors4xx++;
    if (r.status >= 500) d.errors5xx++;
    addSample(d.hist, r.latency_ms);
  }
  const deltas = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
  return { deltas, skipped };
}
