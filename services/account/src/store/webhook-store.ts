// Webhook endpoints, deliveries and attempts in the account database, raw SQL through node-postgres:
// the dispatcher's claim needs FOR UPDATE SKIP LOCKED, and the fan-out of an event must run inside the
// transaction of its cause (an API-key revoke in Prisma, a bus event's apply-once record in pg), so
// the fan-out is one SQL statement any client can run (`enqueueSql`).
import { applyOnce, inTransaction, uuidv7, type TxPool } from '@astro/platform';
import type pg from 'pg';
import type { OnKeyRevoked } from './api-key-store.ts';
import { apiKeyRevokedEvent } from '../domain/webhooks/causes.ts';
import { eventBody, type WebhookEvent } from '../domain/webhooks/event-types.ts';
import type {
  AttemptOutcome,
  ClaimedDelivery,
  DeliveryStatus,
  EndpointPatch,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookRepository,
} from '../domain/webhooks/ports.ts';

// The platform's apply-once ledger, under the name this service gave it first (0002_usage.sql).
const PROCESSED_TABLE = 'usage_processed_events';

/**
 * One delivery per enabled endpoint of the tenant subscribed to the event type, due now. The unique
 * (endpoint_id, event_id) makes a repeat of the same event add nothing. $1 tenant, $2 type, $3 event
 * id, $4 body, $5 now.
 */
export const ENQUEUE_SQL = `
INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, body, status, attempt_count,
  next_attempt_at, window_start_at, created_at, delivered_at)
SELECT gen_random_uuid(), e.tenant_id, e.id, $3::text, $2::text, $4::text, 'pending', 0, $5::timestamptz, NULL,
  $5::timestamptz, NULL
FROM webhook_endpoints e
WHERE e.tenant_id = $1::uuid AND e.enabled AND $2::text = ANY (e.events)
ON CONFLICT (endpoint_id, event_id) DO NOTHING`;

export function enqueueParams(event: WebhookEvent, now: Date): unknown[] {
  return [event.tenantId, event.type, event.id, eventBody(event), now];
}

/** The API-key revoke hook (store/api-key-store.ts): api_key.revoked deliveries in the revoke's transaction. */
export const fanOutKeyRevoked: OnKeyRevoked = async (tx, key) => {
  const event = apiKeyRevokedEvent({
    id: key.id,
    tenant_id: key.tenant_id,
    name: key.name,
    revoked_at: key.revoked_at!,
  });
  await tx.$executeRawUnsafe(ENQUEUE_SQL, ...enqueueParams(event, key.revoked_at!));
};

