// The use case behind every LLM route: plan check, the tier bucket, the cache, the spend caps, the
// engine context, the model call (streamed or not) and the stored row. Sync and stream routes run the
// same steps, so they store identical rows; a stream that fails after output stores nothing.
import { AppError, PLANS, llmSpendUsd, llmTokens, uuidv7, isPlanTier, type Principal } from '@astro/platform';
import { checkBudgets, monthStartUtc } from './domain/budget.ts';
import { cacheKey } from './domain/cache-key.ts';
import type { InterpretationType, Language, Tier } from './domain/catalog.ts';
import { costUsd, type PriceTable } from './domain/pricing.ts';
import { buildMessages, maxOutputTokens } from './domain/prompt.ts';
import { countPromptTokens, countTokens } from './domain/tokens.ts';
import type { BucketTable } from './domain/token-bucket.ts';
import type { EngineContext } from './context/vedic-contexts.ts';
import { toAppError } from './providers/failover.ts';
import { CallCancelledError, ProviderError, type ModelProvider } from './providers/provider.ts';
import type { InterpretationRow, InterpretationStore, RequestParamsRow } from './store/interpretation-store.ts';

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

export interface InterpreterDeps {
  store: InterpretationStore;
  provider: ModelProvider;
  prices: PriceTable;
  buckets: BucketTable;
  cacheTtlSeconds: number;
  now?: () => number;
}

/** Free plans: 403 before anything else (spec: before any model call). */
export function requirePaidPlan(p: Principal | undefined): Principal {
  if (!p) throw new AppError('unauthorized', 'No caller.', { reason: 'missing' });
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
    const { store } = this.deps;
    const nowMs = this.now();

    const bucket = await store.takeToken(p.tenant_id, job.tier, this.deps.buckets[job.tier], new Date(nowMs));
    if (!bucket.allowed)
      throw new AppError(
        'llm_tier_rate_limited',
        `The ${job.tier} tier's request bucket is empty.`,
        { reason: 'tier_bucket_empty', tier: job.tier, retry_after_seconds: bucket.retryAfterSeconds },
        { 'Retry-After': String(bucket.retryAfterSeconds) },
      );

    const key = cacheKey({
      tenantId: p.tenant_id,
      chartId: job.chartId,
      interpretationType: job.type,
      theme: job.theme,
      language: job.language,
      tier: job.tier,
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

    const plan = PLANS[p.plan_tier as keyof typeof PLANS];
    checkBudgets(
      plan,
      p.tenant_id,
      await store.spendSince(p.tenant_id, new Date(nowMs - 3_600_000), monthStartUtc(nowMs)),
      nowMs,
    );

    const built = await job.build();
    const messages = buildMessages(job.type, built.context, job.language, job.tier);
    const started = this.now();
    let content = '';
    let opened = false;
    try {
      for await (const delta of this.deps.provider.stream({
        messages,
        tier: job.tier,
        language: job.language,
        maxOutputTokens: maxOutputTokens(job.tier),
        engineContext: built.context,
        signal,
      })) {
        if (signal.aborted) throw new CallCancelledError();
        // meta waits for the first delta: a model that fails before writing anything is still a real
        // HTTP 503, not an error event.
        if (sink && !opened) sink.meta(built.context);
        opened = true;
        content += delta;
        sink?.delta(delta);
      }
    } catch (err) {
      if (err instanceof ProviderError) throw toAppError(err);
      throw err;
    }
    if (signal.aborted) throw new CallCancelledError();

    const inputTokens = countPromptTokens(messages);
    const outputTokens = countTokens(content);
    const row: InterpretationRow = {
      id: uuidv7(),
      tenant_id: p.tenant_id,
      chart_id: job.chartId,
      related_chart_id: job.relatedChartId ?? null,
      interpretation_type: job.type,
      theme: job.theme,
      language: job.language,
      tier: job.tier,
      content,
      engine_context: built.context,
      grounding: built.grounding ?? null,
      request_params: job.params,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      latency_ms: Math.max(0, Math.round(this.now() - started)),
      cost_usd: costUsd(this.deps.prices, job.tier, inputTokens, outputTokens),
      cache_key: key,
      created_at: new Date(this.now()),
    };
    await store.insert(row);
    llmTokens.inc({ tier: job.tier, kind: 'prompt' }, inputTokens);
    llmTokens.inc({ tier: job.tier, kind: 'completion' }, outputTokens);
    llmSpendUsd.inc({ tier: job.tier }, row.cost_usd);
    return { row, cached: false };
  }
}
