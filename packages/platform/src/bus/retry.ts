// Handler retries shared by both adapters, so "retried with backoff, then parked" means the same thing
// whichever transport is wired in.
import {
  DEFAULT_MAX_ATTEMPTS,
  PermanentEventError,
  type BusEvent,
  type BusLogger,
  type EventHandler,
} from './event-bus';

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further failure. */
  initialBackoffMs: number;
  maxBackoffMs: number;
}

// Short enough that a transient failure (a deadlock, a restarting dependency) costs ~1.5 s over the
// default 5 attempts, which also keeps a Kafka consumer well inside its session timeout.
export const DEFAULT_RETRY_POLICY: RetryPolicy = { initialBackoffMs: 100, maxBackoffMs: 5_000 };

export type DeliveryOutcome =
  | { kind: 'handled'; attempts: number }
  | { kind: 'failed'; attempts: number; error: string }
  /** The bus is closing: the event was not handled and must be delivered again later. */
  | { kind: 'interrupted' };

export function resolveMaxAttempts(maxAttempts: number | undefined): number {
  const value = maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`maxAttempts must be an integer >= 1, got ${value}`);
  return value;
}

export function backoffMs(policy: RetryPolicy, failedAttempt: number): number {
  return Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** (failedAttempt - 1));
}

/** Error text to park with the event: the stack when there is one, bounded so a huge message cannot bloat the store. */
export function describeError(err: unknown, maxLength = 4_000): string {
  const text = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}

export interface DeliverArgs {
  event: Omit<BusEvent, 'attempt'>;
  handler: EventHandler;
  maxAttempts: number;
  policy: RetryPolicy;
  /** Aborted when the bus closes: stops waiting between attempts. */
  signal: AbortSignal;
  logger: BusLogger;
  group: string;
  /** Runs before each wait between attempts (Kafka: heartbeat, so a slow retry is not taken for a dead consumer). */
  beforeRetry?: () => Promise<void>;
}

/** Runs the handler until it succeeds, attempts run out, or the bus closes. Never throws. */
export async function deliverWithRetry(args: DeliverArgs): Promise<DeliveryOutcome> {
  const { event, handler, maxAttempts, policy, signal, logger, group, beforeRetry } = args;
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) return { kind: 'interrupted' };
    try {
      await handler({ ...event, attempt });
      return { kind: 'handled', attempts: attempt };
    } catch (err) {
      const error = describeError(err);
      // Only identifiers and the error message: payloads may hold personal data.
      const meta = { group, topic: event.topic, eventId: event.id, attempt, maxAttempts, error: firstLine(error) };
      // A permanent failure (bad input) would fail the same way every time: park it now.
      if (attempt >= maxAttempts || err instanceof PermanentEventError)
        return { kind: 'failed', attempts: attempt, error };
      logger.warn('event handler failed, retrying', meta);
      await beforeRetry?.().catch(() => {});
      if (!(await sleep(backoffMs(policy, attempt), signal))) return { kind: 'interrupted' };
    }
  }
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
