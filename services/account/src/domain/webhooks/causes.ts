// The webhook events that follow from changes elsewhere: an API key revoked (account's own
// transaction), a tenant's data erased (the chart service's tenant.data_erased on the bus) and a quota
// threshold reached (the gateway's quota.threshold_reached on the bus) and a PDF report stored (the
// feedback service's report.ready, through its outbox). Each
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

/**
 * The feedback service's report.ready: the id names the report, so a redelivered event (or the same
 * report announced twice) is one event. Ids and file facts only, copied when the event arrives: the
 * body never changes afterwards, so a report erased before the delivery goes out is still announced
 * by ids that then answer 404 (docs/webhooks.md "report.ready").
 */
export function reportReadyEvent(p: {
  tenant_id: string;
  report_id: string;
  chart_id: string;
  format: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
}): WebhookEvent {
  const createdAt = new Date(p.created_at);
  return {
    id: `evt_report_ready_${p.report_id}`,
    type: 'report.ready',
    tenantId: p.tenant_id,
    createdAt: Number.isNaN(createdAt.getTime()) ? new Date() : createdAt,
    data: {
      report_id: p.report_id,
      chart_id: p.chart_id,
      format: p.format,
      content_type: p.content_type,
      size_bytes: p.size_bytes,
      created_at: p.created_at,
    },
  };
}
