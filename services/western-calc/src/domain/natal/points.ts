// Points of a stored Western chart as the domain code sees them: key, longitude, speed.
import { norm360, SUN_TO_PLUTO } from '@astro/astro-core';

/** A point on the ecliptic: a planet or an angle (ascendant, midheaven) of some chart. */
export interface Point {
  planet: string;
  longitude: number;
  /** Degrees per day (negative when retrograde); angles count as stationary, see aspects.ts. */
  speed: number;
}

/** The ten bodies of Western astrology, Sun to Pluto, in the traditional order. */
export const WESTERN_BODIES = SUN_TO_PLUTO;
export type WesternBody = (typeof WESTERN_BODIES)[number];

export const ANGLES = Object.freeze(['ascendant', 'midheaven'] as const);
export const CORE_POINTS: readonly string[] = Object.freeze([...WESTERN_BODIES, ...ANGLES]);
export const LUMINARIES: ReadonlySet<string> = new Set(['sun', 'moon']);
export const ANGLE_SET: ReadonlySet<string> = new Set(ANGLES);

interface PositionLike {
  planet: string;
  longitude: number;
  speed_per_day: number;
}

/** The chart's points in `keys` order (missing keys skipped). */
export function pointsOf(positions: readonly PositionLike[], keys: readonly string[] = CORE_POINTS): Point[] {
  const byKey = new Map(positions.map((p) => [p.planet, p]));
  const out: Point[] = [];
  for (const k of keys) {
    const p = byKey.get(k);
    if (p) out.push({ planet: k, longitude: norm360(p.longitude), speed: p.speed_per_day });
  }
  return out;
}
