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

export interface PublishOptions {
  /**
   * The event's id as consumers will see it (`BusEvent.id`). The outbox relay passes the outbox row's
   * id, so a row published twice (relay crashed after the publish, before marking it sent) reaches
   * consumers as the same event and their dedupe on `event.id` holds. Default: the adapter assigns one.
   */
  id?: string;
  /**
   * Travel with the event (BusEvent.headers); bus/instrumented.ts sets the trace context, and the outbox
   * relay passes the headers it stored at write time.
   */
  headers?: Record<string, string>;
}

/** One event of a batch (EventBus.publishBatch). */
export interface OutgoingEvent extends PublishOptions {
  topic: string;
  key: string;
  payload: unknown;
}

export interface EventBus {
  publish(topic: string, key: string, payload: unknown, opts?: PublishOptions): Promise<void>;
  /**
   * Publishes each event as `publish` would, in one request to the transport: one commit on
   * PostgreSQL, one produce request on Kafka, where a publish per event paid one each (the outbox
   * relay's rounds, issue 18). Events of one key are published in their order in the array. When it
   * fails, any part of the batch may have been published: publish again with the same ids, which
   * consumers dedupe on (at-least-once).
   */
  publishBatch(events: OutgoingEvent[]): Promise<void>;
  subscribe(group: string, topic: string, handler: EventHandler, opts?: SubscribeOptions): Promise<void>;
  /** Stops consuming, waits for in-flight handlers, releases connections. Safe to call twice. */
  close(): Promise<void>;
}

/** An event a consumer group parked (event-bus.ts contract), as an operator sees it: ids and the error, no payload. */
export interface ParkedEvent {
  /** The parked record's own id (what `replay-parked <id>` takes). */
  id: string;
  group: string;
  topic: string;
  eventId: string;
  attempts: number;
  error: string;
  parkedAt: string;
}

/**
 * Parked events of the whole bus and their replay (npm run operator -- replay-parked). A replay
 * publishes the event again on its topic with its original id: the group that parked it gets another
 * go (after the fix), and other groups, having handled it already, dedupe it on the id or are
 * idempotent (the at-least-once contract). A replayed record is marked and not replayed twice.
 */
export interface ParkedEvents {
  listParked(limit?: number): Promise<ParkedEvent[]>;
  /** Replays one parked record by id, or every one not replayed yet (`'all'`); returns the replayed. */
  replayParked(which: string | 'all'): Promise<ParkedEvent[]>;
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

/**
 * Thrown by a handler for an event it can never handle (malformed payload, unknown version): the
 * adapters park it at once instead of retrying it `maxAttempts` times, and keep consuming.
 */
export class PermanentEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentEventError';
  }
}

export class EventBusClosedError extends Error {
  constructor() {
    super('event bus is closed');
    this.name = 'EventBusClosedError';
  }
}
