// The EventBus port (DESIGN.md §3): every service publishes and consumes domain events through this
// interface only, so the transport (Kafka in production, PostgreSQL on one machine) is a wiring choice.
//
// Guarantees every adapter must keep (checked by event-bus.contract.ts):
// - at-least-once: an event may be handled more than once (after a crash or a rebalance), never zero
//   times, so handlers must be idempotent (dedupe on `event.id`);
// - within a (group, topic), events are handled one at a time in publish order;
// - a handler that throws is retried with backoff up to `maxAttempts`; after that the event is parked
//   (stored with the error text) and consumption continues: nothing is dropped;
// - every group receives every event (fan-out); consumers sharing a group share the work;
// - a new group starts from the beginning of the topic.

export interface BusEvent<T = unknown> {
  /** Stable across redeliveries of the same event: use it to make handlers idempotent. */
  id: string;
  topic: string;
  /** Partitioning key (for example the tenant id). */
  key: string;
  payload: T;
  /** ISO 8601 time the event was published. */
  publishedAt: string;
  /** 1 on the first delivery to this handler, incremented on each retry. */
  attempt: number;
  /**
   * Context set at publish time beside the payload, never inside it: the W3C trace context
   * (traceparent, tracestate) of the publishing span, so a consumer continues the publisher's trace.
   */
  headers?: Record<string, string>;
}

export type EventHandler<T = unknown> = (event: BusEvent<T>) => Promise<void>;

export interface SubscribeOptions {
  /** Total tries before the event is parked (default 5). */
  maxAttempts?: number;
}

export interface EventBus {
  /** `headers` travel with the event (BusEvent.headers); bus/instrumented.ts sets the trace context. */
  publish(topic: string, key: string, payload: unknown, headers?: Record<string, string>): Promise<void>;
  subscribe(group: string, topic: string, handler: EventHandler, opts?: SubscribeOptions): Promise<void>;
  /** Stops consuming, waits for in-flight handlers, releases connections. Safe to call twice. */
  close(): Promise<void>;
}

/** The subset of a winston logger the adapters use; meta never carries payloads or credentials. */
export interface BusLogger {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/** Used when the caller gives no logger: stay quiet on routine messages, still surface problems. */
export const fallbackLogger: BusLogger = {
  info: () => {},
  warn: (message, meta) => console.warn(JSON.stringify({ level: 'warn', message, ...meta })),
  error: (message, meta) => console.error(JSON.stringify({ level: 'error', message, ...meta })),
};

export class EventBusClosedError extends Error {
  constructor() {
    super('event bus is closed');
    this.name = 'EventBusClosedError';
  }
}
