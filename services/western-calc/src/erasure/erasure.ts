// Erasure of chart-derived data held by western-calc (compatibility reports): one use case behind the
// DataErasureService/Erase RPC and the bus topics chart.deleted and tenant.data_erased. Idempotent: a
// repeat finds nothing more to delete and reports zero.
import type { EventBus } from '@astro/platform';
import type { ReportStore } from '../store/compatibility-report-store.ts';

export const STORE_NAME = 'compatibility_reports';
export const CHART_DELETED = 'chart.deleted';
export const TENANT_DATA_ERASED = 'tenant.data_erased';
/** Consumer group of this service on the bus (every replica shares the work). */
export const BUS_GROUP = 'western-calc';

export class Erasure {
  constructor(private readonly reports: ReportStore) {}

  /** Deletes what derives from chartId, or everything of the tenant when chartId is empty. */
  async erase(tenantId: string, chartId?: string): Promise<Record<string, number>> {
    const n = chartId
      ? await this.reports.deleteForChart(tenantId, chartId)
      : await this.reports.deleteForTenant(tenantId);
    return { [STORE_NAME]: n };
  }

  async subscribe(bus: EventBus): Promise<void> {
    await bus.subscribe(BUS_GROUP, CHART_DELETED, async (e) => {
      const p = e.payload as { tenant_id?: unknown; chart_id?: unknown };
      if (typeof p?.tenant_id === 'string' && typeof p.chart_id === 'string' && p.chart_id)
        await this.erase(p.tenant_id, p.chart_id);
    });
    await bus.subscribe(BUS_GROUP, TENANT_DATA_ERASED, async (e) => {
      const p = e.payload as { tenant_id?: unknown };
      if (typeof p?.tenant_id === 'string' && p.tenant_id) await this.erase(p.tenant_id);
    });
  }
}
