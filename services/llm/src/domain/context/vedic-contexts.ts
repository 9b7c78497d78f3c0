// Engine contexts of the Vedic LLM routes (spec 3-western-llm.md "LLM interpretation routes"): theme,
// chart reading, dasha forecast, muhurta reasoning. Each is a plain JSON object (the exact context
// the model receives) with `highlights`, the facts a writer may state.
import { computeChart, DEFAULT_AYANAMSHA, isAyanamsha } from '@astro/astro-core';
import type { Principal } from '@astro/platform';
import { atDepth, type EngineContext, type Fact } from '../facts.ts';
import type { ThemeDef } from '../themes.ts';
import type { CalcSources, MuhurtaWindow, StoredChart } from '../ports.ts';
import {
  contacts,
  GRAHAS,
  houseFact,
  houseFrom,
  houseSummary,
  placementFacts,
  placements,
  yogas,
  type Pos,
} from './vedic-grounding.ts';

// v2: intro facts name a topic instead of English text; facts carry the tier depth (domain/facts.ts);
// theme and chart reading contexts carry the extra placements and houses their deeper facts cite.
export const CONTEXT_VERSION = 'llm-context-v2';
export type { EngineContext } from '../facts.ts';

const positionsOf = (c: StoredChart): Pos[] => (c.chart?.planets ?? []) as Pos[];

/**
 * Sidereal positions of the sky at `atIso` seen from the chart's birth place, in the chart's own
 * ayanamsha (Lahiri unless it was created with another: docs/ayanamshas.md), so transits and natal
 * positions share one zodiac.
 */
function skyAt(c: StoredChart, atMs: number, system: 'vedic' | 'western'): Pos[] {
  const sky = computeChart({
    utcMs: atMs,
    latitude: c.chart!.birth!.latitude,
    longitude: c.chart!.birth!.longitude,
    system,
    houseSystem: 'whole_sign',
    ayanamsha: system === 'vedic' ? (isAyanamsha(c.chart?.ayanamsha) ? c.chart.ayanamsha : DEFAULT_AYANAMSHA) : null,
  });
  return sky.planets as Pos[];
}

function transitContacts(c: StoredChart, atMs: number, n: number) {
  return contacts(skyAt(c, atMs, 'vedic'), positionsOf(c), GRAHAS).slice(0, n);
}

const contactFacts = (list: ReturnType<typeof contacts>): Fact[] =>
  list.map((t) => ({
    kind: 'contact',
    a: t.transit_planet,
    b: t.natal_planet,
    aspect: t.aspect,
    orb: t.orb_degrees,
    transit: true,
  }));

export async function themeContext(
  src: CalcSources,
  p: Principal,
  chartId: string,
  theme: string,
  def: ThemeDef,
  at: { iso: string; ms: number } | null,
): Promise<EngineContext> {
  const chart = await src.readChart(p, chartId, 'vedic');
  const { ascSign, list } = placements(positionsOf(chart));
  const house = houseSummary(ascSign, list, def.house);
  const karaka = list.find((x) => x.planet === def.karaka) ?? null;
  const top = at ? transitContacts(chart, at.ms, 5) : [];
  // vedic-calc's probability engine: complete factor (karaka, house, essential planets, arudhas,
  // seven sources, failed conditions) and the final probability.
  const cf = await src.completeFactor(p, chartId, theme, at?.iso);
  const essential = ((cf.top_essential_planets ?? []) as { planet: string }[]).slice(0, 3).map((e) => e.planet);
  // Basic: the theme, its probability, its house and karaka. Standard adds the essential planets with
  // their placements and the transit contacts. Premium adds every other graha's placement.
  const highlights: Fact[] = [
    { kind: 'intro', topic: 'theme', theme },
    { kind: 'probability', theme, value: cf.final_probability },
    houseFact(house),
    ...(karaka ? placementFacts([karaka]) : []),
    ...atDepth(
      essential.flatMap((pl): Fact[] => [
        { kind: 'essential', planet: pl, theme },
        ...placementFacts(list.filter((x) => x.planet === pl && x.planet !== karaka?.planet)),
      ]),
      2,
    ),
    ...atDepth(contactFacts(top), 2),
    ...atDepth(placementFacts(list.filter((x) => x.planet !== karaka?.planet && !essential.includes(x.planet))), 3),
  ];
  return {
    interpretation_type: 'theme',
    method_version: CONTEXT_VERSION,
    chart_id: chartId,
    theme: { name: theme, karaka: def.karaka, house: def.house },
    complete_factor: {
      method_version: cf.method_version,
      karaka: cf.karaka,
      house_number: cf.house_number,
      top_essential_planets: cf.top_essential_planets,
      arudhas: cf.arudhas,
      sources: cf.sources,
      failed_conditions: cf.failed_conditions,
      explanation: cf.explanation,
      house_summary: house,
      karaka_placement: karaka,
    },
    probability: { raw: cf.raw_probability, final: cf.final_probability, moment: cf.moment },
    at: at?.iso ?? null,
    top_transit_contacts: top,
    placements: list,
    highlights,
  };
}

