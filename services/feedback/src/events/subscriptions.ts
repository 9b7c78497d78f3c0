// Bus consumers of the feedback process. Both are idempotent: the aggregator recounts from the stored
// entries; erasure deletes what is still there. A process that was down catches up when it returns
// (the PostgreSQL bus keeps each group's position; Kafka its committed offsets).
import type { EventBus } from '@astro/platform';
import type { ErasureUseCases } from '../use-cases/erasure.ts';
import { FEEDBACK_SUBMITTED, type FeedbackSubmittedEvent, type FeedbackUseCases } from '../use-cases/feedback.ts';

export const CHART_DELETED = 'chart.deleted';
export const TENANT_DATA_ERASED = 'tenant.data_erased';

export async function subscribeAll(bus: EventBus, feedback: FeedbackUseCases, erasure: ErasureUseCases) {
  await bus.subscribe('feedback-aggregator', FEEDBACK_SUBMITTED, async (e) => {
    const p = e.payload as FeedbackSubmittedEvent;
    if (p?.tenant_id && p.template_id) await feedback.recompute(p.tenant_id, p.template_id);
  });
  await bus.subscribe('feedback-erasure', CHART_DELETED, async (e) => {
    const p = e.payload as { tenant_id?: string; chart_id?: string };
    if (p?.tenant_id && p.chart_id) await erasure.erase(p.tenant_id, p.chart_id);
  });
  await bus.subscribe('feedback-erasure', TENANT_DATA_ERASED, async (e) => {
    const p = e.payload as { tenant_id?: string };
    if (p?.tenant_id) await erasure.erase(p.tenant_id, null);
  });
}
