// Builds the limiter from the gateway's config: Redis counters when REDIS_URL or REDIS_CLUSTER_NODES is
// set (shared by every replica), in-process counters otherwise (one gateway only); the request clock;
// credit spending and the Stripe webhook route through the account service.
import type { Logger } from '@astro/platform';
import type protobuf from 'protobufjs';
import type { Backends } from '../backends.ts';
import type { GatewayRedis } from '../redis.ts';
import { systemRequestClock, testRequestClock } from './clock.ts';
import { creditSpender } from './credits.ts';
import { Limiter } from './limiter.ts';
import { MemoryLimitStore } from './memory-store.ts';
import type { PlanLimitOverrides } from './policy.ts';
import { RedisLimitStore } from './redis-store.ts';
import { stripeWebhookRouter } from './stripe-webhook.ts';
import type { QuotaThresholdCrossing } from './thresholds.ts';

export interface LimitsConfig {
  PLAN_LIMITS_OVERRIDE: PlanLimitOverrides;
  AUTH_ATTEMPT_LIMIT: number;
  AUTH_ATTEMPT_WINDOW_SECONDS: number;
  TEST_KEY_BURST_CAPACITY: number;
  TEST_KEY_REFILL_PER_SECOND: number;
  FEED_FETCH_LIMIT: number;
  FEED_FETCH_WINDOW_SECONDS: number;
  LIMITS_KEY_PREFIX: string;
  LIMITS_TEST_CLOCK: boolean;
  BACKEND_DEADLINE_MS: number;
  BODY_LIMIT_BYTES: number;
}

export function buildLimiter(
  cfg: LimitsConfig,
  redis: GatewayRedis | undefined,
  backends: Backends,
  root: protobuf.Root,
  logger?: Logger,
  onQuotaThreshold?: (crossing: QuotaThresholdCrossing) => void,
) {
  let lastWarnMs = 0;
  const store = redis ? new RedisLimitStore(redis) : new MemoryLimitStore();
  const limiter = new Limiter(
    store,
    cfg.LIMITS_TEST_CLOCK ? testRequestClock : systemRequestClock,
    creditSpender(backends, root, cfg.BACKEND_DEADLINE_MS),
    {
      keyPrefix: cfg.LIMITS_KEY_PREFIX,
      overrides: cfg.PLAN_LIMITS_OVERRIDE,
      authAttemptLimit: cfg.AUTH_ATTEMPT_LIMIT,
      authAttemptWindowSeconds: cfg.AUTH_ATTEMPT_WINDOW_SECONDS,
      testKeyBucket: { capacity: cfg.TEST_KEY_BURST_CAPACITY, refillPerSecond: cfg.TEST_KEY_REFILL_PER_SECOND },
      feedFetchLimit: cfg.FEED_FETCH_LIMIT,
      feedFetchWindowSeconds: cfg.FEED_FETCH_WINDOW_SECONDS,
      onQuotaThreshold,
      onStoreError: (err) => {
        if (Date.now() - lastWarnMs < 60_000) return;
        lastWarnMs = Date.now();
        logger?.warn('limit counters unavailable; requests pass unlimited', { err: String(err) });
      },
    },
  );
  return {
    limiter,
    store,
    routes: [stripeWebhookRouter(backends, root, cfg.BACKEND_DEADLINE_MS, cfg.BODY_LIMIT_BYTES)],
  };
}