const NATURAL: Record<string, 'benefic' | 'malefic'> = {
  jupiter: 'benefic',
  venus: 'benefic',
  moon: 'benefic',
  mercury: 'benefic',
  sun: 'malefic',
  mars: 'malefic',
  saturn: 'malefic',
  rahu: 'malefic',
  ketu: 'malefic',
};

const HEADLINE_AREAS: [string, number][] = [
  ['self', 1],
  ['wealth', 2],
  ['spouse', 7],
  ['career', 10],
  ['gain', 11],
];

export async function chartReadingContext(src: CalcSources, p: Principal, chartId: string): Promise<EngineContext> {
  const chart = await src.readChart(p, chartId, 'vedic');
  const karakas = await src.jaiminiKarakas(p, chartId);
  const meta = await src.metaFactors(p, chartId);
  const drivers = (
    (meta.meta_factors ?? []) as { planet: string; total_appearances: number; weighted_score: number }[]
  ).slice(0, 3);
  const { ascSign, list } = placements(positionsOf(chart));
  const found = yogas(list);
  // Natural natures (BPHS ch. 3) corrected by dignity: own or exaltation strengthens, debilitation weakens.
  const natures = list.map((x) => ({
    planet: x.planet,
    natural: NATURAL[x.planet]!,
    dignity: x.dignity,
    corrected:
      x.dignity === 'exalted' || x.dignity === 'own_sign'
        ? `strengthened_${NATURAL[x.planet]}`
        : x.dignity === 'debilitated'
          ? `weakened_${NATURAL[x.planet]}`
          : NATURAL[x.planet]!,
  }));
  const areas = HEADLINE_AREAS.map(([name, h]) => ({ area: name, ...houseSummary(ascSign, list, h) }));
  const headline = new Set(HEADLINE_AREAS.map(([, h]) => h));
  const otherHouses = Array.from({ length: 12 }, (_, i) => i + 1)
    .filter((h) => !headline.has(h))
    .map((h) => houseSummary(ascSign, list, h));
  const karakaFact = (a: { role: string; planet: string }): Fact => ({
    kind: 'karaka',
    role: a.role,
    planet: a.planet,
  });
  const yogaFact = (y: { name: string; planets: string[] }): Fact => ({
    kind: 'yoga',
    name: y.name,
    planets: y.planets,
  });
  // Basic: the three driving planets, the atmakaraka, the strongest yoga and the first and tenth
  // houses. Standard adds every placement and dignity, the amatyakaraka, every yoga and the five
  // headline areas. Premium adds the other karakas and the remaining seven houses.
  const highlights: Fact[] = [
    { kind: 'intro', topic: 'chart_reading' },
    ...drivers.map((m): Fact => ({ kind: 'meta_factor', planet: m.planet, appearances: m.total_appearances })),
    ...karakas.assignments.slice(0, 1).map(karakaFact),
    ...found.slice(0, 1).map(yogaFact),
    ...areas.filter((a) => a.house === 1 || a.house === 10).map(houseFact),
    ...atDepth(placementFacts(list), 2),
    ...atDepth(karakas.assignments.slice(1, 2).map(karakaFact), 2),
    ...atDepth(found.slice(1).map(yogaFact), 2),
    ...atDepth(areas.filter((a) => a.house !== 1 && a.house !== 10).map(houseFact), 2),
    ...atDepth(karakas.assignments.slice(2).map(karakaFact), 3),
    ...atDepth(otherHouses.map(houseFact), 3),
  ];
  return {
    interpretation_type: 'chart_reading',
    method_version: CONTEXT_VERSION,
    chart_id: chartId,
    ascendant_sign: ascSign,
    placements: list,
    meta_factors: {
      method_version: meta.method_version,
      themes_analysed: meta.themes_analysed,
      meta_factors: meta.meta_factors,
    },
    chara_karakas: {
      atmakaraka: karakas.atmakaraka,
      amatyakaraka: karakas.amatyakaraka,
      karakamsha_sign: karakas.karakamsha_sign,
      karakas: karakas.assignments.map((a) => ({ role: a.role, planet: a.planet })),
    },
    top_yogas: found,
    corrected_natures: natures,
    headline_areas: areas,
    other_houses: otherHouses,
    highlights,
  };
}

