// Ashtottari dasha (BPHS ch. 46; 108 years): eight lords in the order Sun 6, Moon 15, Mars 8, Mercury 17,
// Saturn 10, Jupiter 19, Rahu 12, Venus 21. The nakshatras are dealt out from Ardra in groups of four
// and three: Sun Ardra-Ashlesha (4), Moon Magha-U.Phalguni (3), Mars Hasta-Vishakha (4), Mercury
// Anuradha-Mula (3), Saturn P.Ashadha-Shravana (3, Abhijit not counted), Jupiter Dhanishta-P.Bhadra (3),
// Rahu U.Bhadra-Bharani (4), Venus Krittika-Mrigashira (3). The Moon's traversed part of its lord's
// whole group (in longitude) is the elapsed part of the birth mahadasha, so the chain starts before
// birth and every mahadasha keeps its full length (the Vimshottari convention). A period divides into
// eight sub-periods in Ashtottari order starting with its own lord, each parent x years(lord) / 108.
import { NAKSHATRA_SPAN, NAKSHATRAS, norm360, type Nakshatra } from '@astro/astro-core';
import { splitSpan, type ChainPeriod, type DashaTree, type Level } from './period-chain.ts';
import { MS_PER_YEAR } from './time.ts';

export const ASHTOTTARI_METHOD_VERSION = 'ashtottari-v1-jy365.25';
export const ASHTOTTARI_TOTAL_YEARS = 108;

export type AshtottariLord = 'sun' | 'moon' | 'mars' | 'mercury' | 'saturn' | 'jupiter' | 'rahu' | 'venus';

/** Lords in dasha order with their years and nakshatra group (first nakshatra index, Ashwini = 0). */
export const ASHTOTTARI_LORDS: readonly { lord: AshtottariLord; years: number; first: number; count: number }[] =
  Object.freeze([
    { lord: 'sun', years: 6, first: 5, count: 4 },
    { lord: 'moon', years: 15, first: 9, count: 3 },
    { lord: 'mars', years: 8, first: 12, count: 4 },
    { lord: 'mercury', years: 17, first: 16, count: 3 },
    { lord: 'saturn', years: 10, first: 19, count: 3 },
    { lord: 'jupiter', years: 19, first: 22, count: 3 },
    { lord: 'rahu', years: 12, first: 25, count: 4 },
    { lord: 'venus', years: 21, first: 2, count: 3 },
  ]);

const INDEX = new Map(ASHTOTTARI_LORDS.map((l, i) => [l.lord as string, i]));

export interface AshtottariPeriod extends ChainPeriod {
  lord: AshtottariLord;
}

export interface AshtottariBirth {
  nakshatra: Nakshatra;
  lord: AshtottariLord;
  /** Elapsed fraction of the lord's nakshatra group (and so of the birth mahadasha), [0, 1). */
  elapsed: number;
  balanceYears: number;
  startMs: number;
  endMs: number;
}

/** The group (index into ASHTOTTARI_LORDS) holding nakshatra `nk` and how many of its stars precede it. */
function groupOf(nk: number): { index: number; before: number } {
  for (let i = 0; i < ASHTOTTARI_LORDS.length; i++) {
    const g = ASHTOTTARI_LORDS[i]!;
    const before = (nk - g.first + 27) % 27;
    if (before < g.count) return { index: i, before };
  }
  throw new Error(`nakshatra ${nk} in no Ashtottari group`);
}

export function ashtottariBirth(moonLongitude: number, birthMs: number): AshtottariBirth {
  const lon = norm360(moonLongitude);
  const nk = Math.min(Math.floor(lon / NAKSHATRA_SPAN), 26);
  const { index, before } = groupOf(nk);
  const g = ASHTOTTARI_LORDS[index]!;
  const traversed = before * NAKSHATRA_SPAN + (lon - nk * NAKSHATRA_SPAN);
  const elapsed = Math.min(Math.max(traversed / (g.count * NAKSHATRA_SPAN), 0), 1 - Number.EPSILON);
  const startMs = Math.round(birthMs - elapsed * g.years * MS_PER_YEAR);
  return {
    nakshatra: NAKSHATRAS[nk]!,
    lord: g.lord,
    elapsed,
    balanceYears: (1 - elapsed) * g.years,
    startMs,
    endMs: Math.round(startMs + ASHTOTTARI_TOTAL_YEARS * MS_PER_YEAR),
  };
}

/** The eight lords in Ashtottari order beginning with `first`. */
export function ashtottariSequence(first: AshtottariLord): (typeof ASHTOTTARI_LORDS)[number][] {
  const i = INDEX.get(first)!;
  return Array.from({ length: 8 }, (_, k) => ASHTOTTARI_LORDS[(i + k) % 8]!);
}

export function ashtottariTree(birth: AshtottariBirth): DashaTree<AshtottariPeriod> {
  return {
    startMs: birth.startMs,
    endMs: birth.endMs,
    mahadashas() {
      const seq = ashtottariSequence(birth.lord);
      return splitSpan(
        birth,
        seq.map((l) => l.years),
      ).map(([startMs, endMs], k) => ({ level: 1, lord: seq[k]!.lord, parents: [], startMs, endMs }));
    },
    subPeriods(p) {
      const seq = ashtottariSequence(p.lord);
      const parents = [...p.parents, p.lord];
      const level = (p.level + 1) as Level;
      return splitSpan(
        p,
        seq.map((l) => l.years),
      ).map(([startMs, endMs], k) => ({ level, lord: seq[k]!.lord, parents, startMs, endMs }));
    },
  };
}

/** Whole-sign house (1-12) of sign index `s` counted from sign index `from`. */
const houseFrom = (s: number, from: number) => ((s - from + 12) % 12) + 1;
const KENDRA_TRIKONA = new Set([1, 4, 5, 7, 9, 10]);

/**
 * Applicability (BPHS ch. 46, as PyJHora's applicability_check reads it): Rahu in a kendra (1, 4, 7, 10)
 * or trikona (5, 9) counted from the lagna lord's sign, and Rahu not in the lagna itself.
 */
export function ashtottariApplicable(ascSign: number, lagnaLordSign: number, rahuSign: number): boolean {
  return rahuSign !== ascSign && KENDRA_TRIKONA.has(houseFrom(rahuSign, lagnaLordSign));
}
