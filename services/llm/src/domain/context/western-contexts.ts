// Engine contexts of the Western LLM-ready routes. Natal and forecast read western-calc (summary,
// aspects, dignities, balance, houses, dispositors, patterns; transit windows, profection, progressed
// lunation). Relationship is computed here from the two stored tropical charts with the shared
// ephemeris core (western-calc's relationship routes are not on main yet): synastry contacts, house
// overlays both ways, composite (shorter-arc midpoints) and Davison (the chart of the midpoint in time
// and space) Sun, Moon, Venus and Mars, a contact score breakdown.
import {
  computeChart,
  DEBILITATION,
  EXALTATION,
  SIGNS,
  SIGN_INFO,
  type ClassicalPlanet,
  type Sign,
} from '@astro/astro-core';
import type { Principal } from '@astro/platform';
import { atDepth, type Fact } from '../facts.ts';
import type { CalcSources, StoredChart } from '../ports.ts';
import { contacts, type Contact, type Pos } from './vedic-grounding.ts';
import { CONTEXT_VERSION, type EngineContext } from './vedic-contexts.ts';

export interface NamedKind {
  name: string;
  kind: string;
}
export interface WesternContext {
  context: EngineContext;
  features_used: NamedKind[];
  sources: NamedKind[];
}

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
const round = (x: number, n = 2) => Math.round(x * 10 ** n) / 10 ** n;
const norm = (x: number) => ((x % 360) + 360) % 360;

const positionsOf = (c: StoredChart): Pos[] => (c.chart?.planets ?? []) as Pos[];

/** House (1-12) of a longitude among the chart's cusps. */
export function houseOf(cusps: { house: number; longitude: number }[], lon: number): number | null {
  if (cusps.length !== 12) return null;
  const sorted = [...cusps].sort((a, b) => a.house - b.house);
  for (let i = 0; i < 12; i++) {
    const a = sorted[i]!.longitude;
    const b = sorted[(i + 1) % 12]!.longitude;
    if (norm(lon - a) < norm(b - a)) return sorted[i]!.house;
  }
  return null;
}

function dignity(planet: string, sign: string): string {
  if (!(planet in EXALTATION)) return 'none';
  const p = planet as ClassicalPlanet;
  const s = sign as Sign;
  if (SIGN_INFO[s].ruler === p) return 'rulership';
  if (EXALTATION[p].sign === s) return 'exaltation';
  if (SIGN_INFO[SIGNS[(SIGNS.indexOf(s) + 6) % 12]!].ruler === p) return 'detriment';
  if (DEBILITATION[p].sign === s) return 'fall';
  return 'peregrine';
}

function natalCore(c: StoredChart) {
  const pos = positionsOf(c);
  const cusps = c.chart?.houses ?? [];
  const placements = PLANETS.map((pl) => pos.find((x) => x.planet === pl))
    .filter((x): x is Pos => !!x)
    .map((x) => ({
      planet: x.planet,
      sign: x.sign,
      degree_in_sign: round(x.degree_in_sign),
      house: houseOf(cusps, x.longitude),
      retrograde: x.is_retrograde,
      dignity: dignity(x.planet, x.sign),
    }));
  const aspects = contacts(pos, pos, PLANETS)
    .filter((a) => PLANETS.indexOf(a.transit_planet as 'sun') < PLANETS.indexOf(a.natal_planet as 'sun'))
    .map((a) => ({
      planet_a: a.transit_planet,
      planet_b: a.natal_planet,
      aspect: a.aspect,
      orb_degrees: a.orb_degrees,
      strength: a.strength,
    }));
  // Element balance: luminaries count 2, the other planets 1 (spec: weights, not plain counts).
  const weights: Record<string, number> = { fire: 0, earth: 0, air: 0, water: 0 };
  for (const p of placements)
    weights[SIGN_INFO[p.sign as Sign].element]! += p.planet === 'sun' || p.planet === 'moon' ? 2 : 1;
  const total = Object.values(weights).reduce((a, b) => a + b, 0) || 1;
  const [dominant, w] = Object.entries(weights).sort((a, b) => b[1] - a[1])[0]!;
  return {
    pos,
    cusps,
    placements,
    aspects,
    balance: { weights, dominant_element: dominant, share: round(w / total, 3) },
  };
}

