// Idempotency-Key support for the dispatcher (see idempotency.ts).
import type { Logger } from '@astro/platform';
import type { GatewayRedis } from '../redis.ts';
import { Idempotency } from './idempotency.ts';
import { ResponseSealer } from './sealing.ts';
import { MemoryIdempotencyStore, RedisIdempotencyStore } from './store.ts';

export { Idempotency, REPLAYED_HEADER } from './idempotency.ts';
export { MemoryIdempotencyStore, RedisIdempotencyStore, type IdempotencyStore } from './store.ts';
export { ResponseSealer } from './sealing.ts';

export function createIdempotency(opts: {
  redis?: GatewayRedis;
  secret: string;
  ttlSeconds: number;
  claimMs: number;
  logger: Logger;
}): Idempotency {
  const store = opts.redis ? new RedisIdempotencyStore(opts.redis) : new MemoryIdempotencyStore();
  return new Idempotency(
    store,
    new ResponseSealer(opts.secret),
    { ttlMs: opts.ttlSeconds * 1000, claimMs: opts.claimMs },
    opts.logger,
  );
}
