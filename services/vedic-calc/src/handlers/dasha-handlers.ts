// DashaService: proto <-> domain for Vimshottari (V2 and legacy), Yogini and Chara dasha.
import {
  DashaServiceService,
  type DashaCard,
  type DashaLordContext,
  type DashaPeriod,
  type LegacyDashaPeriod,
} from '@astro/protos/astro/vedic/v1/dashas';
import { currentAyanamsha } from '@astro/astro-core';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import { AppError, awareInstant, jsonHttpBody, service, type CallContext, type Registration } from '@astro/platform';
import type { StoredChart } from '../clients/chart-source.ts';
import { CARD_SIGNALS_RULE, cardSignals, cardTitle, overlapping } from '../domain/dashas/cards.ts';
import { CHARA_METHOD_VERSION, charaDasha } from '../domain/dashas/chara.ts';
import { LORD_STRENGTH_RULE, lordContexts, type LordContext } from '../domain/dashas/lord-context.ts';
import { isoUtc, MS_PER_DAY } from '../domain/dashas/time.ts';
import type { ChainPeriod } from '../domain/dashas/period-chain.ts';
import { lordView, PeriodTimes, vimshottariChainJson } from '../domain/dashas/vimshottari-json.ts';
import {
  LEVEL_NAMES,
  METHOD_VERSION,
  nextChange,
  periodsAt,
  vimshottariBirth,
  vimshottariChain,
  type VimBirth,
  type VimPeriod,
} from '../domain/dashas/vimshottari.ts';
import { YOGINI_METHOD_VERSION, yoginiDasha } from '../domain/dashas/yogini.ts';
import type { VedicDeps } from './deps.ts';
import { intInRange } from './inputs.ts';

const FEATURES: FeatureUsed[] = [
  {
    source: 'natal_chart',
    version: `${METHOD_VERSION}+${LORD_STRENGTH_RULE}`,
    fields: ['planets.moon.longitude', 'planets.*.longitude', 'planets.ascendant.longitude', 'birth.moment'],
  },
];
const CARD_FEATURES: FeatureUsed[] = [
  { ...FEATURES[0]!, version: `${METHOD_VERSION}+${LORD_STRENGTH_RULE}+${CARD_SIGNALS_RULE}` },
];

/**
 * From this depth on a chain is written by the worker pool: depth 3 is ~820 periods (a few ms), depth 4
 * ~7,400 (3 MB); depths 1-2 take well under a millisecond, less than the hop to a worker.
 */
export const POOLED_DEPTH = 3;

// ---------------------------------------------------------------- inputs

function moonOf(stored: StoredChart): number {
  const moon = stored.chart?.planets.find((p) => p.planet === 'moon');
  if (!moon) throw new AppError('chart_missing_moon', 'The chart has no Moon.', { chart_id: stored.chart?.id ?? null });
  return moon.longitude;
}

interface Loaded {
  chartId: string;
  birth: VimBirth;
  contexts: Map<string, LordContext>;
}

async function loadVimshottari(deps: VedicDeps, ctx: CallContext, id: string): Promise<Loaded> {
  const stored = await deps.charts.load(ctx, id);
  const birth = vimshottariBirth(moonOf(stored), stored.utc_ms);
  return { chartId: stored.chart?.id ?? id, birth, contexts: lordContexts(stored.chart?.planets ?? []) };
}

// ---------------------------------------------------------------- outputs

/**
 * Maps periods to messages; ISO strings and lord contexts are memoised (boundaries repeat across
 * levels). Every planet-lord dasha (Vimshottari, Ashtottari) uses period(); Kalachakra's sign periods
 * add their own fields to periodOf() (dasha-systems-handlers.ts).
 */
export class PeriodWriter extends PeriodTimes {
  private readonly ctx = new Map<string, DashaLordContext>();
  constructor(private readonly contexts: Map<string, LordContext>) {
    super();
  }

  /** The fields of a period ruled by `lord` (a planet), without the period's own name. */
  protected periodOf(p: ChainPeriod, lord: string) {
    let lc = this.ctx.get(lord);
    if (!lc) this.ctx.set(lord, (lc = lordView(this.contexts.get(lord)!)));
    return {
      period_level: LEVEL_NAMES[p.level - 1]!,
      level: p.level,
      parents: p.parents,
      starts_at: this.time(p.startMs),
      ends_at: this.time(p.endMs),
      duration_days: (p.endMs - p.startMs) / MS_PER_DAY,
      lord_strength: lc.lord_strength,
      lord_house: lc.lord_house,
      owned_houses: lc.owned_houses,
      dignity: lc.dignity,
      lord_context: lc,
    };
  }

  period(p: ChainPeriod & { lord: string }): DashaPeriod {
    return { ...this.periodOf(p, p.lord), lord: p.lord };
  }

  legacy(p: VimPeriod): LegacyDashaPeriod {
    return { lord: p.lord, parents: p.parents, start: this.time(p.startMs), end: this.time(p.endMs), level: p.level };
  }
}

// ---------------------------------------------------------------- service