const placementFact = (
  p: { planet: string; sign: string; house: number | null; retrograde: boolean },
  owner?: string,
): Fact => ({
  kind: 'placement',
  planet: p.planet,
  sign: p.sign,
  house: p.house,
  retrograde: p.retrograde,
  ...(owner ? { owner } : {}),
});
const aspectFact = (a: { planet_a: string; planet_b: string; aspect: string; orb_degrees: number }): Fact => ({
  kind: 'contact',
  a: a.planet_a,
  b: a.planet_b,
  aspect: a.aspect,
  orb: a.orb_degrees,
  transit: false,
});

export async function natalContext(src: CalcSources, p: Principal, chartId: string): Promise<WesternContext> {
  const chart = await src.readChart(p, chartId, 'western');
  const n = natalCore(chart);
  // western-calc's own results: summary (with balance), aspects, dignities, houses, dispositors, patterns.
  const w = await src.westernNatal(p, chartId);
  const aspects = (
    w.aspects as {
      planet_a: string;
      planet_b: string;
      aspect: string;
      category: string;
      orb_degrees: number;
      strength: number;
    }[]
  )
    .filter((a) => a.category === 'major')
    .sort((a, b) => b.strength - a.strength);
  const dignities = (w.dignities as { planet: string; dignity: string }[]).filter((d) =>
    ['rulership', 'exaltation', 'fall'].includes(d.dignity),
  );
  const balance = w.summary?.balance as
    { dominant_element?: string; elements?: { name: string; percentage: number }[] } | undefined;
  const dominant = balance?.dominant_element;
  const share = balance?.elements?.find((e) => e.name === dominant)?.percentage;
  const luminary = (x: { planet: string }) => x.planet === 'sun' || x.planet === 'moon';
  // Basic: Sun and Moon, the three strongest major aspects and the dominant element. Standard adds the
  // other placements, the dignities and the aspects up to the eighth. Premium adds every other major
  // aspect western-calc found.
  const highlights: Fact[] = [
    { kind: 'intro', topic: 'natal' },
    ...n.placements.filter(luminary).map((x) => placementFact(x)),
    ...aspects.slice(0, 3).map(aspectFact),
    ...(dominant && typeof share === 'number'
      ? [{ kind: 'element', element: dominant, share: share / 100 } as Fact]
      : []),
    ...atDepth(
      n.placements.filter((x) => !luminary(x)).map((x) => placementFact(x)),
      2,
    ),
    ...atDepth(
      dignities.map((d): Fact => ({
        kind: 'dignity',
        planet: d.planet,
        dignity: d.dignity === 'rulership' ? 'own_sign' : d.dignity === 'exaltation' ? 'exalted' : 'debilitated',
      })),
      2,
    ),
    ...atDepth(aspects.slice(3, 8).map(aspectFact), 2),
    ...atDepth(aspects.slice(8).map(aspectFact), 3),
  ];
  return {
    context: {
      interpretation_type: 'western_natal',
      method_version: CONTEXT_VERSION,
      chart_id: chartId,
      house_system: chart.chart?.house_system ?? null,
      placements: n.placements,
      summary: w.summary,
      aspects: w.aspects,
      dignities: w.dignities,
      balance: balance ?? null,
      houses: w.houses,
      dispositors: w.dispositors,
      patterns: w.patterns,
      highlights,
    },
    features_used: [
      { name: 'summary', kind: 'natal' },
      { name: 'aspects', kind: 'natal' },
      { name: 'dignities', kind: 'natal' },
      { name: 'balance', kind: 'natal' },
      { name: 'houses', kind: 'natal' },
      { name: 'dispositors', kind: 'natal' },
      { name: 'patterns', kind: 'natal' },
    ],
    sources: [
      { name: 'stored_chart', kind: 'chart' },
      { name: 'western-calc', kind: 'calculation' },
    ],
  };
}

