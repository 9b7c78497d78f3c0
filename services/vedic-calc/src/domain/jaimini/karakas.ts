// Chara karakas (Jaimini Sutras 1.1.10-18; BPHS ch. 32, seven-karaka scheme): the seven classical planets
// ranked by degree within their sign, highest first. Rahu is not counted (the eight-karaka variant is
// not used). Exact ties (equal degree_in_sign) keep the natural order sun, moon, mars, mercury, jupiter,
// venus, saturn. Pure.
import type { ClassicalPlanet } from '@astro/astro-core';

export const METHOD_VERSION = 'jaimini-v1';

/** Role names as the spec gives them (capitalised) on both the canonical and the deprecated route. */
export const KARAKA_ROLES = [
  'Atmakaraka',
  'Amatyakaraka',
  'Bhratrukaraka',
  'Matrukaraka',
  'Putrakaraka',
  'Gnatikaraka',
  'Darakaraka',
] as const;
export type KarakaRole = (typeof KARAKA_ROLES)[number];

const KARAKA_PLANETS: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export interface KarakaInput {
  planet: string;
  degree_in_sign: number;
}

export interface KarakaAssignment {
  role: KarakaRole;
  planet: ClassicalPlanet;
  degree_in_sign: number;
}

/** Throws when one of the seven planets is missing (a stored chart always has them). */
export function charaKarakas(positions: readonly KarakaInput[]): KarakaAssignment[] {
  const ranked = KARAKA_PLANETS.map((planet, order) => {
    const p = positions.find((x) => x.planet === planet);
    if (!p) throw new Error(`chart has no ${planet}`);
    return { planet, order, degree_in_sign: p.degree_in_sign };
  }).sort((a, b) => b.degree_in_sign - a.degree_in_sign || a.order - b.order);
  return ranked.map((r, i) => ({ role: KARAKA_ROLES[i]!, planet: r.planet, degree_in_sign: r.degree_in_sign }));
}
