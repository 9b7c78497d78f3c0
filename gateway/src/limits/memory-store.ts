// In-process counters for a single gateway (REDIS_URL unset). Same rules as the Redis script; entries
// carry an expiry and are swept as the map grows.
import { takeToken, type AdmitInput, type AdmitResult, type LimitStore, type WindowHit } from './store.ts';

interface Counter {
  value: number;
  expiresAtMs: number;
}

export class MemoryLimitStore implements LimitStore {
  private readonly buckets = new Map<string, { tokens: number; ts: number; expiresAtMs: number }>();
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly maxEntries = 200_000,
    /** Wall clock for expiries (the injectable request clock may run elsewhere). */
    private readonly wallNow: () => number = Date.now,
  ) {}

  private counter(key: string): number {
    const c = this.counters.get(key);
    if (!c) return 0;
    if (c.expiresAtMs <= this.wallNow()) {
      this.counters.delete(key);
      return 0;
    }
    return c.value;
  }

  private incr(key: string, ttlMs: number): number {
    const value = this.counter(key) + 1;
    const prev = this.counters.get(key);
    this.counters.set(key, { value, expiresAtMs: prev?.expiresAtMs ?? this.wallNow() + ttlMs });
    this.sweep();
    return value;
  }

  private sweep(): void {
    if (this.counters.size + this.buckets.size <= this.maxEntries) return;
    const now = this.wallNow();
    for (const [k, c] of this.counters) if (c.expiresAtMs <= now) this.counters.delete(k);
    for (const [k, b] of this.buckets) if (b.expiresAtMs <= now) this.buckets.delete(k);
  }

  async admit(input: AdmitInput): Promise<AdmitResult> {
    const q = input.quota;
    const dayNow = q ? this.counter(q.dayKey) : 0;
    const monthNow = q ? this.counter(q.monthKey) : 0;
    if (input.bucket) {
      const { key, capacity, refillPerSecond } = input.bucket;
      const r = takeToken(this.buckets.get(key), input.nowMs, capacity, refillPerSecond);
      if (!r.ok)
        return { allowed: false, retryAfterMs: r.retryAfterMs, exceeded: null, dayUsed: dayNow, monthUsed: monthNow };
      // A full bucket refills in capacity / rate seconds; keep the state a little longer than that.
      const ttl = Math.ceil((capacity / refillPerSecond) * 1000) + 60_000;
      this.buckets.set(key, { ...r.next, expiresAtMs: this.wallNow() + ttl });
    }
    if (!q) return { allowed: true, retryAfterMs: 0, exceeded: null, dayUsed: 0, monthUsed: 0 };
    if (monthNow >= q.monthlyLimit)
      return { allowed: true, retryAfterMs: 0, exceeded: 'month', dayUsed: dayNow, monthUsed: monthNow };
    if (dayNow >= q.dailyLimit)
      return { allowed: true, retryAfterMs: 0, exceeded: 'day', dayUsed: dayNow, monthUsed: monthNow };
    return {
      allowed: true,
      retryAfterMs: 0,
      exceeded: null,
      dayUsed: this.incr(q.dayKey, q.dayTtlMs),
      monthUsed: this.incr(q.monthKey, q.monthTtlMs),
    };
  }

  async hit(key: string, ttlMs: number): Promise<WindowHit> {
    return { count: this.incr(key, ttlMs) };
  }

  async close(): Promise<void> {}
}
