// Composite chart by midpoints (Robert Hand, "Planets in Composite", 1975): every composite point is
// the nearer midpoint of the two partners' positions of that point. Cusps: the composite 1st cusp is
// the nearer midpoint of the two 1st cusps, and every other cusp lies at the mean of the two charts'
// distances from their own 1st cusp (measured forwards). For most pairs this equals the plain
// midpoint of corresponding cusps (Hand's cusp-midpoint method); unlike it, it can never put the
// cusps out of zodiacal order when two corresponding cusps are nearly opposite. (Hand also describes
// a derived-MC method, which needs a reference place the composite does not have.)
import { diff180, norm360 } from '@astro/astro-core';
import { REL_POINTS, houseOf, placed, pointOf, type ChartData, type PlacedPoint } from './chart-data.ts';
import { findAspects, fixedOrbPolicy, ASPECTS, natalMaxOrb, type Aspect } from '../aspects/aspects.ts';

/**
 * The nearer midpoint of two longitudes: halfway along the shorter arc. Exactly opposite points have
 * two midpoints; the one reached going forwards from `a` is taken (a fixed, documented rule).
 */
export function nearerMidpoint(a: number, b: number): number {
  const d = diff180(b, a); // (-180, 180]
  return norm360(a + d / 2);
}

/** Composite cusps: nearer midpoint of the 1st cusps plus the mean forward distance of each cusp from it. */
export function compositeCusps(a: readonly number[], b: readonly number[]): number[] {
  const first = nearerMidpoint(a[0]!, b[0]!);
  return a.map((c, i) => norm360(first + (norm360(c - a[0]!) + norm360(b[i]! - b[0]!)) / 2));
}

export interface CompositeChart {
  method: 'midpoint';
  positions: (PlacedPoint & { house: number })[];
  houses: { house: number; sign: string; longitude: number }[];
  /** Aspects among the composite points (natal orbs; composite points do not move, so never applying). */
  aspects: Aspect[];
}

export function compositeChart(a: ChartData, b: ChartData): CompositeChart {
  const cusps = compositeCusps(a.cusps, b.cusps);
  const positions = REL_POINTS.map((planet) => {
    const p = placed(planet, nearerMidpoint(pointOf(a, planet).longitude, pointOf(b, planet).longitude));
    return { ...p, house: houseOf(p.longitude, cusps) };
  });
  const houses = cusps.map((lon, i) => {
    const p = placed('ascendant', lon);
    return { house: i + 1, sign: p.sign, longitude: p.longitude };
  });
  return { method: 'midpoint', positions, houses, aspects: aspectsAmong(positions) };
}

/** Composite points are read like a natal chart (natal orbs) but have no motion. */
const COMPOSITE_POLICY = fixedOrbPolicy(ASPECTS, natalMaxOrb, () => true);

/** Aspects within the composite chart (each unordered pair once, angle pairs skipped), strongest first. */
export function aspectsAmong(points: readonly PlacedPoint[]): Aspect[] {
  return findAspects(
    points.map((p) => ({ planet: p.planet, longitude: p.longitude, speed: 0 })),
    null,
    COMPOSITE_POLICY,
  );
}
