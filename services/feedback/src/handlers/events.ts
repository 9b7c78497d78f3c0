// Bus consumers of the feedback process. Both are idempotent: the aggregator recounts from the stored
// entries (a redelivered feedback.submitted recounts the same rows: nothing is counted twice); erasure
// deletes what is still there. A process that was down catches up when it returns (the PostgreSQL bus
// keeps each group's position; Kafka its committed offsets). Payloads are validated against the proto
// messages: a malformed or unknown-version event is parked, never crashes the consumer.
import { EVENTS, joinErasure, subscribeEvent, type EventBus } from '@astro/platform';
import type { ErasureUseCases } from '../domain/use-cases/erasure.ts';
import type { FeedbackUseCases } from '../domain/use-cases/feedback.ts';

export async function subscribeAll(bus: EventBus, feedback: FeedbackUseCases, erasure: ErasureUseCases) {
  await subscribeEvent(bus, 'feedback-aggregator', EVENTS.FeedbackSubmitted, async (p) => {
    if (p.tenant_id && p.template_id) await feedback.recompute(p.tenant_id, p.template_id);
  });
  await joinErasure(bus, 'feedback-erasure', ({ tenantId, chartId }) => erasure.erase(tenantId, chartId));
}
