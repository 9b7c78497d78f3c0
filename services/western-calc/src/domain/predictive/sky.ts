// Planet positions at a moment (tropical, apparent geocentric) from astro-core's sweph wrapper.
import { bodyLongitude, type BodyKey } from '@astro/astro-core';
import { WESTERN_BODIES, type Point } from '../natal/points.ts';

export function skyAt(utcMs: number, bodies: readonly BodyKey[] = WESTERN_BODIES): Point[] {
  return bodies.map((b) => {
    const s = bodyLongitude(b, utcMs);
    return { planet: b, longitude: s.longitude, speed: s.speed };
  });
}
