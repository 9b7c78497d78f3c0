// WebhookService: proto <-> domain only.
import type { Handlers } from '@astro/platform';
import type { Webhook, WebhookDelivery, WebhookServiceService } from '@astro/protos/astro/account/v1/webhooks';
import type { WebhookDeliveryRow } from '../domain/webhooks/ports.ts';
import type { WebhookView, Webhooks } from '../domain/webhooks/webhooks.ts';
import { requirePrincipal } from './caller.ts';

function webhookMessage(v: WebhookView): Webhook {
  return {
    id: v.id,
    url: v.url,
    description: v.description,
    events: v.events,
    enabled: v.enabled,
    created_at: v.created_at,
    updated_at: v.updated_at,
    previous_secret_expires_at: v.previous_secret_expires_at ?? undefined,
    secret: v.secret,
  };
}

function deliveryMessage(d: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    webhook_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempt_count: d.attempt_count,
    next_attempt_at: d.next_attempt_at?.toISOString(),
    created_at: d.created_at.toISOString(),
    delivered_at: d.delivered_at?.toISOString(),
    attempts: d.attempts.map((a) => ({
      attempted_at: a.attempted_at.toISOString(),
      status_code: a.status_code ?? undefined,
      error: a.error ?? undefined,
      duration_ms: a.duration_ms,
    })),
  };
}

export function webhookHandlers(webhooks: Webhooks): Handlers<typeof WebhookServiceService> {
  return {
    createWebhook: async (req, ctx) => webhookMessage(await webhooks.create(requirePrincipal(ctx), req)),
    listWebhooks: async (_req, ctx) => ({ webhooks: (await webhooks.list(requirePrincipal(ctx))).map(webhookMessage) }),
    getWebhook: async (req, ctx) => webhookMessage(await webhooks.get(requirePrincipal(ctx), req.id)),
    updateWebhook: async (req, ctx) =>
      webhookMessage(
        await webhooks.update(requirePrincipal(ctx), req.id, {
          url: req.url,
          events: req.events,
          description: req.description,
          enabled: req.enabled,
        }),
      ),
    deleteWebhook: async (req, ctx) => {
      await webhooks.delete(requirePrincipal(ctx), req.id);
      return {};
    },
    rollWebhookSecret: async (req, ctx) => webhookMessage(await webhooks.rollSecret(requirePrincipal(ctx), req.id)),
    listWebhookDeliveries: async (req, ctx) => ({
      deliveries: (
        await webhooks.deliveries(requirePrincipal(ctx), req.id, { status: req.status, limit: req.limit })
      ).map(deliveryMessage),
    }),
    replayWebhookDelivery: async (req, ctx) =>
      deliveryMessage(await webhooks.replay(requirePrincipal(ctx), req.id, req.delivery_id)),
    testWebhook: async (req, ctx) => deliveryMessage(await webhooks.test(requirePrincipal(ctx), req.id)),
  };
}
