// PredictService: influence network, house quality, materialization and the probability engine
// (spec 2-vedic.md). Vedic charts only; answers are JSON HttpBody.
import { AppError, service, type CallContext, type Registration } from '@astro/platform';
import { PredictServiceService } from '@astro/protos/astro/vedic/v1/predict';
import type { StoredChart } from '../clients/chart-source.ts';
import { periodsAt, vimshottariBirth } from '../domain/dashas/vimshottari.ts';
import { GRAHAS, isGraha, type ChartFacts, type Graha } from '../domain/theo/facts.ts';
import { INFLUENCE_METHOD_VERSION, influenceNetwork } from '../domain/theo/influence.ts';
import type { StrengthInputs } from '../domain/theo/inputs.ts';
import {
  essentialPlanets,
  metaFactors,
  periodChain,
  periodModifiers,
  probability,
  PROBABILITY_METHOD_VERSION,
  transitModifiers,
  type Activity,
} from '../domain/theo/probability.ts';
import {
  basePotential,
  HOUSE_QUALITY_METHOD_VERSION,
  houseQuality,
  LIFE_AREAS,
  lifeArea,
  MATERIALIZATION_METHOD_VERSION,
  materializationAt,
  readingBand,
} from '../domain/theo/quality.ts';
import { significator, SIGNIFICATORS, type Significator } from '../domain/theo/significators.ts';
import { transitsAt } from '../domain/theo/transits.ts';
import type { VedicDeps } from './deps.ts';
import { factsOf, json, optionalAt, requiredAt, strengthOf } from './theo-common.ts';

function area(name: string) {
  const a = lifeArea(name);
  if (!a)
    throw new AppError('unknown_theme', `Unknown life area '${name}'.`, {
      area: name,
      allowed: LIFE_AREAS.map((x) => x.area),
    });
  return a;
}

function planetParam(value: string | undefined, field: string): Graha | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isGraha(value))
    throw new AppError('unknown_planet', `Unknown planet '${value}'.`, { field, value, allowed: GRAHAS });
  return value;
}

/** The theme's (karaka, house), optionally overridden by the `karaka` and `house` query parameters. */
function theme(req: { theme: string; karaka?: string | undefined; house?: number | undefined }): Significator {
  const sig = significator(req.theme);
  if (!sig)
    throw new AppError('unknown_theme', `Unknown theme '${req.theme}'.`, {
      theme: req.theme,
      themes_count: SIGNIFICATORS.length,
    });
  const karaka = planetParam(req.karaka, 'karaka') ?? sig.karaka;
  if (req.house !== undefined && (!Number.isInteger(req.house) || req.house < 1 || req.house > 12))
    throw new AppError('house_number_out_of_range', 'house must be from 1 to 12.', {
      field: 'house',
      value: req.house,
    });
  return { theme: sig.theme, karaka, house: req.house ?? sig.house };
}

function vimChain(stored: StoredChart, f: ChartFacts, atMs: number) {
  const birth = vimshottariBirth(f.bodies.moon.longitude, Number(stored.utc_ms));
  return periodsAt(birth, atMs, 3);
}

function activity(stored: StoredChart, f: ChartFacts, s: StrengthInputs, atMs: number): Activity {
  const period = Object.fromEntries(
    periodModifiers(f, vimChain(stored, f, atMs)).map((p) => [p.planet, p.score]),
  ) as Activity['period'];
  const transit = Object.fromEntries(transitModifiers(s, transitsAt(atMs)).map((t) => [t.planet, t.score]));
  return { period, transit };
}

