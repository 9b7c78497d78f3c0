// LlmRewriteService (internal): the feedback service's POST /v1/interpretations with use_llm_rewrite
// sends its template statements here. One completion per statement (at most ten), basic tier, under
// the tenant's basic-tier bucket and spend caps; each completion is recorded in the usage ledger as
// `statement_rewrite`. The model is told to keep every fact; the offline writer (no provider
// configured) returns each statement unchanged, which keeps the facts by construction.
import { LlmRewriteServiceService } from '@astro/protos/astro/llm/v1/rewrite';
import {
  AppError,
  invalidRequest,
  isPlanTier,
  isUuid,
  llmSpendUsd,
  llmTokens,
  PLANS,
  service,
  uuidv7,
  type Registration,
} from '@astro/platform';
import { checkBudgets, monthStartUtc } from '../domain/budget.ts';
import { costUsd, type PriceTable } from '../domain/pricing.ts';
import { countPromptTokens, countTokens, type ChatMessage } from '../domain/tokens.ts';
import type { BucketTable } from '../domain/token-bucket.ts';
import { toAppError } from '../providers/failover.ts';
import { ProviderError, type ModelProvider } from '../providers/provider.ts';
import type { InterpretationStore } from '../store/interpretation-store.ts';

export interface RewriteDeps {
  store: InterpretationStore;
  /** undefined: no provider configured (offline writer). */
  provider: ModelProvider | undefined;
  prices: PriceTable;
  buckets: BucketTable;
}

const MAX_ITEMS = 10;

function messages(text: string, tone: string, language: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You reword one astrology statement for a commercial API.',
        `Tone: ${tone || 'corporate'}. Language: ${language || 'en'} (BCP 47).`,
        'Keep every fact exactly: planets, signs, houses, aspects, numbers, dates and the claim itself.',
        'Add nothing and remove nothing. Answer with the reworded statement only.',
      ].join('\n'),
    },
    { role: 'user', content: text },
  ];
}

export function rewriteRegistrations(d: RewriteDeps): Registration[] {
  return [
    service('astro.llm.v1.LlmRewriteService', LlmRewriteServiceService, {
      rewriteStatements: async (req, ctx) => {
        if (!isUuid(req.tenant_id))
          throw invalidRequest([{ field: 'tenant_id', reason: 'invalid_uuid', message: 'must be a UUID' }]);
        if (req.items.length > MAX_ITEMS)
          throw invalidRequest([{ field: 'items', reason: 'too_many', message: `at most ${MAX_ITEMS} statements` }]);
        // The caller refused Free already; without a forwarded principal the smallest paid plan's caps apply.
        const tierName = ctx.principal && isPlanTier(ctx.principal.plan_tier) ? ctx.principal.plan_tier : 'hobby';
        if (tierName === 'free')
          throw new AppError('plan_feature_unavailable', 'LLM rewrites need a paid plan.', {
            plan: 'free',
            feature: 'llm_rewrite',
          });
        if (!d.provider || req.items.length === 0) return { items: req.items.map((i) => ({ ...i })) };
        const now = Date.now();
        const bucket = await d.store.takeToken(req.tenant_id, 'basic', d.buckets.basic, new Date(now));
        if (!bucket.allowed)
          throw new AppError(
            'llm_tier_rate_limited',
            "The basic tier's request bucket is empty.",
            { reason: 'tier_bucket_empty', tier: 'basic', retry_after_seconds: bucket.retryAfterSeconds },
            { 'Retry-After': String(bucket.retryAfterSeconds) },
          );
        checkBudgets(
          PLANS[tierName],
          req.tenant_id,
          await d.store.spendSince(req.tenant_id, new Date(now - 3_600_000), monthStartUtc(now)),
          now,
        );
        const out = [];
        for (const item of req.items) {
          const msgs = messages(item.text, req.tone, req.language);
          let text = '';
          try {
            for await (const delta of d.provider.stream({
              messages: msgs,
              tier: 'basic',
              language: 'en',
              maxOutputTokens: Math.max(64, countTokens(item.text) * 3),
              engineContext: {},
              signal: ctx.signal,
            }))
              text += delta;
          } catch (err) {
            if (err instanceof ProviderError) throw toAppError(err);
            throw err;
          }
          const input = countPromptTokens(msgs);
          const output = countTokens(text);
          await d.store.insertUsage({
            id: uuidv7(),
            tenant_id: req.tenant_id,
            chart_id: isUuid(req.chart_id) ? req.chart_id : null,
            interpretation_type: 'statement_rewrite',
            language: req.language || 'en',
            tier: 'basic',
            input_tokens: input,
            output_tokens: output,
            cost_usd: costUsd(d.prices, 'basic', input, output),
            created_at: new Date(),
          });
          llmTokens.inc({ tier: 'basic', kind: 'prompt' }, input);
          llmTokens.inc({ tier: 'basic', kind: 'completion' }, output);
          llmSpendUsd.inc({ tier: 'basic' }, costUsd(d.prices, 'basic', input, output));
          out.push({ statement_id: item.statement_id, text: text.trim() || item.text });
        }
        return { items: out };
      },
    }),
  ];
}
