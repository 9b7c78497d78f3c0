// astro.erasure.v1.DataErasureService on western-calc: compatibility reports of a chart or a tenant.
import { requireTenantId, service, type Registration } from '@astro/platform';
import { DataErasureServiceService } from '@astro/protos/astro/erasure/v1/erasure';
import type { Erasure } from '../domain/erasure/erasure.ts';

export function erasureRegistrations(erasure: Erasure): Registration[] {
  return [
    service('astro.erasure.v1.DataErasureService', DataErasureServiceService, {
      erase: async (req) => {
        const rows = await erasure.erase(requireTenantId(req.tenant_id), req.chart_id || undefined);
        return { rows_by_store: rows, report_files_deleted: 0, cache_entries_deleted: 0 };
      },
    }),
  ];
}