export function predictRegistrations(deps: VedicDeps): Registration[] {
  const load = (ctx: CallContext, id: string) => deps.charts.load(ctx, id);
  const loadAll = async (ctx: CallContext, id: string) => {
    const stored = await load(ctx, id);
    const f = factsOf(stored);
    return { stored, f, s: strengthOf(stored).inputs };
  };
  return [
    service('astro.vedic.v1.PredictService', PredictServiceService, {
      getInfluenceNetwork: async (req, ctx) => {
        const f = factsOf(await load(ctx, req.id));
        const { planet_summaries, house_influences } = influenceNetwork(f);
        return json({ chart_id: req.id, method_version: INFLUENCE_METHOD_VERSION, planet_summaries, house_influences });
      },
      getHouseQuality: async (req, ctx) => {
        const { f, s } = await loadAll(ctx, req.id);
        return json({ chart_id: req.id, method_version: HOUSE_QUALITY_METHOD_VERSION, by_house: houseQuality(f, s) });
      },
      getMaterialization: async (req, ctx) => {
        const a = area(req.area);
        const { f, s } = await loadAll(ctx, req.id);
        const b = basePotential(f, s, a);
        return json({
          chart_id: req.id,
          area: a.area,
          method_version: MATERIALIZATION_METHOD_VERSION,
          houses: a.houses,
          karakas: a.karakas,
          base_potential: b.base_potential,
          reading: readingBand(b.base_potential),
          house_qualities: b.house_qualities,
          karaka_strengths: b.karaka_strengths,
          lord: b.lord,
          lord_strength: b.lord_strength,
        });
      },
      getMaterializationAt: async (req, ctx) => {
        const a = area(req.area);
        const at = requiredAt(req.at);
        const { f, s } = await loadAll(ctx, req.id);
        const m = materializationAt(f, s, a, transitsAt(at.ms));
        return json({
          chart_id: req.id,
          area: a.area,
          method_version: MATERIALIZATION_METHOD_VERSION,
          moment: new Date(at.ms).toISOString(),
          base_potential: m.base_potential,
          transit_multiplier: m.transit_multiplier,
          final_probability: m.final_probability,
          reading: readingBand(m.final_probability),
          contributing_contacts: m.contributing_contacts,
        });
      },
      getEssentialPlanets: async (req, ctx) => {
        const sig = theme(req);
        const f = factsOf(await load(ctx, req.id));
        const e = essentialPlanets(f, sig);
        return json({ chart_id: req.id, method_version: PROBABILITY_METHOD_VERSION, ...e });
      },
      getPeriodModifiers: async (req, ctx) => {
        const only = planetParam(req.planet, 'planet');
        const at = optionalAt(req.at);
        const stored = await load(ctx, req.id);
        const f = factsOf(stored);
        const chain = vimChain(stored, f, at.ms);
        const planets = periodModifiers(f, chain).filter((p) => !only || p.planet === only);
        return json({
          chart_id: req.id,
          method_version: PROBABILITY_METHOD_VERSION,
          moment: new Date(at.ms).toISOString(),
          current_periods: periodChain(chain),
          scores: Object.fromEntries(planets.map((p) => [p.planet, p.score])),
          planets,
        });
      },
      getTransitModifiers: async (req, ctx) => {
        const only = planetParam(req.planet, 'planet');
        const at = optionalAt(req.at);
        const { s } = await loadAll(ctx, req.id);
        const planets = transitModifiers(s, transitsAt(at.ms)).filter((p) => !only || p.planet === only);
        return json({
          chart_id: req.id,
          method_version: PROBABILITY_METHOD_VERSION,
          moment: new Date(at.ms).toISOString(),
          planets,
          skipped: ['rahu', 'ketu'].filter((p) => !only || p === only),
        });
      },
      getProbability: async (req, ctx) => {
        const sig = theme(req);
        const at = optionalAt(req.at);
        const { stored, f, s } = await loadAll(ctx, req.id);
        const p = probability(f, s, activity(stored, f, s, at.ms), sig);
        return json({
          chart_id: req.id,
          theme: sig.theme,
          method_version: PROBABILITY_METHOD_VERSION,
          moment: new Date(at.ms).toISOString(),
          ...p,
        });
      },
      getCompleteFactor: async (req, ctx) => {
        const sig = theme(req);
        const at = optionalAt(req.at);
        const { stored, f, s } = await loadAll(ctx, req.id);
        const act = activity(stored, f, s, at.ms);
        const e = essentialPlanets(f, sig);
        const p = probability(f, s, act, sig);
        const arudha = (type: 'ARUDHA_FROM_LAGNA' | 'ARUDHA_FROM_KARAKA') => {
          const src = p.sources.find((x) => x.condition_type === type)!;
          return { sign: src.sign, activation: src.activation, threshold: src.threshold, is_active: src.is_satisfied };
        };
        return json({
          chart_id: req.id,
          theme: sig.theme,
          method_version: PROBABILITY_METHOD_VERSION,
          moment: new Date(at.ms).toISOString(),
          karaka: sig.karaka,
          house_number: sig.house,
          top_essential_planets: e.ranked.slice(0, 3),
          arudhas: { from_lagna: arudha('ARUDHA_FROM_LAGNA'), from_karaka: arudha('ARUDHA_FROM_KARAKA') },
          sources: p.sources,
          failed_conditions: p.failed_conditions,
          raw_probability: p.raw_probability,
          final_probability: p.final_probability,
          explanation:
            `${sig.theme}: karaka ${sig.karaka}, house ${sig.house}; ` +
            `${p.sources.filter((x) => x.is_satisfied).length} of 7 sources satisfied; final ${p.final_probability}`,
        });
      },
      getMetaFactors: async (req, ctx) => {
        const { f, s } = await loadAll(ctx, req.id);
        return json({ chart_id: req.id, method_version: PROBABILITY_METHOD_VERSION, ...metaFactors(f, s) });
      },
    }),
  ];
}
