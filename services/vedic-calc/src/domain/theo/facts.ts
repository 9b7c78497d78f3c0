// The chart facts every Theo / influence / probability computation reads: the nine grahas' sidereal
// positions, whole-sign houses from the ascendant's sign, lordships, natural and compound
// relationships, natural and functional nature, and graded graha drishti. Pure.
import {
  degreeInSign,
  nakshatraOf,
  naturalRelation as naturalRelationOf,
  navamsaSignOf,
  norm360,
  rulerOf,
  SIGNS,
  signIndexOf,
  vedicDignity,
  type ClassicalPlanet,
  type RasiSigns,
  type Sign,
  type VedicDignity,
} from '@astro/astro-core';

export const GRAHAS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const;
export type Graha = (typeof GRAHAS)[number];
export const CLASSICAL: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export const isGraha = (p: string): p is Graha => (GRAHAS as readonly string[]).includes(p);
export const isClassical = (p: string): p is ClassicalPlanet => (CLASSICAL as readonly string[]).includes(p);
export const mod12 = (n: number) => ((n % 12) + 12) % 12;

/** What a stored chart position gives us (StoredChart positions fit). */
export interface BodyInput {
  planet: string;
  longitude: number;
  speed_per_day?: number;
  is_retrograde?: boolean;
}

export interface Body {
  planet: Graha;
  longitude: number;
  signIndex: number;
  sign: Sign;
  degree: number;
  house: number;
  speed: number;
  retrograde: boolean;
  navamsaSign: Sign;
  nakshatraLord: Graha;
}

export interface ChartFacts {
  ascLongitude: number;
  ascSignIndex: number;
  bodies: Record<Graha, Body>;
}

/** Whole-sign house (1-12) of sign index `s`. */
export function houseOfSign(f: ChartFacts, s: number): number {
  return mod12(s - f.ascSignIndex) + 1;
}
/** Sign index of house `h` (1-12). */
export function signOfHouse(f: ChartFacts, h: number): number {
  return mod12(f.ascSignIndex + h - 1);
}

export class MissingBodyError extends Error {}

/** Facts from a chart's positions; throws MissingBodyError without an ascendant or a graha. */
export function chartFacts(positions: readonly BodyInput[]): ChartFacts {
  const by = new Map(positions.map((p) => [p.planet, p]));
  const asc = by.get('ascendant');
  if (!asc) throw new MissingBodyError('ascendant');
  const ascSignIndex = signIndexOf(asc.longitude);
  const bodies = {} as Record<Graha, Body>;
  for (const g of GRAHAS) {
    const p = by.get(g);
    if (!p) throw new MissingBodyError(g);
    const signIndex = signIndexOf(p.longitude);
    bodies[g] = {
      planet: g,
      longitude: norm360(p.longitude),
      signIndex,
      sign: SIGNS[signIndex]!,
      degree: degreeInSign(p.longitude),
      house: mod12(signIndex - ascSignIndex) + 1,
      speed: p.speed_per_day ?? 0,
      // The mean nodes always move backwards.
      retrograde: g === 'rahu' || g === 'ketu' ? true : Boolean(p.is_retrograde),
      navamsaSign: navamsaSignOf(p.longitude),
      nakshatraLord: nakshatraOf(p.longitude).lord as Graha,
    };
  }
  return { ascLongitude: norm360(asc.longitude), ascSignIndex, bodies };
}

/** Lord of house h. */
export function lordOfHouse(f: ChartFacts, h: number): ClassicalPlanet {
  return rulerOf(SIGNS[signOfHouse(f, h)]!);
}

/** Houses a planet rules (ascending); [] for the nodes. */
export function ownedHouses(f: ChartFacts, p: Graha): number[] {
  if (!isClassical(p)) return [];
  const out: number[] = [];
  for (let h = 1; h <= 12; h++) if (lordOfHouse(f, h) === p) out.push(h);
  return out;
}

