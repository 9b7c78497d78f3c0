// Vedic dignity of a planet in a sign: the one function every Vedic route uses (dasha lord context,
// strength, avastha, vimshopaka, Theo), so a chart's Sun has the same dignity on every route.
// Exaltation, debilitation and moolatrikona from tables.ts (BPHS ch. 3 v. 49-54); otherwise the
// five-fold (panchadha) relationship with the sign's lord (BPHS ch. 3 v. 55-58): natural relationship
// plus the temporary one read from the rasi chart.
import { DEBILITATION, EXALTATION, MOOLATRIKONA, rulerOf, SIGNS, type ClassicalPlanet } from './tables.ts';

/** Natural (naisargika) relationships, BPHS ch. 3 v. 55: friends and enemies; every other planet is neutral. */
const NATURAL: Readonly<Record<ClassicalPlanet, { friends: ClassicalPlanet[]; enemies: ClassicalPlanet[] }>> = {
  sun: { friends: ['moon', 'mars', 'jupiter'], enemies: ['venus', 'saturn'] },
  moon: { friends: ['sun', 'mercury'], enemies: [] },
  mars: { friends: ['sun', 'moon', 'jupiter'], enemies: ['mercury'] },
  mercury: { friends: ['sun', 'venus'], enemies: ['moon'] },
  jupiter: { friends: ['sun', 'moon', 'mars'], enemies: ['mercury', 'venus'] },
  venus: { friends: ['mercury', 'saturn'], enemies: ['sun', 'moon'] },
  saturn: { friends: ['mercury', 'venus'], enemies: ['sun', 'moon', 'mars'] },
};

/** Natural relationship of `planet` towards `other`: 1 friend, 0 neutral, -1 enemy (a planet is its own friend). */
export function naturalRelation(planet: ClassicalPlanet, other: ClassicalPlanet): 1 | 0 | -1 {
  if (planet === other) return 1;
  const r = NATURAL[planet];
  return r.friends.includes(other) ? 1 : r.enemies.includes(other) ? -1 : 0;
}

/** Temporary friend (BPHS ch. 3 v. 56) when `otherSign` is the 2nd, 3rd, 4th, 10th, 11th or 12th sign from `planetSign`. */
export function temporaryFriend(planetSign: number, otherSign: number): boolean {
  const house = ((((otherSign - planetSign) % 12) + 12) % 12) + 1;
  return [2, 3, 4, 10, 11, 12].includes(house);
}

export type Compound = 'great_friend' | 'friend' | 'neutral' | 'enemy' | 'great_enemy';
const COMPOUND: Readonly<Record<number, Compound>> = {
  2: 'great_friend',
  1: 'friend',
  0: 'neutral',
  [-1]: 'enemy',
  [-2]: 'great_enemy',
};

/** Five-fold relationship of `planet` towards `other` (natural + temporary), given both rasi sign indexes. */
export function compoundRelationship(
  planet: ClassicalPlanet,
  other: ClassicalPlanet,
  planetSign: number,
  otherSign: number,
): Compound {
  return COMPOUND[naturalRelation(planet, other) + (temporaryFriend(planetSign, otherSign) ? 1 : -1)]!;
}

export type VedicDignity = 'exalted' | 'moolatrikona' | 'own_sign' | Compound | 'debilitated';

/** Rasi sign index (0 = Aries) of each classical planet: the temporary relationship reads it. */
export type RasiSigns = Readonly<Record<ClassicalPlanet, number>>;

/**
 * Dignity of `planet` placed in sign index `sign` (of the rasi chart or a varga). `degree` (degrees
 * within the rasi sign) is given for the rasi chart only: there moolatrikona and exaltation follow the
 * BPHS degree ranges (Moon in Taurus exalted below 3°, moolatrikona after; Mercury in Virgo exalted below
 * 15°, moolatrikona to 20°, own sign after); in other vargas only the sign counts.
 */
export function vedicDignity(
  planet: ClassicalPlanet,
  sign: number,
  rasiSigns: RasiSigns,
  degree: number | null,
): VedicDignity {
  const ex = SIGNS.indexOf(EXALTATION[planet].sign);
  const deb = SIGNS.indexOf(DEBILITATION[planet].sign);
  const mt = MOOLATRIKONA[planet];
  const mtSign = SIGNS.indexOf(mt.sign);
  if (sign === mtSign && sign === ex) {
    if (degree === null || degree < mt.from) return 'exalted';
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
