// Where idempotency entries live: Redis when REDIS_URL or REDIS_CLUSTER_NODES is set (shared by every
// gateway replica, the claim is one atomic script), else a Map in this process (one gateway only).
//
// An entry is `running` (claimed by one request, which holds `owner`) or `done` (the stored response).
// Expiry is logical — `expires_at` compared with the injectable clock, so tests can jump 24 hours —
// and physical (Redis PX / the sweep) only to reclaim space.
import { defineScript, type CommandParser } from '@redis/client';
import type { GatewayRedis } from '../redis.ts';
import { withinReplyTimeout } from '../redis-reply.ts';

export interface RunningEntry {
  state: 'running';
  fp: string;
  owner: string;
  expires_at: number;
}
export interface DoneEntry {
  state: 'done';
  fp: string;
  expires_at: number;
  /** ResponseSealer output of the stored response. */
  sealed: string;
}
export type Entry = RunningEntry | DoneEntry;

export interface IdempotencyStore {
  /** Claims `key` with `claim` unless a live entry exists; returns that entry, or null when claimed. */
  claim(key: string, claim: RunningEntry, nowMs: number): Promise<Entry | null>;
  /** Replaces our claim with the response; a no-op when the claim is no longer ours. */
  complete(key: string, owner: string, done: DoneEntry, nowMs: number): Promise<void>;
  /** Drops our claim (the request was not executed, or failed so that a retry must run it). */
  release(key: string, owner: string): Promise<void>;
}

const live = (e: Entry | undefined, nowMs: number): e is Entry => e !== undefined && e.expires_at > nowMs;

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async claim(key: string, claim: RunningEntry, nowMs: number): Promise<Entry | null> {
    const e = this.entries.get(key);
    if (live(e, nowMs)) return e;
    this.entries.set(key, claim);
    return null;
  }

  async complete(key: string, owner: string, done: DoneEntry): Promise<void> {
    const e = this.entries.get(key);
    if (e?.state === 'running' && e.owner === owner) this.entries.set(key, done);
  }

  async release(key: string, owner: string): Promise<void> {
    const e = this.entries.get(key);
    if (e?.state === 'running' && e.owner === owner) this.entries.delete(key);
  }

  sweep(): void {
    const t = this.now();
    for (const [k, e] of this.entries) if (e.expires_at <= t) this.entries.delete(k);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

// KEYS[1] entry; ARGV: claim JSON, physical ttl ms, now ms. Returns the live entry, or nil once claimed.
const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v then
  local ok, e = pcall(cjson.decode, v)
  if ok and tonumber(e.expires_at) > tonumber(ARGV[3]) then return v end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

// KEYS[1] entry; ARGV: owner, new JSON (or '' to delete), physical ttl ms.
const SETTLE = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local ok, e = pcall(cjson.decode, v)
if not ok or e.state ~= 'running' or e.owner ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

// Registered on the client by ../redis.ts (EVALSHA, EVAL once on NOSCRIPT); one key each.
export const idempotencyScripts = {
  idemClaim: defineScript({
    NUMBER_OF_KEYS: 1,
    SCRIPT: CLAIM,
    parseCommand(parser: CommandParser, key: string, claim: string, ttlMs: number, nowMs: number) {
      parser.pushKey(key);
      parser.push(claim, String(ttlMs), String(nowMs));
    },
    // Lua false arrives as null; a found entry as its JSON text.
    transformReply: (reply: unknown) => reply as string | null,
  }),
  idemSettle: defineScript({
    NUMBER_OF_KEYS: 1,
    SCRIPT: SETTLE,
    parseCommand(parser: CommandParser, key: string, owner: string, next: string, ttlMs: number) {
      parser.pushKey(key);
      parser.push(owner, next, String(ttlMs));
    },
    transformReply: (reply: unknown) => reply as number,
  }),
};

export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(private readonly redis: GatewayRedis) {}

  async claim(key: string, claim: RunningEntry, nowMs: number): Promise<Entry | null> {
    const ttl = Math.max(1, claim.expires_at - nowMs);
    const found = await withinReplyTimeout(this.redis.idemClaim(key, JSON.stringify(claim), ttl, nowMs));
    return found ? (JSON.parse(found) as Entry) : null;
  }

  async complete(key: string, owner: string, done: DoneEntry, nowMs: number): Promise<void> {
    await withinReplyTimeout(
      this.redis.idemSettle(key, owner, JSON.stringify(done), Math.max(1, done.expires_at - nowMs)),
    );
  }

  async release(key: string, owner: string): Promise<void> {
    await withinReplyTimeout(this.redis.idemSettle(key, owner, '', 1));
  }
}
