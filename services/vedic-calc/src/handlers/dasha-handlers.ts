// DashaService: proto <-> domain for Vimshottari (V2 and legacy), Yogini and Chara dasha.
import {
  DashaServiceService,
  type DashaCard,
  type DashaLordContext,
  type DashaPeriod,
  type LegacyDashaPeriod,
} from '@astro/protos/astro/vedic/v1/dashas';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import {
  AppError,
  awareInstant,
  jsonHttpBody,
  roundJsonNumber,
  stringifyJson,
  service,
  type CallContext,
  type HttpBodyAnswer,
  type Registration,
} from '@astro/platform';
import type { StoredChart } from '../chart-source.ts';
import { CARD_SIGNALS_RULE, cardSignals, cardTitle, overlapping } from '../domain/dashas/cards.ts';
import { CHARA_METHOD_VERSION, charaDasha } from '../domain/dashas/chara.ts';
import { LORD_STRENGTH_RULE, lordContexts, type LordContext } from '../domain/dashas/lord-context.ts';
import { isoUtc, MS_PER_DAY } from '../domain/dashas/time.ts';
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

function contextMessage(c: LordContext): DashaLordContext {
  return {
    lord: c.lord,
    lord_strength: c.lord_strength ?? undefined,
    lord_house: c.lord_house ?? undefined,
    owned_houses: c.owned_houses,
    dignity: c.dignity ?? undefined,
    sign: c.sign ?? undefined,
    nakshatra: c.nakshatra ?? undefined,
  };
}

/** JSON of a value with unset (undefined) fields written as null, as the gateway maps them. */
const toJson = stringifyJson; // numbers rounded by the API's one rule (platform json-number.ts)

/** Builds period messages; ISO strings and lord contexts are cached (boundaries repeat across levels). */
class PeriodWriter {
  private readonly iso = new Map<number, string>();
  private readonly ctx = new Map<string, DashaLordContext>();
  private readonly tails = new Map<string, string>();
  constructor(private readonly contexts: Map<string, LordContext>) {}

  time(ms: number): string {
    let s = this.iso.get(ms);
    if (s === undefined) this.iso.set(ms, (s = isoUtc(ms)));
    return s;
  }

  period(p: VimPeriod): DashaPeriod {
    let lc = this.ctx.get(p.lord);
    if (!lc) this.ctx.set(p.lord, (lc = contextMessage(this.contexts.get(p.lord)!)));
    return {
      period_level: LEVEL_NAMES[p.level - 1]!,
      level: p.level,
      lord: p.lord,
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

  /**
   * The same period written straight as JSON text (field order and null mapping as `period` plus the
   * gateway would give): a depth-4 chain is 6561 of these, and building objects only to stringify
   * them again cost more than the chain itself. The lord-dependent tail is built once per lord.
   */
  periodJson(p: VimPeriod): string {
    let tail = this.tails.get(p.lord);
    if (tail === undefined) {
      const lc = contextMessage(this.contexts.get(p.lord)!);
      tail =
        `,"lord_strength":${toJson(lc.lord_strength)},"lord_house":${toJson(lc.lord_house)}` +
        `,"owned_houses":${toJson(lc.owned_houses)},"dignity":${toJson(lc.dignity)},"lord_context":${toJson(lc)}}`;
      this.tails.set(p.lord, tail);
    }
    return (
      `{"period_level":"${LEVEL_NAMES[p.level - 1]!}","level":${p.level},"lord":"${p.lord}"` +
      `,"parents":${JSON.stringify(p.parents)},"starts_at":"${this.time(p.startMs)}","ends_at":"${this.time(p.endMs)}"` +
      `,"duration_days":${roundJsonNumber((p.endMs - p.startMs) / MS_PER_DAY)}${tail}`
    );
  }

  legacy(p: VimPeriod): LegacyDashaPeriod {
    return { lord: p.lord, parents: p.parents, start: this.time(p.startMs), end: this.time(p.endMs), level: p.level };
  }
}

// ---------------------------------------------------------------- service

/** Serialised chains of recently read charts (at most 32; depth 4 is about 3 MB each). */
class ChainCache {
  private readonly entries = new Map<string, { tenantId: string; chartId: string; value: HttpBodyAnswer }>();
  get(key: string) {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit); // most recently used last
    }
    return hit?.value;
  }
  set(key: string, value: HttpBodyAnswer, tenantId: string, chartId: string): void {
    if (this.entries.size >= 32) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { tenantId, chartId, value });
  }
  /** Data erasure: drops the tenant's entries (of one chart when given); the count removed. */
  erase(tenantId: string, chartId: string | null): number {
    let n = 0;
    for (const [k, e] of this.entries)
      if (e.tenantId === tenantId && (chartId === null || e.chartId === chartId)) {
        this.entries.delete(k);
        n++;
      }
    return n;
  }
}
const chainCache = new ChainCache();

/** Erasure of cached chains (DataErasureService and the erasure bus topics). */
export const eraseCachedChains = (tenantId: string, chartId: string | null) => chainCache.erase(tenantId, chartId);

export function dashaRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.vedic.v1.DashaService', DashaServiceService, {
      async getVimshottari(req, ctx) {
        const depth = intInRange(req.depth, 'depth', 1, 4, 4);
        // The chart is always read (tenant check, 404 after a delete); the chain is a pure function of
        // the stored chart, so a repeated request reuses the serialised answer.
        const v = await loadVimshottari(deps, ctx, req.id);
        const cacheKey = `${v.chartId}:${v.birth.startMs}:${depth}`;
        const cached = chainCache.get(cacheKey);
        if (cached) return cached;
        const w = new PeriodWriter(v.contexts);
        const [l1, l2, l3, l4] = vimshottariChain(v.birth, depth);
        const list = (ps: VimPeriod[]) => `[${ps.map((p) => w.periodJson(p)).join(',')}]`;
        // GetVimshottariResponse as JSON text, fields in proto order (see periodJson).
        const json =
          `{"chart_id":${JSON.stringify(v.chartId)},"method_version":${JSON.stringify(METHOD_VERSION)}` +
          `,"birth_dasha_lord":"${v.birth.lord}","birth_dasha_start":"${w.time(v.birth.startMs)}"` +
          `,"mahadashas":${list(l1!)},"antardashas":${list(l2!)},"pratyantardashas":${list(l3!)}` +
          `,"sukshmadashas":${list(l4!)},"features_used":${JSON.stringify(FEATURES)}}`;
        const answer = jsonHttpBody(json);
        chainCache.set(cacheKey, answer, ctx.principal?.tenant_id ?? '', v.chartId);
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
