// Rollup rows -> the usage report envelope (spec 1-platform.md "Usage buckets"). Pure.
import { mergeInto, p95, type Histogram } from './histogram.ts';
import type { UsageWindow } from './window.ts';

/** One (hour, route) row of the window, already summed over keys and methods by the store. */
export interface RollupRow {
  hour: Date;
  route: string;
  requests: number;
  errors4xx: number;
  errors5xx: number;
  hist: Histogram;
}

export interface UsageBucketView {
  bucket_hour?: string;
  endpoint_path?: string;
  requests: number;
  errors_4xx: number;
  errors_5xx: number;
  latency_p95_ms: number | null;
}

export interface UsageReportView {
  since: string;
  until: string;
  total_requests: number;
  total_errors: number;
  buckets: UsageBucketView[];
}

interface Acc {
  requests: number;
  errors4xx: number;
  errors5xx: number;
  hist: Histogram;
}

function group(rows: RollupRow[], keyOf: (r: RollupRow) => string): Map<string, Acc> {
  const out = new Map<string, Acc>();
  for (const r of rows) {
    const k = keyOf(r);
    let a = out.get(k);
    if (!a) out.set(k, (a = { requests: 0, errors4xx: 0, errors5xx: 0, hist: {} }));
    a.requests += r.requests;
    a.errors4xx += r.errors4xx;
    a.errors5xx += r.errors5xx;
    mergeInto(a.hist, r.hist);
  }
  return out;
}

function envelope(w: UsageWindow, rows: RollupRow[], buckets: UsageBucketView[]): UsageReportView {
  let total = 0;
  let errors = 0;
  for (const r of rows) {
    total += r.requests;
    errors += r.errors4xx + r.errors5xx;
  }
  return {
    since: w.since.toISOString(),
    until: w.until.toISOString(),
    total_requests: total,
    total_errors: errors,
    buckets,
  };
}

const counts = (a: Acc) => ({
  requests: a.requests,
  errors_4xx: a.errors4xx,
  errors_5xx: a.errors5xx,
  latency_p95_ms: p95(a.hist),
});

/** Hourly view: one bucket per hour with traffic, oldest first (hours without traffic are absent). */
export function hourlyReport(w: UsageWindow, rows: RollupRow[]): UsageReportView {
  const byHour = group(rows, (r) => r.hour.toISOString());
  const buckets = [...byHour.entries()]
    .filter(([, a]) => a.requests > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([hour, a]) => ({ bucket_hour: hour, ...counts(a) }));
  return envelope(w, rows, buckets);
}

/**
 * Per-endpoint view: one bucket per route template, busiest first (ties by path), at most `limit`;
 * the totals still count the whole window.
 */
export function endpointReport(w: UsageWindow, rows: RollupRow[], limit: number): UsageReportView {
  const byRoute = group(rows, (r) => r.route);
  const buckets = [...byRoute.entries()]
    .filter(([, a]) => a.requests > 0)
    .sort(([pa, a], [pb, b]) => b.requests - a.requests || (pa < pb ? -1 : pa > pb ? 1 : 0))
    .slice(0, limit)
    .map(([path, a]) => ({ endpoint_path: path, ...counts(a) }));
  return envelope(w, rows, buckets);
}
