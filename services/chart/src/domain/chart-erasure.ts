// Erasure orchestration (spec "Data erasure"): the chart service deletes its own rows, asks every
// participating service to erase what derives from them (summing the counts), then publishes
// chart.deleted / tenant.data_erased before answering. Participants are called before the event is
// published so that their synchronous answer carries the counts (a bus consumer running first would
// leave them nothing to count). A participant that cannot be reached does not fail the erasure: it
// deletes its rows from the event when it returns, and its rows are missing from the counts.
import { AppError, type EventBus } from '@astro/platform';

export const CHART_DELETED = 'chart.deleted';
export const TENANT_DATA_ERASED = 'tenant.data_erased';
export const CONFIRM_PHRASE = 'DELETE ALL DATA';

export const STORE_NAMES = [
  'compatibility_reports',
  'feedback_entries',
  'interpretations',
  'llm_interpretations',
  'reports',
  'skill_profiles',
  'charts',
] as const;
export type StoreName = (typeof STORE_NAMES)[number];

export interface ErasureCounts {
  rows_by_store: Record<string, number>;
  report_files_deleted: number;
  cache_entries_deleted: number;
}

export interface ErasureParticipant {
  readonly name: string;
  erase(tenantId: string, chartId: string | null): Promise<ErasureCounts>;
}

export interface ChartRowEraser {
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAllOf(tenantId: string): Promise<number>;
}

export interface TenantErasure {
  tenant_id: string;
  charts_deleted: number;
  rows_deleted: number;
  rows_by_store: Record<StoreName, number>;
  report_files_deleted: number;
  cache_entries_deleted: number;
}

export interface ErasureLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}

export class ChartErasure {
  constructor(
    private readonly charts: ChartRowEraser,
    private readonly participants: readonly ErasureParticipant[],
    private readonly bus: EventBus,
    private readonly logger: ErasureLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async fanOut(tenantId: string, chartId: string | null): Promise<ErasureCounts> {
    const total: ErasureCounts = { rows_by_store: {}, report_files_deleted: 0, cache_entries_deleted: 0 };
    const results = await Promise.allSettled(this.participants.map((p) => p.erase(tenantId, chartId)));
    results.forEach((r, i) => {
      if (r.status === 'rejected') {
        this.logger.warn('erasure participant unreachable; it will catch up from the bus', {
          participant: this.participants[i]!.name,
          error: r.reason instanceof Error ? r.reason.message : String(r.reason),
        });
        return;
      }
      for (const [k, v] of Object.entries(r.value.rows_by_store))
        total.rows_by_store[k] = (total.rows_by_store[k] ?? 0) + v;
      total.report_files_deleted += r.value.report_files_deleted;
      total.cache_entries_deleted += r.value.cache_entries_deleted;
    });
    return total;
  }

  /** DELETE /v1/charts/{chart_id}: 404 chart_not_found when absent or already deleted. */
  async deleteChart(tenantId: string, chartId: string): Promise<void> {
    if (!(await this.charts.delete(tenantId, chartId)))
      throw new AppError('chart_not_found', 'Chart not found.', { chart_id: chartId });
    await this.fanOut(tenantId, chartId);
    await this.bus.publish(CHART_DELETED, tenantId, {
      tenant_id: tenantId,
      chart_id: chartId,
      deleted_at: this.now().toISOString(),
    });
  }

  /** DELETE /v1/tenant/data. Repeatable: a repeat removes nothing more and answers zeros. */
  async eraseTenant(tenantId: string, confirm: string | undefined): Promise<TenantErasure> {
    if (confirm !== CONFIRM_PHRASE)
      throw new AppError('confirmation_required', `Send {"confirm": "${CONFIRM_PHRASE}"} to erase all data.`, {
        required_phrase: CONFIRM_PHRASE,
      });
    const charts = await this.charts.deleteAllOf(tenantId);
    const derived = await this.fanOut(tenantId, null);
    await this.bus.publish(TENANT_DATA_ERASED, tenantId, {
      tenant_id: tenantId,
      erased_at: this.now().toISOString(),
    });
    const rows_by_store = Object.fromEntries(
      STORE_NAMES.map((s) => [s, s === 'charts' ? charts : (derived.rows_by_store[s] ?? 0)]),
    ) as Record<StoreName, number>;
    return {
      tenant_id: tenantId,
      charts_deleted: charts,
      rows_deleted: Object.values(rows_by_store).reduce((a, b) => a + b, 0),
      rows_by_store,
      report_files_deleted: derived.report_files_deleted,
      cache_entries_deleted: derived.cache_entries_deleted,
    };
  }
}
