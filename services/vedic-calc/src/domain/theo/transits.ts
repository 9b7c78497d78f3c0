// Sidereal (Lahiri) transit positions of the nine grahas at a moment, as ChartFacts-like bodies.
import { bodyLongitude, signIndexOf, SIGNS, type Sign } from '@astro/astro-core';
import { GRAHAS, type Graha } from './facts.ts';

export interface TransitBody {
  planet: Graha;
  longitude: number;
  signIndex: number;
  sign: Sign;
  speed: number;
}

export function transitsAt(atMs: number): Record<Graha, TransitBody> {
  const out = {} as Record<Graha, TransitBody>;
  for (const g of GRAHAS) {
    const { longitude, speed } = bodyLongitude(g, atMs, { sidereal: true });
    const signIndex = signIndexOf(longitude);
    out[g] = { planet: g, longitude, signIndex, sign: SIGNS[signIndex]!, speed };
  }
  return out;
}
