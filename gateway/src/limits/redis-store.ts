// Counters in Redis, shared by every gateway replica. One EVALSHA per request does the burst bucket
// and both quota counters atomically (DESIGN.md §8: ~150 µs p50), so two replicas can never both hand
// out the last token or the last request of a quota.
import { defineScript, type CommandParser } from '@redis/client';
import type { GatewayRedis } from '../redis.ts';
import { withinReplyTimeout } from '../redis-reply.ts';
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

// Registered on the client by ../redis.ts (EVALSHA, EVAL once on NOSCRIPT). A cluster routes the call
// by its first key; the three keys share the tenant's hash tag.
export const limitScripts = {
  limitsAdmit: defineScript({
    NUMBER_OF_KEYS: 3,
    SCRIPT: ADMIT,
    parseCommand(parser: CommandParser, keys: readonly [string, string, string], args: readonly number[]) {
      for (const k of keys) parser.pushKey(k);
      parser.push(...args.map(String));
    },
    transformReply: (reply: unknown) => reply as number[],
  }),
  limitsHit: defineScript({
    NUMBER_OF_KEYS: 1,
    SCRIPT: HIT,
    parseCommand(parser: CommandParser, key: string, ttlMs: number) {
      parser.pushKey(key);
      parser.push(String(ttlMs));
    },
    transformReply: (reply: unknown) => reply as number,
  }),
};

/** The three keys of the admit script for `input`: bucket, day, month. */
export function admitKeys(input: AdmitInput): [string, string, string] {
  // An unused key slot repeats a used key (same hash tag), so Redis Cluster sees one slot.
  const some = input.bucket?.key ?? input.quota?.dayKey ?? '';
  return [input.bucket?.key ?? some, input.quota?.dayKey ?? some, input.quota?.monthKey ?? some];
}

export class RedisLimitStore implements LimitStore {
  constructor(private readonly redis: GatewayRedis) {}

  async admit(input: AdmitInput): Promise<AdmitResult> {
    const b = input.bucket;
    const q = input.quota;
    const r = await withinReplyTimeout(
      this.redis.limitsAdmit(admitKeys(input), [
        input.nowMs,
        b ? b.capacity : 0,
        b ? b.refillPerSecond / 1000 : 0,
        b ? Math.ceil((b.capacity / b.refillPerSecond) * 1000) + 60_000 : 0,
        q ? 1 : 0,
        q?.dailyLimit ?? 0,
        q?.monthlyLimit ?? 0,
        q?.dayTtlMs ?? 0,
        q?.monthTtlMs ?? 0,
      ]),
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
    return { count: Number(await withinReplyTimeout(this.redis.limitsHit(key, ttlMs))) };
  }

  async close(): Promise<void> {}
}
