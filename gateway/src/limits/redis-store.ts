// Counters in Redis, shared by every gateway replica. One EVALSHA per request does the burst bucket
// and both quota counters atomically (DESIGN.md §8: ~150 µs p50), so two replicas can never both hand
// out the last token or the last request of a quota.
import type { Redis } from 'ioredis';
import type { AdmitInput, AdmitResult, LimitStore, WindowHit } from './store.ts';

// KEYS: bucket, day counter, month counter (an unused one repeats a used key and is not touched).
// ARGV: now_ms, capacity (0 = no bucket), refill per ms, bucket ttl ms, counted (0/1), daily limit,
//       monthly limit, day ttl ms, month ttl ms.
// Returns {allowed, retry_after_ms, exceeded (0 none, 1 day, 2 month), day_used, month_used}.
// The bucket arithmetic mirrors takeToken() in store.ts; a refused take writes nothing.
const ADMIT = `
local now = tonumber(ARGV[1])
local counted = ARGV[5] == '1'
local d, m = 0, 0
if counted then
  d = tonumber(redis.call('GET', KEYS[2]) or '0')
  m = tonumber(redis.call('GET', KEYS[3]) or '0')
end
local cap = tonumber(ARGV[2])
if cap > 0 then
  local rate = tonumber(ARGV[3])
  local b = redis.call('HMGET', KEYS[1], 't', 'ts')
  local tokens, ts = tonumber(b[1]), tonumber(b[2])
  if tokens == nil or ts == nil then tokens, ts = cap, now end
  if now > ts then
    tokens = math.min(cap, tokens + (now - ts) * rate)
    ts = now
  end
  if tokens < 1 - 1e-9 then
    return {0, math.ceil((1 - tokens) / rate - 1e-9), 0, d, m}
  end
  redis.call('HSET', KEYS[1], 't', string.format('%.17g', math.max(0, tokens - 1)), 'ts', string.format('%d', ts))
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
if not counted then return {1, 0, 0, 0, 0} end
if m >= tonumber(ARGV[7]) then return {1, 0, 2, d, m} end
if d >= tonumber(ARGV[6]) then return {1, 0, 1, d, m} end
d = redis.call('INCR', KEYS[2])
if d == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[8]) end
m = redis.call('INCR', KEYS[3])
if m == 1 then redis.call('PEXPIRE', KEYS[3], ARGV[9]) end
return {1, 0, 0, d, m}
`;

const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

type WithScripts = Redis & {
  astroAdmit(...args: (string | number)[]): Promise<number[]>;
  astroHit(key: string, ttlMs: number): Promise<number>;
};

export class RedisLimitStore implements LimitStore {
  private readonly redis: WithScripts;

  constructor(redis: Redis) {
    // defineCommand sends EVALSHA and falls back to EVAL once when the script is not cached yet.
    redis.defineCommand('astroAdmit', { numberOfKeys: 3, lua: ADMIT });
    redis.defineCommand('astroHit', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as WithScripts;
  }

  async admit(input: AdmitInput): Promise<AdmitResult> {
    const b = input.bucket;
    const q = input.quota;
    // An unused key slot repeats a used key (same hash tag), so Redis Cluster sees one slot.
    const some = b?.key ?? q?.dayKey ?? '';
    const r = await this.redis.astroAdmit(
      b?.key ?? some,
      q?.dayKey ?? some,
      q?.monthKey ?? some,
      input.nowMs,
      b ? b.capacity : 0,
      b ? b.refillPerSecond / 1000 : 0,
      b ? Math.ceil((b.capacity / b.refillPerSecond) * 1000) + 60_000 : 0,
      q ? 1 : 0,
      q?.dailyLimit ?? 0,
      q?.monthlyLimit ?? 0,
      q?.dayTtlMs ?? 0,
      q?.monthTtlMs ?? 0,
    );
    return {
      allowed: r[0] === 1,
      retryAfterMs: Number(r[1]),
      exceeded: r[2] === 1 ? 'day' : r[2] === 2 ? 'month' : null,
      dayUsed: Number(r[3]),
      monthUsed: Number(r[4]),
    };
  }

  async hit(key: string, ttlMs: number): Promise<WindowHit> {
    return { count: Number(await this.redis.astroHit(key, ttlMs)) };
  }

  async close(): Promise<void> {}
}
