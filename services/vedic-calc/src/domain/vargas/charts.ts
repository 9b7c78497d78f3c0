// Divisional charts and varga strength from sidereal longitudes. Pure.
import { SIGNS, rulerOf, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import { vargaSignIndex, type Varga } from './rules.ts';

export const METHOD_VERSION = 'vargas-bphs-v1';
export const STRENGTH_METHOD_VERSION = 'varga-strength-bphs-v1';

/** The entries of a divisional chart, in this order (spec: nine grahas plus ascendant and midheaven). */
export const VARGA_BODIES = [
  'sun',
  'moon',
  'mars',
  'mercury',
  'jupiter',
  'venus',
  'saturn',
  'rahu',
  'ketu',
  'ascendant',
  'midheaven',
] as const;

/** /vargas: the Shodasha (sixteen) varga set, in the spec's order. */
export const SHODASHA_VARGAS: readonly Varga[] = [
  'D1',
  'D2',
  'D3',
  'D4',
  'D7',
  'D9',
  'D10',
  'D12',
  'D16',
  'D20',
  'D24',
  'D27',
  'D30',
  'D40',
  'D45',
  'D60',
];

/** /varga-strength: the spec's eight vargas. */
export const STRENGTH_VARGAS: readonly Varga[] = ['D1', 'D2', 'D3', 'D9', 'D10', 'D12', 'D30', 'D60'];

const CLASSICAL: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

/** Spec names by own-sign count (2 .. 12); below 2 the name is null. */
const DIGNITY_NAMES: Readonly<Record<number, string>> = {
  2: 'Parijatamsa',
  3: 'Parvathamsa',
  4: 'Simhasanamsa',
  5: 'Swargabalamsa',
  6: 'Indramsa',
  7: 'Rajapadmamsa',
  8: 'Gopuramsa',
  9: 'Brahmapadamsa',
  10: 'Vaishnavamsa',
  11: 'Saivamsa',
  12: 'Vaiseshikamsa',
};

export interface BodyLongitude {
  planet: string;
  longitude: number;
}

export interface DivisionalEntry {
  planet: string;
  sign: Sign;
}

export function vargaSign(varga: Varga, siderealLongitude: number): Sign {
  return SIGNS[vargaSignIndex(varga, siderealLongitude)]!;
}

function longitudesByBody(bodies: readonly BodyLongitude[]): Map<string, number> {
  return new Map(bodies.map((b) => [b.planet, b.longitude]));
}

/** The divisional chart's entries; a body missing from the chart is left out. */
export function divisionalEntries(varga: Varga, bodies: readonly BodyLongitude[]): DivisionalEntry[] {
  const lon = longitudesByBody(bodies);
  const out: DivisionalEntry[] = [];
  for (const planet of VARGA_BODIES) {
    const l = lon.get(planet);
    if (l !== undefined) out.push({ planet, sign: vargaSign(varga, l) });
  }
  return out;
}

export interface VargaStrengthEntry {
  planet: ClassicalPlanet;
  own_sign_count: number;
  dignity_name: string | null;
  own_sign_vargas: Varga[];
  repeated_signs: { sign: Sign; count: number }[];
}

export function dignityName(ownSignCount: number): string | null {
  return DIGNITY_NAMES[ownSignCount] ?? null;
}

/**
 * For each classical planet over the given vargas: in how many it occupies a sign it rules (BPHS
 * rulership; Rahu and Ketu own no sign and are left out), and which signs it occupies in two or more of
 * them (count descending, then zodiacal order).
 */
export function vargaStrength(
  bodies: readonly BodyLongitude[],
  vargas: readonly Varga[] = STRENGTH_VARGAS,
): VargaStrengthEntry[] {
  const lon = longitudesByBody(bodies);
  const out: VargaStrengthEntry[] = [];
  for (const planet of CLASSICAL) {
    const l = lon.get(planet);
    if (l === undefined) continue;
    const own: Varga[] = [];
    const counts = new Map<Sign, number>();
    for (const v of vargas) {
      const sign = vargaSign(v, l);
      if (rulerOf(sign) === planet) own.push(v);
      counts.set(sign, (counts.get(sign) ?? 0) + 1);
    }
    const repeated = SIGNS.filter((s) => (counts.get(s) ?? 0) >= 2)
      .map((sign) => ({ sign, count: counts.get(sign)! }))
      .sort((a, b) => b.count - a.count || SIGNS.indexOf(a.sign) - SIGNS.indexOf(b.sign));
    out.push({
      planet,
      own_sign_count: own.length,
      dignity_name: dignityName(own.length),
      own_sign_vargas: own,
      repeated_signs: repeated,
    });
  }
  return out;
}