function midpoint(a: number, b: number): number {
  const d = norm(b - a);
  return d <= 180 ? norm(a + d / 2) : norm(b + (360 - d) / 2);
}

export async function relationshipContext(
  src: CalcSources,
  p: Principal,
  aId: string,
  bId: string,
): Promise<WesternContext> {
  const a = await src.readChart(p, aId, 'western');
  const b = await src.readChart(p, bId, 'western');
  const A = natalCore(a);
  const B = natalCore(b);
  const synastry = contacts(A.pos, B.pos, PLANETS).slice(0, 12);
  const overlays = (from: typeof A, into: typeof B) =>
    from.placements.map((x) => ({
      planet: x.planet,
      sign: x.sign,
      house: houseOf(into.cusps, from.pos.find((q) => q.planet === x.planet)!.longitude),
    }));
  const core = ['sun', 'moon', 'venus', 'mars'];
  const composite = core.map((pl) => {
    const lon = midpoint(A.pos.find((x) => x.planet === pl)!.longitude, B.pos.find((x) => x.planet === pl)!.longitude);
    return { planet: pl, longitude: round(lon), sign: SIGNS[Math.floor(lon / 30)]! };
  });
  const midMs = Math.round((a.utc_ms + b.utc_ms) / 2);
  const davisonChart = computeChart({
    utcMs: midMs,
    latitude: (a.chart!.birth!.latitude + b.chart!.birth!.latitude) / 2,
    longitude: midpoint(a.chart!.birth!.longitude + 180, b.chart!.birth!.longitude + 180) - 180,
    system: 'western',
    houseSystem: 'whole_sign',
    ayanamsha: null,
  });
  const davison = core.map((pl) => {
    const x = davisonChart.planets.find((q) => q.planet === pl)!;
    return { planet: pl, longitude: round(x.longitude), sign: x.sign };
  });
  const tone = (c: Contact) =>
    c.aspect === 'trine' || c.aspect === 'sextile' ? 'harmonious' : c.aspect === 'conjunction' ? 'neutral' : 'dynamic';
  const score = { harmonious: 0, dynamic: 0, neutral: 0 } as Record<string, number>;
  for (const c of synastry) score[tone(c)]! += round(c.strength, 3);
  const synastryFact = (c: Contact): Fact => ({
    kind: 'contact',
    a: c.transit_planet,
    b: c.natal_planet,
    aspect: c.aspect,
    orb: c.orb_degrees,
    transit: false,
  });
  const compositeFact = (x: (typeof composite)[number]) =>
    placementFact({ planet: x.planet, sign: x.sign, house: null, retrograde: false }, 'composite');
  // Basic: the three strongest contacts and the composite Sun and Moon. Standard adds the contacts up
  // to the eighth, the house overlays both ways and the composite Venus and Mars. Premium adds every
  // other synastry contact of the context.
  const highlights: Fact[] = [
    { kind: 'intro', topic: 'relationship' },
    ...synastry.slice(0, 3).map(synastryFact),
    ...composite.slice(0, 2).map(compositeFact),
    ...atDepth(synastry.slice(3, 8).map(synastryFact), 2),
    ...atDepth(
      overlays(A, B)
        .filter((x) => core.includes(x.planet))
        .map((x) => placementFact({ ...x, retrograde: false }, 'A→B')),
      2,
    ),
    ...atDepth(
      overlays(B, A)
        .filter((x) => core.includes(x.planet))
        .map((x) => placementFact({ ...x, retrograde: false }, 'B→A')),
      2,
    ),
    ...atDepth(composite.slice(2).map(compositeFact), 2),
    ...atDepth(synastry.slice(8).map(synastryFact), 3),
  ];
  return {
    context: {
      interpretation_type: 'western_relationship',
      method_version: CONTEXT_VERSION,
      chart_a_id: aId,
      chart_b_id: bId,
      synastry_contacts: synastry.map((c) => ({
        planet_a: c.transit_planet,
        planet_b: c.natal_planet,
        aspect: c.aspect,
        orb_degrees: c.orb_degrees,
        strength: c.strength,
        tone: tone(c),
      })),
      house_overlays: { a_in_b: overlays(A, B), b_in_a: overlays(B, A) },
      composite,
      davison: { moment_utc: new Date(midMs).toISOString(), positions: davison },
      score_breakdown: Object.fromEntries(Object.entries(score).map(([k, v]) => [k, round(v, 3)])),
      highlights,
    },
    features_used: [
      { name: 'synastry_contacts', kind: 'relationship' },
      { name: 'house_overlays', kind: 'relationship' },
      { name: 'composite', kind: 'relationship' },
      { name: 'davison', kind: 'relationship' },
      { name: 'score_breakdown', kind: 'relationship' },
    ],
    sources: [
      { name: 'stored_chart', kind: 'chart' },
      { name: 'astro-core', kind: 'ephemeris' },
    ],
  };
}

