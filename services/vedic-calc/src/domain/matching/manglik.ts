// Manglik (Kuja) dosha of one chart and of a pair. Mars in the 1st, 2nd, 4th, 7th, 8th or 12th sign
// counted from the lagna, the Moon and Venus (whole signs) forms the dosha from that reference; B.V.
// Raman's exceptions (as listed in PyJHora v4.8.5 dosha.py _manglik_exceptions) cancel it. Pure.
import { SIGNS, type Sign } from '@astro/astro-core';
import { signCount } from './moon.ts';

export const MANGLIK_HOUSES: readonly number[] = [1, 2, 4, 7, 8, 12];
export const MANGLIK_SOURCE =
  'Mars in the 1st, 4th, 7th, 8th or 12th ("lagne vyaye cha patale jamitre chashtame kuje"), the 2nd added as in South India (PyJHora dosha.py include_2nd_house), counted from lagna, Moon and Venus';
export const MANGLIK_EXCEPTION_SOURCE = "B.V. Raman's exceptions, as listed in PyJHora v4.8.5 dosha.py";

export type ManglikReferenceName = 'lagna' | 'moon' | 'venus';

export interface ManglikChart {
  /** Sign indices 0..11. */
  lagna: number;
  moon: number;
  venus: number;
  mars: number;
  jupiter: number;
  saturn: number;
  marsRetrograde: boolean;
}

export interface ManglikReference {
  reference: ManglikReferenceName;
  reference_sign: Sign;
  mars_house: number;
  dosha: boolean;
  /** A house-and-sign exception of this reference cancels its dosha. */
  cancelled: boolean;
}

export interface ManglikCancellation {
  rule: string;
  reason: string;
  source: string;
}

export interface ManglikResult {
  mars_sign: Sign;
  references: ManglikReference[];
  dosha_present: boolean;
  cancellations: ManglikCancellation[];
  cancelled: boolean;
  is_manglik: boolean;
  reason: string;
}

/** Mars's sign exceptions by house from the reference (Raman 2-6): the dosha does not arise there. */
const HOUSE_SIGN_EXCEPTIONS: Readonly<Record<number, readonly Sign[]>> = {
  2: ['gemini', 'virgo'],
  4: ['aries', 'scorpio'],
  7: ['cancer', 'capricorn'],
  8: ['sagittarius', 'pisces'],
  12: ['taurus', 'libra'],
};

/** 1st, 2nd, 3rd, 4th ... */
export const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

const aspects = (from: number, to: number, houses: readonly number[]) => houses.includes(signCount(from, to));

/** Exceptions that cancel the dosha of the whole chart (Raman 1, 7, 8 and 15 of PyJHora's list). */
function chartExceptions(c: ManglikChart): ManglikCancellation[] {
  const out: ManglikCancellation[] = [];
  const marsSign = SIGNS[c.mars]!;
  const src = MANGLIK_EXCEPTION_SOURCE;
  if (marsSign === 'leo' || marsSign === 'aquarius')
    out.push({ rule: 'mars_in_leo_or_aquarius', reason: `Mars is in ${marsSign}`, source: src });
  for (const [planet, sign, houses] of [
    ['jupiter', c.jupiter, [5, 7, 9]],
    ['saturn', c.saturn, [3, 7, 10]],
  ] as const) {
    if (sign === c.mars)
      out.push({ rule: `mars_conjunct_${planet}`, reason: `Mars is with ${planet} in ${marsSign}`, source: src });
    else if (aspects(sign, c.mars, houses))
      out.push({
        rule: `mars_aspected_by_${planet}`,
        reason: `${planet} in ${SIGNS[sign]} aspects Mars (${ordinal(signCount(sign, c.mars))} from it)`,
        source: src,
      });
  }
  if (c.marsRetrograde) out.push({ rule: 'mars_retrograde', reason: 'Mars is retrograde', source: src });
  const lagna = SIGNS[c.lagna]!;
  if (lagna === 'cancer' || lagna === 'leo')
    out.push({
      rule: 'lagna_cancer_or_leo',
      reason: `the lagna is ${lagna}: Mars is a yogakaraka`,
      source: src,
    });
  return out;
}

export function manglik(c: ManglikChart): ManglikResult {
  const marsSign = SIGNS[c.mars]!;
  const refCancellations: ManglikCancellation[] = [];
  const references = (
    [
      ['lagna', c.lagna],
      ['moon', c.moon],
      ['venus', c.venus],
    ] as const
  ).map(([reference, sign]): ManglikReference => {
    const house = signCount(sign, c.mars);
    const dosha = MANGLIK_HOUSES.includes(house);
    const cancelled = dosha && (HOUSE_SIGN_EXCEPTIONS[house]?.includes(marsSign) ?? false);
    if (cancelled)
      refCancellations.push({
        rule: `mars_in_house_${house}_in_${marsSign}`,
        reason: `from the ${reference}, Mars is in the ${ordinal(house)} house in ${marsSign}`,
        source: MANGLIK_EXCEPTION_SOURCE,
      });
    return { reference, reference_sign: SIGNS[sign]!, mars_house: house, dosha, cancelled };
  });
  const present = references.some((r) => r.dosha);
  const chartWide = present ? chartExceptions(c) : [];
  const standing = references.filter((r) => r.dosha && !r.cancelled);
  const isManglik = standing.length > 0 && chartWide.length === 0;
  const cancellations = [...refCancellations, ...chartWide];
  const from = (rs: ManglikReference[]) => rs.map((r) => `${r.reference} (house ${r.mars_house})`).join(', ');
  return {
    mars_sign: marsSign,
    references,
    dosha_present: present,
    cancellations,
    cancelled: present && !isManglik,
    is_manglik: isManglik,
    reason: !present
      ? 'Mars is in none of the houses 1, 2, 4, 7, 8, 12 from the lagna, the Moon or Venus'
      : isManglik
        ? `Mars forms the dosha from ${from(standing)} and no exception cancels it`
        : `Mars forms the dosha from ${from(references.filter((r) => r.dosha))}, cancelled by ${cancellations
            .map((x) => x.rule)
            .join(', ')}`,
  };
}

export interface ManglikPair {
  compatible: boolean;
  reason: string;
}

/** The pair: both manglik or neither is compatible (the dosha of one balances the other's). */
export function manglikPair(groom: ManglikResult, bride: ManglikResult): ManglikPair {
  if (groom.is_manglik && bride.is_manglik)
    return { compatible: true, reason: 'both partners are manglik: the doshas cancel each other' };
  if (!groom.is_manglik && !bride.is_manglik) return { compatible: true, reason: 'neither partner is manglik' };
  return {
    compatible: false,
    reason: `only the ${groom.is_manglik ? 'groom' : 'bride'} is manglik`,
  };
}
