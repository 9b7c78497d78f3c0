// The outbox relay (one per service process; outbox.ts explains the outbox): moves committed outbox
// rows to the EventBus, deletes them in the transaction that published them, retries failures with
// backoff, and reports the backlog.
//
// Order per key, with several relays (replicas) at once:
// - a relay takes a batch with `FOR UPDATE SKIP LOCKED` (two relays never hold the same row);
// - it then publishes a key's rows, in order, only while it holds that key's advisory lock AND no
//   earlier unsent row of the key exists outside its batch (one locked by another relay, or waiting for
//   its retry time). The rest of the key waits for the next round, so a key's rows reach the bus in
//   `seq` order;
// - the first failure of a key stops that key for the round (later rows must not overtake it).
// `seq` follows insertion; two transactions of one tenant running at the same moment have no order
// anyway, and for causally ordered ones (the second began after the first committed) seq order is
// commit order.
//
// Delivery is at-least-once: a crash after the publish and before the commit of the rows' deletion
// publishes them again on the next round, with the same event ids (the row ids), which consumers dedupe
// on.
//
// A published row is deleted, not kept: the bus holds the event (bus.events, or the Kafka topic's
// retention), nothing read the sent rows, and keeping a day of them (earlier releases marked them
// `sent_at` and pruned them after a day) cost PostgreSQL a new row version and two index entries per
// event — ~90 µs of its CPU per chart creation (issue 18) — and at a thousand creations a second a
// table of some 86 million rows.
import pg from 'pg';
import { outboxOldestPendingAge, outboxPending, outboxPublished } from '../metrics';
import { fallbackLogger, type BusLogger, type EventBus, type OutgoingEvent } from './event-bus';
import { createPgPool, endPool } from '../pg-pool';
import { OUTBOX_NOTIFY_CHANNEL } from './outbox';
import { PgNotifyListener } from './pg-listener';
import { backoffMs, describeError, type RetryPolicy } from './retry';

export interface OutboxRelayOptions {
  /** The service's own database (where its outbox table is). */
  connectionString: string;
  bus: EventBus;
  /** Label of the metrics (`service`). */
  service: string;
  logger?: BusLogger;
  /** Rows per round (default 200). */
  batchSize?: number;
  /** Safety-net poll when no NOTIFY arrives (default 500 ms). */
  pollIntervalMs?: number;
  /** Wait before retrying a row whose publish failed; doubled per failure (default 200 ms .. 30 s). */
  retry?: RetryPolicy;
  /** Listen for the writers' NOTIFY (default true). */
  listen?: boolean;
  /**
   * Least time from one round's start to the next's (default 50 ms), unless a round found a full
   * batch: a busy writer's rows then go in one round per span instead of one per handful (see run()).
   */
  minRoundGapMs?: number;
}

interface OutboxRow {
  id: string;
  seq: string;
  topic: string;
  key: string;
  payload: unknown;
  attempts: number;
  /** The writer's trace context (traceHeaders() at write time), or null. */
  headers: Record<string, string> | null;
}

export interface RoundResult {
  published: number;
  failed: number;
  /** Keys left for a later round because another relay, or an earlier unsent row, holds them. */
  deferred: number;
}

/** First key of the relay's per-key advisory locks ('obx1'; two-key locks, apart from the bus's). */
export const OUTBOX_KEY_LOCK_NAMESPACE = 0x6f627831;
const DEFAULT_RETRY: RetryPolicy = { initialBackoffMs: 200, maxBackoffMs: 30_000 };
const DEFAULT_MIN_ROUND_GAP_MS = 50;

