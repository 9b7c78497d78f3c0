// The single-machine EventBus adapter (DESIGN.md §4: the default when KAFKA_BROKERS is unset): an
// append-only table per database, a cursor per (group, topic), LISTEN/NOTIFY for millisecond wake-ups
// and a poll as the safety net. Layout and the no-skip argument are in pg-schema.ts.
import pg from 'pg';
import {
  EventBusClosedError,
  fallbackLogger,
  type BusLogger,
  type EventBus,
  type EventHandler,
  type OutgoingEvent,
  type ParkedEvent,
  type ParkedEvents,
  type PublishOptions,
  type SubscribeOptions,
} from './event-bus';
import { createPgPool, endPool } from '../pg-pool';
import { PgSubscription } from './pg-consumer';
import { PgNotifyListener } from './pg-listener';
import { ensureBusSchema, headersJson, toJson, topicChannel, validateName } from './pg-schema';
import { DEFAULT_RETRY_POLICY, resolveMaxAttempts, type RetryPolicy } from './retry';

export { ensureBusSchema, publishInTx } from './pg-schema';

export interface PgEventBusOptions {
  connectionString: string;
  logger?: BusLogger;
  /** Safety-net poll for missed NOTIFYs (listener reconnecting, notification queue trouble). */
  pollIntervalMs?: number;
  /** Events read per consumer transaction. */
  batchSize?: number;
  /** Connections for consumers; subscriptions beyond this wait their turn. */
  consumerConnections?: number;
  retry?: RetryPolicy;
}

const DEFAULTS = { pollIntervalMs: 1_000, batchSize: 100, consumerConnections: 4, maxBatchMs: 2_000 };

export class PgEventBus implements EventBus, ParkedEvents {
  private readonly logger: BusLogger;
  // Two pools so that a handler which itself publishes can never wait for a connection held by the
  // very consumer transaction that is running it.
  private readonly publishPool: pg.Pool;
  private readonly consumerPool: pg.Pool;
  private readonly listener: PgNotifyListener;
  private readonly subscriptions: PgSubscription[] = [];
  /** The subscriptions by the NOTIFY channel of their topic (topicChannel), for wake-ups. */
  private readonly byChannel = new Map<string, PgSubscription[]>();
  private readonly closing = new AbortController();
  private schemaReady: Promise<void> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private closed: Promise<void> | null = null;

  constructor(private readonly options: PgEventBusOptions) {
    this.logger = options.logger ?? fallbackLogger;
    const { connectionString } = options;
    const logger = this.logger;
    this.publishPool = createPgPool({ connectionString, max: 4, applicationName: 'event-bus:publish', logger });
    this.consumerPool = createPgPool({
      connectionString,
      max: options.consumerConnections ?? DEFAULTS.consumerConnections,
      applicationName: 'event-bus:consume',
      logger,
    });
    this.listener = new PgNotifyListener({
      connectionString,
      channel: [],
      onNotify: (_payload, channel) => this.wake(channel),
      onReconnect: () => this.wake(),
      logger: this.logger,
    });
  }

  /** Creates the schema if needed. Called lazily by publish/subscribe; call it early to fail fast. */
  start(): Promise<void> {
    this.assertOpen();
    this.schemaReady ??= this.createSchema().catch((err: unknown) => {
      this.schemaReady = null; // let a later call retry, for example once the database is up
      throw err;
    });
    return this.schemaReady;
  }

  publish(topic: string, key: string, payload: unknown, opts?: PublishOptions): Promise<void> {
    return this.publishBatch([{ topic, key, payload, ...opts }]);
  }

