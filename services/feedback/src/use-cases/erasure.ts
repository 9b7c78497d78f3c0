// Erasure of chart-derived data (astro.erasure.v1.DataErasureService and the bus topics
// chart.deleted / tenant.data_erased): rows in one transaction, then the report files, then the
// aggregates of the templates that lost feedback. Idempotent: a repeat finds nothing and reports 0.
import type { EraseResult } from '@astro/protos/astro/erasure/v1/erasure';
import type { ReportFiles } from '../reports/report-files.ts';
import type { FeedbackStore } from '../store/feedback-store.ts';
import type { FeedbackUseCases } from './feedback.ts';

export class ErasureUseCases {
  constructor(
    private readonly store: FeedbackStore,
    private readonly files: ReportFiles,
    private readonly feedback: FeedbackUseCases,
  ) {}

  async erase(tenantId: string, chartId: string | null): Promise<EraseResult> {
    const r = await this.store.erase(tenantId, chartId);
    let files = 0;
    for (const rep of r.reports) if (await this.files.remove(rep.file_name)) files++;
    for (const t of r.templates) await this.feedback.recompute(tenantId, t);
    return {
      rows_by_store: {
        feedback_entries: r.feedback_entries,
        interpretations: r.interpretations,
        reports: r.reports.length,
        skill_profiles: r.skill_profiles,
      },
      report_files_deleted: files,
      cache_entries_deleted: 0,
    };
  }
}
