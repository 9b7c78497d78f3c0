// DashaSystemsService: proto <-> domain for Ashtottari and Kalachakra (chain, current, next-change),
// mirroring the Vimshottari handlers: depth 1-4 (422 otherwise), chains from depth 3 written by the
// worker pool and cached per chart like Vimshottari's (dropped on erasure with them).
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import { DashaSystemsServiceService, type KalachakraPeriod } from '@astro/protos/astro/vedic/v1/dasha_systems';
import { currentAyanamsha, rulerOf, signIndexOf, SIGNS } from '@astro/astro-core';
import { AppError, awareInstant, jsonHttpBody, service, type CallContext, type Registration } from '@astro/platform';
import type { StoredChart } from '../clients/chart-source.ts';
import {
  ASHTOTTARI_METHOD_VERSION,
  ashtottariApplicable,
  ashtottariBirth,
  ashtottariTree,
} from '../domain/dashas/ashtottari.ts';
import type { DashaSystemSubject } from '../domain/dashas/dasha-systems-json.ts';
import { dashaSystemChainJson } from '../domain/dashas/dasha-systems-json.ts';
import {
  KALACHAKRA_METHOD_VERSION,
  kalachakraBirth,
  kalachakraTree,
  type KalachakraPeriod as KcPeriod,
} from '../domain/dashas/kalachakra.ts';
import { LORD_STRENGTH_RULE, lordContexts } from '../domain/dashas/lord-context.ts';
import { nextChangeOf, pathAt, type ChainPeriod, type DashaTree } from '../domain/dashas/period-chain.ts';
import { PeriodTimes } from '../domain/dashas/vimshottari-json.ts';
import { PeriodWriter, POOLED_DEPTH } from './dasha-handlers.ts';
import type { VedicDeps } from './deps.ts';
import { intInRange } from './inputs.ts';

const FIELDS = ['planets.moon.longitude', 'planets.*.longitude', 'planets.ascendant.longitude', 'birth.moment'];
const features = (version: string): FeatureUsed[] => [
  { source: 'natal_chart', version: `${version}+${LORD_STRENGTH_RULE}`, fields: FIELDS },
];
const ASHTOTTARI_FEATURES = features(ASHTOTTARI_METHOD_VERSION);
const KALACHAKRA_FEATURES = features(KALACHAKRA_METHOD_VERSION);

// ---------------------------------------------------------------- inputs

function moonOf(stored: StoredChart): number {
  const moon = stored.chart?.planets.find((p) => p.planet === 'moon');
  if (!moon) throw new AppError('chart_missing_moon', 'The chart has no Moon.', { chart_id: stored.chart?.id ?? null });
  return moon.longitude;
}

/** Rahu's applicability test, or null when the chart lacks the ascendant or Rahu. */
function applicability(stored: StoredChart): boolean | null {
  const planets = stored.chart?.planets ?? [];
  const sign = (name: string) => {
    const p = planets.find((b) => b.planet === name);
    return p ? signIndexOf(p.longitude) : null;
  };
  const asc = sign('ascendant');
  const rahu = sign('rahu');
  if (asc === null || rahu === null) return null;
  const lordSign = sign(rulerOf(SIGNS[asc]!));
  return lordSign === null ? null : ashtottariApplicable(asc, lordSign, rahu);
}

type AshtottariSubject = Extract<DashaSystemSubject, { system: 'ashtottari' }>;
type KalachakraSubject = Extract<DashaSystemSubject, { system: 'kalachakra' }>;

async function loadAshtottari(deps: VedicDeps, ctx: CallContext, id: string): Promise<AshtottariSubject> {
  const stored = await deps.charts.load(ctx, id);
  return {
    system: 'ashtottari',
    chartId: stored.chart?.id ?? id,
    birth: ashtottariBirth(moonOf(stored), stored.utc_ms),
    applicable: applicability(stored),
    contexts: lordContexts(stored.chart?.planets ?? []),
  };
}

async function loadKalachakra(deps: VedicDeps, ctx: CallContext, id: string): Promise<KalachakraSubject> {
  const stored = await deps.charts.load(ctx, id);
  return {
    system: 'kalachakra',
    chartId: stored.chart?.id ?? id,
    birth: kalachakraBirth(moonOf(stored), stored.utc_ms),
    contexts: lordContexts(stored.chart?.planets ?? []),
  };
}

