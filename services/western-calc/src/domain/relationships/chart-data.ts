// The plain chart data the relationship and product code works on: no transport types, so the pure
// functions can be tested with hand-written charts (published natal positions).
import { norm360, signOf, degreeInSign, type Sign } from '@astro/astro-core';
import { WESTERN_BODIES } from '../natal/points.ts';

/** The points a relationship or a profile compares: the ten planets and the two angles (as the spec's aspects). */
export const REL_POINTS = [...WESTERN_BODIES, 'ascendant', 'midheaven'] as const;
export type RelPoint = (typeof REL_POINTS)[number];

export interface PointPosition {
  planet: RelPoint;
  longitude: number;
  /** Degrees per day; 0 where unknown (composite points have no motion). */
  speed_per_day: number;
}

export interface ChartData {
  chartId: string;
  /** Birth moment, UTC milliseconds. */
  utcMs: number;
  latitude: number;
  longitude: number;
  houseSystem: string;
  positions: PointPosition[];
  /** Longitudes of cusps 1..12 (index 0 = house 1). */
  cusps: number[];
}

export interface PlacedPoint {
  planet: RelPoint;
  longitude: number;
  sign: Sign;
  degree_in_sign: number;
}

export function placed(planet: RelPoint, longitude: number): PlacedPoint {
  const lon = norm360(longitude);
  return { planet, longitude: lon, sign: signOf(lon), degree_in_sign: degreeInSign(lon) };
}

export function pointOf(chart: ChartData, planet: RelPoint): PointPosition {
  const p = chart.positions.find((x) => x.planet === planet);
  if (!p) throw new Error(`chart ${chart.chartId} has no ${planet}`);
  return p;
}

/**
 * House (1-12) of a longitude between the cusps: the house whose cusp is the last one passed going
 * forwards through the zodiac. Works for any cusp set in zodiacal order, including cusps that wrap at 0°.
 */
export function houseOf(longitude: number, cusps: readonly number[]): number {
  if (cusps.length !== 12) throw new Error('12 cusps expected');
  const lon = norm360(longitude);
  for (let i = 0; i < 12; i++) {
    const start = norm360(cusps[i]!);
    const end = norm360(cusps[(i + 1) % 12]!);
    const span = norm360(end - start);
    if (norm360(lon - start) < span) return i + 1;
  }
  // Cusps out of zodiacal order (never for the systems we serve): the nearest cusp behind the point.
  let best = 1;
  let bestDist = 360;
  for (let i = 0; i < 12; i++) {
    const d = norm360(lon - cusps[i]!);
    if (d < bestDist) {
      bestDist = d;
      best = i + 1;
    }
  }
  return best;
}

/** Topics of the twelve houses (the common modern keywords: Hand, "Horoscope Symbols", ch. 13). */
export const HOUSE_TOPICS: Readonly<Record<number, readonly string[]>> = Object.freeze({
  1: ['self', 'appearance', 'vitality'],
  2: ['money', 'possessions', 'values'],
  3: ['communication', 'siblings', 'short_trips'],
  4: ['home', 'family', 'roots'],
  5: ['romance', 'creativity', 'children', 'pleasure'],
  6: ['work', 'health', 'routine'],
  7: ['partnership', 'marriage', 'contracts'],
  8: ['intimacy', 'shared_resources', 'transformation'],
  9: ['travel', 'beliefs', 'higher_learning'],
  10: ['career', 'status', 'public_life'],
  11: ['friends', 'groups', 'hopes'],
  12: ['solitude', 'the_unconscious', 'retreat'],
});
