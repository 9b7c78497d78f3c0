// Engine contexts of the Western LLM-ready routes, computed from the stored tropical charts with the
// shared ephemeris core (western-calc's routes are not on main yet; see README). Natal: placements in
// the chart's houses, major aspects, traditional dignities, element balance. Relationship: synastry
// contacts, house overlays both ways, composite (shorter-arc midpoints) and Davison (the chart of the
// midpoint in time and space) Sun, Moon, Venus and Mars, a contact score breakdown. Forecast: transit
// windows of the slow planets (daily samples), the annual profection and the progressed lunation at
// the window start.
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
import type { Fact } from '../domain/facts.ts';
import type { CalcSources, StoredChart } from './sources.ts';
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
const SLOW = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
const DAY_MS = 86_400_000;
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
  const dignities = n.placements.filter(
    (x) => x.dignity === 'rulership' || x.dignity === 'exaltation' || x.dignity === 'fall' || x.dignity === 'detriment',
  );
  const highlights: Fact[] = [
    { kind: 'intro', subject: 'the natal chart' },
    ...n.placements.map((x) => placementFact(x)),
    ...dignities
      .filter((x) => x.dignity !== 'detriment')
      .map((x): Fact => ({
        kind: 'dignity',
        planet: x.planet,
        dignity: x.dignity === 'rulership' ? 'own_sign' : x.dignity === 'exaltation' ? 'exalted' : 'debilitated',
      })),
    ...n.aspects.slice(0, 8).map(aspectFact),
    { kind: 'element', element: n.balance.dominant_element, share: n.balance.share },
  ];
  return {
    context: {
      interpretation_type: 'western_natal',
      method_version: CONTEXT_VERSION,
      chart_id: chartId,
      house_system: chart.chart?.house_system ?? null,
      placements: n.placements,
      aspects: n.aspects,
      dignities,
      balance: n.balance,
      highlights,
    },
    features_used: [
      { name: 'placements', kind: 'natal' },
      { name: 'houses', kind: 'natal' },
      { name: 'aspects', kind: 'natal' },
      { name: 'dignities', kind: 'natal' },
      { name: 'balance', kind: 'natal' },
    ],
    sources: [
      { name: 'stored_chart', kind: 'chart' },
      { name: 'astro-core', kind: 'ephemeris' },
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
  const highlights: Fact[] = [
    { kind: 'intro', subject: 'the two charts together' },
    ...synastry.slice(0, 8).map((c): Fact => ({
      kind: 'contact',
      a: c.transit_planet,
      b: c.natal_planet,
      aspect: c.aspect,
      orb: c.orb_degrees,
      transit: false,
    })),
    ...overlays(A, B)
      .filter((x) => core.includes(x.planet))
      .map((x) => placementFact({ ...x, retrograde: false }, 'A→B')),
    ...overlays(B, A)
      .filter((x) => core.includes(x.planet))
      .map((x) => placementFact({ ...x, retrograde: false }, 'B→A')),
    ...composite.map((x) =>
      placementFact({ planet: x.planet, sign: x.sign, house: null, retrograde: false }, 'composite'),
    ),
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

const PHASES = ['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic'];

export async function forecastContext(
  src: CalcSources,
  p: Principal,
  chartId: string,
  start: { iso: string; ms: number },
  end: { iso: string; ms: number },
): Promise<WesternContext> {
  const chart = await src.readChart(p, chartId, 'western');
  const natal = positionsOf(chart);
  const { latitude, longitude } = chart.chart!.birth!;
  const sky = (ms: number) =>
    computeChart({ utcMs: ms, latitude, longitude, system: 'western', houseSystem: 'whole_sign', ayanamsha: null })
      .planets as Pos[];
  // Daily samples; a window is a run of days with the same contact in orb.
  const open = new Map<
    string,
    {
      transit_planet: string;
      natal_planet: string;
      aspect: string;
      starts_at: number;
      ends_at: number;
      exact_at: number;
      min_orb: number;
    }
  >();
  const windows: (typeof open extends Map<string, infer V> ? V : never)[] = [];
  for (let t = start.ms; t <= end.ms; t += DAY_MS) {
    const seen = new Set<string>();
    for (const c of contacts(sky(t), natal, [...SLOW, 'sun', 'moon', 'mercury', 'venus', 'mars']).filter((c) =>
      (SLOW as readonly string[]).includes(c.transit_planet),
    )) {
      const k = `${c.transit_planet}|${c.natal_planet}|${c.aspect}`;
      seen.add(k);
      const w = open.get(k);
      if (w) {
        w.ends_at = t;
        if (c.orb_degrees < w.min_orb) Object.assign(w, { min_orb: c.orb_degrees, exact_at: t });
      } else
        open.set(k, {
          transit_planet: c.transit_planet,
          natal_planet: c.natal_planet,
          aspect: c.aspect,
          starts_at: t,
          ends_at: t,
          exact_at: t,
          min_orb: c.orb_degrees,
        });
    }
    for (const [k, w] of open)
      if (!seen.has(k)) {
        windows.push(w);
        open.delete(k);
      }
  }
  windows.push(...open.values());
  const top = windows
    .sort((x, y) => x.min_orb - y.min_orb)
    .slice(0, 8)
    .map((w) => ({
      transit_planet: w.transit_planet,
      natal_planet: w.natal_planet,
      aspect: w.aspect,
      starts_at: new Date(w.starts_at).toISOString(),
      ends_at: new Date(w.ends_at).toISOString(),
      exact_at: new Date(w.exact_at).toISOString(),
      min_orb_degrees: w.min_orb,
    }));
  // Annual profection: one sign per completed year from the ascendant sign.
  const birth = new Date(chart.utc_ms);
  const s = new Date(start.ms);
  let age = s.getUTCFullYear() - birth.getUTCFullYear();
  if (
    s.getUTCMonth() < birth.getUTCMonth() ||
    (s.getUTCMonth() === birth.getUTCMonth() && s.getUTCDate() < birth.getUTCDate())
  )
    age -= 1;
  age = Math.max(0, age);
  const asc = natal.find((x) => x.planet === 'ascendant');
  const profSign = SIGNS[(SIGNS.indexOf((asc?.sign ?? 'aries') as Sign) + age) % 12]!;
  const profection = { age_years: age, house: (age % 12) + 1, sign: profSign, time_lord: SIGN_INFO[profSign].ruler };
  // Progressed lunation: secondary progressions, one day after birth per year of life.
  const years = (start.ms - chart.utc_ms) / (365.2422 * DAY_MS);
  const prog = sky(chart.utc_ms + years * DAY_MS);
  const ps = prog.find((x) => x.planet === 'sun')!.longitude;
  const pm = prog.find((x) => x.planet === 'moon')!.longitude;
  const angle = norm(pm - ps);
  const lunation = {
    progressed_sun_longitude: round(ps),
    progressed_moon_longitude: round(pm),
    phase_angle: round(angle),
    phase_name: PHASES[Math.floor(angle / 45)]!,
  };
  const themes = [...new Set(top.map((w) => `${w.transit_planet}_${w.aspect}_${w.natal_planet}`))].slice(0, 5);
  const highlights: Fact[] = [
    { kind: 'intro', subject: 'the forecast window' },
    { kind: 'window', starts_at: start.iso, ends_at: end.iso },
    { kind: 'profection', age, house: profection.house, sign: profSign, time_lord: profection.time_lord },
    ...top.map((w): Fact => ({
      kind: 'contact',
      a: w.transit_planet,
      b: w.natal_planet,
      aspect: w.aspect,
      orb: w.min_orb_degrees,
      transit: true,
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
      annual_profection: profection,
      forecast_themes: themes,
      progressed_lunation: lunation,
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
      { name: 'astro-core', kind: 'ephemeris' },
    ],
  };
}