/** Graha (classical lord or node) occupying each sign index. */
export function occupantsOfSign(f: ChartFacts, s: number): Graha[] {
  return GRAHAS.filter((g) => f.bodies[g].signIndex === s);
}

// ---------------------------------------------------------------- nature

/**
 * Natural benefics (BPHS ch. 3 v. 10-11): Jupiter, Venus, a waxing Moon (Sun-Moon elongation below
 * 180°) and Mercury; the others (Sun, Mars, Saturn, Rahu, Ketu, a waning Moon) are natural malefics.
 */
export function isNaturalBenefic(f: ChartFacts, p: Graha): boolean {
  if (p === 'jupiter' || p === 'venus' || p === 'mercury') return true;
  if (p === 'moon') return norm360(f.bodies.moon.longitude - f.bodies.sun.longitude) < 180;
  return false;
}

export type FunctionalNature = 'yogakaraka' | 'lagnesha' | 'benefic' | 'neutral' | 'malefic';

/**
 * Functional nature for the lagna (Laghu Parashari v. 6-13): the ruler of both a kendra (4, 7, 10)
 * and a trikona (5, 9) is yogakaraka; the lagna lord is lagnesha; a trikona lord is a functional
 * benefic; a lord of a trishadaya house (3, 6, 11) or of the 8th is a functional malefic; pure kendra
 * lords (kendradhipati dosha), the 2nd and 12th lords and the nodes are neutral. Precedence in that order.
 */
export function functionalNature(f: ChartFacts, p: Graha): FunctionalNature {
  const owned = ownedHouses(f, p);
  if (owned.length === 0) return 'neutral';
  const kendra = owned.some((h) => h === 4 || h === 7 || h === 10);
  const trikona = owned.some((h) => h === 5 || h === 9);
  if (kendra && trikona) return 'yogakaraka';
  if (owned.includes(1)) return 'lagnesha';
  if (trikona) return 'benefic';
  if (owned.some((h) => h === 3 || h === 6 || h === 8 || h === 11)) return 'malefic';
  return 'neutral';
}

/** The coarse class the API reports: yogakaraka and lagnesha count as benefic. */
export function functionalClass(n: FunctionalNature): 'benefic' | 'malefic' | 'neutral' {
  return n === 'malefic' ? 'malefic' : n === 'neutral' ? 'neutral' : 'benefic';
}

// ---------------------------------------------------------------- relationships

/** Natural relationships (astro-core, BPHS ch. 3 v. 55); nodes take Saturn's (Rahu) and Mars's (Ketu): "Shanivat Rahu, Kujavat Ketu". */
export const nodeProxy = (p: Graha): ClassicalPlanet =>
  p === 'rahu' ? 'saturn' : p === 'ketu' ? 'mars' : (p as ClassicalPlanet);

export function naturalRelation(p: Graha, other: Graha): 1 | 0 | -1 {
  return naturalRelationOf(nodeProxy(p), nodeProxy(other));
}

/** Temporary friendship (BPHS ch. 3 v. 56): `other` in the 2nd, 3rd, 4th, 10th, 11th or 12th from `p`. */
export function temporaryRelation(f: ChartFacts, p: Graha, other: Graha): 1 | -1 {
  const d = mod12(f.bodies[other].signIndex - f.bodies[p].signIndex) + 1;
  return [2, 3, 4, 10, 11, 12].includes(d) ? 1 : -1;
}

export type Compound = 'great_friend' | 'friend' | 'neutral' | 'enemy' | 'great_enemy';
const COMPOUND: Record<string, Compound> = {
  '2': 'great_friend',
  '1': 'friend',
  '0': 'neutral',
  '-1': 'enemy',
  '-2': 'great_enemy',
};
/** Five-fold (panchadha) relationship: natural + temporary (BPHS ch. 3 v. 57-58). */
export function compoundRelation(f: ChartFacts, p: Graha, other: Graha): Compound {
  return COMPOUND[String(naturalRelation(p, other) + temporaryRelation(f, p, other))]!;
}

