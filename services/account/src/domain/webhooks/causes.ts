// The webhook events that follow from changes elsewhere: an API key revoked (account's own
// transaction), a tenant's data erased (the chart service's tenant.data_erased on the bus) and a quota
// threshold reached (the gateway's quota.threshold_reached on the bus). Each
// event id derives from its cause, so a repeated cause maps to the same event and adds no delivery.

import type { WebhookEvent } from './event-types.ts';

export function apiKeyRevokedEvent(key: {
  id: string;
  tenant_id: string;
  name: string;
  revoked_at: Date;
}): WebhookEvent {
  return {
    id: `evt_key_revoked_${key.id}`,
    type: 'api_key.revoked',
    tenantId: key.tenant_id,
    createdAt: key.revoked_at,
    data: { api_key_id: key.id, name: key.name, revoked_at: key.revoked_at.toISOString() },
  };
}

/** `busEventId`: the tenant.data_erased event's id (stable across the bus's redeliveries). */
export function erasureCompletedEvent(p: { tenant_id: string; erased_at: string }, busEventId: string): WebhookEvent {
  const erasedAt = new Date(p.erased_at);
  return {
    id: `evt_${busEventId}`,
    type: 'erasure.completed',
    tenantId: p.tenant_id,
    createdAt: Number.isNaN(erasedAt.getTime()) ? new Date() : erasedAt,
    data: { scope: 'tenant', erased_at: p.erased_at },
  };
}

/**
 * The gateway's quota.threshold_reached: the id names the tenant, window and threshold, so the same
 * crossing reported twice (a redelivery, two gateways) is one event with one delivery per endpoint.
 */
export function quotaThresholdEvent(p: {
  tenant_id: string;
  window: string;
  window_id: string;
  percent: number;
  used: number;
  limit: number;
  at: string;
}): WebhookEvent {
  const at = new Date(p.at);
  return {
    id: `evt_quota_${p.tenant_id}_${p.window}_${p.window_id}_${p.percent}`,
    type: 'quota.threshold_reached',
    tenantId: p.tenant_id,
    createdAt: Number.isNaN(at.getTime()) ? new Date() : at,
    data: { window: p.window, window_id: p.window_id, percent: p.percent, used: p.used, limit: p.limit },
  };
}
