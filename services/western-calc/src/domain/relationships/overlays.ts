// House overlays, both ways: where each partner's points fall in the other's houses. Synastry reads
// them as "which area of my life your planets light up"; the two directions differ in general, so both
// are always given.
import { signOf, type Sign } from '@astro/astro-core';
import { HOUSE_TOPICS, REL_POINTS, houseOf, pointOf, type ChartData, type RelPoint } from './chart-data.ts';

export interface HouseOverlay {
  /** A point of the "from" chart... */
  planet: RelPoint;
  longitude: number;
  sign: Sign;
  /** ...placed in this house of the "to" chart. */
  house: number;
  house_topics: string[];
}

export interface OverlayDirection {
  /** Chart whose points are placed. */
  from_chart_id: string;
  /** Chart whose houses receive them. */
  to_chart_id: string;
  overlays: HouseOverlay[];
  /** Houses of the receiving chart holding at least one point, with the points, in house order. */
  occupied_houses: { house: number; planets: RelPoint[]; house_topics: string[] }[];
}

function direction(from: ChartData, to: ChartData): OverlayDirection {
  const overlays = REL_POINTS.map((planet) => {
    const lon = pointOf(from, planet).longitude;
    const house = houseOf(lon, to.cusps);
    return { planet, longitude: lon, sign: signOf(lon), house, house_topics: [...HOUSE_TOPICS[house]!] };
  });
  const occupied: OverlayDirection['occupied_houses'] = [];
  for (let h = 1; h <= 12; h++) {
    const planets = overlays.filter((o) => o.house === h).map((o) => o.planet);
    if (planets.length) occupied.push({ house: h, planets, house_topics: [...HOUSE_TOPICS[h]!] });
  }
  return { from_chart_id: from.chartId, to_chart_id: to.chartId, overlays, occupied_houses: occupied };
}

/** A's points in B's houses and B's points in A's houses. */
export function houseOverlays(a: ChartData, b: ChartData): { a_in_b: OverlayDirection; b_in_a: OverlayDirection } {
  return { a_in_b: direction(a, b), b_in_a: direction(b, a) };
}
