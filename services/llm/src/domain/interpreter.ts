// The use case behind every LLM route: plan check, the tier bucket, the cache, the spend caps, the
// engine context, the model call (streamed or not) and the stored row. Sync and stream routes run the
// same steps, so they store identical rows; a stream that fails after output stores nothing. The
// statement rewrite (use_llm_rewrite) runs the same bucket, spend and model-call steps.
// A test key's call (docs/test-keys.md) goes to `testProvider`, the deterministic offline writer, never
// to a paid model: it costs nothing, so the spend caps are not checked and nothing is spent, and its
// rows are cached apart from live ones (a live key must never be answered with test output).
import {
  AppError,
  PLANS,
  llmSpendUsd,
  llmTokens,
  noCaller,
  uuidv7,
  isPlanTier,
  isTestMode,
  type PlanTier,
  type Principal,
} from '@astro/platform';
import { checkBudgets, monthStartUtc } from './budget.ts';
import { cacheKey } from './cache-key.ts';
import type { InterpretationType, Language, Tier } from './catalog.ts';
import { costUsd, type PriceTable } from './pricing.ts';
import { buildMessages, maxOutputTokens, REWRITE_TASK, rewriteMaxOutputTokens, rewriteMessages } from './prompt.ts';
import { countPromptTokens, countTokens, type ChatMessage } from './tokens.ts';
import type { BucketTable } from './token-bucket.ts';
import type { EngineContext } from './facts.ts';
import { CallCancelledError, ProviderError, toAppError, type ModelProvider } from './model-provider.ts';
import type { InterpretationRow, InterpretationStorePort, RequestParamsRow } from './ports.ts';

export interface Built {
  context: EngineContext;
  grounding?: Record<string, unknown>;
}

export interface Job {
  principal: Principal;
  type: InterpretationType;
  chartId: string;
  relatedChartId?: string;
  theme: string | null;
  language: Language;
  tier: Tier;
  fresh: boolean;
  /** Stored as request_params and hashed into the cache key. */
  params: RequestParamsRow;
  build: () => Promise<Built>;
}

export interface StreamSink {
  meta(context: EngineContext): void;
  delta(text: string): void;
}

export interface Outcome {
  row: InterpretationRow;
  cached: boolean;
}

/** A statement rewrite: the feedback service's template statements, one completion each. */
export interface RewriteJob {
  tenantId: string;
  /** The paid plan whose spend caps apply. */
  plan: Exclude<PlanTier, 'free'>;
  /** A test key's rewrite: the offline writer, no spend. */
  testMode: boolean;
  chartId: string | null;
  tone: string;
  /** BCP 47, as the interpretation's locale. */
  language: string;
  items: { statement_id: string; text: string }[];
}

/** One finished model call. */
interface Completion {
  content: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  latencyMs: number;
}

export interface InterpreterDeps {
  store: InterpretationStorePort;
  provider: ModelProvider;
  /** The unpaid, deterministic writer that answers test keys (never a configured paid provider). */
  testProvider: ModelProvider;
  prices: PriceTable;
  buckets: BucketTable;
  cacheTtlSeconds: number;
  now?: () => number;
}

/** Free plans: 403 before anything else (spec: before any model call). */
export function requirePaidPlan(p: Principal | undefined): Principal {
  if (!p) throw noCaller();
  if (!isPlanTier(p.plan_tier) || p.plan_tier === 'free' || PLANS[p.plan_tier].llm_budget_per_month_usd <= 0)
    throw new AppError('plan_feature_unavailable', 'LLM interpretations need a paid plan.', {
      plan: p.plan_tier,
      feature: 'llm_interpretations',
    });
  return p;
}

export class Interpreter {
  private readonly now: () => number;

  constructor(private readonly deps: InterpreterDeps) {
    this.now = deps.now ?? Date.now;
  }

  async run(job: Job, signal: AbortSignal, sink?: StreamSink): Promise<Outcome> {
    const p = requirePaidPlan(job.principal);
    const testMode = isTestMode(p);
    const { store } = this.deps;
    const nowMs = this.now();

    await this.takeTierToken(p.tenant_id, job.tier, nowMs);

    const key = cacheKey({
      tenantId: p.tenant_id,
      chartId: job.chartId,
      interpretationType: job.type,
      theme: job.theme,
      language: job.language,
      tier: job.tier,
      testMode,
      params: Object.fromEntries(Object.entries(job.params).filter(([, v]) => v !== undefined)) as Record<
        string,
        string | number
      >,
    });
    const ttl = this.deps.cacheTtlSeconds;
    if (ttl > 0 && !job.fresh) {
      const hit = await store.findCached(p.tenant_id, key, new Date(nowMs - ttl * 1000));
      if (hit) return { row: hit, cached: true };
    }

    if (!testMode) await this.checkSpend(p.plan_tier as Exclude<PlanTier, 'free'>, p.tenant_id, nowMs);

    const built = await job.build();
    const messages = buildMessages(job.type, built.context, job.language, job.tier);
    let opened = false;
    const done = await this.complete(
      messages,
      {
        tier: job.tier,
        language: job.language,
        maxOutputTokens: maxOutputTokens(job.tier),
        context: built.context,
        testMode,
      },
      signal,
      (delta) => {
        // meta waits for the first delta: a model that fails before writing anything is still a real
        // HTTP 503, not an error event.
        if (sink && !opened) sink.meta(built.context);
        opened = true;
        sink?.delta(delta);
      },
    );

    const row: InterpretationRow = {
      id: uuidv7(),
      tenant_id: p.tenant_id,
      chart_id: job.chartId,
      related_chart_id: job.relatedChartId ?? null,
      interpretation_type: job.type,
      theme: job.theme,
      language: job.language,
      tier: job.tier,
      content: done.content,
      engine_context: built.context,
      grounding: built.grounding ?? null,
      request_params: job.params,
      input_tokens: done.inputTokens,
      output_tokens: done.outputTokens,
      latency_ms: done.latencyMs,
      cost_usd: done.costUsd,
      cache_key: key,
      created_at: new Date(this.now()),
    };
    await store.insert(row);
    this.count(job.tier, done);
    return { row, cached: false };
  }

