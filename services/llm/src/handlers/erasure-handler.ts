// DataErasureService (internal) and the bus consumers of chart.deleted and tenant.data_erased: the
// same idempotent deletion of the stored LLM interpretations (store `llm_interpretations`). The usage
// ledger keeps its rows (spend already incurred still counts against budgets) without the chart id.
import { DataErasureServiceService } from '@astro/protos/astro/erasure/v1/erasure';
import { joinErasure, requireTenantId, service, type EventBus, type Registration } from '@astro/platform';
import type { InterpretationStore } from '../store/interpretation-store.ts';

export const ERASURE_GROUP = 'llm-erasure';

export function erasureRegistrations(store: InterpretationStore): Registration[] {
  return [
    service('astro.erasure.v1.DataErasureService', DataErasureServiceService, {
      erase: async (req) => {
        const n = await store.erase(requireTenantId(req.tenant_id), req.chart_id || undefined);
        return { rows_by_store: { llm_interpretations: n }, report_files_deleted: 0, cache_entries_deleted: 0 };
      },
    }),
  ];
}

export async function subscribeErasure(bus: EventBus, store: InterpretationStore): Promise<void> {
  await joinErasure(bus, ERASURE_GROUP, async ({ tenantId, chartId, eventId }) => {
    await store.eraseOnce(eventId, tenantId, chartId ?? undefined);
  });
}
