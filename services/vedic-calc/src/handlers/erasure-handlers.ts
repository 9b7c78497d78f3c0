// astro.erasure.v1.DataErasureService: vedic-calc stores nothing, but caches serialised Vimshottari
// chains per chart in memory; erasure drops them (cache_entries_deleted). Idempotent by nature.
import { DataErasureServiceService } from '@astro/protos/astro/erasure/v1/erasure';
import { requireTenantId, service, type Registration } from '@astro/platform';
import type { VedicDeps } from './deps.ts';

export function erasureRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.erasure.v1.DataErasureService', DataErasureServiceService, {
      erase: async (req) => {
        return {
          rows_by_store: {},
          report_files_deleted: 0,
          cache_entries_deleted: deps.chains.erase(requireTenantId(req.tenant_id), req.chart_id || null),
        };
      },
    }),
  ];
}
