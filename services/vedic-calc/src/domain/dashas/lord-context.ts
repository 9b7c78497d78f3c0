// The natal context of a dasha lord: house (whole-sign from the ascendant sign), owned houses, dignity
// from the classical tables and a simple normalised strength. Pure: reads only the chart's positions.
import {
  degreeInSign,
  nakshatraOf,
  rulerOf,
  SIGNS,
  signIndexOf,
  vedicDignity,
  type ClassicalPlanet,
  type RasiSigns,
  type VedicDignity,
  type Sign,
} from '@astro/astro-core';

/** The part of a chart position the dasha code reads (a StoredChart position fits). */
export interface NatalBody {
  planet: string;
  longitude: number; // sidereal
  is_retrograde?: boolean;
}

export type Dignity = VedicDignity;

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

/**
 * Dignity of a planet at a sidereal longitude in a chart whose classical planets stand in `rasiSigns`
 * (astro-core's vedicDignity, the one dignity function of the Vedic routes: strength/planets, avastha,
 * vimshopaka and Theo read the same); null for rahu, ketu and non-classical bodies.
 */
export function dignityOf(planet: string, longitude: number, rasiSigns: RasiSigns): Dignity | null {
  if (!CLASSICAL.has(planet)) return null;
  return vedicDignity(planet as ClassicalPlanet, signIndexOf(longitude), rasiSigns, degreeInSign(longitude));
}

/** Rasi sign index of each classical planet (for the temporary relationship); Aries when absent. */
export function rasiSignsOf(planets: readonly NatalBody[]): RasiSigns {
  const out = {} as Record<ClassicalPlanet, number>;
  for (const p of CLASSICAL) {
    const body = planets.find((b) => b.planet === p);
    out[p as ClassicalPlanet] = body ? signIndexOf(body.longitude) : 0;
  }
  return out;
}

/**
 * Rule `dignity-rank-v2`: lord_strength is the dignity's rank on a 0-1 scale, exalted 1.0,
 * moolatrikona 0.85, own_sign 0.75, great_friend 0.65, friend 0.55, neutral 0.45, enemy 0.3,
 * great_enemy 0.2, debilitated 0.0 (the composite strength's dignity_norm, so both agree); null for the
 * nodes (no dignity). v1 ranked the natural relationship alone (friendly/neutral/enemy).
 */
export const LORD_STRENGTH_RULE = 'dignity-rank-v2';
const STRENGTH: Readonly<Record<Dignity, number>> = {
  exalted: 1,
  moolatrikona: 0.85,
  own_sign: 0.75,
  great_friend: 0.65,
  friend: 0.55,
  neutral: 0.45,
  enemy: 0.3,
  great_enemy: 0.2,
  debilitated: 0,
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
  const rasi = rasiSignsOf(planets);
  const asc = byName.get('ascendant');
  const ascIdx = asc ? signIndexOf(asc.longitude) : null;
  const out = new Map<string, LordContext>();
  for (const lord of ['ketu', 'venus', 'sun', 'moon', 'mars', 'rahu', 'jupiter', 'saturn', 'mercury']) {
    const body = byName.get(lord);
    const dignity = body ? dignityOf(lord, body.longitude, rasi) : null;
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
