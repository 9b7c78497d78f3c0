// Quota thresholds a tenant is told about (webhook quota.threshold_reached, docs/webhooks.md): 80 % and
// 100 % of the daily and of the monthly quota. A counter moves by one per counted request, so exactly
// one request per window lands on each threshold: that request reports it, once, on every replica
// sharing the counters.

export const QUOTA_THRESHOLD_PERCENTS = [80, 100] as const;

/** The thresholds (percent) that a counter value of `used` lands on exactly, for a quota of `limit`. */
export function thresholdsReachedAt(used: number, limit: number): readonly number[] {
  // The common case (no threshold) allocates nothing.
  if (!(limit > 0) || (used !== limit && used !== Math.ceil((limit * 80) / 100))) return NONE;
  return QUOTA_THRESHOLD_PERCENTS.filter((p) => used === Math.ceil((limit * p) / 100));
}
const NONE: readonly number[] = [];

export interface QuotaThresholdCrossing {
  tenant_id: string;
  window: 'day' | 'month';
  window_id: string;
  percent: number;
  used: number;
  limit: number;
  at: string;
}
