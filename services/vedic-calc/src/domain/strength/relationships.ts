// Dignity of a planet in a sign with the five-fold (panchadha) relationship of BPHS ch. 3: the natural
// relationship (lord-context.ts, BPHS 3.55) combined with the temporary one read from the rasi chart
// (friends in the 2nd, 3rd, 4th, 10th, 11th and 12th from the planet, enemies elsewhere).
import { DEBILITATION, EXALTATION, MOOLATRIKONA, rulerOf, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import { naturalRelationship } from '../dashas/lord-context.ts';

export const SEVEN: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export function isClassical(p: string): p is ClassicalPlanet {
  return (SEVEN as readonly string[]).includes(p);
}

export type Compound = 'great_friend' | 'friend' | 'neutral' | 'enemy' | 'great_enemy';

/** Temporary friend when `other` is in the 2nd, 3rd, 4th, 10th, 11th or 12th sign from `planet`. */
export function temporaryFriend(planetSign: number, otherSign: number): boolean {
  const house = ((otherSign - planetSign + 12) % 12) + 1;
  return [2, 3, 4, 10, 11, 12].includes(house);
}

/** Five-fold relationship of `planet` towards `other`, given both rasi signs. */
export function compoundRelationship(
  planet: ClassicalPlanet,
  other: ClassicalPlanet,
  planetSign: number,
  otherSign: number,
): Compound {
  const natural = naturalRelationship(planet, other);
  const tempFriend = temporaryFriend(planetSign, otherSign);
  if (natural === 'friendly') return tempFriend ? 'great_friend' : 'neutral';
  if (natural === 'neutral') return tempFriend ? 'friend' : 'enemy';
  return tempFriend ? 'neutral' : 'great_enemy';
}

export type VargaDignity = 'exalted' | 'moolatrikona' | 'own_sign' | Compound | 'debilitated';

/**
 * Dignity of `planet` placed in `sign` of a varga. `degree` (degrees within the rasi sign) is given
 * for the rasi chart only: there the moolatrikona and exaltation follow BPHS degree ranges; in the
 * other vargas only the sign counts. `rasiSigns` gives every planet's rasi sign for the temporary
 * relationship.
 */
export function vargaDignity(
  planet: ClassicalPlanet,
  sign: number,
  rasiSigns: Readonly<Record<ClassicalPlanet, number>>,
  degree: number | null,
): VargaDignity {
  const ex = SIGNS.indexOf(EXALTATION[planet].sign);
  const deb = SIGNS.indexOf(DEBILITATION[planet].sign);
  const mt = MOOLATRIKONA[planet];
  const mtSign = SIGNS.indexOf(mt.sign);
  if (sign === mtSign && sign === ex) {
    // moon in taurus, mercury in virgo share exaltation and moolatrikona signs
    if (degree === null) return 'exalted';
    if (degree < mt.from) return 'exalted';
    if (degree < mt.to) return 'moolatrikona';
    return 'own_sign';
  }
  if (sign === ex) return 'exalted';
  if (sign === deb) return 'debilitated';
  if (sign === mtSign && (degree === null || (degree >= mt.from && degree < mt.to))) return 'moolatrikona';
  const lord = rulerOf(SIGNS[sign]!);
  if (lord === planet) return 'own_sign';
  return compoundRelationship(planet, lord, rasiSigns[planet], rasiSigns[lord]);
}

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