  /**
   * Statement rewrites: the basic tier's bucket (one token per call) and the plan's spend caps, then
   * one completion per statement, each recorded in the usage ledger as `statement_rewrite`.
   */
  async rewrite(job: RewriteJob, signal: AbortSignal): Promise<{ statement_id: string; text: string }[]> {
    if (job.items.length === 0) return [];
    const nowMs = this.now();
    await this.takeTierToken(job.tenantId, 'basic', nowMs);
    if (!job.testMode) await this.checkSpend(job.plan, job.tenantId, nowMs);
    const out = [];
    for (const item of job.items) {
      const messages = rewriteMessages(item.text, job.tone, job.language);
      const done = await this.complete(
        messages,
        {
          tier: 'basic',
          language: 'en', // the templates are English (spec rule 4)
          maxOutputTokens: rewriteMaxOutputTokens(countTokens(item.text)),
          context: { task: REWRITE_TASK, statement: item.text, tone: job.tone },
          testMode: job.testMode,
        },
        signal,
      );
      await this.deps.store.insertUsage({
        id: uuidv7(),
        tenant_id: job.tenantId,
        chart_id: job.chartId,
        interpretation_type: REWRITE_TASK,
        language: job.language || 'en',
        tier: 'basic',
        input_tokens: done.inputTokens,
        output_tokens: done.outputTokens,
        cost_usd: done.costUsd,
        created_at: new Date(this.now()),
      });
      this.count('basic', done);
      out.push({ statement_id: item.statement_id, text: done.content.trim() || item.text });
    }
    return out;
  }

  /** The tier's request bucket: 429 llm_tier_rate_limited when it is empty. */
  private async takeTierToken(tenantId: string, tier: Tier, nowMs: number): Promise<void> {
    const bucket = await this.deps.store.takeToken(tenantId, tier, this.deps.buckets[tier], new Date(nowMs));
    if (!bucket.allowed)
      throw new AppError(
        'llm_tier_rate_limited',
        `The ${tier} tier's request bucket is empty.`,
        { reason: 'tier_bucket_empty', tier, retry_after_seconds: bucket.retryAfterSeconds },
        { 'Retry-After': String(bucket.retryAfterSeconds) },
      );
  }

  /** The plan's hourly cap and monthly budget, checked before the model is called. */
  private async checkSpend(plan: Exclude<PlanTier, 'free'>, tenantId: string, nowMs: number): Promise<void> {
    checkBudgets(
      PLANS[plan],
      tenantId,
      await this.deps.store.spendSince(tenantId, new Date(nowMs - 3_600_000), monthStartUtc(nowMs)),
      nowMs,
    );
  }

  /** One model call, streamed to `onDelta`; provider failures become the spec's 503 codes. */
  private async complete(
    messages: ChatMessage[],
    opts: {
      tier: Tier;
      language: Language;
      maxOutputTokens: number;
      context: Record<string, unknown>;
      testMode: boolean;
    },
    signal: AbortSignal,
    onDelta?: (delta: string) => void,
  ): Promise<Completion> {
    const started = this.now();
    let content = '';
    const provider = opts.testMode ? this.deps.testProvider : this.deps.provider;
    try {
      for await (const delta of provider.stream({
        messages,
        tier: opts.tier,
        language: opts.language,
        maxOutputTokens: opts.maxOutputTokens,
        engineContext: opts.context,
        signal,
      })) {
        if (signal.aborted) throw new CallCancelledError();
        content += delta;
        onDelta?.(delta);
      }
    } catch (err) {
      if (err instanceof ProviderError) throw toAppError(err);
      throw err;
    }
    if (signal.aborted) throw new CallCancelledError();
    const inputTokens = countPromptTokens(messages);
    const outputTokens = countTokens(content);
    return {
      content,
      inputTokens,
      outputTokens,
      // No paid model was called for a test key: nothing is spent against the caps.
      costUsd: opts.testMode ? 0 : costUsd(this.deps.prices, opts.tier, inputTokens, outputTokens),
      latencyMs: Math.max(0, Math.round(this.now() - started)),
    };
  }

  private count(tier: Tier, done: Completion): void {
    llmTokens.inc({ tier, kind: 'prompt' }, done.inputTokens);
    llmTokens.inc({ tier, kind: 'completion' }, done.outputTokens);
    llmSpendUsd.inc({ tier }, done.costUsd);
  }
}
