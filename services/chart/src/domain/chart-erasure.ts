// Erasure orchestration (spec "Data erasure"): in ONE transaction the chart service deletes its own
// rows, asks every participating service to erase what derives from them (summing the counts), and
// writes chart.deleted / tenant.data_erased to its outbox; the commit makes both durable together and
// the outbox relay delivers the event (so a crash or a broker outage cannot lose an erasure).
// Participants are called before the commit so that their synchronous answer carries the counts (a bus
// consumer running first would leave them nothing to count). A participant that cannot be reached does
// not fail the erasure: it deletes its rows from the event when it returns, and its rows are missing
// from the counts. If the transaction fails, nothing of the chart service changed and the erasure is
// repeated by the caller (participants are idempotent).
import { AppError, EVENTS, eventMessage } from '@astro/platform';
import type { ChartRepository } from './chart-use-cases.ts';

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

export type ChartRowEraser = Pick<ChartRepository, 'transaction'>;

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
    await this.charts.transaction(async (tx) => {
      if (!(await tx.delete(tenantId, chartId)))
        throw new AppError('chart_not_found', 'Chart not found.', { chart_id: chartId });
      await this.fanOut(tenantId, chartId);
      await tx.emit(
        eventMessage(EVENTS.ChartDeleted, {
          tenant_id: tenantId,
          chart_id: chartId,
          deleted_at: this.now().toISOString(),
        }),
      );
    });
  }

  /** DELETE /v1/tenant/data. Repeatable: a repeat removes nothing more and answers zeros. */
  async eraseTenant(tenantId: string, confirm: string | undefined): Promise<TenantErasure> {
    if (confirm !== CONFIRM_PHRASE)
      throw new AppError('confirmation_required', `Send {"confirm": "${CONFIRM_PHRASE}"} to erase all data.`, {
        required_phrase: CONFIRM_PHRASE,
      });
    const { charts, derived } = await this.charts.transaction(async (tx) => {
      const deleted = await tx.deleteAllOf(tenantId);
      const fromParticipants = await this.fanOut(tenantId, null);
      await tx.emit(
        eventMessage(EVENTS.TenantDataErased, { tenant_id: tenantId, erased_at: this.now().toISOString() }),
      );
      return { charts: deleted, derived: fromParticipants };
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