export function dashaRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.vedic.v1.DashaService', DashaServiceService, {
      async getVimshottari(req, ctx) {
        const depth = intInRange(req.depth, 'depth', 1, 4, 4);
        // The chart is always read (tenant check, 404 after a delete); the chain is a pure function of
        // the stored chart, so a repeated request reuses the serialised answer.
        const v = await loadVimshottari(deps, ctx, req.id);
        // The ayanamsha is part of the key: the same chart read in two ayanamshas gives two chains.
        const cacheKey = `${v.chartId}:${currentAyanamsha()}:${v.birth.startMs}:${depth}`;
        const cached = deps.chains.get(cacheKey);
        if (cached) return cached;
        const answer = jsonHttpBody(
          depth >= POOLED_DEPTH
            ? await deps.chainPool.chainJson(v, depth, FEATURES)
            : vimshottariChainJson(v, depth, FEATURES),
        );
        deps.chains.set(cacheKey, answer, ctx.principal?.tenant_id ?? '', v.chartId);
        return answer;
      },

      async getVimshottariCurrent(req, ctx) {
        const at = awareInstant('at', req.at);
        const v = await loadVimshottari(deps, ctx, req.id);
        const w = new PeriodWriter(v.contexts);
        const path = periodsAt(v.birth, at).map((p) => w.period(p));
        return {
          chart_id: v.chartId,
          at: req.at!,
          md: path[0],
          ad: path[1],
          pd: path[2],
          sd: path[3],
          features_used: FEATURES,
        };
      },

      async getVimshottariNextChange(req, ctx) {
        const at = awareInstant('at', req.at);
        const v = await loadVimshottari(deps, ctx, req.id);
        const w = new PeriodWriter(v.contexts);
        const nc = nextChange(v.birth, at);
        return {
          chart_id: v.chartId,
          at: req.at!,
          changes_at: nc ? w.time(nc.changesAtMs) : undefined,
          changed_level: nc?.changedLevel,
          current_period: nc?.current ? w.period(nc.current) : undefined,
          next_period: nc?.next ? w.period(nc.next) : undefined,
          features_used: FEATURES,
        };
      },

      async getVimshottariCards(req, ctx) {
        const start = awareInstant('starts_at', req.starts_at);
        const end = awareInstant('ends_at', req.ends_at);
        if (!(end > start))
          throw new AppError('invalid_date_range', 'ends_at must be after starts_at.', {
            starts_at: req.starts_at,
            ends_at: req.ends_at,
          });
        const v = await loadVimshottari(deps, ctx, req.id);
        const w = new PeriodWriter(v.contexts);
        const cards: DashaCard[] = overlapping(vimshottariChain(v.birth, 2)[1]!, start, end).map((p) => ({
          kind: 'dasha_period',
          title: cardTitle(p),
          starts_at: w.time(p.startMs),
          ends_at: w.time(p.endMs),
          period: w.period(p),
          signals: cardSignals(p, v.contexts.get(p.lord)!),
        }));
        return {
          chart_id: v.chartId,
          starts_at: req.starts_at!,
          ends_at: req.ends_at!,
          cards,
          features_used: CARD_FEATURES,
        };
      },

      async getLegacyVimshottari(req, ctx) {
        const v = await loadVimshottari(deps, ctx, req.id);
        const w = new PeriodWriter(v.contexts);
        const [l1, l2, l3] = vimshottariChain(v.birth, 3);
        return {
          birth_dasha_lord: v.birth.lord,
          birth_dasha_start: w.time(v.birth.startMs),
          mahadashas: l1!.map((p) => w.legacy(p)),
          antardashas: l2!.map((p) => w.legacy(p)),
          pratyantardashas: l3!.map((p) => w.legacy(p)),
        };
      },

      async getLegacyCurrentDasha(req, ctx) {
        const at = awareInstant('at', req.at);
        const v = await loadVimshottari(deps, ctx, req.id);
        const w = new PeriodWriter(v.contexts);
        const path = periodsAt(v.birth, at, 3).map((p) => w.legacy(p));
        return { md: path[0], ad: path[1], pd: path[2] };
      },

      async getYoginiDasha(req, ctx) {
        const total = intInRange(req.total_years, 'total_years', 1, 500, 72);
        const stored = await deps.charts.load(ctx, req.id);
        const y = yoginiDasha(moonOf(stored), stored.utc_ms, total);
        return {
          chart_id: stored.chart?.id ?? req.id,
          birth_nakshatra: y.birthNakshatra,
          starting_yogini_index: y.startingIndex,
          periods: y.periods.map((p) => ({
            yogini_name: p.yogini_name,
            lord: p.lord,
            years: p.years,
            start: isoUtc(p.startMs),
            end: isoUtc(p.endMs),
          })),
        };
      },

      getLegacyCharaDasha: (req, ctx) => chara(deps, req.id, req.total_years, ctx),
      getCharaDasha: (req, ctx) => chara(deps, req.id, req.total_years, ctx),
    }),
  ];
}

async function chara(deps: VedicDeps, id: string, totalYears: number | undefined, ctx: CallContext) {
  const total = intInRange(totalYears, 'total_years', 1, 500, 78);
  const stored = await deps.charts.load(ctx, id);
  const c = charaDasha(stored.chart?.planets ?? [], stored.utc_ms, total);
  if (!c)
    throw new AppError('missing_ascendant_or_moon', 'The chart lacks the ascendant or a sign lord.', { chart_id: id });
  return {
    chart_id: stored.chart?.id ?? id,
    starting_sign: c.startingSign,
    periods: c.periods.map((p) => ({
      sign: p.sign,
      sign_lord: p.sign_lord,
      years: p.years,
      start: isoUtc(p.startMs),
      end: isoUtc(p.endMs),
    })),
  };
}

// Method tags of the systems without a method_version field in their response, kept for the docs.
export const DASHA_METHOD_VERSIONS = { yogini: YOGINI_METHOD_VERSION, chara: CHARA_METHOD_VERSION } as const;
