// Antiscia (spec 3 "Antiscia"): the mirror across the solstice axis (0° Cancer - 0° Capricorn),
// antiscion = 180° − λ, and across the equinox axis, contra-antiscion = 360° − λ.
import { norm360, signOf, type Sign } from '@astro/astro-core';
import type { Point } from './points.ts';

export interface Antiscion {
  planet: string;
  sign: Sign;
  longitude: number;
  antiscion_longitude: number;
  antiscion_sign: Sign;
  contra_antiscion_longitude: number;
  contra_antiscion_sign: Sign;
}

export function antisciaOf(points: readonly Point[]): Antiscion[] {
  return points.map((p) => {
    const a = norm360(180 - p.longitude);
    const c = norm360(360 - p.longitude);
    return {
      planet: p.planet,
      sign: signOf(p.longitude),
      longitude: p.longitude,
      antiscion_longitude: a,
      antiscion_sign: signOf(a),
      contra_antiscion_longitude: c,
      contra_antiscion_sign: signOf(c),
    };
  });
}
