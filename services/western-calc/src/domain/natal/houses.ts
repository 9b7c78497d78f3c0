// Houses of a Western chart: which house a longitude falls in, the houses list, the house-system
// override (recomputed for one response, never stored).
import { computeChart, norm360, rulerOf, signOf, type HouseSystem, type Sign } from '@astro/astro-core';
import { AppError } from '@astro/platform';
import type { StoredChart } from '@astro/platform';
import { HOUSE_TOPICS, angularityOf, type Angularity } from './tables.ts';
import { CORE_POINTS, WESTERN_BODIES, pointsOf, type Point } from './points.ts';

export const OVERRIDE_HOUSE_SYSTEMS: readonly HouseSystem[] = ['placidus', 'whole_sign', 'equal'];

export interface Cusp {
  house: number;
  sign: Sign;
  longitude: number;
}

/** The chart as the natal routes use it: points, cusps and the effective house system. */
export interface NatalFrame {
  chartId: string;
  utcMs: number;
  latitude: number;
  longitude: number;
  houseSystem: string;
  /** Sun to Pluto, ascendant, midheaven. */
  points: Point[];
  cusps: Cusp[];
}

/** Validates a `house_system` override: unknown values answer 422 unsupported_house_system. */
export function parseHouseSystem(value: string | undefined): HouseSystem | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(OVERRIDE_HOUSE_SYSTEMS as readonly string[]).includes(value))
    throw new AppError(
      'unsupported_house_system',
      `house_system must be one of ${OVERRIDE_HOUSE_SYSTEMS.join(', ')}.`,
      {
        house_system: value,
        supported: OVERRIDE_HOUSE_SYSTEMS,
      },
    );
  return value as HouseSystem;
}

/** Frame of a stored chart; with `override`, cusps recomputed in that system (positions unchanged). */
export function natalFrame(stored: StoredChart, override?: HouseSystem): NatalFrame {
  const chart = stored.chart!;
  const lat = chart.birth?.latitude ?? 0;
  const lon = chart.birth?.longitude ?? 0;
  let cusps: Cusp[] = chart.houses.map((h) => ({ house: h.house, sign: h.sign as Sign, longitude: h.longitude }));
  let houseSystem = chart.house_system;
  if (override && override !== chart.house_system) {
    const c = computeChart({
      utcMs: Number(stored.utc_ms),
      latitude: lat,
      longitude: lon,
      system: 'western',
      houseSystem: override,
      ayanamsha: null,
    });
    cusps = c.houses;
    houseSystem = c.house_system;
  }
  return {
    chartId: chart.id ?? '',
    utcMs: Number(stored.utc_ms),
    latitude: lat,
    longitude: lon,
    houseSystem,
    points: pointsOf(chart.planets, CORE_POINTS),
    cusps,
  };
}

/** House (1-12) of a longitude among 12 cusps (a cusp belongs to the house it opens). */
export function houseOf(longitude: number, cusps: readonly { longitude: number }[]): number {
  const l = norm360(longitude);
  for (let i = 0; i < 12; i++) {
    const start = cusps[i]!.longitude;
    const end = cusps[(i + 1) % 12]!.longitude;
    const span = norm360(end - start);
    if (norm360(l - start) < span || span === 0) return i + 1;
  }
  return 12;
}

export interface HouseInfo {
  house: number;
  sign: Sign;
  ruler: string;
  planets: string[];
  angularity: Angularity;
  topics: string[];
}

/** The 12 houses with their cusp sign, traditional ruler, occupants (Sun to Pluto) and topics. */
export function housesOf(frame: NatalFrame): HouseInfo[] {
  const bodies = frame.points.filter((p) => (WESTERN_BODIES as readonly string[]).includes(p.planet));
  return frame.cusps.map((c) => ({
    house: c.house,
    sign: signOf(c.longitude),
    ruler: rulerOf(signOf(c.longitude)),
    planets: bodies.filter((p) => houseOf(p.longitude, frame.cusps) === c.house).map((p) => p.planet),
    angularity: angularityOf(c.house),
    topics: [...HOUSE_TOPICS[c.house]!],
  }));
}
