// Rollup rows -> the usage report envelope (spec 1-platform.md "Usage buckets"). Pure.
// Test-key traffic (docs/test-keys.md) is reported apart: every bucket carries the `mode` of the keys
// it sums, live and test never share a bucket, and the envelope's test_requests counts the test part.
import type { KeyMode } from '@astro/platform';
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
  /** The mode of the key the row belongs to; session traffic is live. Absent = live. */
  mode?: KeyMode;
}

export interface UsageBucketView {
  bucket_hour?: string;
  endpoint_path?: string;
  mode: KeyMode;
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
  /** Requests made with test keys, included in total_requests. */
  test_requests: number;
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
  let test = 0;
  for (const r of rows) {
    total += r.requests;
    errors += r.errors4xx + r.errors5xx;
    if (modeOf(r) === 'test') test += r.requests;
  }
  return {
    since: w.since.toISOString(),
    until: w.until.toISOString(),
    total_requests: total,
    total_errors: errors,
    test_requests: test,
    buckets,
  };
}

const modeOf = (r: RollupRow): KeyMode => r.mode ?? 'live';

/** Group key `<mode> <value>`: the mode never contains a space, so the split below is exact. */
const keyed = (r: RollupRow, value: string) => `${modeOf(r)} ${value}`;
function unkey(k: string): [KeyMode, string] {
  const i = k.indexOf(' ');
  return [k.slice(0, i) as KeyMode, k.slice(i + 1)];
}
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const counts = (a: Acc) => ({
  requests: a.requests,
  errors_4xx: a.errors4xx,
  errors_5xx: a.errors5xx,
  latency_p95_ms: p95(a.hist),
});

/**
 * Hourly view: one bucket per hour and mode with traffic, oldest first, live before test within an
 * hour (hours without traffic are absent).
 */
export function hourlyReport(w: UsageWindow, rows: RollupRow[]): UsageReportView {
  const byHour = group(rows, (r) => keyed(r, r.hour.toISOString()));
  const buckets = [...byHour.entries()]
    .filter(([, a]) => a.requests > 0)
    .map(([k, a]) => [...unkey(k), a] as const)
    .sort(([ma, ha], [mb, hb]) => order(ha, hb) || order(ma, mb))
    .map(([mode, hour, a]) => ({ bucket_hour: hour, mode, ...counts(a) }));
  return envelope(w, rows, buckets);
}

/**
 * Per-endpoint view: one bucket per route template and mode, busiest first (ties by path, then live
 * before test), at most `limit`; the totals still count the whole window.
 */
export function endpointReport(w: UsageWindow, rows: RollupRow[], limit: number): UsageReportView {
  const byRoute = group(rows, (r) => keyed(r, r.route));
  const buckets = [...byRoute.entries()]
    .filter(([, a]) => a.requests > 0)
    .map(([k, a]) => [...unkey(k), a] as const)
    .sort(([ma, pa, a], [mb, pb, b]) => b.requests - a.requests || order(pa, pb) || order(ma, mb))
    .slice(0, limit)
    .map(([mode, path, a]) => ({ endpoint_path: path, mode, ...counts(a) }));
  return envelope(w, rows, buckets);
}
