// VargaService: proto <-> domain for the divisional-chart routes (spec 2-vedic.md "Divisional charts").
import { computeChart, currentAyanamsha, siderealFrame } from '@astro/astro-core';
import { invalidRequest, service, type CallContext, type Registration } from '@astro/platform';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import { VargaServiceService, type DivisionalChart } from '@astro/protos/astro/vedic/v1/vargas';
import type { StoredChart } from '../clients/chart-source.ts';
import {
  divisionalEntries,
  METHOD_VERSION,
  SHODASHA_VARGAS,
  STRENGTH_METHOD_VERSION,
  STRENGTH_VARGAS,
  vargaStrength,
  type BodyLongitude,
} from '../domain/vargas/charts.ts';
import { isVarga, VARGAS, type Varga } from '../domain/vargas/rules.ts';
import type { VedicDeps } from './deps.ts';

const features = (): FeatureUsed[] => [
  { source: 'natal_chart', version: siderealFrame(), fields: ['planets.longitude'] },
];

function parseVarga(v: string): Varga {
  if (isVarga(v)) return v;
  throw invalidRequest([
    { field: 'varga', reason: 'invalid_value', message: `varga must be one of ${VARGAS.join(', ')}` },
  ]);
}

/**
 * Sidereal longitudes of the chart's bodies. A Vedic chart's positions are already sidereal (the chart
 * source gives them in the request's ayanamsha). A Western chart stores tropical positions; vargas are
 * a sidereal technique, so its positions are recomputed in the request's ayanamsha (its recorded one,
 * an override, else Lahiri) for the same moment and place (ascendant and midheaven do not
 * depend on the house system).
 */
export function siderealBodies(stored: StoredChart): BodyLongitude[] {
  const chart = stored.chart;
  if (!chart) return [];
  if (chart.system === 'vedic') return chart.planets.map((p) => ({ planet: p.planet, longitude: p.longitude }));
  const computed = computeChart({
    utcMs: stored.utc_ms,
    latitude: chart.birth?.latitude ?? 0,
    longitude: chart.birth?.longitude ?? 0,
    system: 'vedic',
    houseSystem: 'whole_sign',
    ayanamsha: currentAyanamsha(),
  });
  return computed.planets.map((p) => ({ planet: p.planet, longitude: p.longitude }));
}

function divisional(varga: Varga, chartId: string, bodies: BodyLongitude[]): DivisionalChart {
  return { varga, chart_id: chartId, entries: divisionalEntries(varga, bodies) };
}

export function vargaRegistrations(deps: VedicDeps): Registration[] {
  const load = async (ctx: CallContext, chartId: string, allowWestern = false) =>
    siderealBodies(await deps.charts.load(ctx, chartId, { allowWestern }));
  const focus = async (ctx: CallContext, chartId: string, varga: Varga, focus_topics: string[]) => {
    const bodies = await load(ctx, chartId);
    return {
      chart_id: chartId,
      varga,
      entries: divisionalEntries(varga, bodies),
      focus_topics,
      features_used: features(),
    };
  };
  return [
    service('astro.vedic.v1.VargaService', VargaServiceService, {
      getDivisionalChart: async (req, ctx) => {
        const varga = parseVarga(req.varga);
        return divisional(varga, req.id, await load(ctx, req.id, true));
      },
      getVarga: async (req, ctx) => {
        const varga = parseVarga(req.varga);
        return divisional(varga, req.id, await load(ctx, req.id));
      },
      listVargas: async (req, ctx) => {
        const bodies = await load(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: METHOD_VERSION,
          vargas: SHODASHA_VARGAS.map((v) => divisional(v, req.id, bodies)),
          features_used: features(),
        };
      },
      getNavamsa: async (req, ctx) => focus(ctx, req.id, 'D9', ['marriage', 'dharma']),
      getDashamsa: async (req, ctx) => focus(ctx, req.id, 'D10', ['career', 'status']),
      getVargaStrength: async (req, ctx) => {
        const bodies = await load(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: STRENGTH_METHOD_VERSION,
          vargas: [...STRENGTH_VARGAS],
          entries: vargaStrength(bodies).map((e) => ({ ...e, dignity_name: e.dignity_name ?? undefined })),
          features_used: features(),
        };
      },
    }),
  ];
}
