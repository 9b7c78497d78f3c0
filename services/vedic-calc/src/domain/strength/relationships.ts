// The classical seven and the saptavargaja grading of shadbala. Dignity and the five-fold (panchadha)
// relationship of BPHS ch. 3 come from @astro/astro-core (dignity.ts): one function for every Vedic route.
import {
  compoundRelationship,
  MOOLATRIKONA,
  rulerOf,
  SIGNS,
  vedicDignity,
  type ClassicalPlanet,
  type Compound,
  type VedicDignity,
} from '@astro/astro-core';

export { compoundRelationship, temporaryFriend, type Compound } from '@astro/astro-core';

export const SEVEN: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export function isClassical(p: string): p is ClassicalPlanet {
  return (SEVEN as readonly string[]).includes(p);
}

export type VargaDignity = VedicDignity;
export const vargaDignity = vedicDignity;

/** The saptavargaja grading ignores exaltation: the relationship with the sign's lord counts. */
export function saptavargajaDignity(
  planet: ClassicalPlanet,
  sign: number,
  rasiSigns: Readonly<Record<ClassicalPlanet, number>>,
  degree: number | null,
): 'moolatrikona' | 'own_sign' | Compound {
  const mt = MOOLATRIKONA[planet];
  if (sign === SIGNS.indexOf(mt.sign) && degree !== null && degree >= mt.from && degree < mt.to) return 'moolatrikona';
  const lord = rulerOf(SIGNS[sign]!);
  if (lord === planet) return 'own_sign';
  return compoundRelationship(planet, lord, rasiSigns[planet], rasiSigns[lord]);
}
