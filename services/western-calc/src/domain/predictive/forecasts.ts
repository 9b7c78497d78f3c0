// Annual and monthly forecasts (spec: "period profection plus strongest transit windows" and a
// "deterministic monthly summary"; shapes not shown, ours documented in README "Western").
//
// Ranking of transit windows: peak strength × the transiting body's weight — the slow bodies mark
// the year (Pluto, Neptune, Uranus, Saturn 1.0, Jupiter 0.9, Mars 0.7, Sun, Mercury, Venus 0.5) —
// × the natal target's weight (luminaries and angles 1.0, personal planets 0.8, others 0.6).
import { findAllAngleCrossings, norm360, signOf } from '@astro/astro-core';
import { houseOf, type Cusp } from '../natal/houses.ts';
import type { Point } from '../natal/points.ts';
import { profectionAt, type Profection } from './profections.ts';
import { skyAt } from './sky.ts';
import { DAY_MS } from './time.ts';
import { transitWindows, type TransitWindow } from './transits.ts';

const TRANSIT_WEIGHT: Record<string, number> = {
  pluto: 1,
  neptune: 1,
  uranus: 1,
  saturn: 1,
  jupiter: 0.9,
  mars: 0.7,
  sun: 0.5,
  mercury: 0.5,
  venus: 0.5,
};
const TARGET_WEIGHT: Record<string, number> = {
  sun: 1,
  moon: 1,
  ascendant: 1,
  midheaven: 1,
  mercury: 0.8,
  venus: 0.8,
  mars: 0.8,
};

export const windowScore = (w: TransitWindow) =>
  w.peak_strength * (TRANSIT_WEIGHT[w.transit_planet] ?? 0.5) * (TARGET_WEIGHT[w.natal_planet] ?? 0.6);

export interface RankedWindow extends TransitWindow {
  score: number;
}

function ranked(ws: TransitWindow[], top: number): RankedWindow[] {
  return ws
    .map((w) => ({ ...w, score: windowScore(w) }))
    .sort((a, b) => b.score - a.score || a.starts_at - b.starts_at)
    .slice(0, top);
}

export interface AnnualForecast {
  year: number;
  startsMs: number;
  endsMs: number;
  profections: Profection[];
  windows: RankedWindow[];
  themes: string[];
}

export function annualForecast(natal: readonly Point[], birthMs: number, year: number): AnnualForecast {
  const asc = natal.find((p) => p.planet === 'ascendant')!.longitude;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1) - 1;
  const profections: Profection[] = [];
  if (end >= birthMs) {
    const first = profectionAt(asc, birthMs, Math.max(start, birthMs));
    profections.push(first);
    if (first.ends_at <= end) profections.push(profectionAt(asc, birthMs, first.ends_at));
  }
  const windows = ranked(transitWindows(natal, start, end), 12);
  const themes: string[] = [];
  for (const p of profections) themes.push(`profection_house_${p.house}`, `time_lord_${p.time_lord}`);
  for (const w of windows.slice(0, 5)) themes.push(`${w.transit_planet}_${w.aspect}_${w.natal_planet}`);
  return { year, startsMs: start, endsMs: end, profections, windows, themes: [...new Set(themes)] };
}

export interface Lunation {
  kind: 'new_moon' | 'full_moon';
  at: number;
  longitude: number;
  sign: string;
  natal_house: number;
}

const elongation = (ms: number) => {
  const [sun, moon] = skyAt(ms, ['sun', 'moon']);
  return norm360(moon!.longitude - sun!.longitude);
};

export function lunationsIn(startMs: number, endMs: number, natalCusps: readonly Cusp[]): Lunation[] {
  const out: Lunation[] = [];
  for (const [kind, target] of [
    ['new_moon', 0],
    ['full_moon', 180],
  ] as const)
    for (const at of findAllAngleCrossings(elongation, target, startMs, endMs, DAY_MS)) {
      const moon = skyAt(at, ['moon'])[0]!.longitude;
      out.push({ kind, at, longitude: moon, sign: signOf(moon), natal_house: houseOf(moon, natalCusps) });
    }
  return out.sort((a, b) => a.at - b.at);
}

export interface MonthlyForecast {
  year: number;
  month: number;
  startsMs: number;
  endsMs: number;
  profection: Profection | null;
  windows: RankedWindow[];
  lunations: Lunation[];
  highlights: string[];
}

export function monthlyForecast(
  natal: readonly Point[],
  natalCusps: readonly Cusp[],
  birthMs: number,
  year: number,
  month: number,
): MonthlyForecast {
  const asc = natal.find((p) => p.planet === 'ascendant')!.longitude;
  const start = Date.UTC(year, month - 1, 1);
  const end = Date.UTC(year, month, 1) - 1;
  const profection = end >= birthMs ? profectionAt(asc, birthMs, Math.max(start, birthMs)) : null;
  const all = transitWindows(natal, start, end);
  const windows = ranked(all, all.length).sort((a, b) => a.starts_at - b.starts_at);
  const lunations = lunationsIn(start, end, natalCusps);
  const highlights = ranked(all, 3).map((w) => `${w.transit_planet} ${w.aspect} natal ${w.natal_planet}`);
  for (const l of lunations) highlights.push(`${l.kind.replace('_', ' ')} in ${l.sign} (natal house ${l.natal_house})`);
  return { year, month, startsMs: start, endsMs: end, profection, windows, lunations, highlights };
}
