// A natal chart as the product code reads it: positions by key, houses, sign dignity, angularity and
// the natal aspects. Built once per request from ChartData.
import { EXALTATION, DEBILITATION, SIGN_INFO, signOf, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import { findAspects, type Aspect } from '../aspects/aspects.ts';
import { houseOf, REL_POINTS, type ChartData, type RelPoint } from '../relationships/chart-data.ts';

const CLASSICAL: ReadonlySet<string> = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn']);

/**
 * Sign dignity in William Lilly's points (Christian Astrology, 1647, p. 101): rulership +5,
 * exaltation +4, detriment -5, fall -4, otherwise 0. Only the sign-level dignities enter the product
 * features (triplicity, terms and faces are in the dignities route); modern planets and angles: 0.
 */
export function signDignityPoints(planet: string, sign: Sign): number {
  if (!CLASSICAL.has(planet)) return 0;
  const p = planet as ClassicalPlanet;
  if (SIGN_INFO[sign].ruler === p) return 5;
  if (EXALTATION[p].sign === sign) return 4;
  const opposite = signOf(SIGN_INFO[sign].index * 30 + 180);
  if (SIGN_INFO[opposite].ruler === p) return -5;
  if (DEBILITATION[p].sign === sign) return -4;
  return 0;
}

export type Angularity = 'angular' | 'succedent' | 'cadent';

export function angularityOf(house: number): Angularity {
  const r = house % 3;
  return r === 1 ? 'angular' : r === 2 ? 'succedent' : 'cadent';
}

export interface NatalPoint {
  planet: RelPoint;
  longitude: number;
  sign: Sign;
  house: number;
  speed_per_day: number;
  is_retrograde: boolean;
}

export interface NatalView {
  chart: ChartData;
  points: Map<RelPoint, NatalPoint>;
  aspects: Aspect[];
}

export function natalView(chart: ChartData): NatalView {
  const points = new Map<RelPoint, NatalPoint>();
  for (const planet of REL_POINTS) {
    const p = chart.positions.find((x) => x.planet === planet);
    if (!p) continue;
    // The angles sit on their own cusps: the Ascendant opens house 1, the Midheaven house 10 in
    // quadrant systems (in whole-sign and equal houses the MC can fall elsewhere; houseOf says where).
    const house = planet === 'ascendant' ? 1 : houseOf(p.longitude, chart.cusps);
    points.set(planet, {
      planet,
      longitude: p.longitude,
      sign: signOf(p.longitude),
      house,
      speed_per_day: p.speed_per_day,
      is_retrograde: p.speed_per_day < 0 && planet !== 'ascendant' && planet !== 'midheaven',
    });
  }
  const aspects = findAspects(
    [...points.values()].map((p) => ({ planet: p.planet, longitude: p.longitude, speed: p.speed_per_day })),
  );
  return { chart, points, aspects };
}

export function point(view: NatalView, planet: RelPoint): NatalPoint {
  const p = view.points.get(planet);
  if (!p) throw new Error(`chart has no ${planet}`);
  return p;
}