export async function forecastContext(
  src: CalcSources,
  p: Principal,
  chartId: string,
  start: { iso: string; ms: number },
  end: { iso: string; ms: number },
): Promise<WesternContext> {
  await src.readChart(p, chartId, 'western');
  // western-calc's predictive routes: transit windows of the range, the profection and the progressed
  // lunation at its start.
  const w = await src.westernForecast(p, chartId, start.iso, end.iso);
  type Win = {
    transit_planet: string;
    natal_planet: string;
    aspect: string;
    min_orb_degrees: number;
    peak_strength: number;
  };
  const top = ([...w.transit_windows] as Win[]).sort((a, b) => b.peak_strength - a.peak_strength).slice(0, 16);
  const prof = w.annual_profection as { age_years: number; house: number; sign: string; time_lord: string };
  const themes = [...new Set(top.slice(0, 8).map((x) => `${x.transit_planet}_${x.aspect}_${x.natal_planet}`))].slice(
    0,
    5,
  );
  // Basic: the window, the profection and the three strongest transit windows; standard up to the
  // eighth; premium up to the sixteenth.
  const highlights: Fact[] = [
    { kind: 'intro', topic: 'forecast' },
    { kind: 'window', starts_at: start.iso, ends_at: end.iso },
    { kind: 'profection', age: prof.age_years, house: prof.house, sign: prof.sign, time_lord: prof.time_lord },
    ...top.map((x, i): Fact => ({
      kind: 'contact',
      a: x.transit_planet,
      b: x.natal_planet,
      aspect: x.aspect,
      orb: x.min_orb_degrees,
      transit: true,
      ...(i >= 8 ? { depth: 3 as const } : i >= 3 ? { depth: 2 as const } : {}),
    })),
  ];
  return {
    context: {
      interpretation_type: 'western_forecast',
      method_version: CONTEXT_VERSION,
      chart_id: chartId,
      starts_at: start.iso,
      ends_at: end.iso,
      transit_windows: top,
      transit_window_count: w.transit_windows.length,
      annual_profection: prof,
      forecast_themes: themes,
      progressed_lunation: w.progressed_lunation,
      highlights,
    },
    features_used: [
      { name: 'transit_windows', kind: 'predictive' },
      { name: 'annual_profection', kind: 'predictive' },
      { name: 'forecast_themes', kind: 'predictive' },
      { name: 'progressed_lunation', kind: 'predictive' },
    ],
    sources: [
      { name: 'stored_chart', kind: 'chart' },
      { name: 'western-calc', kind: 'calculation' },
    ],
  };
}
