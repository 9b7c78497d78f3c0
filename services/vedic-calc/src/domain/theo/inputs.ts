// What the Theo, house-quality, materialization and probability code needs from the strength
// building blocks (shadbala, ashtakavarga, composite strength, bhava bala: domain/strength and
// domain/ashtakavarga). The handlers fill it through handlers/theo-strength-adapter.ts, so this code
// stays pure and testable with hand-made inputs.
import type { ClassicalPlanet } from '@astro/astro-core';

export interface ShadbalaRow {
  naisargika: number;
  dig: number;
  uchcha: number;
  drik: number;
  kala: number;
  chesta: number;
  /** Sthana bala minus uchcha (saptavargaja, ojayugma, kendradi, drekkana). */
  other_sthana: number;
  /** Names of balas that could not be counted (normally empty). */
  missing: string[];
}

export interface StrengthInputs {
  shadbala: Record<ClassicalPlanet, ShadbalaRow>;
  /** Composite strength score 0..1 per classical planet. */
  composite: Record<ClassicalPlanet, number>;
  /** Bhinnashtakavarga bindus per planet by sign index (0 = aries). */
  bav: Record<ClassicalPlanet, number[]>;
  /** Sarvashtakavarga bindus by sign index. */
  sav: number[];
  /** Bhava bala (virupa) by house, index 0 = house 1. */
  bhavaBala: number[];
}

export { REQUIRED_RUPAS } from '../strength/shadbala.ts';

export function virupaTotal(r: ShadbalaRow): number {
  return r.naisargika + r.dig + r.uchcha + r.drik + r.kala + r.chesta + r.other_sthana;
}
