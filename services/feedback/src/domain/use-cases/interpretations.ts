// Template interpretations (spec "Template interpretations"): one statement per talent from the
// catalog, suppressed templates skipped, optional LLM rewording through the llm service.
import type { Interpretation, Statement } from '@astro/protos/astro/feedback/v1/feedback';
import { AppError, invalidRequest, uuidv7, type FieldError, type Principal } from '@astro/platform';
import { isSuppressed, type SuppressionPolicy } from '../feedback/accuracy.ts';
import { CATALOG_VERSION } from '../templates/catalog.ts';
import { renderBody, selectTemplate } from '../templates/select.ts';
import type { Rewriter } from '../ports.ts';
import type { FeedbackStorePort as FeedbackStore, InterpretationRow, StatementRow } from '../ports.ts';
import type { TalentUseCases } from './talent.ts';

export const TONES = ['corporate', 'coach', 'plain', 'vedic_traditional'] as const;
// BCP 47 shape: a 2-3 letter language, then subtags of 1-8 letters or digits.
const BCP47 = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

export interface CreateInterpretationInput {
  chart_id?: string;
  locale?: string;
  tone?: string;
  use_llm_rewrite?: boolean;
}

export function interpretationView(row: InterpretationRow, statements: StatementRow[]): Interpretation {
  return {
    id: row.id,
    chart_id: row.chart_id,
    locale: row.locale,
    tone: row.tone,
    catalog_version: row.catalog_version,
    llm_rewritten: row.llm_rewritten,
    created_at: row.created_at.toISOString(),
    statements: statements.map((s): Statement => ({
      id: s.id,
      skill_id: s.skill_id,
      template_id: s.template_id,
      kind: s.kind,
      locale: s.locale,
      body: s.body,
      score: s.score,
      rule_path: s.rule_path,
      created_at: s.created_at.toISOString(),
    })),
  };
}

export class InterpretationUseCases {
  constructor(
    private readonly talents: TalentUseCases,
    private readonly store: FeedbackStore,
    private readonly rewriter: Rewriter,
    private readonly policy: SuppressionPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Template ids this tenant's feedback has pushed below the accuracy threshold. */
  async suppressed(tenantId: string): Promise<Set<string>> {
    const rows = await this.store.accuracies(tenantId);
    return new Set(rows.filter((r) => isSuppressed(r.sample_size, r.accuracy, this.policy)).map((r) => r.template_id));
  }

  async create(principal: Principal, input: CreateInterpretationInput): Promise<Interpretation> {
    const tenantId = principal.tenant_id;
    // Plan first: a Free caller asking for the LLM learns that before anything else is checked.
    if (input.use_llm_rewrite && (!principal.plan_tier || principal.plan_tier === 'free'))
      throw new AppError('plan_feature_unavailable', 'LLM rewriting needs a paid plan.', {
        plan: principal.plan_tier || 'free',
        feature: 'llm_rewrite',
      });
    const errors: FieldError[] = [];
    if (!input.chart_id) errors.push({ field: 'chart_id', reason: 'required', message: 'chart_id is required' });
    const locale = input.locale ?? 'en';
    if (!BCP47.test(locale))
      errors.push({ field: 'locale', reason: 'invalid_format', message: 'locale must be a BCP 47 language tag' });
    const tone = input.tone ?? 'corporate';
    if (!(TONES as readonly string[]).includes(tone))
      errors.push({ field: 'tone', reason: 'invalid_enum', message: `tone must be one of ${TONES.join(', ')}` });
    if (errors.length) throw invalidRequest(errors);
    const chartId = input.chart_id!;

    const results = await this.talents.scores(tenantId, chartId);
    const suppressed = await this.suppressed(tenantId);
    const id = uuidv7();
    const now = this.now();
    const statements: StatementRow[] = [];
    for (const r of results) {
      const t = selectTemplate({ chartId, skillId: r.skill_id, score: r.value, locale, suppressed });
      if (!t) continue; // rule 3: a talent without a matching template is omitted
      statements.push({
        id: uuidv7(),
        interpretation_id: id,
        tenant_id: tenantId,
        chart_id: chartId,
        position: statements.length,
        skill_id: r.skill_id,
        template_id: t.id,
        kind: t.kind,
        locale: t.locale,
        body: renderBody(t, r.lead_planet),
        score: r.value,
        rule_path: r.contributing_rules,
        created_at: now,
      });
    }
    if (statements.length === 0)
      throw new AppError('no_matching_template', 'No template matches any talent of this chart.', {
        chart_id: chartId,
        locale,
        available_locales: ['en'],
      });

    // llm_rewritten says what happened, not what was asked: true only when the rewrite changed a
    // statement (a model that answers the template text back has not rewritten anything).
    let llmRewritten = false;
    if (input.use_llm_rewrite) {
      const rewritten = await this.rewriter.rewrite({
        tenantId,
        principal,
        chartId,
        tone,
        language: locale,
        items: statements.map((s) => ({ statement_id: s.id, text: s.body })),
      });
      rewritten.forEach((item, i) => {
        if (item.text !== statements[i]!.body) llmRewritten = true;
        statements[i]!.body = item.text;
      });
    }

    const row: InterpretationRow = {
      id,
      tenant_id: tenantId,
      chart_id: chartId,
      locale,
      tone,
      catalog_version: CATALOG_VERSION,
      llm_rewritten: llmRewritten,
      created_at: now,
    };
    await this.store.insertInterpretation(row, statements);
    return interpretationView(row, statements);
  }

  async get(tenantId: string, id: string): Promise<Interpretation> {
    const found = await this.store.findInterpretation(tenantId, id);
    if (!found) throw new AppError('interpretation_not_found', 'Interpretation not found.', { id });
    return interpretationView(found.row, found.statements);
  }
}
