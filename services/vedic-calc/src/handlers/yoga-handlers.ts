// YogaService: proto <-> domain for the yoga engine (issue 20 item 4). A chart's yogas read the stored
// Vedic chart of the caller's tenant (another tenant's chart is 404 from the chart service); the
// catalogue is the rules themselves, as data and as text.
import { SIGNS, type Sign, siderealFrame } from '@astro/astro-core';
import { AppError, service, type CallContext, type Registration } from '@astro/platform';
import {
  YogaServiceService,
  type ChartYoga,
  type YogaCatalogueEntry,
  type YogaConvention,
} from '@astro/protos/astro/vedic/v1/yogas';
import { GRAHAS, type Graha, type YogaChart } from '../domain/yogas/chart.ts';
import {
  evaluateYogas,
  familyText,
  ruleText,
  strengthText,
  YOGA_CATALOGUE,
  YOGA_CATEGORIES,
  YOGA_CONVENTIONS,
  YOGA_METHOD_VERSION,
  type YogaCategory,
  type YogaResult,
  type YogaRule,
} from '../domain/yogas/index.ts';
import type { StoredChart } from '../clients/chart-source.ts';
import type { VedicDeps } from './deps.ts';

/** '' = every category; anything else must be one of YOGA_CATEGORIES (422 otherwise). */
function category(v: string): YogaCategory | undefined {
  if (v === '') return undefined;
  if (!(YOGA_CATEGORIES as readonly string[]).includes(v))
    throw new AppError('unsupported_yoga_category', `Unsupported yoga category "${v}".`, {
      category: v,
      allowed: [...YOGA_CATEGORIES],
    });
  return v as YogaCategory;
}

/** The facts the rules read: lagna sign, each graha's sign and degree within it. */
export function yogaChart(stored: StoredChart): YogaChart {
  const planets = stored.chart?.planets ?? [];
  const find = (name: string) => {
    const p = planets.find((x) => x.planet === name);
    if (!p) throw new Error(`chart has no ${name}`);
    return p;
  };
  const signIndex = (name: string) => SIGNS.indexOf(find(name).sign as Sign);
  const signs = Object.fromEntries(GRAHAS.map((g) => [g, signIndex(g)])) as Record<Graha, number>;
  const degrees = Object.fromEntries(GRAHAS.map((g) => [g, find(g).degree_in_sign]));
  return { lagna: signIndex('ascendant'), signs, degrees };
}

const conventions = (): YogaConvention[] => YOGA_CONVENTIONS.map((c) => ({ ...c }));

function toChartYoga(r: YogaResult): ChartYoga {
  return {
    id: r.rule.id,
    name: r.rule.name,
    category: r.rule.category,
    present: r.present,
    occurrences: r.occurrences.map((o) => ({
      planets: o.planets,
      houses: o.houses,
      strength: o.strength,
      bindings: Object.entries(o.binding).map(([variable, value]) => ({ variable, value: String(value) })),
    })),
    source: r.rule.source,
    strength_source: r.rule.strength?.source ?? '',
  };
}

function catalogueEntry(rule: YogaRule): YogaCatalogueEntry {
  return {
    id: rule.id,
    name: rule.name,
    category: rule.category,
    rule_text: ruleText(rule),
    rule_json: JSON.stringify(rule.rule),
    family: familyText(rule),
    source: rule.source,
    strength_rule: strengthText(rule),
    note: rule.note ?? '',
  };
}

export function yogaRegistrations(deps: VedicDeps): Registration[] {
  const load = (ctx: CallContext, id: string) => deps.charts.load(ctx, id);
  return [
    service('astro.vedic.v1.YogaService', YogaServiceService, {
      getChartYogas: async (req, ctx) => {
        const only = category(req.category);
        const stored = await load(ctx, req.chart_id);
        const results = evaluateYogas(yogaChart(stored), only);
        return {
          chart_id: req.chart_id,
          method_version: YOGA_METHOD_VERSION,
          present_count: results.filter((r) => r.present).length,
          yogas: results.filter((r) => r.present || req.include_absent).map(toChartYoga),
          conventions: conventions(),
          features_used: [
            { source: 'natal_chart', version: siderealFrame(), fields: ['planets.sign', 'planets.degree_in_sign'] },
          ],
        };
      },
      listYogas: async (req) => {
        const only = category(req.category);
        const rules = YOGA_CATALOGUE.filter((r) => !only || r.category === only);
        return {
          method_version: YOGA_METHOD_VERSION,
          count: rules.length,
          yogas: rules.map(catalogueEntry),
          conventions: conventions(),
        };
      },
    }),
  ];
}