// ---------------------------------------------------------------- dignity

export type Dignity =
  | 'exaltation'
  | 'mooltrikona'
  | 'own'
  | 'great_friend'
  | 'friend'
  | 'neutral'
  | 'enemy'
  | 'great_enemy'
  | 'debilitation';

/** Theo's names (the spec's disposition terms) for astro-core's dignities. */
const THEO_DIGNITY: Readonly<Record<VedicDignity, Dignity>> = {
  exalted: 'exaltation',
  moolatrikona: 'mooltrikona',
  own_sign: 'own',
  great_friend: 'great_friend',
  friend: 'friend',
  neutral: 'neutral',
  enemy: 'enemy',
  great_enemy: 'great_enemy',
  debilitated: 'debilitation',
};

/**
 * Dignity of a classical planet, null for the nodes: astro-core's vedicDignity (the one dignity function
 * of the Vedic routes, so Theo, strength/planets and the dasha lord context agree), under Theo's names.
 */
export function dignity(f: ChartFacts, p: Graha): Dignity | null {
  if (!isClassical(p)) return null;
  const rasi = Object.fromEntries(CLASSICAL.map((q) => [q, f.bodies[q].signIndex])) as RasiSigns;
  return THEO_DIGNITY[vedicDignity(p, f.bodies[p].signIndex, rasi, f.bodies[p].degree)];
}

// ---------------------------------------------------------------- drishti

/**
 * Graded graha drishti by sign distance d (1-12, counted from the aspecting planet's sign), BPHS ch. 26
 * v. 2-5: every graha aspects the 7th fully, the 4th and 8th by 3/4, the 5th and 9th by 1/2, the 3rd
 * and 10th by 1/4; Mars (4, 8), Jupiter (5, 9) and Saturn (3, 10) aspect their special houses fully.
 * Rahu and Ketu take Jupiter's special aspects (5, 9), as in common Parashari practice. 0 otherwise.
 */
export function drishtiFraction(p: Graha, d: number): number {
  if (d === 7) return 1;
  const special: Partial<Record<Graha, number[]>> = {
    mars: [4, 8],
    jupiter: [5, 9],
    saturn: [3, 10],
    rahu: [5, 9],
    ketu: [5, 9],
  };
  if (special[p]?.includes(d)) return 1;
  if (d === 4 || d === 8) return 0.75;
  if (d === 5 || d === 9) return 0.5;
  if (d === 3 || d === 10) return 0.25;
  return 0;
}

/** Drishti fraction of planet p onto sign index s. */
export function drishtiOnSign(f: ChartFacts, p: Graha, s: number): number {
  return drishtiFraction(p, mod12(s - f.bodies[p].signIndex) + 1);
}

/** Jaimini rashi drishti (Jaimini Sutras 1.1.2-4): movable -> fixed but the next, fixed -> movable but the previous, dual -> dual. */
export function rashiAspects(sourceSign: number, targetSign: number): boolean {
  const offsets = [
    [4, 7, 10],
    [2, 5, 8],
    [3, 6, 9],
  ][sourceSign % 3]!;
  return offsets.includes(mod12(targetSign - sourceSign));
}

/** Combustion orbs in degrees (spec: mercury 5, venus 10, jupiter 11, saturn 15, mars 17); the Moon (its weakness near the Sun is paksha) and the nodes never. */
export const COMBUSTION_ORB: Partial<Record<Graha, number>> = {
  mercury: 5,
  venus: 10,
  jupiter: 11,
  saturn: 15,
  mars: 17,
};

export function angularDistance(a: number, b: number): number {
  const d = Math.abs(norm360(a - b));
  return d > 180 ? 360 - d : d;
}

export function isCombust(f: ChartFacts, p: Graha): boolean {
  const orb = COMBUSTION_ORB[p];
  return orb !== undefined && angularDistance(f.bodies[p].longitude, f.bodies.sun.longitude) <= orb;
}

export const round = (x: number, digits = 4) => {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
};
