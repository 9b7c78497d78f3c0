// The gateway's Redis connection (node-redis): one server at REDIS_URL, or a Redis Cluster reached
// through the seed nodes in REDIS_CLUSTER_NODES. Limits and idempotency share it; both keep working
// (limits fail open, Idempotency-Key requests answer 503) while it is down, so the gateway starts and
// serves without waiting for Redis.
//
// The Lua scripts are registered with node-redis' defineScript: a call sends EVALSHA and, on a
// NOSCRIPT reply (a fresh or restarted server, another cluster node), sends the script once with
// EVAL. In a cluster the call goes to the slot of the script's first key, so every key one script
// touches carries the same hash tag (test: gateway/test/redis-slots.test.ts).
import { createClient, createCluster, type RedisClientType, type RedisClusterType } from '@redis/client';
import type { Logger } from '@astro/platform';
import { idempotencyScripts } from './idempotency/store.ts';
import { limitScripts } from './limits/redis-store.ts';

export const gatewayScripts = { ...limitScripts, ...idempotencyScripts };
type Scripts = typeof gatewayScripts;
type NoModules = Record<never, never>;
export type GatewayRedis =
  | RedisClientType<NoModules, NoModules, Scripts, 3, NoModules>
  | RedisClusterType<NoModules, NoModules, Scripts, 3, NoModules>;

export interface RedisConfig {
  REDIS_URL?: string | undefined;
  REDIS_CLUSTER_NODES: string[];
}

/** Cross-key rule: one server or one cluster, not both. */
export function redisConfigProblems(cfg: RedisConfig): string[] {
  return cfg.REDIS_URL && cfg.REDIS_CLUSTER_NODES.length
    ? ['REDIS_URL and REDIS_CLUSTER_NODES: set one of them (a single server or the seed nodes of a cluster)']
    : [];
}

// As with the gateway's client before node-redis (issue 22 item 1): a command issued while the
// connection is down fails at once instead of waiting in an offline queue (limits fail open and
// Idempotency-Key requests answer 503 without delay), a connect attempt gives up after 10 s, and
// reconnecting never stops, 50 ms more per attempt up to 2 s. node-redis' own strategy stops for good
// after a connect timeout, which would leave the gateway without Redis after a network partition.
// A command waits at most REPLY_TIMEOUT_MS for its reply, then the caller's fallback applies (a hung
// server must not hold the request): `withinReplyTimeout` (redis-reply.ts) around every command, not
// node-redis' per-command timeout (`commandOptions.timeout`, off here), which gives each command an
// AbortSignal.timeout and an abort listener: that was a third of the gateway's added cost per request
// with Redis counters (issue 18: 1.51x of bare Express with it, 1.22x without).
const socket = {
  connectTimeout: 10_000,
  reconnectStrategy: (retries: number) => Math.min((retries + 1) * 50, 2000),
};

/**
 * The client for `cfg`, connecting in the background; undefined when neither REDIS_URL nor
 * REDIS_CLUSTER_NODES is set (in-process stores). Close it with closeRedis().
 */
export function connectRedis(cfg: RedisConfig, logger?: Pick<Logger, 'warn'>): GatewayRedis | undefined {
  const redis = createRedis(cfg);
  if (!redis) return undefined;
  redis.on('error', (err: Error) => logger?.warn('redis error', { err: err.message }));
  void connectUntilUp(redis, logger);
  return redis;
}

/** The unconnected client for `cfg` (callers that await connect() themselves: tests, the bench). */
export function createRedis(cfg: RedisConfig): GatewayRedis | undefined {
  // No per-command timer: withinReplyTimeout bounds the wait (see above).
  const commandOptions = { timeout: 0 };
  if (cfg.REDIS_CLUSTER_NODES.length)
    return createCluster({
      rootNodes: cfg.REDIS_CLUSTER_NODES.map((url) => ({ url })),
      defaults: { socket, disableOfflineQueue: true },
      commandOptions,
      scripts: gatewayScripts,
      RESP: 3,
    });
  if (cfg.REDIS_URL)
    return createClient({
      url: cfg.REDIS_URL,
      socket,
      disableOfflineQueue: true,
      commandOptions,
      scripts: gatewayScripts,
      RESP: 3,
    });
  return undefined;
}

const closed = new WeakSet<GatewayRedis>();

/** Drops the connections at once (shutdown) and stops connectRedis' retries. */
export function closeRedis(redis: GatewayRedis): void {
  closed.add(redis);
  redis.destroy();
}

// A single client retries its first connection itself (reconnectStrategy) and rejects only once it is
// closed. A cluster whose seed nodes are all unreachable rejects connect() and does not try again, so
// the attempt is repeated here until it succeeds or the client is closed.
async function connectUntilUp(redis: GatewayRedis, logger?: Pick<Logger, 'warn'>): Promise<void> {
  for (let attempt = 0; !closed.has(redis); attempt++) {
    try {
      await redis.connect();
      return;
    } catch (err) {
      if (closed.has(redis)) return;
      logger?.warn('redis unreachable; retrying', { err: String(err) });
      await new Promise((r) => setTimeout(r, socket.reconnectStrategy(attempt)).unref());
    }
  }
}
