// What the webhook use cases and the dispatcher need from storage and the network (store/ and
// clients/ implement them). Multi-row changes that must be atomic are single methods.
import type { WebhookEvent } from './event-types.ts';

export interface WebhookEndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookAttemptRow {
  attempted_at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
  /** Oldest first. */
  attempts: WebhookAttemptRow[];
}

export interface EndpointPatch {
  url?: string;
  events?: string[];
  description?: string;
  enabled?: boolean;
}

/** A delivery the dispatcher claimed, with what it needs to sign and send it. */
export interface ClaimedDelivery {
  id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempt_count: number;
  window_start_at: Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_expires_at: Date | null;
}

export interface AttemptOutcome {
  attempt: WebhookAttemptRow;
  status: DeliveryStatus;
  next_attempt_at: Date | null;
}

export interface WebhookRepository {
  /** Inserts unless the tenant already has `limit` endpoints; false then. */
  createWithinLimit(row: WebhookEndpointRow, limit: number): Promise<boolean>;
  list(tenantId: string): Promise<WebhookEndpointRow[]>;
  find(id: string, tenantId: string): Promise<WebhookEndpointRow | null>;
  update(id: string, tenantId: string, patch: EndpointPatch, now: Date): Promise<WebhookEndpointRow | null>;
  /** Deletes the endpoint with its deliveries and attempts; false when it is not in the tenant. */
  delete(id: string, tenantId: string): Promise<boolean>;
  rollSecret(
    id: string,
    tenantId: string,
    secret: string,
    previousExpiresAt: Date,
    now: Date,
  ): Promise<WebhookEndpointRow | null>;
  listDeliveries(
    endpointId: string,
    tenantId: string,
    status: DeliveryStatus | null,
    limit: number,
  ): Promise<WebhookDeliveryRow[]>;
  /** Makes the delivery pending and due now with a fresh retry window; null when not in the endpoint. */
  replay(deliveryId: string, endpointId: string, tenantId: string, now: Date): Promise<WebhookDeliveryRow | null>;
  /** One pending delivery of `event` for this endpoint only (the test ping). */
  enqueueFor(endpointId: string, tenantId: string, event: WebhookEvent, now: Date): Promise<WebhookDeliveryRow | null>;
  /**
   * Claims up to `limit` due deliveries of enabled endpoints (FOR UPDATE SKIP LOCKED, so replicas never
   * claim the same row) and pushes their next_attempt_at `leaseMs` ahead: a dispatcher that dies
   * mid-send leaves them due again after the lease.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  recordAttempt(deliveryId: string, outcome: AttemptOutcome): Promise<void>;
}

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** An HTTP answer (any status) or why none came. */
export type SendResult = { statusCode: number } | { error: string };

export interface WebhookSender {
  send(req: SendRequest): Promise<SendResult>;
}
