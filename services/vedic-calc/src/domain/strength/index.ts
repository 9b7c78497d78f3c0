// Planet, house and sign strength of a sidereal chart: Shadbala with all six balas (BPHS ch. 27, Raman
// "Graha and Bhava Balas"), bhava bala, vimshopaka over the four varga groups, composite strength
// (0.40 shadbala ratio + 0.35 shad-varga vimshopaka + 0.25 rasi dignity), functional nature,
// yogakaraka, ishta/kashta and avastha, and sign/house strength (half Sarvashtakavarga, half the
// composite strength of the lord). Pure: the handler supplies positions, speeds, the sunrise frame,
// weekday, Kali ahargana and ayanamsha (ShadbalaInput); nothing here reads a clock or the ephemeris.
//
// API (all values in virupas unless named otherwise):
//   strengthProfile(input)       -> { shadbala, composite, bhavaBala, signs, houses, ashtakavarga, ... }
//   computeShadbala(input)       -> ShadbalaResult (entries of the seven planets with parts and ratio)
//   compositeStrength(sb, lons)  -> CompositeEntry[] (score 0..1, category, components)
//   vimshopaka(planet, lon, rasiSigns, group) -> { points (0..20), per_varga_points }
//   bhavaBala(sb, asc, planets, natures)      -> BhavaBalaEntry[12]
//   REQUIRED_RUPAS, SHADBALA_METHOD_VERSION, COMPOSITE_METHOD_VERSION
import { rulerOf, SIGNS, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import { ashtakavarga, contributorSigns, SAV_MAX_PER_SIGN, type Ashtakavarga } from '../ashtakavarga/index.ts';
import { bhavaBala, type BhavaBalaEntry } from './bhava.ts';
import { compositeStrength, type CompositeEntry } from './composite.ts';
import { SEVEN } from './relationships.ts';
import { computeShadbala, type ShadbalaInput, type ShadbalaResult } from './shadbala.ts';

export * from './shadbala.ts';
export * from './composite.ts';
export * from './bhava.ts';
export {
  compoundRelationship,
  SEVEN,
  vargaDignity,
  isClassical,
  type Compound,
  type VargaDignity,
} from './relationships.ts';

export interface StrengthProfile {
  shadbala: ShadbalaResult;
  composite: CompositeEntry[];
  bhavaBala: BhavaBalaEntry[];
  ashtakavarga: Ashtakavarga;
  /** 0..1: 0.5 x SAV bindus / 56 + 0.5 x composite score of the sign's lord. */
  signs: Record<Sign, number>;
  /** 0..1 by whole-sign house "1".."12": the strength of the house's sign. */
  houses: Record<string, number>;
  ascendantSign: number;
}

export function strengthProfile(input: ShadbalaInput): StrengthProfile {
  const shadbala = computeShadbala(input);
  const lons = new Map(input.bodies.map((b) => [b.planet, b.longitude]));
  const composite = compositeStrength(shadbala.entries, lons);
  const asc = lons.get('ascendant')!;
  const planets = SEVEN.map((p) => ({ planet: p as ClassicalPlanet, longitude: lons.get(p)! }));
  const bhava = bhavaBala(shadbala.entries, asc, planets, shadbala.natures);
  const signsIn = contributorSigns(input.bodies);
  if (!signsIn) throw new Error('ashtakavarga needs the seven planets and the ascendant');
  const av = ashtakavarga(signsIn);
  const compositeBy = new Map(composite.map((c) => [c.planet, c.score]));
  const signs = Object.fromEntries(
    SIGNS.map((s, i) => [s, 0.5 * (av.sarva[i]! / SAV_MAX_PER_SIGN) + 0.5 * (compositeBy.get(rulerOf(s)) ?? 0)]),
  ) as Record<Sign, number>;
  const ascendantSign = Math.floor((((asc % 360) + 360) % 360) / 30);
  const houses: Record<string, number> = {};
  for (let h = 1; h <= 12; h++) houses[String(h)] = signs[SIGNS[(ascendantSign + h - 1) % 12]!];
  return { shadbala, composite, bhavaBala: bhava, ashtakavarga: av, signs, houses, ascendantSign };
}
