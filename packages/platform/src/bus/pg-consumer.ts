// One subscription of the PostgreSQL bus: drains (group, topic) from its cursor whenever it is woken
// (NOTIFY, the poll timer, or its own progress).
import type { Pool, PoolClient } from 'pg';
import type { BusLogger, EventHandler } from './event-bus';
import { deliverWithRetry, type RetryPolicy } from './retry';

export interface PgSubscriptionConfig {
  pool: Pool;
  group: string;
  topic: string;
  handler: EventHandler;
  maxAttempts: number;
  policy: RetryPolicy;
  batchSize: number;
  /** Stop taking new events from a batch after this long, so the cursor lock is not held for ages. */
  maxBatchMs: number;
  /** Aborted by close(). */
  signal: AbortSignal;
  logger: BusLogger;
}

type BatchResult = 'busy' | 'empty' | 'progress';

interface EventRow {
  id: string;
  /** The publisher's id when it gave one (bus.events.event_id), else null. */
  event_id: string | null;
  key: string;
  payload: unknown;
  published_at: Date;
  headers: Record<string, string> | null;
}

export class PgSubscription {
  private running: Promise<void> | null = null;
  private wokenWhileRunning = false;

  constructor(private readonly config: PgSubscriptionConfig) {}

  get topic(): string {
    return this.config.topic;
  }

  /** Makes sure a drain runs after this call; cheap to call often (wake-ups while draining coalesce). */
  wake(): void {
    if (this.config.signal.aborted) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      // A wake-up that arrived after the loop's last check must not be lost.
      if (this.wokenWhileRunning) this.wake();
    });
  }

  /** Resolves once no drain is running (used by close(), after the signal is aborted). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.wokenWhileRunning = false;
      let result: BatchResult;
      try {
        result = (await this.hasPending()) ? await this.runBatch() : 'empty';
      } catch (err) {
        // Database trouble: the transaction rolled back, nothing was lost; the poll timer tries again.
        this.config.logger.error('event bus consumer batch failed', {
          group: this.config.group,
          topic: this.config.topic,
          error: err instanceof Error ? err.message : String(err),
        });
        return;
      }
      // Another consumer of the group holds the cursor: it will see the same events, so stop here.
      if (result === 'busy') return;
      if (result === 'progress') this.wokenWhileRunning = true;
    } while (this.wokenWhileRunning && !this.config.signal.aborted);
  }

  /**
   * A read-only look before taking the cursor lock, so that idle polls cost one cheap query instead of a
   * locking transaction (SELECT ... FOR UPDATE writes a lock marker on the row every time). An event
   * committed just after this look is not missed: its NOTIFY (or the next poll) wakes us again.
   */
  private async hasPending(): Promise<boolean> {
    const { rows } = await this.config.pool.query<{ pending: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM bus.cursors c JOIN bus.events e ON e.topic = c.topic AND e.id > c.last_event_id
         WHERE c.group_name = $1 AND c.topic = $2
       ) AS pending`,
      [this.config.group, this.config.topic],
    );
    return rows[0]?.pending === true;
  }

  /**
   * One transaction: lock the group's cursor (skip if another consumer has it), read the next events,
   * handle them in order, park the hopeless ones, move the cursor, commit. A crash before the commit
   * means the batch is delivered again: at-least-once.
   */
  private async runBatch(): Promise<BatchResult> {
    const { pool, group, topic, batchSize } = this.config;
    const client = await pool.connect();
    // pg-pool only listens for errors on idle clients; a connection lost while a handler runs would
    // otherwise be an unhandled 'error' event. The next query then fails and the batch rolls back.
    let connectionError: Error | undefined;
    const onError = (err: Error) => {
      connectionError = err;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const cursor = await client.query<{ last_event_id: string }>(
        'SELECT last_event_id FROM bus.cursors WHERE group_name = $1 AND topic = $2 FOR UPDATE SKIP LOCKED',
        [group, topic],
      );
      const lastEventId = cursor.rows[0]?.last_event_id;
      if (lastEventId === undefined) {
        await client.query('ROLLBACK');
        return 'busy';
      }
      const events = await client.query<EventRow>(
        'SELECT id, event_id, key, payload, published_at, headers FROM bus.events WHERE topic = $1 AND id > $2 ORDER BY id LIMIT $3',
        [topic, lastEventId, batchSize],
      );
      const doneUpTo = await this.handleRows(client, events.rows);
      if (doneUpTo !== null) {
        await client.query(
          'UPDATE bus.cursors SET last_event_id = $3, updated_at = now() WHERE group_name = $1 AND topic = $2',
          [group, topic, doneUpTo],
        );
      }
      await client.query('COMMIT');
      return doneUpTo === null ? 'empty' : 'progress';
    } catch (err) {
      // If even ROLLBACK fails the connection is suspect: destroy it instead of returning it to the pool.
      await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
        connectionError ??= rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      });
      throw err;
    } finally {
      client.removeListener('error', onError);
      // Passing an error makes the pool destroy the connection rather than reuse it.
      client.release(connectionError);
    }
  }

  /** Handles rows in order; returns the id of the last row finished (handled or parked), or null. */
  private async handleRows(client: PoolClient, rows: EventRow[]): Promise<string | null> {
    const { group, topic, handler, maxAttempts, policy, signal, logger, maxBatchMs } = this.config;
    const started = Date.now();
    let doneUpTo: string | null = null;
    for (const row of rows) {
      if (signal.aborted || Date.now() - started > maxBatchMs) break;
      const event = {
        id: row.event_id ?? row.id,
        topic,
        key: row.key,
        payload: row.payload,
        publishedAt: row.published_at.toISOString(),
        ...(row.headers ? { headers: row.headers } : {}),
      };
      const outcome = await deliverWithRetry({ event, handler, maxAttempts, policy, signal, logger, group });
      if (outcome.kind === 'interrupted') break;
      if (outcome.kind === 'failed') {
        await client.query(
          `INSERT INTO bus.parked (group_name, topic, event_id, key, payload, published_at, attempts, error, event_uid)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)
           ON CONFLICT (group_name, topic, event_id) DO UPDATE
             SET attempts = EXCLUDED.attempts, error = EXCLUDED.error, parked_at = now(), replayed_at = NULL`,
          [
            group,
            topic,
            row.id,
            row.key,
            JSON.stringify(row.payload),
            row.published_at,
            outcome.attempts,
            outcome.error,
            event.id,
          ],
        );
        logger.error('event parked after failed attempts', {
          group,
          topic,
          eventId: row.id,
          attempts: outcome.attempts,
        });
      }
      doneUpTo = row.id;
    }
    return doneUpTo;
  }
}
