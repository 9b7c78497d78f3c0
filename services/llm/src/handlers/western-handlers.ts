// LlmInterpretationService: the Western LLM-ready routes (natal, relationship, forecast; body
// parameters) and the Vedic LLM-ready family, which the spec defines as always 501 not_implemented.
import { LlmInterpretationServiceService } from '@astro/protos/astro/llm/v1/llm';
import { AppError, service, type CallContext, type Registration } from '@astro/platform';
import {
  forecastContext,
  natalContext,
  relationshipContext,
  type WesternContext,
} from '../domain/context/western-contexts.ts';
import { requirePaidPlan, type Job } from '../domain/interpreter.ts';
import type { LlmDeps } from './llm-handlers.ts';
import { toWesternInterpretation } from './responses.ts';
import { Checks, skyMoment } from './validate.ts';

const DAY_MS = 86_400_000;
const FORECAST_MAX_DAYS = 400;

const grounded = (w: WesternContext) => ({
  context: w.context,
  grounding: { features_used: w.features_used, sources: w.sources },
});

async function run(d: LlmDeps, job: Job, ctx: CallContext) {
  const out = await d.interpreter.run(job, ctx.signal);
  return toWesternInterpretation(out.row, out.cached);
}

export function westernRegistrations(d: LlmDeps): Registration[] {
  return [
    service('astro.llm.v1.LlmInterpretationService', LlmInterpretationServiceService, {
      natalInterpretation: async (req, ctx) => {
        const p = requirePaidPlan(ctx.principal);
        const c = new Checks();
        const language = c.language(req.language);
        const tier = c.tier(req.tier);
        c.done();
        const chartId = req.chart_id!;
        return run(
          d,
          {
            principal: p,
            type: 'western_natal',
            chartId,
            theme: null,
            language,
            tier,
            fresh: req.fresh ?? false,
            params: {},
            build: async () => grounded(await natalContext(d.sources, p, chartId)),
          },
          ctx,
        );
      },

      relationshipInterpretation: async (req, ctx) => {
        const p = requirePaidPlan(ctx.principal);
        const c = new Checks();
        const language = c.language(req.language);
        const tier = c.tier(req.tier);
        c.done();
        const a = req.chart_a_id!;
        const b = req.chart_b_id!;
        if (a === b)
          throw new AppError('duplicate_relationship_charts', 'chart_a_id and chart_b_id are the same chart.', {
            chart_id: a,
          });
        return run(
          d,
          {
            principal: p,
            type: 'western_relationship',
            chartId: a,
            relatedChartId: b,
            theme: null,
            language,
            tier,
            fresh: req.fresh ?? false,
            params: { chart_b_id: b },
            build: async () => grounded(await relationshipContext(d.sources, p, a, b)),
          },
          ctx,
        );
      },

      forecastInterpretation: async (req, ctx) => {
        const p = requirePaidPlan(ctx.principal);
        const c = new Checks();
        const language = c.language(req.language);
        const tier = c.tier(req.tier);
        c.done();
        const start = skyMoment('starts_at', req.starts_at!);
        const end = skyMoment('ends_at', req.ends_at!);
        if (end.ms <= start.ms)
          throw new AppError('invalid_date_range', '`ends_at` must be after `starts_at`.', {
            starts_at: start.iso,
            ends_at: end.iso,
          });
        if (end.ms - start.ms > FORECAST_MAX_DAYS * DAY_MS)
          throw new AppError('range_too_long', `The window may span at most ${FORECAST_MAX_DAYS} days.`, {
            max_days: FORECAST_MAX_DAYS,
          });
        const chartId = req.chart_id!;
        return run(
          d,
          {
            principal: p,
            type: 'western_forecast',
            chartId,
            theme: null,
            language,
            tier,
            fresh: req.fresh ?? false,
            params: { window_start: start.iso, window_end: end.iso },
            build: async () => grounded(await forecastContext(d.sources, p, chartId, start, end)),
          },
          ctx,
        );
      },

      vedicInterpretation: async (req) => {
        throw new AppError('not_implemented', 'Vedic LLM-ready interpretations are not available.', { kind: req.kind });
      },
    }),
  ];
}
