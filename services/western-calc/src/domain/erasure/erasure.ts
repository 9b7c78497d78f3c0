// Erasure of chart-derived data held by western-calc (compatibility reports, and the stored charts it
// keeps in memory): one use case behind the DataErasureService/Erase RPC and the bus topics
// chart.deleted and tenant.data_erased. Idempotent: a repeat finds nothing more to delete and reports zero.
import type { ReportStore } from '../ports.ts';

export const STORE_NAME = 'compatibility_reports';

/** The chart read path's cache: an erased chart must be read afresh (and so be found missing). */
export interface ChartForgetter {
  forget(tenantId: string, chartId: string | null): void;
}

export class Erasure {
  constructor(
    private readonly reports: ReportStore,
    private readonly charts: ChartForgetter,
  ) {}

  /** Deletes what derives from chartId, or everything of the tenant when chartId is empty. */
  async erase(tenantId: string, chartId?: string): Promise<Record<string, number>> {
    this.charts.forget(tenantId, chartId ?? null);
    const n = chartId
      ? await this.reports.deleteForChart(tenantId, chartId)
      : await this.reports.deleteForTenant(tenantId);
    return { [STORE_NAME]: n };
  }
}
