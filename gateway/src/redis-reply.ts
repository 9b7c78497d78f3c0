// The bound on a Redis reply's wait (redis.ts explains why it is not node-redis' own per-command
// timeout). Apart from redis.ts, which imports the stores' scripts, so the stores can import this.
import { Expiring } from './expiring.ts';

export const REPLY_TIMEOUT_MS = 5_000;

export class RedisReplyTimeoutError extends Error {
  constructor(ms: number) {
    super(`no reply from Redis within ${ms} ms`);
    this.name = 'RedisReplyTimeoutError';
  }
}

/** Deadlines of the commands in flight, all checked by one timer (expiring.ts). */
export class ReplyDeadlines {
  private readonly pending: Expiring<(err: Error) => void>;

  constructor(timeoutMs = REPLY_TIMEOUT_MS, sweepMs = Math.max(10, Math.min(250, timeoutMs / 4))) {
    this.pending = new Expiring(timeoutMs, (reject) => reject(new RedisReplyTimeoutError(timeoutMs)), sweepMs);
  }

  /** `reply`, or a RedisReplyTimeoutError once it has waited timeoutMs (up to sweepMs more). */
  within<T>(reply: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.add(reject);
      reply.then(
        (value) => {
          this.pending.delete(reject);
          resolve(value);
        },
        (err: unknown) => {
          this.pending.delete(reject);
          reject(err);
        },
      );
    });
  }

  /** Commands waiting for their reply now. */
  get size(): number {
    return this.pending.size;
  }
}

const deadlines = new ReplyDeadlines();

/** Every Redis command of the gateway goes through this: its reply, or a timeout error. */
export function withinReplyTimeout<T>(reply: Promise<T>): Promise<T> {
  return deadlines.within(reply);
}
