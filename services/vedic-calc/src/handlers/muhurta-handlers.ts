// MuhurtaService: activity types, score, search and the deprecated chart-scoped scan.
// Legacy route (shape not shown by the spec, documented here and in muhurta.proto): the chart's birth
// place, candidates every interval in [window_start, window_end), score = tara points (0-3) + weekday
// points (0-2; weekday = civil date at window_start's offset), best first, ties earliest first;
// timestamps at window_start's offset. Response {chart_id, method_version, candidates[{proposed_at,
// tara, tara_name, weekday_lord, score}]}.
import { MuhurtaServiceService } from '@astro/protos/astro/vedic/v1/muhurta';
import {
  AppError,
  fieldErrorsAnswer,
  service,
  type CallContext,
  type Registration,
  type FieldError,
} from '@astro/platform';
import { parseMoment } from '@astro/astro-core';
import type { StoredChart } from '../clients/chart-source.ts';
import { civilAt, isoWithOffset } from '../domain/panchanga/time.ts';
import { VAARAS } from '../domain/panchanga/names.ts';
import {
  candidate,
  nakshatraNumber,
  rankCandidates,
  search,
  signNumber,
  SunriseDays,
  taraOf,
  transitMoon,
  type Natal,
} from '../domain/muhurta/score.ts';
import {
  ACTIVITIES,
  ACTIVITY_TYPES,
  LEGACY_METHOD_VERSION,
  LEGACY_WEEKDAY_POINTS,
  METHOD_VERSION,
  TARA_POINTS,
  TARAS,
} from '../domain/muhurta/tables.ts';
import { checkWindow, validateScore, validateSearch, validateWindow } from '../domain/muhurta/validate.ts';
import { featuresUsed } from '../domain/muhurta/score.ts';
import type { VedicDeps } from './deps.ts';

function natalOf(stored: StoredChart, id: string): Natal {
  const moon = stored.chart?.planets.find((p) => p.planet === 'moon');
  if (!moon) throw new AppError('chart_missing_moon', 'The chart has no Moon.', { chart_id: id });
  return {
    chartId: stored.chart?.id ?? id,
    moonNakshatra: nakshatraNumber(moon.longitude),
    moonSign: signNumber(moon.longitude),
  };
}

async function loadNatal(deps: VedicDeps, ctx: CallContext, id: string) {
  const stored = await deps.charts.load(ctx, id);
  return { stored, natal: natalOf(stored, id) };
}

export function muhurtaRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.vedic.v1.MuhurtaService', MuhurtaServiceService, {
      listMuhurtaActivityTypes: async () => ({
        activities: ACTIVITY_TYPES.map((a) => ({ activity_type: a, ...ACTIVITIES[a] })),
      }),

      async scoreMuhurta(req, ctx) {
        const q = validateScore(req);
        const { natal } = await loadNatal(deps, ctx, q.chartId);
        const days = new SunriseDays(q, q.timezone);
        return candidate(natal, { ...q }, days.at(q.atMs), q.atMs);
      },

      async searchMuhurta(req, ctx) {
        const q = validateSearch(req);
        const { natal } = await loadNatal(deps, ctx, q.chartId);
        const candidates = search(natal, q, q.startMs, q.endMs, q.intervalMinutes * 60_000, q.topN);
        return {
          natal_chart_id: natal.chartId,
          activity_type: q.activity,
          window_start: req.window_start!.trim(),
          window_end: req.window_end!.trim(),
          interval_minutes: q.intervalMinutes,
          method_version: METHOD_VERSION,
          candidates,
          features_used: featuresUsed(),
        };
      },

      async getLegacyMuhurta(req, ctx) {
        const errors: FieldError[] = [];
        const w = validateWindow(req, errors);
        if (errors.length) throw fieldErrorsAnswer(errors);
        checkWindow(w!.startMs, w!.endMs, w!.intervalMinutes, {
          window_start: req.window_start,
          window_end: req.window_end,
        });
        const { natal } = await loadNatal(deps, ctx, req.id);
        const offset = parseMoment(req.window_start!.trim())!.offsetMinutes;
        const step = w!.intervalMinutes * 60_000;
        const all = [];
        for (let t = w!.startMs; t < w!.endMs; t += step) {
          const tara = taraOf(natal.moonNakshatra, transitMoon(t).nakshatra);
          const wd = civilAt(t, offset).weekday;
          all.push({
            proposed_at: isoWithOffset(t, offset),
            tara,
            tara_name: TARAS[tara - 1]!,
            weekday_lord: VAARAS[wd]!.ruler,
            score: TARA_POINTS[tara - 1]! + LEGACY_WEEKDAY_POINTS[wd]!,
            total_score: 0,
            is_excluded: false,
            atMs: t,
          });
        }
        for (const c of all) c.total_score = c.score;
        const candidates = rankCandidates(all)
          .slice(0, w!.topN)
          .map(({ total_score: _t, is_excluded: _e, atMs: _a, ...c }) => c);
        return { chart_id: natal.chartId, method_version: LEGACY_METHOD_VERSION, candidates };
      },
    }),
  ];
}
