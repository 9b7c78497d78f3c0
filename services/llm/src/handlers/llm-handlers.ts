// LlmService: the four Vedic LLM routes (sync and stream), usage summary, stored interpretations.
import {
  LlmServiceService,
  type ChartReadingRequest,
  type DashaForecastRequest,
  type LlmStreamEvent,
  type MuhurtaReasoningRequest,
  type ThemeInterpretationRequest,
} from '@astro/protos/astro/llm/v1/llm';
import { AppError, invalidRequest, isUuid, service, type CallContext, type Registration } from '@astro/platform';
import { INTERPRETATION_TYPES, LANGUAGES, TIERS } from '../domain/catalog.ts';
import { THEMES } from '../domain/themes.ts';
import {
  chartReadingContext,
  dashaForecastContext,
  muhurtaContext,
  themeContext,
} from '../domain/context/vedic-contexts.ts';
import type { CalcSources } from '../clients/calc-sources.ts';
import { requirePaidPlan, type Interpreter, type Job } from '../domain/interpreter.ts';
import type { InterpretationStore } from '../store/interpretation-store.ts';
import { deltaEvent, doneEvent, metaEvent, toInterpretation, toStored } from './responses.ts';
import { Checks, moment, skyMoment } from './validate.ts';

export interface LlmDeps {
  interpreter: Interpreter;
  store: InterpretationStore;
  sources: CalcSources;
  now?: () => number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const USAGE_MAX_DAYS = 366;

function themeJob(d: LlmDeps, req: ThemeInterpretationRequest, ctx: CallContext): Job {
  const p = requirePaidPlan(ctx.principal);
  const c = new Checks();
  const language = c.language(req.language);
  const tier = c.tier(req.tier);
  c.done();
  const def = THEMES.get(req.theme);
  if (!def) throw new AppError('unknown_theme', `Unknown theme "${req.theme}".`, { theme: req.theme });
  const at = req.at !== undefined ? skyMoment('at', req.at) : null;
  return {
    principal: p,
    type: 'theme',
    chartId: req.chart_id!,
    theme: req.theme,
    language,
    tier,
    fresh: req.fresh ?? false,
    params: at ? { at: at.iso } : {},
    build: async () => ({ context: await themeContext(d.sources, p, req.chart_id!, req.theme, def, at) }),
  };
}

function chartReadingJob(d: LlmDeps, req: ChartReadingRequest, ctx: CallContext): Job {
  const p = requirePaidPlan(ctx.principal);
  const c = new Checks();
  const language = c.language(req.language);
  const tier = c.tier(req.tier);
  c.done();
  return {
    principal: p,
    type: 'chart_reading',
    chartId: req.chart_id!,
    theme: null,
    language,
    tier,
    fresh: req.fresh ?? false,
    params: {},
    build: async () => ({ context: await chartReadingContext(d.sources, p, req.chart_id!) }),
  };
}

/** `at` defaults to the start of the current UTC day, so repeated calls on one day share the cache. */
function dashaJob(d: LlmDeps, req: DashaForecastRequest, ctx: CallContext): Job {
  const p = requirePaidPlan(ctx.principal);
  const c = new Checks();
  const language = c.language(req.language);
  const tier = c.tier(req.tier);
  c.done();
  const now = (d.now ?? Date.now)();
  const at =
    req.at !== undefined
      ? skyMoment('at', req.at)
      : { iso: new Date(Math.floor(now / DAY_MS) * DAY_MS).toISOString(), ms: Math.floor(now / DAY_MS) * DAY_MS };
  return {
    principal: p,
    type: 'dasha_forecast',
    chartId: req.chart_id!,
    theme: null,
    language,
    tier,
    fresh: req.fresh ?? false,
    params: { at: at.iso },
    build: async () => ({ context: await dashaForecastContext(d.sources, p, req.chart_id!, at) }),
  };
}

/** Defaults: window_start = the current UTC hour, window_end = 7 days later, 60 minutes, top 5. */
function muhurtaJob(d: LlmDeps, req: MuhurtaReasoningRequest, ctx: CallContext): Job {
  const p = requirePaidPlan(ctx.principal);
  const c = new Checks();
  const language = c.language(req.language);
  const tier = c.tier(req.tier);
  const interval = c.intIn('interval_minutes', req.interval_minutes, 5, 1440, 60);
  const topN = c.intIn('top_n', req.top_n, 1, 20, 5);
  c.done();
  const now = (d.now ?? Date.now)();
  const start =
    req.window_start !== undefined
      ? skyMoment('window_start', req.window_start)
      : { iso: new Date(Math.floor(now / HOUR_MS) * HOUR_MS).toISOString(), ms: Math.floor(now / HOUR_MS) * HOUR_MS };
  const end =
    req.window_end !== undefined
      ? skyMoment('window_end', req.window_end)
      : { iso: new Date(start.ms + 7 * DAY_MS).toISOString(), ms: start.ms + 7 * DAY_MS };
  const w = { window_start: start.iso, window_end: end.iso, interval_minutes: interval, top_n: topN };
  return {
    principal: p,
    type: 'muhurta',
    chartId: req.chart_id!,
    theme: null,
    language,
    tier,
    fresh: req.fresh ?? false,
    params: w,
    build: async () => ({ context: await muhurtaContext(d.sources, p, req.chart_id!, w) }),
  };
}

function checkChartFilter(chartId: string | undefined): void {
  if (chartId !== undefined && !isUuid(chartId))
    throw invalidRequest([{ field: 'chart_id', reason: 'invalid_uuid', message: 'must be a UUID' }]);
}

async function runSync(d: LlmDeps, job: Job, ctx: CallContext) {
  const out = await d.interpreter.run(job, ctx.signal);
  return toInterpretation(out.row, out.cached);
}

/** meta, delta..., done; a cache hit replays as one meta, one delta with the whole text, one done. */
async function runStream(d: LlmDeps, job: Job, ctx: CallContext, send: (m: LlmStreamEvent) => boolean) {
  const head = { interpretation_type: job.type, language: job.language, tier: job.tier };
  const out = await d.interpreter.run(job, ctx.signal, {
    meta: (context) => send(metaEvent(head, context)),
    delta: (text) => send(deltaEvent(text)),
  });
  if (out.cached) {
    send(metaEvent(head, out.row.engine_context));
    send(deltaEvent(out.row.content));
  }
  send(doneEvent(out.row, out.cached));
}

export function llmRegistrations(d: LlmDeps): Registration[] {
  return [
    service('astro.llm.v1.LlmService', LlmServiceService, {
      themeInterpretation: (req, ctx) => runSync(d, themeJob(d, req, ctx), ctx),
      streamThemeInterpretation: (req, ctx, send) => runStream(d, themeJob(d, req, ctx), ctx, send),
      chartReading: (req, ctx) => runSync(d, chartReadingJob(d, req, ctx), ctx),
      streamChartReading: (req, ctx, send) => runStream(d, chartReadingJob(d, req, ctx), ctx, send),
      dashaForecast: (req, ctx) => runSync(d, dashaJob(d, req, ctx), ctx),
      streamDashaForecast: (req, ctx, send) => runStream(d, dashaJob(d, req, ctx), ctx, send),
      muhurtaReasoning: (req, ctx) => runSync(d, muhurtaJob(d, req, ctx), ctx),
      streamMuhurtaReasoning: (req, ctx, send) => runStream(d, muhurtaJob(d, req, ctx), ctx, send),

      getUsageSummary: async (req, ctx) => {
        const tenantId = ctx.principal!.tenant_id;
        const c = new Checks();
        const groupBy =
          c.enumOf('group_by', req.group_by, ['none', 'interpretation_type', 'tier', 'language', 'day'] as const) ??
          'none';
        const type = c.enumOf('interpretation_type', req.interpretation_type, INTERPRETATION_TYPES);
        const language = c.enumOf('language', req.language, LANGUAGES);
        const tier = c.enumOf('tier', req.tier, TIERS);
        c.done();
        checkChartFilter(req.chart_id);
        const from = moment('from', req.from!);
        const to = moment('to', req.to!);
        if (to.ms <= from.ms)
          throw new AppError('invalid_date_range', '`to` must be strictly after `from`.', {
            from: from.iso,
            to: to.iso,
          });
        if (to.ms - from.ms > USAGE_MAX_DAYS * DAY_MS)
          throw new AppError('range_too_long', `The window may span at most ${USAGE_MAX_DAYS} days.`, {
            max_days: USAGE_MAX_DAYS,
          });
        const r = await d.store.usage(tenantId, {
          from: new Date(from.ms),
          to: new Date(to.ms),
          group_by: groupBy,
          chart_id: req.chart_id,
          interpretation_type: type,
          language,
          tier,
        });
        const label = (l: string | null) => l ?? undefined;
        return {
          from_: from.iso,
          to: to.iso,
          group_by: groupBy,
          total: { ...r.total, label: undefined },
          breakdown: r.breakdown.map((b) => ({ ...b, label: label(b.label) })),
        };
      },

      listInterpretations: async (req, ctx) => {
        const c = new Checks();
        const type = c.enumOf('interpretation_type', req.interpretation_type, INTERPRETATION_TYPES);
        const language = c.enumOf('language', req.language, LANGUAGES);
        const tier = c.enumOf('tier', req.tier, TIERS);
        const limit = c.intIn('limit', req.limit, 1, 200, 50);
        const offset = c.intIn('offset', req.offset, 0, 2_147_483_647, 0);
        c.done();
        checkChartFilter(req.chart_id);
        const r = await d.store.list(
          ctx.principal!.tenant_id,
          { chart_id: req.chart_id, interpretation_type: type, language, tier },
          limit,
          offset,
        );
        return { items: r.items.map(toStored), total: r.total, limit, offset };
      },

      getInterpretation: async (req, ctx) => {
        const row = await d.store.get(ctx.principal!.tenant_id, req.interpretation_id);
        if (!row)
          throw new AppError('interpretation_not_found', 'No such interpretation.', {
            interpretation_id: req.interpretation_id,
          });
        return toStored(row);
      },
    }),
  ];
}
