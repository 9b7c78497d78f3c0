// Usage metering (spec 1-platform.md "Usage buckets"; DESIGN.md §3 usage.recorded): every
// authenticated request becomes one record, buffered in memory and published in batches, so the
// request itself only pays for an array push. The account service folds the batches into hourly
// rollups. Batches that cannot be published stay buffered (bounded) and are retried on the next tick;
// close() flushes what is left, so a graceful restart loses nothing. A crash loses at most one flush
// interval of records.

import { EVENTS } from '@astro/platform';

/** The topic, from the events contract (protos/astro/events/v1). */
export const USAGE_TOPIC = EVENTS.UsageRecorded.topic;

export interface UsageRecord {
  tenant_id: string;
  /** null for dashboard-session traffic. */
  api_key_id: string | null;
  /** Route template, ids collapsed (`/v1/charts/{chart_id}`). */
  route: string;
  method: string;
  status: number;
  latency_ms: number;
  /** ISO 8601 instant the response finished. */
  at: string;
}

/** Where batches go: the event bus in production (see index.ts). */
export interface UsageSink {
  publish(records: UsageRecord[]): Promise<void>;
}

export interface UsageMeterOptions {
  flushMs: number;
  /** Records per published batch. */
  maxBatch: number;
  /** Records kept while the sink is down; beyond that the oldest are dropped (and counted). */
  maxBuffered: number;
  onError?: (err: Error, buffered: number) => void;
}

export class UsageMeter {
  private buffer: UsageRecord[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  dropped = 0;

  constructor(
    private readonly sink: UsageSink,
    private readonly opts: UsageMeterOptions,
  ) {}

  start(): this {
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs);
    this.timer.unref();
    return this;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  record(r: UsageRecord): void {
    if (this.closed) return;
    this.buffer.push(r);
    if (this.buffer.length > this.opts.maxBuffered) {
      // Drop a tenth at once: shifting a long array on every request of an outage would cost O(n) each.
      const drop = Math.max(this.buffer.length - this.opts.maxBuffered, Math.ceil(this.opts.maxBuffered / 10));
      this.buffer.splice(0, drop);
      this.dropped += drop;
    }
    if (this.buffer.length >= this.opts.maxBatch && !this.flushing) void this.drainAfter(false);
  }

  /**
   * Publishes everything buffered when its turn comes (after a publication under way), batch by batch;
   * stops at the first failure (records kept).
   */
  flush(): Promise<void> {
    return this.drainAfter(true);
  }

  private drainAfter(all: boolean): Promise<void> {
    const run: Promise<void> = (this.flushing ?? Promise.resolve())
      .then(() => this.drain(all))
      .finally(() => {
        if (this.flushing === run) this.flushing = null;
      });
    this.flushing = run;
    return run;
  }

  /**
   * Full batches, and with `all` the records buffered when the drain began; records that arrive while
   * it publishes wait for the next tick unless they fill a batch. Draining until the buffer is empty
   * never ended under load: each publication's round trip let a few dozen records in, which went out
   * as an event of their own, and so on (30 events a second of ~30 records at 2,000 requests/s, each a
   * bus row and an account-service transaction).
   */
  private async drain(all: boolean): Promise<void> {
    let left = all ? this.buffer.length : 0;
    while (left > 0 || this.buffer.length >= this.opts.maxBatch) {
      const batch = this.buffer.splice(0, this.opts.maxBatch);
      left -= batch.length;
      try {
        await this.sink.publish(batch);
      } catch (err) {
        this.buffer.unshift(...batch);
        this.opts.onError?.(err as Error, this.buffer.length);
        return;
      }
    }
  }

  /** Stops the timer and flushes what is left (one more try after a failure). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    if (this.buffer.length) await this.flush();
    this.closed = true;
  }
}

/**
 * The route template a usage report names (spec 1-platform.md "Usage buckets": ids collapse to
 * `{chart_id}`): the chart id is written `{chart_id}` whatever the route's path calls it (`{id}` on the
 * Vedic and Western routes), so one chart resource reads the same across services.
 */
export function usageTemplate(route: string): string {
  return route.replace(/\/charts\/\{[^}]+\}/g, '/charts/{chart_id}');
}

/** The record of a finished request, or null when no tenant was identified (anonymous, 401, 404). */
export function usageRecordOf(
  locals: Record<string, unknown>,
  method: string,
  status: number,
  seconds: number,
  at: Date,
): UsageRecord | null {
  const tenant = locals.tenantId;
  const route = locals.route;
  if (typeof tenant !== 'string' || !tenant || typeof route !== 'string') return null;
  const key = locals.apiKeyId;
  return {
    tenant_id: tenant,
    api_key_id: typeof key === 'string' && key ? key : null,
    route: usageTemplate(route),
    method,
    status,
    latency_ms: Math.round(seconds * 1e5) / 100,
    at: at.toISOString(),
  };
}