interface DeliveryDbRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
  attempts: Array<{
    attempted_at: string;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
  }> | null;
}

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.attempt_count, d.next_attempt_at,
  d.created_at, d.delivered_at,
  (SELECT jsonb_agg(jsonb_build_object('attempted_at', a.attempted_at, 'status_code', a.status_code, 'error', a.error,
     'duration_ms', a.duration_ms) ORDER BY a.attempted_at, a.id)
   FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts`;

function toDelivery(r: DeliveryDbRow): WebhookDeliveryRow {
  return {
    id: r.id,
    endpoint_id: r.endpoint_id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    attempt_count: r.attempt_count,
    next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
    created_at: r.created_at,
    delivered_at: r.delivered_at,
    attempts: (r.attempts ?? []).map((a): WebhookAttemptRow => ({
      attempted_at: new Date(a.attempted_at),
      status_code: a.status_code,
      error: a.error,
      duration_ms: a.duration_ms,
    })),
  };
}

export class PgWebhookRepository implements WebhookRepository {
  constructor(private readonly pool: pg.Pool) {}

  async createWithinLimit(row: WebhookEndpointRow, limit: number): Promise<boolean> {
    return inTransaction(this.pool as unknown as TxPool, async (client) => {
      // Lock the tenant row: concurrent creates for one tenant queue here and each counts the others.
      await client.query('SELECT 1 FROM tenants WHERE id = $1::uuid FOR UPDATE', [row.tenant_id]);
      const count = (await client.query('SELECT count(*)::int AS n FROM webhook_endpoints WHERE tenant_id = $1::uuid', [
        row.tenant_id,
      ])) as { rows: Array<{ n: number }> };
      if ((count.rows[0]?.n ?? 0) >= limit) return false;
      await client.query(
        `INSERT INTO webhook_endpoints (id, tenant_id, url, description, events, enabled, secret, previous_secret,
           previous_expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row.id,
          row.tenant_id,
          row.url,
          row.description,
          row.events,
          row.enabled,
          row.secret,
          row.previous_secret,
          row.previous_expires_at,
          row.created_at,
          row.updated_at,
        ],
      );
      return true;
    });
  }

  async list(tenantId: string): Promise<WebhookEndpointRow[]> {
    const r = await this.pool.query<WebhookEndpointRow>(
      'SELECT * FROM webhook_endpoints WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC',
      [tenantId],
    );
    return r.rows;
  }

  async find(id: string, tenantId: string): Promise<WebhookEndpointRow | null> {
    const r = await this.pool.query<WebhookEndpointRow>(
      'SELECT * FROM webhook_endpoints WHERE id = $1 AND tenant_id = $2',
      [id, tenantId],
    );
    return r.rows[0] ?? null;
  }

  async update(id: string, tenantId: string, patch: EndpointPatch, now: Date): Promise<WebhookEndpointRow | null> {
    const r = await this.pool.query<WebhookEndpointRow>(
      `UPDATE webhook_endpoints SET url = COALESCE($3, url), events = COALESCE($4, events),
         description = COALESCE($5, description), enabled = COALESCE($6, enabled), updated_at = $7
       WHERE id = $1 AND tenant_id = $2 RETURNING *`,
      [id, tenantId, patch.url ?? null, patch.events ?? null, patch.description ?? null, patch.enabled ?? null, now],
    );
    return r.rows[0] ?? null;
  }

  async delete(id: string, tenantId: string): Promise<boolean> {
    // Deliveries and attempts go with it (ON DELETE CASCADE).
    const r = await this.pool.query('DELETE FROM webhook_endpoints WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return (r.rowCount ?? 0) > 0;
  }

  async rollSecret(
    id: string,
    tenantId: string,
    secret: string,
    previousExpiresAt: Date,
    now: Date,
  ): Promise<WebhookEndpointRow | null> {
    const r = await this.pool.query<WebhookEndpointRow>(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_expires_at = $4, secret = $3, updated_at = $5
       WHERE id = $1 AND tenant_id = $2 RETURNING *`,
      [id, tenantId, secret, previousExpiresAt, now],
    );
    return r.rows[0] ?? null;
  }

  async listDeliveries(
    endpointId: string,
    tenantId: string,
    status: DeliveryStatus | null,
    limit: number,
  ): Promise<WebhookDeliveryRow[]> {
    const r = await this.pool.query<DeliveryDbRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
       WHERE d.endpoint_id = $1 AND d.tenant_id = $2 AND ($3::text IS NULL OR d.status = $3)
       ORDER BY d.created_at DESC, d.id DESC LIMIT $4`,
      [endpointId, tenantId, status, limit],
    );
    return r.rows.map(toDelivery);
  }

  private async deliveryById(id: string): Promise<WebhookDeliveryRow | null> {
    const r = await this.pool.query<DeliveryDbRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1`,
      [id],
    );
    return r.rows[0] ? toDelivery(r.rows[0]) : null;
  }

  async replay(
    deliveryId: string,
    endpointId: string,
    tenantId: string,
    now: Date,
  ): Promise<WebhookDeliveryRow | null> {
    const r = await this.pool.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $4, window_start_at = NULL, delivered_at = NULL
       WHERE id = $1 AND endpoint_id = $2 AND tenant_id = $3`,
      [deliveryId, endpointId, tenantId, now],
    );
    return r.rowCount ? this.deliveryById(deliveryId) : null;
  }

  async enqueueFor(
    endpointId: string,
    tenantId: string,
    event: WebhookEvent,
    now: Date,
  ): Promise<WebhookDeliveryRow | null> {
    const id = uuidv7();
    const r = await this.pool.query(
      `INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, body, status, attempt_count,
         next_attempt_at, window_start_at, created_at, delivered_at)
       SELECT $1, e.tenant_id, e.id, $4, $5, $6, 'pending', 0, $7, NULL, $7, NULL
       FROM webhook_endpoints e WHERE e.id = $2 AND e.tenant_id = $3`,
      [id, endpointId, tenantId, event.id, event.type, eventBody(event), now],
    );
    return r.rowCount ? this.deliveryById(id) : null;
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const r = await this.pool.query<ClaimedDelivery>(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND e.enabled
         ORDER BY d.next_attempt_at LIMIT $2 FOR UPDATE OF d SKIP LOCKED)
       UPDATE webhook_deliveries d SET next_attempt_at = $1::timestamptz + make_interval(secs => $3::float8 / 1000),
         window_start_at = COALESCE(d.window_start_at, $1)
       FROM due, webhook_endpoints e
       WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.event_id, d.event_type, d.body, d.attempt_count, d.window_start_at, e.url, e.secret,
         e.previous_secret, e.previous_expires_at`,
      [now, limit, leaseMs],
    );
    return r.rows;
  }

  async recordAttempt(deliveryId: string, o: AttemptOutcome): Promise<void> {
    await inTransaction(this.pool as unknown as TxPool, async (client) => {
      await client.query(
        // Nothing when the delivery was deleted meanwhile (its endpoint deleted, the tenant erased).
        `INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, error, duration_ms)
         SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $2)`,
        [uuidv7(), deliveryId, o.attempt.attempted_at, o.attempt.status_code, o.attempt.error, o.attempt.duration_ms],
      );
      // Only a still-pending row: a replay or a delete that came meanwhile wins.
      await client.query(
        `UPDATE webhook_deliveries SET status = $2, attempt_count = attempt_count + 1, next_attempt_at = $3,
           delivered_at = CASE WHEN $2 = 'delivered' THEN $4::timestamptz ELSE NULL END
         WHERE id = $1 AND status = 'pending'`,
        [deliveryId, o.status, o.next_attempt_at, o.attempt.attempted_at],
      );
    });
  }

  /**
   * Fans a bus-caused event out once per bus event id (apply-once ledger in the same transaction);
   * `eraseFirst` deletes the tenant's finished deliveries with their attempts (delivery history is
   * tenant data) before the erasure's own notice is queued; pending ones are still owed and stay.
   */
  async enqueueOnce(ledgerId: string, event: WebhookEvent, now: Date, eraseFirst: boolean): Promise<boolean> {
    const r = await applyOnce(
      this.pool as unknown as TxPool,
      ledgerId,
      async (client) => {
        // Finished deliveries only: a pending one is an event still owed to the receiver.
        if (eraseFirst)
          await client.query("DELETE FROM webhook_deliveries WHERE tenant_id = $1 AND status <> 'pending'", [
            event.tenantId,
          ]);
        await client.query(ENQUEUE_SQL, enqueueParams(event, now));
      },
      { table: PROCESSED_TABLE },
    );
    return r.applied;
  }
}
