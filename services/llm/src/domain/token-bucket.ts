// Token bucket arithmetic (pure): a bucket holds up to `capacity` tokens and refills continuously at
// `refillPerSecond`; a request takes one token or is refused with the wait until one is there.
import { z } from 'zod';
import type { Tier } from './catalog.ts';

export interface BucketConfig {
  capacity: number;
  refill_per_second: number;
}
export type BucketTable = Record<Tier, BucketConfig>;

/** Spec "Limits": basic 30 / 0.5 per s, standard 10 / 0.1, premium 5 / 0.02. */
export const DEFAULT_BUCKETS: BucketTable = {
  basic: { capacity: 30, refill_per_second: 0.5 },
  standard: { capacity: 10, refill_per_second: 0.1 },
  premium: { capacity: 5, refill_per_second: 0.02 },
};

const bucketSchema = z.object({ capacity: z.number().min(1), refill_per_second: z.number().positive() });
const tableSchema = z.object({ basic: bucketSchema, standard: bucketSchema, premium: bucketSchema });

export function parseBucketTable(json: string | undefined): BucketTable {
  return json ? tableSchema.parse(JSON.parse(json)) : DEFAULT_BUCKETS;
}

export interface BucketState {
  tokens: number;
  updatedAtMs: number;
}

export type TakeResult =
  { allowed: true; state: BucketState } | { allowed: false; state: BucketState; retryAfterSeconds: number };

export function take(cfg: BucketConfig, prev: BucketState | null, nowMs: number): TakeResult {
  const elapsed = prev ? Math.max(0, nowMs - prev.updatedAtMs) / 1000 : 0;
  const tokens = prev ? Math.min(cfg.capacity, prev.tokens + elapsed * cfg.refill_per_second) : cfg.capacity;
  if (tokens >= 1) return { allowed: true, state: { tokens: tokens - 1, updatedAtMs: nowMs } };
  // Whole seconds rounded up (spec: Retry-After in whole seconds rounded up); never 0.
  const retryAfterSeconds = Math.max(1, Math.ceil((1 - tokens) / cfg.refill_per_second));
  return { allowed: false, state: { tokens, updatedAtMs: nowMs }, retryAfterSeconds };
}
