// The natal context of a dasha lord: house (whole-sign from the ascendant sign), owned houses, dignity
// from the classical tables and a simple normalised strength. Pure: reads only the chart's positions.
import {
  DEBILITATION,
  degreeInSign,
  EXALTATION,
  MOOLATRIKONA,
  nakshatraOf,
  rulerOf,
  SIGNS,
  signIndexOf,
  type ClassicalPlanet,
  type Sign,
} from '@astro/astro-core';

/** The part of a chart position the dasha code reads (a StoredChart position fits). */
export interface NatalBody {
  planet: string;
  longitude: number; // sidereal
  is_retrograde?: boolean;
}

export type Dignity = 'exalted' | 'moolatrikona' | 'own_sign' | 'friendly' | 'neutral' | 'enemy' | 'debilitated';

export interface LordContext {
  lord: string;
  lord_strength: number | null;
  lord_house: number | null;
  owned_houses: number[];
  dignity: Dignity | null;
  sign: Sign | null;
  nakshatra: string | null;
  /** Not in the API object; used by card signals. */
  is_retrograde: boolean;
}

const CLASSICAL: ReadonlySet<string> = new Set(['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn']);

/** Natural (naisargika) relationships, BPHS ch. 3: friends and enemies; every other planet is neutral. */
const NATURAL: Readonly<Record<ClassicalPlanet, { friends: ClassicalPlanet[]; enemies: ClassicalPlanet[] }>> = {
  sun: { friends: ['moon', 'mars', 'jupiter'], enemies: ['venus', 'saturn'] },
  moon: { friends: ['sun', 'mercury'], enemies: [] },
  mars: { friends: ['sun', 'moon', 'jupiter'], enemies: ['mercury'] },
  mercury: { friends: ['sun', 'venus'], enemies: ['moon'] },
  jupiter: { friends: ['sun', 'moon', 'mars'], enemies: ['mercury', 'venus'] },
  venus: { friends: ['mercury', 'saturn'], enemies: ['sun', 'moon'] },
  saturn: { friends: ['mercury', 'venus'], enemies: ['sun', 'moon', 'mars'] },
};

/** Natural relationship of `planet` towards `other`. */
export function naturalRelationship(planet: ClassicalPlanet, other: ClassicalPlanet): 'friendly' | 'neutral' | 'enemy' {
  const r = NATURAL[planet];
  return r.friends.includes(other) ? 'friendly' : r.enemies.includes(other) ? 'enemy' : 'neutral';
}

/** Dignity of a planet at a sidereal longitude; null for rahu, ketu and non-classical bodies. */
export function dignityOf(planet: string, longitude: number): Dignity | null {
  if (!CLASSICAL.has(planet)) return null;
  const p = planet as ClassicalPlanet;
  const sign = SIGNS[signIndexOf(longitude)]!;
  const deg = degreeInSign(longitude);
  const mt = MOOLATRIKONA[p];
  if (sign === mt.sign && sign === EXALTATION[p].sign) {
    // moon in taurus, mercury in virgo
    if (deg < mt.from) return 'exalted';
    if (deg < mt.to) return 'moolatrikona';
    return 'own_sign';
  }
  if (sign === EXALTATION[p].sign) return 'exalted';
  if (sign === DEBILITATION[p].sign) return 'debilitated';
  const lord = rulerOf(sign);
  if (sign === mt.sign && deg >= mt.from && deg < mt.to) return 'moolatrikona';
  if (lord === p) return 'own_sign';
  return naturalRelationship(p, lord);
}

/**
 * Rule `dignity-rank-v1`: lord_strength is the dignity's rank on a 0-1 scale, exalted 1.0,
 * moolatrikona 0.85, own_sign 0.75, friendly 0.6, neutral 0.5, enemy 0.35, debilitated 0.1; null for
 * the nodes (no dignity). A placeholder until shadbala-based strength replaces it (bump the tag then).
 */
export const LORD_STRENGTH_RULE = 'dignity-rank-v1';
const STRENGTH: Readonly<Record<Dignity, number>> = {
  exalted: 1,
  moolatrikona: 0.85,
  own_sign: 0.75,
  friendly: 0.6,
  neutral: 0.5,
  enemy: 0.35,
  debilitated: 0.1,
};
export function strengthOf(dignity: Dignity | null): number | null {
  return dignity === null ? null : STRENGTH[dignity];
}

/** Whole-sign house (1-12) of a sign index counted from the ascendant's sign index. */
export function wholeSignHouse(signIndex: number, ascSignIndex: number): number {
  return ((signIndex - ascSignIndex + 12) % 12) + 1;
}

/** Houses (ascending) whose sign `planet` rules, whole-sign from the ascendant; [] for the nodes. */
export function ownedHouses(planet: string, ascSignIndex: number): number[] {
  if (!CLASSICAL.has(planet)) return [];
  const out: number[] = [];
  for (let i = 0; i < 12; i++) if (rulerOf(SIGNS[i]!) === planet) out.push(wholeSignHouse(i, ascSignIndex));
  return out.sort((a, b) => a - b);
}

/** Context of each of the nine dasha lords in the chart (computed once per request). */
export function lordContexts(planets: readonly NatalBody[]): Map<string, LordContext> {
  const byName = new Map(planets.map((p) => [p.planet, p]));
  const asc = byName.get('ascendant');
  const ascIdx = asc ? signIndexOf(asc.longitude) : null;
  const out = new Map<string, LordContext>();
  for (const lord of ['ketu', 'venus', 'sun', 'moon', 'mars', 'rahu', 'jupiter', 'saturn', 'mercury']) {
    const body = byName.get(lord);
    const dignity = body ? dignityOf(lord, body.longitude) : null;
    out.set(lord, {
      lord,
      lord_strength: strengthOf(dignity),
      lord_house: body && ascIdx !== null ? wholeSignHouse(signIndexOf(body.longitude), ascIdx) : null,
      owned_houses: ascIdx !== null ? ownedHouses(lord, ascIdx) : [],
      dignity,
      sign: body ? SIGNS[signIndexOf(body.longitude)]! : null,
      nakshatra: body ? nakshatraOf(body.longitude).name : null,
      is_retrograde: Boolean(body?.is_retrograde),
    });
  }
  return out;
}
