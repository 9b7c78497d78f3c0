// What the feedback use cases need from storage and from other services: implemented by store/ (pg, the
// report directory) and clients/ (chart reads, the llm rewrite), and by fakes in tests.
import type { OutboxMessage, Principal, StoredChart } from '@astro/platform';
import type { RewriteItem } from '@astro/protos/astro/llm/v1/rewrite';

export type { StoredChart };

export interface StoredScore {
  skill_id: string;
  value: number;
  level: string;
  lead_planet: string;
  fired: { rule_id: string; kind: string; weight: number; facts: object }[];
}

export interface InterpretationRow {
  id: string;
  tenant_id: string;
  chart_id: string;
  locale: string;
  tone: string;
  catalog_version: string;
  llm_rewritten: boolean;
  created_at: Date;
}

export interface StatementRow {
  id: string;
  interpretation_id: string;
  tenant_id: string;
  chart_id: string;
  position: number;
  skill_id: string;
  template_id: string;
  kind: string;
  locale: string;
  body: string;
  score: number;
  rule_path: string[];
  created_at: Date;
}

export interface FeedbackRow {
  id: string;
  tenant_id: string;
  chart_id: string;
  statement_id: string;
  template_id: string;
  skill_id: string;
  verdict: string;
  role: string;
  user_id: string | null;
  organization_id: string | null;
  comment: string | null;
  confidence: number | null;
  submitted_at: Date;
}

export interface AccuracyRow {
  template_id: string;
  sample_size: number;
  correct_count: number;
  doubtful_count: number;
  wrong_count: number;
  accuracy: number;
  updated_at: Date;
}

export interface ReportRow {
  id: string;
  tenant_id: string;
  chart_id: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  page_count: number;
  locale: string;
  method_version: string;
  created_at: Date;
}

export interface ErasedRows {
  skill_profiles: number;
  interpretations: number;
  feedback_entries: number;
  reports: ReportRow[];
}

/** The feedback tables (store/feedback-store.ts). */
export interface FeedbackStorePort {
  upsertProfile(
    id: string,
    tenantId: string,
    chartId: string,
    methodVersion: string,
    scores: StoredScore[],
  ): Promise<void>;
  insertInterpretation(i: InterpretationRow, statements: StatementRow[]): Promise<void>;
  findInterpretation(
    tenantId: string,
    id: string,
  ): Promise<{
    row: InterpretationRow;
    statements: StatementRow[];
  } | null>;
  findStatement(tenantId: string, id: string): Promise<StatementRow | null>;
  /** Stores the entry and its event (the outbox row) in one transaction: both or neither. */
  insertFeedback(f: FeedbackRow, event: OutboxMessage): Promise<void>;
  /** File names of the reports an erasure will remove (read before the rows go, see ErasureUseCases). */
  reportFilesOf(tenantId: string, chartId: string | null): Promise<string[]>;
  /** Templates with a stored aggregate for the tenant. */
  accuracyTemplates(tenantId: string): Promise<string[]>;
  findFeedback(tenantId: string, id: string): Promise<FeedbackRow | null>;
  /** Verdict counts of one template in one tenant, straight from the entries (comments unused). */
  countVerdicts(tenantId: string, templateId: string): Promise<Record<string, number>>;
  saveAccuracy(tenantId: string, a: Omit<AccuracyRow, 'updated_at'>): Promise<void>;
  findAccuracy(tenantId: string, templateId: string): Promise<AccuracyRow | null>;
  accuracies(tenantId: string): Promise<AccuracyRow[]>;
  insertReport(r: ReportRow): Promise<void>;
  /**
   * Deletes every row of the tenant (chartId null) or of one chart, in one transaction, and returns
   * the counts, the deleted report rows (their files go next) and the templates whose aggregate must
   * be recomputed. A repeat finds nothing and returns zeros.
   */
  erase(
    tenantId: string,
    chartId: string | null,
  ): Promise<
    ErasedRows & {
      templates: string[];
    }
  >;
}

/** Report PDFs on disk (store/report-files.ts). */
export interface ReportFilesPort {
  write(tenantId: string, reportId: string, pdf: Buffer): Promise<string>;
  /** True when a file was removed (a repeat finds nothing). */
  remove(rel: string): Promise<boolean>;
  exists(rel: string): Promise<boolean>;
}

/** Stored charts of any system; the tenant is passed explicitly. */
export interface ChartReader {
  load(tenantId: string, chartId: string): Promise<StoredChart>;
}

export interface RewriteRequest {
  tenantId: string;
  /** The caller, forwarded to the llm service (its plan and key mode: test keys get no paid model). */
  principal?: Principal;
  chartId: string;
  tone: string;
  language: string;
  items: RewriteItem[];
}

export interface Rewriter {
  rewrite(req: RewriteRequest): Promise<RewriteItem[]>;
}
