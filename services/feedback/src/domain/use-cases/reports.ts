// PDF reports (POST /v1/reports): chart wheel, positions, talent scores and the template statements
// the chart would get now. The file goes to disk, the row to the database; the answer carries both
// the metadata and the PDF itself (base64), since the spec names no download route.
import { createHash } from 'node:crypto';
import type { Report } from '@astro/protos/astro/feedback/v1/feedback';
import { EVENTS, eventMessage, invalidRequest, uuidv7, type OutboxMessage } from '@astro/platform';
import { TALENT_METHOD_VERSION } from '../talent/ontology.ts';
import { renderBody, selectTemplate } from '../templates/select.ts';
import { REPORT_SECTIONS, renderReportPdf } from '../reports/render-pdf.ts';
import type { ReportFilesPort as ReportFiles, ReportRow } from '../ports.ts';
import type { ChartReader } from '../ports.ts';
import type { FeedbackStorePort as FeedbackStore } from '../ports.ts';
import type { InterpretationUseCases } from './interpretations.ts';
import { talentScoresOf } from './talent.ts';

export const REPORT_METHOD_VERSION = `report-pdf-v1+${TALENT_METHOD_VERSION}`;
const REPORT_FORMAT = 'pdf';
const REPORT_CONTENT_TYPE = 'application/pdf';

/** report.ready for a stored report: ids and file facts only (no birth data, no report text). */
export function reportReadyMessage(r: ReportRow): OutboxMessage {
  return eventMessage(EVENTS.ReportReady, {
    tenant_id: r.tenant_id,
    report_id: r.id,
    chart_id: r.chart_id,
    format: REPORT_FORMAT,
    content_type: REPORT_CONTENT_TYPE,
    size_bytes: r.size_bytes,
    created_at: r.created_at.toISOString(),
  });
}

export class ReportUseCases {
  constructor(
    private readonly charts: ChartReader,
    private readonly store: FeedbackStore,
    private readonly interpretations: InterpretationUseCases,
    private readonly files: ReportFiles,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(tenantId: string, input: { chart_id?: string }): Promise<Report> {
    if (!input.chart_id)
      throw invalidRequest([{ field: 'chart_id', reason: 'required', message: 'chart_id is required' }]);
    const chartId = input.chart_id;
    const stored = await this.charts.load(tenantId, chartId);
    const chart = stored.chart!;
    const scores = talentScoresOf(stored);
    await this.store.upsertProfile(uuidv7(), tenantId, chartId, TALENT_METHOD_VERSION, scores);
    const suppressed = await this.interpretations.suppressed(tenantId);
    const statements = scores.flatMap((s) => {
      const t = selectTemplate({ chartId, skillId: s.skill_id, score: s.value, locale: 'en', suppressed });
      return t ? [{ skill_id: s.skill_id, kind: t.kind, body: renderBody(t, s.lead_planet) }] : [];
    });
    const createdAt = this.now();
    const { pdf, pageCount } = await renderReportPdf({
      title: 'Natal chart report',
      chart: {
        id: chartId,
        system: chart.system,
        house_system: chart.house_system,
        birth: chart.birth ?? { moment: '', latitude: 0, longitude: 0 },
        planets: chart.planets,
        houses: chart.houses,
      },
      scores,
      statements,
      createdAt,
    });
    const id = uuidv7();
    const fileName = await this.files.write(tenantId, id, pdf);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const row: ReportRow = {
      id,
      tenant_id: tenantId,
      chart_id: chartId,
      file_name: fileName,
      size_bytes: pdf.length,
      sha256,
      page_count: pageCount,
      locale: 'en',
      method_version: REPORT_METHOD_VERSION,
      created_at: createdAt,
    };
    // The row and report.ready commit together: no event for a report that was not stored, and no
    // stored report without its event (the relay publishes it after the commit).
    await this.store.insertReport(row, reportReadyMessage(row));
    return {
      id,
      chart_id: chartId,
      format: REPORT_FORMAT,
      content_type: REPORT_CONTENT_TYPE,
      size_bytes: pdf.length,
      sha256,
      page_count: pageCount,
      sections: [...REPORT_SECTIONS],
      locale: 'en',
      method_version: REPORT_METHOD_VERSION,
      created_at: createdAt.toISOString(),
      pdf_base64: pdf.toString('base64'),
    };
  }
}