  async publishBatch(events: OutgoingEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const e of events) validateName('topic', e.topic);
    await this.start();
    // One autocommit statement: every event's row, in array order, commits (and notifies) together.
    await this.publishPool.query({
      name: 'bus-publish-batch',
      text: `SELECT bus.publish(e.topic, e.key, e.payload::jsonb, e.id, e.headers::jsonb)
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
              WITH ORDINALITY AS e(topic, key, payload, id, headers, n)
        ORDER BY e.n`,
      values: [
        events.map((e) => e.topic),
        events.map((e) => e.key),
        events.map((e) => toJson(e.payload)),
        events.map((e) => e.id ?? null),
        events.map((e) => headersJson(e.headers)),
      ],
    });
  }

  async subscribe(group: string, topic: string, handler: EventHandler, opts?: SubscribeOptions): Promise<void> {
    validateName('group', group);
    validateName('topic', topic);
    const maxAttempts = resolveMaxAttempts(opts?.maxAttempts);
    await this.start();
    // A new group starts at 0, i.e. from the beginning of the topic; an existing one keeps its place.
    await this.consumerPool.query(
      'INSERT INTO bus.cursors (group_name, topic) VALUES ($1, $2) ON CONFLICT (group_name, topic) DO NOTHING',
      [group, topic],
    );
    this.assertOpen();
    const subscription = new PgSubscription({
      pool: this.consumerPool,
      group,
      topic,
      handler,
      maxAttempts,
      policy: this.options.retry ?? DEFAULT_RETRY_POLICY,
      batchSize: this.options.batchSize ?? DEFAULTS.batchSize,
      maxBatchMs: DEFAULTS.maxBatchMs,
      signal: this.closing.signal,
      logger: this.logger,
    });
    this.subscriptions.push(subscription);
    const channel = topicChannel(topic);
    this.byChannel.set(channel, [...(this.byChannel.get(channel) ?? []), subscription]);
    // LISTEN is in place before the backlog is read, so an event published in between is not missed.
    if (this.subscriptions.length === 1) await this.startWakeSources();
    await this.listener.listen(channel);
    subscription.wake(); // deliver the backlog now rather than at the next notification
  }

  async listParked(limit = 100): Promise<ParkedEvent[]> {
    await this.start();
    const { rows } = await this.publishPool.query<ParkedRow>(
      `SELECT ${PARKED_COLUMNS} FROM bus.parked p WHERE replayed_at IS NULL ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map(parkedView);
  }

  async replayParked(which: string): Promise<ParkedEvent[]> {
    await this.start();
    if (which !== 'all' && !/^\d{1,18}$/.test(which)) throw new RangeError('a parked id is a number, or "all"');
    const client = await this.publishPool.connect();
    try {
      await client.query('BEGIN');
      // Locked so two operators cannot replay the same record; marked in the same transaction as the
      // republish, so a replay happens exactly once or not at all.
      const { rows } = await client.query<ParkedRow & { key: string; payload: unknown }>(
        `SELECT ${PARKED_COLUMNS}, p.key, p.payload FROM bus.parked p
          WHERE replayed_at IS NULL AND ($1::bigint IS NULL OR id = $1::bigint) ORDER BY id FOR UPDATE`,
        [which === 'all' ? null : which],
      );
      for (const row of rows) {
        await client.query('SELECT bus.publish($1, $2, $3::jsonb, $4::text, $5::jsonb)', [
          row.topic,
          row.key,
          toJson(row.payload),
          row.event_uid ?? row.event_id,
          null,
        ]);
        await client.query('UPDATE bus.parked SET replayed_at = now() WHERE id = $1', [row.id]);
      }
      await client.query('COMMIT');
      return rows.map(parkedView);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closing.abort();
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    // Handlers already running finish; the event being retried is left for the next consumer.
    await Promise.all(this.subscriptions.map((s) => s.idle()));
    await this.listener.stop();
    await Promise.all([endPool(this.publishPool), endPool(this.consumerPool)]);
  }

  private async createSchema(): Promise<void> {
    const client = await this.publishPool.connect();
    try {
      await ensureBusSchema(client);
    } finally {
      client.release();
    }
  }

  private async startWakeSources(): Promise<void> {
    await this.listener.start();
    if (this.closing.signal.aborted) return;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? DEFAULTS.pollIntervalMs);
    // The bus alone should not keep a process alive; the LISTEN connection or the server does.
    this.pollTimer.unref();
  }

  /** Wakes the subscriptions of a NOTIFY's channel, or all of them (poll, reconnect). */
  private wake(channel?: string): void {
    for (const subscription of channel === undefined ? this.subscriptions : (this.byChannel.get(channel) ?? []))
      subscription.wake();
  }

  private assertOpen(): void {
    if (this.closing.signal.aborted) throw new EventBusClosedError();
  }
}

interface ParkedRow {
  id: string;
  group_name: string;
  topic: string;
  event_id: string;
  event_uid: string | null;
  attempts: number;
  error: string;
  parked_at: Date;
}

const PARKED_COLUMNS = 'p.id, p.group_name, p.topic, p.event_id, p.event_uid, p.attempts, p.error, p.parked_at';

function parkedView(r: ParkedRow): ParkedEvent {
  return {
    id: r.id,
    group: r.group_name,
    topic: r.topic,
    eventId: r.event_uid ?? r.event_id,
    attempts: r.attempts,
    // The first line only: a stack is for the logs, not for the operator's terminal.
    error: r.error.split('\n')[0] ?? '',
    parkedAt: r.parked_at.toISOString(),
  };
}
