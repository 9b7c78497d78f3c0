// The feedback service's tables through node-postgres. Every query is scoped by tenant_id: another
// tenant's row is indistinguishable from an absent one. The model is in schema.prisma (kept in step
// with the SQL by the drift test); plain parameterised SQL keeps the erasure and aggregation
// statements (DELETE ... RETURNING, upserts from GROUP BY) explicit.
import type pg from 'pg';
import { inTransaction, isUuid, writeOutbox, type OutboxMessage } from '@astro/platform';

import type {
  AccuracyRow,
  ErasedRows,
  FeedbackRow,
  FeedbackStorePort,
  InterpretationRow,
  ReportRow,
  StatementRow,
  StoredScore,
} from '../domain/ports.ts';

export type { AccuracyRow, ErasedRows, FeedbackRow, InterpretationRow, ReportRow, StatementRow, StoredScore };

export class FeedbackStore implements FeedbackStorePort {
  constructor(private readonly pool: pg.Pool) {}

  // ------------------------------------------------------------ skill profiles

  async upsertProfile(
    id: string,
    tenantId: string,
    chartId: string,
    methodVersion: string,
    scores: StoredScore[],
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO skill_profiles (id, tenant_id, chart_id, method_version, scores, computed_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (tenant_id, chart_id) DO UPDATE
         SET method_version = EXCLUDED.method_version, scores = EXCLUDED.scores, computed_at = EXCLUDED.computed_at`,
      [id, tenantId, chartId, methodVersion, JSON.stringify(scores)],
    );
  }

  // ------------------------------------------------------------ interpretations

  async insertInterpretation(i: InterpretationRow, statements: StatementRow[]): Promise<void> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query(
        `INSERT INTO interpretations (id, tenant_id, chart_id, locale, tone, catalog_version, llm_rewritten, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [i.id, i.tenant_id, i.chart_id, i.locale, i.tone, i.catalog_version, i.llm_rewritten, i.created_at],
      );
      for (const s of statements)
        await c.query(
          `INSERT INTO statements (id, interpretation_id, tenant_id, chart_id, position, skill_id, template_id, kind,
             locale, body, score, rule_path, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            s.id,
            s.interpretation_id,
            s.tenant_id,
            s.chart_id,
            s.position,
            s.skill_id,
            s.template_id,
            s.kind,
            s.locale,
            s.body,
            s.score,
            JSON.stringify(s.rule_path),
            s.created_at,
          ],
        );
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK');
      throw err;
    } finally {
      c.release();
    }
  }

  async findInterpretation(
    tenantId: string,
    id: string,
  ): Promise<{ row: InterpretationRow; statements: StatementRow[] } | null> {
    if (!isUuid(id)) return null;
    const { rows } = await this.pool.query<InterpretationRow>(
      'SELECT * FROM interpretations WHERE id = $1 AND tenant_id = $2',
      [id, tenantId],
    );
    if (!rows[0]) return null;
    const st = await this.pool.query<StatementRow>(
      'SELECT * FROM statements WHERE interpretation_id = $1 ORDER BY position',
      [id],
    );
    return { row: rows[0], statements: st.rows };
  }

  async findStatement(tenantId: string, id: string): Promise<StatementRow | null> {
    if (!isUuid(id)) return null;
    const { rows } = await this.pool.query<StatementRow>('SELECT * FROM statements WHERE id = $1 AND tenant_id = $2', [
      id,
      tenantId,
    ]);
    return rows[0] ?? null;
  }

  // ------------------------------------------------------------ feedback and accuracy

  /** Stores the entry and its event (the outbox row) in one transaction: both or neither. */
  async insertFeedback(f: FeedbackRow, event: OutboxMessage): Promise<void> {
    await inTransaction(this.pool, async (c) => {
      await c.query(
        `INSERT INTO feedback_entries (id, tenant_id, chart_id, statement_id, template_id, skill_id, verdict, role,
         user_id, organization_id, comment, confidence, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          f.id,
          f.tenant_id,
          f.chart_id,
          f.statement_id,
          f.template_id,
          f.skill_id,
          f.verdict,
          f.role,
          f.user_id,
          f.organization_id,
          f.comment,
          f.confidence,
          f.submitted_at,
        ],
      );
      await writeOutbox(c, event);
    });
  }

  /** File names of the reports an erasure will remove (read before the rows go, see ErasureUseCases). */
  async reportFilesOf(tenantId: string, chartId: string | null): Promise<string[]> {
    if (chartId !== null && !isUuid(chartId)) return [];
    const { rows } = await this.pool.query<{ file_name: string }>(
      chartId === null
        ? 'SELECT file_name FROM reports WHERE tenant_id = $1'
        : 'SELECT file_name FROM reports WHERE tenant_id = $1 AND chart_id = $2',
      chartId === null ? [tenantId] : [tenantId, chartId],
    );
    return rows.map((r) => r.file_name);
  }

  /** Templates with a stored aggregate for the tenant. */
  async accuracyTemplates(tenantId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ template_id: string }>(
      'SELECT template_id FROM template_accuracy WHERE tenant_id = $1',
      [tenantId],
    );
    return rows.map((r) => r.template_id);
  }

  async findFeedback(tenantId: string, id: string): Promise<FeedbackRow | null> {
    if (!isUuid(id)) return null;
    const { rows } = await this.pool.query<FeedbackRow>(
      'SELECT * FROM feedback_entries WHERE id = $1 AND tenant_id = $2',
      [id, tenantId],
    );
    return rows[0] ?? null;
  }

  /** Verdict counts of one template in one tenant, straight from the entries (comments unused). */
  async countVerdicts(tenantId: string, templateId: string): Promise<Record<string, number>> {
    const { rows } = await this.pool.query<{ verdict: string; n: string }>(
      `SELECT verdict, count(*) AS n FROM feedback_entries WHERE tenant_id = $1 AND template_id = $2 GROUP BY verdict`,
      [tenantId, templateId],
    );
    return Object.fromEntries(rows.map((r) => [r.verdict, Number(r.n)]));
  }

  async saveAccuracy(tenantId: string, a: Omit<AccuracyRow, 'updated_at'>): Promise<void> {
    if (a.sample_size === 0) {
      await this.pool.query('DELETE FROM template_accuracy WHERE tenant_id = $1 AND template_id = $2', [
        tenantId,
        a.template_id,
      ]);
      return;
    }
    await this.pool.query(
      `INSERT INTO template_accuracy (tenant_id, template_id, sample_size, correct_count, doubtful_count, wrong_count,
         accuracy, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (tenant_id, template_id) DO UPDATE SET sample_size = EXCLUDED.sample_size,
         correct_count = EXCLUDED.correct_count, doubtful_count = EXCLUDED.doubtful_count,
         wrong_count = EXCLUDED.wrong_count, accuracy = EXCLUDED.accuracy, updated_at = EXCLUDED.updated_at`,
      [tenantId, a.template_id, a.sample_size, a.correct_count, a.doubtful_count, a.wrong_count, a.accuracy],
    );
  }

  async findAccuracy(tenantId: string, templateId: string): Promise<AccuracyRow | null> {
    const { rows } = await this.pool.query<AccuracyRow>(
      'SELECT * FROM template_accuracy WHERE tenant_id = $1 AND template_id = $2',
      [tenantId, templateId],
    );
    return rows[0] ?? null;
  }

  async accuracies(tenantId: string): Promise<AccuracyRow[]> {
    const { rows } = await this.pool.query<AccuracyRow>('SELECT * FROM template_accuracy WHERE tenant_id = $1', [
      tenantId,
    ]);
    return rows;
  }

  // ------------------------------------------------------------ reports

  /** Stores the report row and its report.ready event (the outbox row) in one transaction. */
  async insertReport(r: ReportRow, event: OutboxMessage): Promise<void> {
    await inTransaction(this.pool, async (c) => {
      await c.query(
        `INSERT INTO reports (id, tenant_id, chart_id, file_name, size_bytes, sha256, page_count, locale, method_version,
         created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          r.id,
          r.tenant_id,
          r.chart_id,
          r.file_name,
          r.size_bytes,
          r.sha256,
          r.page_count,
          r.locale,
          r.method_version,
          r.created_at,
        ],
      );
      await writeOutbox(c, event);
    });
  }

  // ------------------------------------------------------------ erasure

  /**
   * Deletes every row of the tenant (chartId null) or of one chart, in one transaction, and returns
   * the counts, the deleted report rows (their files go next) and the templates whose aggregate must
   * be recomputed. A repeat finds nothing and returns zeros.
   */
  async erase(tenantId: string, chartId: string | null): Promise<ErasedRows & { templates: string[] }> {
    if (chartId !== null && !isUuid(chartId))
      return { skill_profiles: 0, interpretations: 0, feedback_entries: 0, reports: [], templates: [] };
    const where = chartId === null ? 'tenant_id = $1' : 'tenant_id = $1 AND chart_id = $2';
    const args = chartId === null ? [tenantId] : [tenantId, chartId];
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const sp = await c.query(`DELETE FROM skill_profiles WHERE ${where}`, args);
      const it = await c.query(`DELETE FROM interpretations WHERE ${where}`, args); // statements cascade
      await c.query(`DELETE FROM statements WHERE ${where}`, args); // none left; belt and braces
      const fb = await c.query<{ template_id: string }>(
        `DELETE FROM feedback_entries WHERE ${where} RETURNING template_id`,
        args,
      );
      const rp = await c.query<ReportRow>(`DELETE FROM reports WHERE ${where} RETURNING *`, args);
      if (chartId === null) await c.query('DELETE FROM template_accuracy WHERE tenant_id = $1', [tenantId]);
      await c.query('COMMIT');
      return {
        skill_profiles: sp.rowCount ?? 0,
        interpretations: it.rowCount ?? 0,
        feedback_entries: fb.rowCount ?? 0,
        reports: rp.rows,
        templates: chartId === null ? [] : [...new Set(fb.rows.map((r) => r.template_id))],
      };
    } catch (err) {
      await c.query('ROLLBACK');
      throw err;
    } finally {
      c.release();
    }
  }
}
