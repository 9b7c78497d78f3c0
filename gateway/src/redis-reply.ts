// The bound on a Redis reply's wait (redis.ts explains why it is not node-redis' own per-command
// timeout). Apart from redis.ts, which imports the stores' scripts, so the stores can import this.

export const REPLY_TIMEOUT_MS = 5_000;

export class RedisReplyTimeoutError extends Error {
  constructor(ms: number) {
    super(`no reply from Redis within ${ms} ms`);
    this.name = 'RedisReplyTimeoutError';
  }
}

/**
 * Deadlines of the commands in flight, all checked by one timer: a command's entry is a set insertion
 * and a deletion, where node-redis' own timeout built an AbortSignal with its timer per command. The
 * timeout is the same for every entry, so the set (insertion order) is in deadline order.
 */
export class ReplyDeadlines {
  private readonly pending = new Set<{ at: number; reject(err: Error): void }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timeoutMs = REPLY_TIMEOUT_MS,
    private readonly sweepMs = Math.max(10, Math.min(250, timeoutMs / 4)),
  ) {}

  /** `reply`, or a RedisReplyTimeoutError once it has waited timeoutMs (up to sweepMs more). */
  within<T>(reply: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = { at: Date.now() + this.timeoutMs, reject };
      this.pending.add(entry);
      this.timer ??= setInterval(() => this.sweep(), this.sweepMs).unref();
      reply.then(
        (value) => {
          this.pending.delete(entry);
          resolve(value);
        },
        (err: unknown) => {
          this.pending.delete(entry);
          reject(err);
        },
      );
    });
  }

  /** Commands waiting for their reply now. */
  get size(): number {
    return this.pending.size;
  }

  private sweep(): void {
    const now = Date.now();
    for (const entry of this.pending) {
      if (entry.at > now) break;
      this.pending.delete(entry);
      entry.reject(new RedisReplyTimeoutError(this.timeoutMs));
    }
    if (this.pending.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}

const deadlines = new ReplyDeadlines();

/** Every Redis command of the gateway goes through this: its reply, or a timeout error. */
export function withinReplyTimeout<T>(reply: Promise<T>): Promise<T> {
  return deadlines.within(reply);
}
