// astro.erasure.v1.DataErasureService: vedic-calc stores nothing, but caches stored charts and
// serialised Vimshottari chains per chart in memory; erasure drops both (cache_entries_deleted counts
// the chains). Idempotent by nature.
import { DataErasureServiceService } from '@astro/protos/astro/erasure/v1/erasure';
import { requireTenantId, service, type Registration } from '@astro/platform';
import type { VedicDeps } from './deps.ts';

/**
 * Drops the chart (all the tenant's when null) from both caches, for the RPC and the bus alike; the
 * count is of chains only (the cached chart copies are not derived data).
 */
export function eraseCaches(deps: VedicDeps, tenantId: string, chartId: string | null): number {
  deps.charts.forget(tenantId, chartId);
  return deps.chains.erase(tenantId, chartId);
}

export function erasureRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.erasure.v1.DataErasureService', DataErasureServiceService, {
      erase: async (req) => ({
        rows_by_store: {},
        report_files_deleted: 0,
        cache_entries_deleted: eraseCaches(deps, requireTenantId(req.tenant_id), req.chart_id || null),
      }),
    }),
  ];
}
