// The webhook event types a tenant can subscribe to, and the envelope every delivery carries. The
// body is built once, stored, and sent byte for byte on every attempt, so a signature always covers
// exactly what the receiver reads.

/** Subscribable event types (docs/webhooks.md "Events"). */
export const WEBHOOK_EVENT_TYPES = ['api_key.revoked', 'erasure.completed', 'quota.threshold_reached'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by POST /v1/webhooks/{id}/test, whatever the endpoint subscribed to. */
export const PING_EVENT = 'webhook.ping';

export function isWebhookEventType(s: string): s is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(s);
}

export interface WebhookEvent {
  /** Stable id of the event (Webhook-Id): derived from the cause, so a redelivered cause maps to it. */
  id: string;
  type: WebhookEventType | typeof PING_EVENT;
  tenantId: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

/** The JSON body: {id, type, created_at, tenant_id, data}. */
export function eventBody(e: WebhookEvent): string {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    created_at: e.createdAt.toISOString(),
    tenant_id: e.tenantId,
    data: e.data,
  });
}
