// Feedback on statements and per-tenant template accuracy. A submission is stored, then
// feedback.submitted is published before answering (so it is never lost); the aggregator recomputes
// the template's counts from the stored entries, which makes it idempotent under redelivery.
import type { FeedbackEntry, TemplateAccuracy } from '@astro/protos/astro/feedback/v1/feedback';
import { AppError, EVENTS, eventMessage, invalidRequest, uuidv7, type FieldError } from '@astro/platform';
import { accuracyOf, isSuppressed, ROLES, VERDICTS, type SuppressionPolicy } from '../feedback/accuracy.ts';
import { templateById } from '../templates/catalog.ts';
import type { FeedbackRow, FeedbackStorePort as FeedbackStore } from '../ports.ts';

export const COMMENT_MAX = 2000;
const ID_MAX = 200;

export interface SubmitFeedbackInput {
  statement_id?: string;
  verdict?: string;
  role?: string;
  user_id?: string;
  organization_id?: string;
  confidence?: number;
  comment?: string;
}

function entryView(f: FeedbackRow): FeedbackEntry {
  return {
    id: f.id,
    statement_id: f.statement_id,
    chart_id: f.chart_id,
    template_id: f.template_id,
    skill_id: f.skill_id,
    verdict: f.verdict,
    role: f.role,
    submitted_at: f.submitted_at.toISOString(),
    user_id: f.user_id ?? undefined,
    organization_id: f.organization_id ?? undefined,
    comment: f.comment ?? undefined,
    confidence: f.confidence ?? undefined,
  };
}

function validate(input: SubmitFeedbackInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.statement_id)
    errors.push({ field: 'statement_id', reason: 'required', message: 'statement_id is required' });
  if (input.verdict === undefined)
    errors.push({ field: 'verdict', reason: 'required', message: 'verdict is required' });
  else if (!(VERDICTS as readonly string[]).includes(input.verdict))
    errors.push({ field: 'verdict', reason: 'invalid_enum', message: `verdict must be one of ${VERDICTS.join(', ')}` });
  if (input.role !== undefined && !(ROLES as readonly string[]).includes(input.role))
    errors.push({ field: 'role', reason: 'invalid_enum', message: `role must be one of ${ROLES.join(', ')}` });
  for (const k of ['user_id', 'organization_id'] as const) {
    const v = input[k];
    if (v !== undefined && (v.length === 0 || v.length > ID_MAX))
      errors.push({ field: k, reason: 'invalid_length', message: `${k} must be 1-${ID_MAX} characters` });
  }
  if (
    input.confidence !== undefined &&
    !(Number.isFinite(input.confidence) && input.confidence >= 0 && input.confidence <= 1)
  )
    errors.push({ field: 'confidence', reason: 'out_of_range', message: 'confidence must be between 0 and 1' });
  // Counted in characters (code points), as a caller counts them.
  if (input.comment !== undefined && [...input.comment].length > COMMENT_MAX)
    errors.push({ field: 'comment', reason: 'too_long', message: `comment must be at most ${COMMENT_MAX} characters` });
  return errors;
}

export class FeedbackUseCases {
  constructor(
    private readonly store: FeedbackStore,
    private readonly policy: SuppressionPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async submit(tenantId: string, input: SubmitFeedbackInput): Promise<FeedbackEntry> {
    const errors = validate(input);
    if (errors.length) throw invalidRequest(errors);
    const st = await this.store.findStatement(tenantId, input.statement_id!);
    // The spec answers an unknown statement with the generic code, the message naming the object.
    if (!st)
      throw new AppError('http_error', `Statement ${input.statement_id} not found.`, {
        statement_id: input.statement_id,
      });
    const row: FeedbackRow = {
      id: uuidv7(),
      tenant_id: tenantId,
      chart_id: st.chart_id,
      statement_id: st.id,
      template_id: st.template_id,
      skill_id: st.skill_id,
      verdict: input.verdict!,
      role: input.role ?? 'subject',
      user_id: input.user_id ?? null,
      organization_id: input.organization_id ?? null,
      comment: input.comment ?? null,
      confidence: input.confidence ?? null,
      submitted_at: this.now(),
    };
    await this.store.insertFeedback(
      row,
      eventMessage(EVENTS.FeedbackSubmitted, {
        tenant_id: tenantId,
        template_id: row.template_id,
        feedback_id: row.id,
      }),
    );
    return entryView(row);
  }

  async get(tenantId: string, id: string): Promise<FeedbackEntry> {
    const f = await this.store.findFeedback(tenantId, id);
    if (!f) throw new AppError('feedback_not_found', 'Feedback not found.', { feedback_id: id });
    return entryView(f);
  }

  /** The aggregator's work: recount one template of one tenant from the stored entries. */
  async recompute(tenantId: string, templateId: string): Promise<void> {
    const n = await this.store.countVerdicts(tenantId, templateId);
    const counts = { correct: n.correct ?? 0, doubtful: n.doubtful ?? 0, wrong: n.wrong ?? 0 };
    const { sample_size, accuracy } = accuracyOf(counts);
    await this.store.saveAccuracy(tenantId, {
      template_id: templateId,
      sample_size,
      correct_count: counts.correct,
      doubtful_count: counts.doubtful,
      wrong_count: counts.wrong,
      accuracy,
    });
  }

  async accuracy(tenantId: string, templateId: string): Promise<TemplateAccuracy> {
    if (!templateById(templateId))
      throw new AppError('http_error', `Template ${templateId} not found.`, { template_id: templateId });
    const a = await this.store.findAccuracy(tenantId, templateId);
    if (!a)
      return {
        template_id: templateId,
        sample_size: 0,
        correct_count: 0,
        doubtful_count: 0,
        wrong_count: 0,
        accuracy: 0,
        deprecated: false,
        updated_at: undefined,
      };
    return {
      template_id: templateId,
      sample_size: a.sample_size,
      correct_count: a.correct_count,
      doubtful_count: a.doubtful_count,
      wrong_count: a.wrong_count,
      accuracy: a.accuracy,
      deprecated: isSuppressed(a.sample_size, a.accuracy, this.policy),
      updated_at: a.updated_at.toISOString(),
    };
  }
}
