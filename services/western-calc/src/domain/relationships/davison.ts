// Davison relationship chart (Ronald Davison, "Synastry", 1977): a real chart cast for the midpoint in
// time of the two births and the midpoint in space of the two birthplaces. Davison took the arithmetic
// mean of the latitudes and of the longitudes; we do the same, taking the longitude mean along the
// shorter way round (two places either side of the antimeridian meet in the Pacific, not in Europe).
import { computeChart, type HouseSystem } from '@astro/astro-core';
import { REL_POINTS, houseOf, placed, type ChartData, type PlacedPoint } from './chart-data.ts';
import { findAspects, type Aspect } from '../aspects/aspects.ts';

export interface DavisonMoment {
  utcMs: number;
  latitude: number;
  longitude: number;
}

export function davisonMoment(a: ChartData, b: ChartData): DavisonMoment {
  // Integer milliseconds: the mean of two integers is exact to half a millisecond; round half up.
  const utcMs = Math.floor((a.utcMs + b.utcMs) / 2 + 0.5);
  const latitude = (a.latitude + b.latitude) / 2;
  let d = b.longitude - a.longitude;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  let longitude = a.longitude + d / 2;
  if (longitude > 180) longitude -= 360;
  if (longitude <= -180) longitude += 360;
  return { utcMs, latitude, longitude };
}

export interface DavisonChart {
  moment: DavisonMoment;
  house_system: string;
  positions: (PlacedPoint & { house: number; speed_per_day: number; is_retrograde: boolean })[];
  houses: { house: number; sign: string; longitude: number }[];
  /** Aspects of the Davison chart: a real chart, so natal orbs and real motion (is_applying). */
  aspects: Aspect[];
}

/** Casts the Davison chart (tropical) in the house system of chart A. */
export function davisonChart(a: ChartData, b: ChartData): DavisonChart {
  const moment = davisonMoment(a, b);
  const computed = computeChart({
    utcMs: moment.utcMs,
    latitude: moment.latitude,
    longitude: moment.longitude,
    system: 'western',
    houseSystem: a.houseSystem as HouseSystem,
    ayanamsha: null,
  });
  const cusps = computed.houses.map((h) => h.longitude);
  const positions = REL_POINTS.map((planet) => {
    const p = computed.planets.find((x) => x.planet === planet)!;
    return {
      ...placed(planet, p.longitude),
      house: houseOf(p.longitude, cusps),
      speed_per_day: p.speed_per_day,
      is_retrograde: p.is_retrograde,
    };
  });
  return {
    moment,
    house_system: computed.house_system,
    positions,
    houses: computed.houses.map((h) => ({ house: h.house, sign: h.sign, longitude: h.longitude })),
    aspects: findAspects(positions.map((p) => ({ planet: p.planet, longitude: p.longitude, speed: p.speed_per_day }))),
  };
}
