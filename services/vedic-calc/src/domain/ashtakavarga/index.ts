// Ashtakavarga (BPHS ch. 66): the seven Bhinnashtakavargas (a planet's bindus in each of the twelve
// signs, one possible bindu from each of the eight contributors: the seven planets and the lagna) and
// the Sarvashtakavarga (per sign, the sum of the seven; 337 bindus in all, at most 56 in a sign).
// Pure: only the signs occupied matter, so the input is the sign index (0 Aries .. 11 Pisces) of each
// contributor. Shared building block: strength/signs, theo/house-strength and transit modifiers read it.
//
// API:
//   contributorSigns(bodies)            sign indexes from sidereal longitudes ({planet, longitude}[] with
//                                       'ascendant' for the lagna); null when a contributor is missing
//   bhinnaAshtakavarga(signs)           Record<planet, number[12]> bindus per sign, Aries first
//   ashtakavarga(signs, places?)        bhinna and sarva, plus totals (places: bindu rules, BPHS default)
//   SAV_TOTAL (337), BAV_TOTALS         the classical constants
import { signIndexOf, SIGNS, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import { AV_PLANETS, BENEFIC_PLACES, CONTRIBUTORS, type Contributor } from './tables.ts';

export { AV_PLANETS, BENEFIC_PLACES, CONTRIBUTORS, type Contributor };

export const SAV_TOTAL = 337;
export const BAV_TOTALS: Readonly<Record<ClassicalPlanet, number>> = {
  sun: 48,
  moon: 49,
  mars: 39,
  mercury: 54,
  jupiter: 56,
  venus: 52,
  saturn: 39,
};
/** Most bindus a sign can hold in the Sarvashtakavarga (seven charts x eight contributors). */
export const SAV_MAX_PER_SIGN = 56;

/** Sign index (0 Aries .. 11 Pisces) of each of the eight contributors. */
export type ContributorSigns = Readonly<Record<Contributor, number>>;

/** Contributor signs from sidereal longitudes; the lagna is the body named 'ascendant'. */
export function contributorSigns(bodies: readonly { planet: string; longitude: number }[]): ContributorSigns | null {
  const byName = new Map(bodies.map((b) => [b.planet, b.longitude]));
  const out: Partial<Record<Contributor, number>> = {};
  for (const c of CONTRIBUTORS) {
    const lon = byName.get(c === 'lagna' ? 'ascendant' : c);
    if (lon === undefined) return null;
    out[c] = signIndexOf(lon);
  }
  return out as ContributorSigns;
}

/** The bindu rules: for each planet's chart, the houses from each contributor that give a bindu. */
export type BeneficPlaces = Readonly<Record<ClassicalPlanet, Readonly<Record<Contributor, readonly number[]>>>>;

/**
 * Bindus of one planet's chart in each sign (index 0 = Aries). `places` defaults to the BPHS tables;
 * another tradition's tables can be passed to compare with a source that uses them.
 */
export function bhinnaOf(
  planet: ClassicalPlanet,
  signs: ContributorSigns,
  places: BeneficPlaces = BENEFIC_PLACES,
): number[] {
  const row = new Array<number>(12).fill(0);
  for (const c of CONTRIBUTORS) {
    for (const house of places[planet][c]) row[(signs[c] + house - 1) % 12]! += 1;
  }
  return row;
}

export function bhinnaAshtakavarga(
  signs: ContributorSigns,
  places: BeneficPlaces = BENEFIC_PLACES,
): Record<ClassicalPlanet, number[]> {
  const out = {} as Record<ClassicalPlanet, number[]>;
  for (const p of AV_PLANETS) out[p] = bhinnaOf(p, signs, places);
  return out;
}

export interface Ashtakavarga {
  /** Bindus per sign (Aries first) of each planet's chart. */
  bhinna: Record<ClassicalPlanet, number[]>;
  /** Bindus per sign (Aries first), the sum of the seven. */
  sarva: number[];
  /** Sarvashtakavarga by sign name. */
  sarvaBySign: Record<Sign, number>;
  total: number;
}

export function ashtakavarga(signs: ContributorSigns, places: BeneficPlaces = BENEFIC_PLACES): Ashtakavarga {
  const bhinna = bhinnaAshtakavarga(signs, places);
  const sarva = SIGNS.map((_, i) => AV_PLANETS.reduce((sum, p) => sum + bhinna[p][i]!, 0));
  const sarvaBySign = Object.fromEntries(SIGNS.map((s, i) => [s, sarva[i]!])) as Record<Sign, number>;
  return { bhinna, sarva, sarvaBySign, total: sarva.reduce((a, b) => a + b, 0) };
}
