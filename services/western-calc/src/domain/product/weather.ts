// Daily personal weather: the sky at a moment against the natal chart, boiled down to a score, a
// label and the few contacts that make it. Transiting Moon and planets to natal points, major aspects
// only, with transit orbs (the Moon 5°, the Sun to Mars 3°, Jupiter and Saturn 2°, the outer planets
// 1.5°), natal points stationary (so is_applying says whether the transiting body approaches).
import { bodyLongitude, norm360, signOf, type Sign } from '@astro/astro-core';
import { aspectBetween, fixedOrbPolicy, MAJOR_ASPECTS, type Aspect } from '../aspects/aspects.ts';
import { WESTERN_BODIES } from '../natal/points.ts';
import { houseOf, REL_POINTS } from '../relationships/chart-data.ts';
import type { NatalView } from './natal-view.ts';

export const WEATHER_METHOD_VERSION = 'western-ux-weather-v1';

const TRANSIT_ORB: Record<string, number> = {
  moon: 5,
  sun: 3,
  mercury: 3,
  venus: 3,
  mars: 3,
  jupiter: 2,
  saturn: 2,
  uranus: 1.5,
  neptune: 1.5,
  pluto: 1.5,
};
const WEATHER_POLICY = fixedOrbPolicy(
  MAJOR_ASPECTS,
  (_def, a) => TRANSIT_ORB[a.planet]!,
  (_p, side) => side === 'b',
);

/** The eight lunar phases by Sun-Moon elongation, 45° each (as the summary's lunar_phase). */
const PHASES = ['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic'];

export type WeatherLabel = 'clear' | 'fair' | 'changeable' | 'stormy';

export interface Weather {
  at_ms: number;
  score: number;
  label: WeatherLabel;
  moon: { sign: Sign; natal_house: number; phase: string; elongation_degrees: number };
  transits: Aspect[];
}

export function weatherLabel(score: number): WeatherLabel {
  if (score >= 65) return 'clear';
  if (score >= 50) return 'fair';
  if (score >= 35) return 'changeable';
  return 'stormy';
}

export function dailyWeather(view: NatalView, atMs: number): Weather {
  const sky = WESTERN_BODIES.map((b) => {
    const s = bodyLongitude(b, atMs);
    return { planet: b as string, longitude: s.longitude, speed: s.speed };
  });
  const natal = REL_POINTS.map((p) => {
    const n = view.points.get(p)!;
    return { planet: n.planet as string, longitude: n.longitude, speed: 0 };
  });
  const transits: Aspect[] = [];
  for (const t of sky)
    for (const n of natal) {
      const a = aspectBetween(t, n, WEATHER_POLICY);
      if (a) transits.push(a);
    }
  transits.sort((x, y) => y.strength - x.strength);
  let support = 0;
  let tension = 0;
  for (const a of transits) {
    if (a.tone === 'harmonious') support += a.strength;
    else if (a.tone === 'dynamic') tension += a.strength;
    else {
      support += a.strength / 2;
      tension += a.strength / 2;
    }
  }
  const score = Math.round(50 + (50 * (support - tension)) / (support + tension + 1));
  const moon = sky[1]!;
  const elongation = norm360(moon.longitude - sky[0]!.longitude);
  return {
    at_ms: atMs,
    score,
    label: weatherLabel(score),
    moon: {
      sign: signOf(moon.longitude),
      natal_house: houseOf(moon.longitude, view.chart.cusps),
      phase: PHASES[Math.floor(elongation / 45) % 8]!,
      elongation_degrees: Math.round(elongation * 1000) / 1000,
    },
    transits,
  };
}
