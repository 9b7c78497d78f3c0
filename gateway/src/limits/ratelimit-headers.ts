// The IETF RateLimit header fields beside the legacy X-RateLimit-* ones, in the syntax of
// draft-ietf-httpapi-ratelimit-headers-09 (March 2025): two Structured Fields lists keyed by policy name,
//   RateLimit-Policy: "day";q=1000;w=86400, "month";q=30000;w=2592000
//   RateLimit: "day";r=998;t=41000, "month";r=29950;t=1300000
// q = quota units of the policy, w = its window in seconds, r = units left, t = seconds until the
// window resets. Our windows are UTC calendar days and months, so w is that day's or month's length.
import type { QuotaWindow } from './policy.ts';

export interface QuotaState {
  window: QuotaWindow;
  limit: number;
  used: number;
}

/** Seconds in the calendar window (a month's length varies; a UTC day is always 86 400 s). */
export function windowSeconds(w: QuotaWindow): number {
  if (w.name === 'day') return 86_400;
  const [y, m] = w.id.split('-').map(Number) as [number, number];
  return (w.resetAtMs - Date.UTC(y, m - 1, 1)) / 1000;
}

export function rateLimitHeaders(quotas: QuotaState[], nowMs: number): { policy: string; limit: string } {
  const policy = quotas.map((q) => `"${q.window.name}";q=${q.limit};w=${windowSeconds(q.window)}`).join(', ');
  const limit = quotas
    .map((q) => {
      const remaining = Math.max(0, q.limit - q.used);
      const reset = Math.max(0, Math.ceil((q.window.resetAtMs - nowMs) / 1000));
      return `"${q.window.name}";r=${remaining};t=${reset}`;
    })
    .join(', ');
  return { policy, limit };
}
