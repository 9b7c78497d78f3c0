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

/** Required rupas (spec "Theo": BPHS ch. 27 v. 35-37). */
export const REQUIRED_RUPAS: Readonly<Record<ClassicalPlanet, number>> = {
  sun: 5.0,
  moon: 6.0,
  mars: 5.0,
  mercury: 7.0,
  jupiter: 6.5,
  venus: 5.5,
  saturn: 5.0,
};

export function virupaTotal(r: ShadbalaRow): number {
  return r.naisargika + r.dig + r.uchcha + r.drik + r.kala + r.chesta + r.other_sthana;
}
