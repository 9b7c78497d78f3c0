// LlmRewriteService (internal): the feedback service's POST /v1/interpretations with use_llm_rewrite
// sends its template statements here. The interpreter's rewrite runs them (one completion per
// statement, at most ten, basic tier, under the tenant's basic-tier bucket and spend caps, each
// recorded in the usage ledger as `statement_rewrite`); without a provider the offline writer
// rewrites each statement deterministically in the tone (domain/statement-rewrite.ts).
import { LlmRewriteServiceService } from '@astro/protos/astro/llm/v1/rewrite';
import {
  AppError,
  invalidRequest,
  isPlanTier,
  isTestMode,
  isUuid,
  requireTenantId,
  service,
  type Registration,
} from '@astro/platform';
import type { Interpreter } from '../domain/interpreter.ts';

export interface RewriteDeps {
  interpreter: Interpreter;
}

const MAX_ITEMS = 10;

export function rewriteRegistrations(d: RewriteDeps): Registration[] {
  return [
    service('astro.llm.v1.LlmRewriteService', LlmRewriteServiceService, {
      rewriteStatements: async (req, ctx) => {
        requireTenantId(req.tenant_id);
        if (req.items.length > MAX_ITEMS)
          throw invalidRequest([{ field: 'items', reason: 'too_many', message: `at most ${MAX_ITEMS} statements` }]);
        // The caller refused Free already; without a forwarded principal the smallest paid plan's caps apply.
        const plan = ctx.principal && isPlanTier(ctx.principal.plan_tier) ? ctx.principal.plan_tier : 'hobby';
        if (plan === 'free')
          throw new AppError('plan_feature_unavailable', 'LLM rewrites need a paid plan.', {
            plan: 'free',
            feature: 'llm_rewrite',
          });
        const items = await d.interpreter.rewrite(
          {
            tenantId: req.tenant_id,
            plan,
            // The feedback service forwards the caller: a test key's rewrite never reaches a paid model.
            testMode: isTestMode(ctx.principal),
            chartId: isUuid(req.chart_id) ? req.chart_id : null,
            tone: req.tone,
            language: req.language,
            items: req.items.map((i) => ({ statement_id: i.statement_id, text: i.text })),
          },
          ctx.signal,
        );
        return { items };
      },
    }),
  ];
}
