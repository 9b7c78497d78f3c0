// Latency distribution of a usage rollup: a sparse log-scale histogram, mergeable by adding counts, so
// hourly rows can be summed over any window and still give a p95 (the way Prometheus histograms and
// HDR histograms are merged). Bucket i holds latencies in (U(i-1), U(i)] with U(i) = 0.1 ms x 2^(i/16):
// 16 buckets per doubling, so a reported percentile is at most 2^(1/16) - 1 = 4.4 % above the exact
// sample value and never below it.

/** {bucket index as a string: count} — the JSON stored in usage_hourly.latency_hist. */
export type Histogram = Record<string, number>;

const BASE_MS = 0.1;
const STEPS_PER_DOUBLING = 16;
/** 0.1 ms x 2^22 ≈ 7 minutes: far beyond any gateway deadline; slower samples share the last bucket. */
const MAX_INDEX = 22 * STEPS_PER_DOUBLING;

/** Fewer samples than this and p95 is not shown (null): with 19 or fewer the "95th percentile" is just the maximum. */
export const P95_MIN_SAMPLES = 20;

export function bucketIndex(latencyMs: number): number {
  if (!(latencyMs > BASE_MS)) return 0;
  const i = Math.ceil(Math.log2(latencyMs / BASE_MS) * STEPS_PER_DOUBLING - 1e-9);
  return Math.min(MAX_INDEX, i);
}

/** The upper bound of bucket i, in ms. */
export function bucketUpperMs(i: number): number {
  return BASE_MS * 2 ** (i / STEPS_PER_DOUBLING);
}

export function addSample(h: Histogram, latencyMs: number): void {
  const k = String(bucketIndex(latencyMs));
  h[k] = (h[k] ?? 0) + 1;
}

export function mergeInto(target: Histogram, source: Histogram): void {
  for (const [k, n] of Object.entries(source)) if (n > 0) target[k] = (target[k] ?? 0) + n;
}

export function sampleCount(h: Histogram): number {
  let n = 0;
  for (const v of Object.values(h)) n += v;
  return n;
}

/**
 * Nearest-rank p95 (the smallest sample with at least 95 % of the samples at or below it), reported as
 * the upper bound of its bucket rounded to 0.01 ms; null below P95_MIN_SAMPLES samples.
 */
export function p95(h: Histogram): number | null {
  const total = sampleCount(h);
  if (total < P95_MIN_SAMPLES) return null;
  const rank = Math.ceil(0.95 * total);
  const indices = Object.keys(h)
    .map(Number)
    .sort((a, b) => a - b);
  let seen = 0;
  for (const i of indices) {
    seen += h[String(i)] ?? 0;
    if (seen >= rank) return Math.round(bucketUpperMs(i) * 100) / 100;
  }
  return null;
}
