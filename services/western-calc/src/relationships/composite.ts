// Composite chart by midpoints (Robert Hand, "Planets in Composite", 1975): every composite point is
// the nearer midpoint of the two partners' positions of that point, and each composite cusp the nearer
// midpoint of the two corresponding cusps (the cusp-midpoint method; Hand also describes a derived-MC
// method, which needs a reference place the composite does not have).
import { diff180, norm360 } from '@astro/astro-core';
import { REL_POINTS, houseOf, placed, pointOf, type ChartData, type PlacedPoint } from './chart-data.ts';
import { aspectBetween, type SynastryContact } from './synastry.ts';

/**
 * The nearer midpoint of two longitudes: halfway along the shorter arc. Exactly opposite points have
 * two midpoints; the one reached going forwards from `a` is taken (a fixed, documented rule).
 */
export function nearerMidpoint(a: number, b: number): number {
  const d = diff180(b, a); // (-180, 180]
  return norm360(a + d / 2);
}

export interface CompositeChart {
  method: 'midpoint';
  positions: (PlacedPoint & { house: number })[];
  houses: { house: number; sign: string; longitude: number }[];
  /** Aspects among the composite points (the same orbs as synastry). */
  aspects: SynastryContact[];
}

export function compositeChart(a: ChartData, b: ChartData): CompositeChart {
  const cusps = a.cusps.map((c, i) => nearerMidpoint(c, b.cusps[i]!));
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

/** Aspects within one chart (each unordered pair once), strongest first. */
export function aspectsAmong(points: readonly PlacedPoint[]): SynastryContact[] {
  const out: SynastryContact[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const x = points[i]!;
      const y = points[j]!;
      // The two angles of one chart are not compared with each other (their relation is the house system's).
      if (x.planet === 'ascendant' && y.planet === 'midheaven') continue;
      const c = aspectBetween(x.planet, x.longitude, y.planet, y.longitude);
      if (c) out.push(c);
    }
  return out.sort((p, q) => q.strength - p.strength);
}