export async function dashaForecastContext(
  src: CalcSources,
  p: Principal,
  chartId: string,
  at: { iso: string; ms: number },
): Promise<EngineContext> {
  const chart = await src.readChart(p, chartId, 'vedic');
  const current = await src.vimshottariCurrent(p, chartId, at.iso);
  const [periodMods, transitMods] = await Promise.all([
    src.periodModifiers(p, chartId, at.iso),
    src.transitModifiers(p, chartId, at.iso),
  ]);
  const { ascSign, list } = placements(positionsOf(chart));
  const sky = skyAt(chart, at.ms, 'vedic');
  const chain = [current.md, current.ad, current.pd].filter((x) => !!x);
  const periods = chain.map((d) => {
    const transit = sky.find((s) => s.planet === d!.lord);
    return {
      level: d!.period_level,
      lord: d!.lord,
      starts_at: d!.starts_at,
      ends_at: d!.ends_at,
      // Period modifiers: the lord's natal standing.
      period_modifiers: {
        lord_house: d!.lord_house ?? null,
        owned_houses: d!.owned_houses,
        dignity: d!.dignity ?? null,
        lord_strength: d!.lord_strength ?? null,
      },
      // Transit modifiers: where the lord moves at `at`, and its contacts with the natal chart.
      transit_modifiers: transit
        ? {
            sign: transit.sign,
            house_from_ascendant: houseFrom(ascSign, transit.sign),
            retrograde: transit.is_retrograde,
            contacts: contacts([transit], positionsOf(chart), GRAHAS).slice(0, 3),
          }
        : null,
    };
  });
  // Basic: the chain of periods. Standard adds each lord's natal placement; premium adds where each
  // lord transits at `at` and its contacts with the natal chart.
  const highlights: Fact[] = [{ kind: 'intro', topic: 'dasha', date: at.iso }];
  for (const d of periods) {
    highlights.push({
      kind: 'dasha',
      level: d.level as 'maha',
      lord: d.lord,
      starts_at: d.starts_at,
      ends_at: d.ends_at,
    });
    const natal = list.find((x) => x.planet === d.lord);
    if (natal) highlights.push(...atDepth(placementFacts([natal]), 2));
    const t = d.transit_modifiers;
    if (t)
      highlights.push({
        kind: 'placement',
        planet: d.lord,
        sign: t.sign,
        house: t.house_from_ascendant,
        retrograde: t.retrograde,
        owner: 'transit',
        depth: 3,
      });
    for (const c of t?.contacts ?? [])
      highlights.push({
        kind: 'contact',
        a: c.transit_planet,
        b: c.natal_planet,
        aspect: c.aspect,
        orb: c.orb_degrees,
        transit: true,
        depth: 3,
      });
  }
  return {
    interpretation_type: 'dasha_forecast',
    method_version: CONTEXT_VERSION,
    chart_id: chartId,
    at: at.iso,
    system: 'vimshottari',
    current_chain: periods,
    // vedic-calc's probability engine: period scores of every planet and ashtakavarga transit scores.
    period_modifiers: {
      method_version: periodMods.method_version,
      scores: periodMods.scores,
      planets: periodMods.planets,
    },
    transit_modifiers: { method_version: transitMods.method_version, planets: transitMods.planets },
    highlights,
  };
}

export async function muhurtaContext(
  src: CalcSources,
  p: Principal,
  chartId: string,
  w: MuhurtaWindow,
): Promise<EngineContext> {
  await src.readChart(p, chartId, 'vedic');
  const res = await src.muhurtaCandidates(p, chartId, w);
  const candidates = res.candidates.map((c, i) => ({ rank: i + 1, ...c }));
  // Basic: the three best candidates; standard the first five; premium all of them.
  const highlights: Fact[] = [
    { kind: 'intro', topic: 'muhurta' },
    { kind: 'window', starts_at: w.window_start, ends_at: w.window_end },
    ...candidates.map((c): Fact => ({
      kind: 'muhurta',
      rank: c.rank,
      at: c.proposed_at,
      tara: c.tara_name,
      weekday_lord: c.weekday_lord,
      score: c.score,
      ...(c.rank > 5 ? { depth: 3 as const } : c.rank > 3 ? { depth: 2 as const } : {}),
    })),
  ];
  return {
    interpretation_type: 'muhurta',
    method_version: CONTEXT_VERSION,
    chart_id: chartId,
    window: w,
    ranking: 'tara points (0-3) plus weekday lord points (0-2), best first',
    calculation_method_version: res.method_version,
    candidates,
    highlights,
  };
}
