// Erasure of chart-derived data (astro.erasure.v1.DataErasureService and the bus topics
// chart.deleted / tenant.data_erased): the report files, then the rows in one transaction, then the
// aggregates of the templates that lost feedback. Idempotent: a repeat finds nothing and reports 0.
// Crash-safe under redelivery (npm run drills): files go before the rows that name them, so a consumer
// killed half-way finds the rows again on redelivery and finishes; and the tenant's aggregates are all
// recounted (not only those of rows this attempt deleted), so a recount lost to a crash is redone.
import type { EraseResult } from '@astro/protos/astro/erasure/v1/erasure';
import type { ReportFilesPort as ReportFiles } from '../ports.ts';
import type { FeedbackStorePort as FeedbackStore } from '../ports.ts';
import type { FeedbackUseCases } from './feedback.ts';

export class ErasureUseCases {
  constructor(
    private readonly store: FeedbackStore,
    private readonly files: ReportFiles,
    private readonly feedback: FeedbackUseCases,
  ) {}

  async erase(tenantId: string, chartId: string | null): Promise<EraseResult> {
    let files = 0;
    for (const name of await this.store.reportFilesOf(tenantId, chartId)) if (await this.files.remove(name)) files++;
    const r = await this.store.erase(tenantId, chartId);
    // Files written between the look and the delete (a report finishing concurrently).
    for (const rep of r.reports) if (await this.files.remove(rep.file_name)) files++;
    const templates = new Set([
      ...r.templates,
      ...(chartId === null ? [] : await this.store.accuracyTemplates(tenantId)),
    ]);
    for (const t of templates) await this.feedback.recompute(tenantId, t);
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
