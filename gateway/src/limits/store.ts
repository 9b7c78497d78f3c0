// The counter store behind the limits: one atomic step per request (burst bucket, then both quota
// counters), plus fixed-window counters for anonymous attempts. Two implementations with the same
// rules: Redis (shared by gateway replicas, one Lua script per request) and in-process (one gateway).

export interface AdmitInput {
  nowMs: number;
  /** Token bucket of the API key; null = no bucket (session credentials). */
  bucket: { key: string; capacity: number; refillPerSecond: number } | null;
  /** Quota counters of the account; null = the request does not count. */
  quota: {
    dayKey: string;
    monthKey: string;
    dailyLimit: number;
    monthlyLimit: number;
    /** Counter lifetimes (past their window's end, so a late request never resets one). */
    dayTtlMs: number;
    monthTtlMs: number;
  } | null;
}

export interface AdmitResult {
  /** false = the burst bucket is empty; retryAfterMs says when one token will be back. */
  allowed: boolean;
  retryAfterMs: number;
  /** Which quota refused (nothing was counted then), or null. */
  exceeded: 'day' | 'month' | null;
  /** Counter values after this request (or as they stand when refused). */
  dayUsed: number;
  monthUsed: number;
}

export interface WindowHit {
  count: number;
}

export interface LimitStore {
  admit(input: AdmitInput): Promise<AdmitResult>;
  /** Adds one to a fixed-window counter and returns the new count. */
  hit(key: string, ttlMs: number): Promise<WindowHit>;
  close(): Promise<void>;
}

/**
 * Token-bucket arithmetic shared by the in-process store (the Lua script mirrors it): the bucket
 * refills continuously from the time of its last accepted take; a refused request writes nothing, so
 * retrying inside the wait never refills it faster.
 */
export const EPS = 1e-9;

export function takeToken(
  state: { tokens: number; ts: number } | undefined,
  nowMs: number,
  capacity: number,
  refillPerSecond: number,
): { ok: boolean; next: { tokens: number; ts: number }; retryAfterMs: number } {
  const rate = refillPerSecond / 1000;
  let tokens = state ? state.tokens : capacity;
  let ts = state ? state.ts : nowMs;
  if (nowMs > ts) {
    tokens = Math.min(capacity, tokens + (nowMs - ts) * rate);
    ts = nowMs;
  }
  // EPS absorbs binary rounding of the per-ms rate (499 ms x 0.002 must leave a 1 ms wait, not 2).
  if (tokens < 1 - EPS)
    return { ok: false, next: state ?? { tokens, ts }, retryAfterMs: Math.ceil((1 - tokens) / rate - EPS) };
  return { ok: true, next: { tokens: Math.max(0, tokens - 1), ts }, retryAfterMs: 0 };
}