export class OutboxRelay {
  private readonly pool: pg.Pool;
  private readonly logger: BusLogger;
  private readonly listener: PgNotifyListener | null;
  private readonly closing = new AbortController();
  private loop: Promise<void> | null = null;
  /** Ends the current wait (sleep()); wake() may end it only when `wakeable`. */
  private endWait: (() => void) | null = null;
  private wakeable = false;
  private woken = false;
  private pruned = false;
  private lastSample = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = options.logger ?? fallbackLogger;
    this.pool = createPgPool({
      connectionString: options.connectionString,
      max: 2,
      applicationName: 'outbox-relay',
      logger: this.logger,
    });
    this.listener =
      options.listen === false
        ? null
        : new PgNotifyListener({
            connectionString: options.connectionString,
            channel: OUTBOX_NOTIFY_CHANNEL,
            onNotify: () => this.wake(),
            onReconnect: () => this.wake(),
            logger: this.logger,
          });
  }

  /** Starts relaying in the background; returns once the first round has run (or failed and logged). */
  async start(): Promise<void> {
    if (this.loop) return;
    await this.listener?.start();
    let first!: () => void;
    const firstDone = new Promise<void>((resolve) => (first = resolve));
    this.loop = this.run(first);
    await firstDone;
  }

  /** Makes the relay run a round now (called by the NOTIFY listener; tests may call it too). */
  wake(): void {
    this.woken = true;
    if (this.wakeable) this.endWait?.();
  }

  /** Stops after the round in flight; unsent rows stay for the next start. Safe to call twice. */
  async close(): Promise<void> {
    if (!this.closing.signal.aborted) this.closing.abort();
    this.endWait?.();
    await this.loop;
    await this.listener?.stop();
    await endPool(this.pool).catch(() => {});
  }

  private async run(firstDone: () => void): Promise<void> {
    const poll = this.options.pollIntervalMs ?? 500;
    const gap = this.options.minRoundGapMs ?? DEFAULT_MIN_ROUND_GAP_MS;
    let signalled = false;
    while (!this.closing.signal.aborted) {
      this.woken = false;
      const roundStart = Date.now();
      let result: RoundResult | null = null;
      try {
        result = await this.relayOnce();
        await this.sampleBacklogEverySecond();
        await this.prune();
      } catch (err) {
        this.logger.error('outbox relay round failed', { service: this.options.service, error: message(err) });
      }
      if (!signalled) {
        signalled = true;
        firstDone();
      }
      // A full batch: go again at once (a backlog); otherwise wait for a wake-up (one during the round
      // counts), then for the rest of the gap.
      const more = result !== null && result.published + result.failed >= (this.options.batchSize ?? 200);
      if (more) continue;
      if (!this.woken) await this.sleep(poll, true);
      // Under a steady stream of commits every round found a handful of rows, and each round costs
      // PostgreSQL the same five statements and two commits (and wakes the topics' consumers) whatever
      // it carries: at ten chart creations in flight ~120 rounds/s of ~6 rows. Rounds at least `gap`
      // apart carry more rows each: 20 ms cut PostgreSQL's CPU per creation by ~25 % (issue 18, 508 ->
      // 373 µs), and 50 ms (at most 20 rounds/s) by another ~15 % (589 -> 501 µs, alternating runs),
      // for at most `gap` more latency; a quiet writer's commit, long after the last round, still goes
      // at once. Wake-ups during the pause do not end it (they are what it gathers).
      await this.sleep(roundStart + gap - Date.now(), false);
    }
    if (!signalled) firstDone();
  }

  /** Waits `ms` (nothing when <= 0): close() ends the wait, and wake() too when `wakeable`. */
  private async sleep(ms: number, wakeable: boolean): Promise<void> {
    if (ms <= 0 || this.closing.signal.aborted) return;
    this.wakeable = wakeable;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.endWait = done;
    });
    this.endWait = null;
  }

  /** One round: take a batch, publish what may go now, mark it. Exposed for tests and drills. */
  async relayOnce(): Promise<RoundResult> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      // The round's statements are named: PostgreSQL plans each once per connection, not per round.
      const { rows } = await client.query<OutboxRow>({
        name: 'outbox-relay-batch',
        text: `SELECT id, seq, topic, key, payload, attempts, headers FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at <= now()
          ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        values: [this.options.batchSize ?? 200],
      });
      const result: RoundResult = { published: 0, failed: 0, deferred: 0 };
      if (rows.length === 0) {
        await client.query('COMMIT');
        return result;
      }
      const byKey = new Map<string, OutboxRow[]>();
      for (const row of rows) {
        const list = byKey.get(row.key);
        if (list) list.push(row);
        else byKey.set(row.key, [row]);
      }
      // Per row: does this relay hold the key's lock, and is every older unsent row of the key in this
      // batch? SKIP LOCKED can leave a hole in a key's rows (another relay holds a row between two of
      // ours), so the check is per row, not per key: a key goes out up to its first row with a hole.
      // The advisory lock is re-entrant within the transaction, so asking once per row is harmless.
      const check = await client.query<{ id: string; ok: boolean }>({
        name: 'outbox-relay-order',
        text: `SELECT t.id,
                pg_try_advisory_xact_lock(${OUTBOX_KEY_LOCK_NAMESPACE}, hashtext(t.key))
                  AND NOT EXISTS (SELECT 1 FROM outbox o
                                   WHERE o.key = t.key AND o.sent_at IS NULL AND o.seq < t.seq
                                     AND o.id <> ALL($1::text[])) AS ok
           FROM unnest($1::text[], $2::text[], $3::bigint[]) AS t(id, key, seq)`,
        values: [rows.map((r) => r.id), rows.map((r) => r.key), rows.map((r) => r.seq)],
      });
      const inOrder = new Set(check.rows.filter((r) => r.ok).map((r) => r.id));
      // Each key's rows up to the first one that may not go yet.
      const ready: OutboxRow[][] = [];
      for (const list of byKey.values()) {
        const end = list.findIndex((row) => !inOrder.has(row.id));
        if (end === 0) result.deferred++;
        else ready.push(end < 0 ? list : list.slice(0, end));
      }
      const sent = await this.publishRows(client, ready, result);
      if (sent.length > 0)
        await client.query({
          name: 'outbox-relay-sent',
          text: 'DELETE FROM outbox WHERE id = ANY($1::text[])',
          values: [sent],
        });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: unknown) => (broken ??= e instanceof Error ? e : new Error(String(e))));
      throw err;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  /**
   * Publishes the round's rows (per key, in order) in one batch: one commit or produce request per
   * round instead of one per row (issue 18: 0.84 bus commits per chart creation before, 0.17 after).
   * If the batch fails, row by row, so that a row the bus refuses holds up only its own key; rows the
   * failed batch did publish go again with the same ids. Returns the ids published.
   */
  private async publishRows(client: pg.PoolClient, ready: OutboxRow[][], result: RoundResult): Promise<string[]> {
    const rows = ready.flat();
    if (rows.length === 0 || this.closing.signal.aborted) return [];
    // A lone row's batch is its own publish: the row-by-row pass below would only try it twice.
    if (rows.length > 1) {
      try {
        await this.options.bus.publishBatch(rows.map(eventOf));
        result.published += rows.length;
        outboxPublished.inc({ service: this.options.service, outcome: 'ok' }, rows.length);
        return rows.map((r) => r.id);
      } catch {
        // Each row is tried again below; a row's own failure is what gets recorded.
      }
    }
    const sent: string[] = [];
    for (const list of ready) {
      for (const row of list) {
        if (this.closing.signal.aborted) return sent;
        try {
          await this.options.bus.publishBatch([eventOf(row)]);
          sent.push(row.id);
          result.published++;
          outboxPublished.inc({ service: this.options.service, outcome: 'ok' });
        } catch (err) {
          result.failed++;
          outboxPublished.inc({ service: this.options.service, outcome: 'error' });
          await this.scheduleRetry(client, row, err);
          break; // the key's later rows must not overtake this one
        }
      }
    }
    return sent;
  }

  private async scheduleRetry(client: pg.PoolClient, row: OutboxRow, err: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const wait = backoffMs(this.options.retry ?? DEFAULT_RETRY, attempts);
    await client.query(
      `UPDATE outbox SET attempts = $2, last_error = $3,
              next_attempt_at = clock_timestamp() + make_interval(secs => $4::double precision / 1000)
        WHERE id = $1`,
      [row.id, attempts, describeError(err, 1_000), wait],
    );
    // Ids and counts only: payloads may carry personal data.
    this.logger.warn('outbox publish failed; will retry', {
      service: this.options.service,
      topic: row.topic,
      eventId: row.id,
      attempts,
      retryInMs: wait,
      error: message(err),
    });
  }

  /** Backlog gauges: rows not yet sent, and the age of the oldest. */
  async sampleBacklog(): Promise<{ pending: number; oldestAgeSeconds: number }> {
    const { rows } = await this.pool.query<{ pending: string; age: number | null }>(
      `SELECT count(*) AS pending, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age
         FROM outbox WHERE sent_at IS NULL`,
    );
    const pending = Number(rows[0]?.pending ?? 0);
    const oldestAgeSeconds = Math.max(0, rows[0]?.age ?? 0);
    outboxPending.set({ service: this.options.service }, pending);
    outboxOldestPendingAge.set({ service: this.options.service }, oldestAgeSeconds);
    return { pending, oldestAgeSeconds };
  }

  // A count per round was one more query per chart creation at low load (issue 18 profile); the
  // gauges are scraped every 15 s or so, and a stuck backlog still shows within a second.
  private async sampleBacklogEverySecond(): Promise<void> {
    if (Date.now() - this.lastSample < 1_000) return;
    this.lastSample = Date.now();
    await this.sampleBacklog();
  }

  /**
   * Deletes the rows an earlier release marked sent instead of deleting (it kept them a day): once per
   * relay, on its first round that gets through; no row is marked sent any more.
   */
  private async prune(): Promise<void> {
    if (this.pruned) return;
    await this.pool.query('DELETE FROM outbox WHERE sent_at IS NOT NULL');
    this.pruned = true;
  }
}

/** The bus event of an outbox row: its id is the row's, its headers the writer's trace context. */
function eventOf(row: OutboxRow): OutgoingEvent {
  return {
    topic: row.topic,
    key: row.key,
    payload: row.payload,
    id: row.id,
    ...(row.headers ? { headers: row.headers } : {}),
  };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