const LOADERS = { ashtottari: loadAshtottari, kalachakra: loadKalachakra } as const;

// ---------------------------------------------------------------- outputs

/** Vimshottari's period writer, plus Kalachakra's sign periods (ruled by the sign's lord). */
class Writer extends PeriodWriter {
  sign(p: KcPeriod): KalachakraPeriod {
    const lord = rulerOf(p.lord);
    return { ...this.periodOf(p, lord), sign: p.lord, gati: p.gati ?? undefined, sign_lord: lord };
  }
}

async function chain(
  deps: VedicDeps,
  ctx: CallContext,
  id: string,
  depthIn: number | undefined,
  system: DashaSystemSubject['system'],
) {
  const depth = intInRange(depthIn, 'depth', 1, 4, 4);
  const s = await LOADERS[system](deps, ctx, id);
  // The ayanamsha is part of the key: the same chart read in two ayanamshas gives two chains.
  const cacheKey = `${system}:${s.chartId}:${currentAyanamsha()}:${s.birth.startMs}:${depth}`;
  const cached = deps.chains.get(cacheKey);
  if (cached) return cached;
  const feats = system === 'ashtottari' ? ASHTOTTARI_FEATURES : KALACHAKRA_FEATURES;
  const answer = jsonHttpBody(
    depth >= POOLED_DEPTH
      ? await deps.chainPool.dashaSystemJson(s, depth, feats)
      : dashaSystemChainJson(s, depth, feats),
  );
  deps.chains.set(cacheKey, answer, ctx.principal?.tenant_id ?? '', s.chartId);
  return answer;
}

/** current and next-change of a tree, mapped by `map`. */
function companions<P extends ChainPeriod, M>(tree: DashaTree<P>, map: (p: P) => M, times: PeriodTimes) {
  return {
    current(at: number) {
      const path = pathAt(tree, at).map(map);
      return { md: path[0], ad: path[1], pd: path[2], sd: path[3] };
    },
    nextChange(at: number) {
      const nc = nextChangeOf(tree, at);
      return {
        changes_at: nc ? times.time(nc.changesAtMs) : undefined,
        changed_level: nc?.changedLevel,
        current_period: nc?.current ? map(nc.current) : undefined,
        next_period: nc?.next ? map(nc.next) : undefined,
      };
    },
  };
}

async function ashtottari(deps: VedicDeps, ctx: CallContext, id: string) {
  const s = await loadAshtottari(deps, ctx, id);
  const w = new Writer(s.contexts);
  return { chartId: s.chartId, ...companions(ashtottariTree(s.birth), (p) => w.period(p), w) };
}

async function kalachakra(deps: VedicDeps, ctx: CallContext, id: string) {
  const s = await loadKalachakra(deps, ctx, id);
  const w = new Writer(s.contexts);
  return { chartId: s.chartId, ...companions(kalachakraTree(s.birth), (p) => w.sign(p), w) };
}

export function dashaSystemsRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.vedic.v1.DashaSystemsService', DashaSystemsServiceService, {
      getAshtottari: (req, ctx) => chain(deps, ctx, req.id, req.depth, 'ashtottari'),
      async getAshtottariCurrent(req, ctx) {
        const at = awareInstant('at', req.at);
        const a = await ashtottari(deps, ctx, req.id);
        return { chart_id: a.chartId, at: req.at!, ...a.current(at), features_used: ASHTOTTARI_FEATURES };
      },
      async getAshtottariNextChange(req, ctx) {
        const at = awareInstant('at', req.at);
        const a = await ashtottari(deps, ctx, req.id);
        return { chart_id: a.chartId, at: req.at!, ...a.nextChange(at), features_used: ASHTOTTARI_FEATURES };
      },
      getKalachakra: (req, ctx) => chain(deps, ctx, req.id, req.depth, 'kalachakra'),
      async getKalachakraCurrent(req, ctx) {
        const at = awareInstant('at', req.at);
        const k = await kalachakra(deps, ctx, req.id);
        return { chart_id: k.chartId, at: req.at!, ...k.current(at), features_used: KALACHAKRA_FEATURES };
      },
      async getKalachakraNextChange(req, ctx) {
        const at = awareInstant('at', req.at);
        const k = await kalachakra(deps, ctx, req.id);
        return { chart_id: k.chartId, at: req.at!, ...k.nextChange(at), features_used: KALACHAKRA_FEATURES };
      },
    }),
  ];
}
