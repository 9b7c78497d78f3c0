// Kalachakra dasha (BPHS ch. 46, as P.V.R. Narasimha Rao's "Vedic Astrology: An Integrated Approach"
// ch. 24 works it): a sign dasha read from the Moon's nakshatra pada.
// - Each pada has a cycle of nine signs (KALACHAKRA_CYCLES) whose years add up to its paramayus.
//   Savya (zodiacal) nakshatras come in triples Ashwini-Bharani-Ashwini groups, apasavya (reverse) in
//   triples Rohini-Mrigashira-Rohini groups, the triples alternating from Ashwini (savya) round the zodiac.
// - Balance: the Moon's traversed part of its pada x the paramayus is the part of the cycle already
//   lived; the sign it falls in is the birth mahadasha, which started that much before birth.
// - Progression: after the last sign of a pada's cycle comes the next pada's cycle of the same group;
//   after pada 4 the first pada of the other group of the same direction (Ashwini <-> Bharani, Rohini
//   <-> Mrigashira), as PVR's Exercise 34 continues Dhanishta pada 4 into Rohini pada 1.
// - Sub-periods (PVR's Example 97): the nine signs of the progression starting with the period's own
//   sign, each sharing the parent in proportion to its years (BPHS's proportional rule, normalised by
//   the nine signs' total so that the children fill the parent exactly); the same rule at every level.
// - Gatis: the jump from the sign before, in progression order: a trine jump is simhavalokana (Pisces to
//   Scorpio, Sagittarius to Aries and their apasavya mirrors), a two-sign jump manduka (Virgo to Cancer,
//   Leo to Gemini and mirrors), and the one-sign step back between two manduka jumps (Cancer-Leo) markati.
import {
  NAKSHATRA_SPAN,
  NAKSHATRAS,
  norm360,
  PADA_SPAN,
  rulerOf,
  SIGNS,
  type Nakshatra,
  type Sign,
} from '@astro/astro-core';
import { splitSpan, type ChainPeriod, type DashaTree, type Level } from './period-chain.ts';
import { MS_PER_YEAR } from './time.ts';

export const KALACHAKRA_METHOD_VERSION = 'kalachakra-v1-pvr-jy365.25';

/** Years of each sign's dasha, Aries first (BPHS ch. 46). */
export const KALACHAKRA_SIGN_YEARS: readonly number[] = Object.freeze([7, 16, 9, 21, 5, 9, 16, 7, 10, 4, 4, 10]);

export type KalachakraGroup = 'ashwini' | 'bharani' | 'rohini' | 'mrigashira';
export type Gati = 'manduka' | 'markati' | 'simhavalokana';

// Sign indices (Aries = 0) of the nine-sign cycle of padas 1-4 of each group (BPHS ch. 46 tables).
const AR = 0, TA = 1, GE = 2, CN = 3, LE = 4, VI = 5, LI = 6, SC = 7, SG = 8, CP = 9, AQ = 10, PI = 11; // prettier-ignore
export const KALACHAKRA_CYCLES: Readonly<Record<KalachakraGroup, readonly (readonly number[])[]>> = Object.freeze({
  ashwini: [
    [AR, TA, GE, CN, LE, VI, LI, SC, SG],
    [CP, AQ, PI, SC, LI, VI, CN, LE, GE],
    [TA, AR, PI, AQ, CP, SG, AR, TA, GE],
    [CN, LE, VI, LI, SC, SG, CP, AQ, PI],
  ],
  bharani: [
    [SC, LI, VI, CN, LE, GE, TA, AR, PI],
    [AQ, CP, SG, AR, TA, GE, CN, LE, VI],
    [LI, SC, SG, CP, AQ, PI, SC, LI, VI],
    [CN, LE, GE, TA, AR, PI, AQ, CP, SG],
  ],
  rohini: [
    [SG, CP, AQ, PI, AR, TA, GE, LE, CN],
    [VI, LI, SC, PI, AQ, CP, SG, SC, LI],
    [VI, LE, CN, GE, TA, AR, SG, CP, AQ],
    [PI, AR, TA, GE, LE, CN, VI, LI, SC],
  ],
  mrigashira: [
    [PI, AQ, CP, SG, SC, LI, VI, LE, CN],
    [GE, TA, AR, SG, CP, AQ, PI, AR, TA],
    [GE, LE, CN, VI, LI, SC, PI, AQ, CP],
    [SG, SC, LI, VI, LE, CN, GE, TA, AR],
  ],
});

/** Group of each nakshatra (Ashwini = 0): savya triples A-B-A alternate with apasavya triples R-M-R. */
export function kalachakraGroupOf(nakshatraIndex: number): KalachakraGroup {
  const triple = Math.floor(nakshatraIndex / 3);
  const middle = nakshatraIndex % 3 === 1;
  if (triple % 2 === 0) return middle ? 'bharani' : 'ashwini';
  return middle ? 'mrigashira' : 'rohini';
}

export const isSavya = (g: KalachakraGroup) => g === 'ashwini' || g === 'bharani';
const OTHER: Readonly<Record<KalachakraGroup, KalachakraGroup>> = {
  ashwini: 'bharani',
  bharani: 'ashwini',
  rohini: 'mrigashira',
  mrigashira: 'rohini',
};

const years = (sign: number) => KALACHAKRA_SIGN_YEARS[sign]!;
export const paramayusOf = (cycle: readonly number[]) => cycle.reduce((s, x) => s + years(x), 0);

/** A pada's cycle in the wheel: group and pada index 0-3. */
interface Slot {
  group: KalachakraGroup;
  pada: number;
}

/** The slot `k` cycles after `s` (k may be negative): padas 1-4 of a group, then the other group. */
function slotAfter(s: Slot, k: number): Slot {
  const n = s.pada + k;
  const turns = Math.floor(n / 4);
  return { group: turns % 2 === 0 ? s.group : OTHER[s.group], pada: n - 4 * turns };
}

export interface KalachakraCycle {
  nakshatra: Nakshatra;
  pada: number; // 1-4
  group: KalachakraGroup;
  direction: 'savya' | 'apasavya';
  signs: Sign[];
  paramayus: number;
  /** Savya: deha is the first sign and jeeva the last; apasavya the reverse. */
  deha: Sign;
  jeeva: Sign;
}

export interface KalachakraBirth {
  cycle: KalachakraCycle;
  /** Position of the birth mahadasha in the progression, counted from the birth pada's first sign. */
  position: number;
  balanceYears: number;
  birthMs: number;
  /** Start of the birth mahadasha. */
  startMs: number;
}

export interface KalachakraPeriod extends ChainPeriod {
  lord: Sign;
  /** Position in the progression (the birth pada's first sign = 0). */
  position: number;
  gati: Gati | null;
}

export function kalachakraBirth(moonLongitude: number, birthMs: number): KalachakraBirth {
  const lon = norm360(moonLongitude);
  const nk = Math.min(Math.floor(lon / NAKSHATRA_SPAN), 26);
  const into = lon - nk * NAKSHATRA_SPAN;
  const pada = Math.min(Math.floor(into / PADA_SPAN), 3);
  const frac = Math.min(Math.max((into - pada * PADA_SPAN) / PADA_SPAN, 0), 1 - Number.EPSILON);
  const group = kalachakraGroupOf(nk);
  const cycle = KALACHAKRA_CYCLES[group][pada]!;
  const paramayus = paramayusOf(cycle);
  const lived = frac * paramayus;
  let position = 0;
  let cum = years(cycle[0]!);
  while (cum <= lived && position < 8) cum += years(cycle[++position]!);
  const savya = isSavya(group);
  const signs = cycle.map((i) => SIGNS[i]!);
  return {
    cycle: {
      nakshatra: NAKSHATRAS[nk]!,
      pada: pada + 1,
      group,
      direction: savya ? 'savya' : 'apasavya',
      signs,
      paramayus,
      deha: savya ? signs[0]! : signs[8]!,
      jeeva: savya ? signs[8]! : signs[0]!,
    },
    position,
    balanceYears: cum - lived,
    birthMs,
    startMs: Math.round(birthMs - (years(cycle[position]!) - (cum - lived)) * MS_PER_YEAR),
  };
}

/** Sign index at `position` of the progression that starts with the birth pada's cycle. */
export function signAt(birth: KalachakraBirth, position: number): number {
  const k = Math.floor(position / 9);
  const slot = slotAfter({ group: birth.cycle.group, pada: birth.cycle.pada - 1 }, k);
  return KALACHAKRA_CYCLES[slot.group][slot.pada]![position - 9 * k]!;
}

/** The jump into `position` from the sign before it in the progression. */
export function gatiAt(birth: KalachakraBirth, position: number): Gati | null {
  const from = signAt(birth, position - 1);
  const d = (signAt(birth, position) - from + 12) % 12;
  if (d === 4 || d === 8) return 'simhavalokana';
  if (d === 2 || d === 10) return 'manduka';
  const before = (from - signAt(birth, position - 2) + 12) % 12;
  const cancerLeo = from === CN || from === LE;
  if ((d === 1 || d === 11) && cancerLeo && (before === 2 || before === 10)) return 'markati';
  return null;
}

/** Mahadashas: from the birth one, at least nine and on until 120 years after birth are covered. */
export const KALACHAKRA_MIN_MAHADASHAS = 9;
export const KALACHAKRA_HORIZON_YEARS = 120;

export function kalachakraTree(birth: KalachakraBirth): DashaTree<KalachakraPeriod> {
  const mahaYears: number[] = [];
  const horizon = KALACHAKRA_HORIZON_YEARS + (birth.birthMs - birth.startMs) / MS_PER_YEAR; // counted from startMs
  for (let cum = 0; mahaYears.length < KALACHAKRA_MIN_MAHADASHAS || cum < horizon;) {
    const y = years(signAt(birth, birth.position + mahaYears.length));
    mahaYears.push(y);
    cum += y;
  }
  const total = mahaYears.reduce((s, y) => s + y, 0);
  const startMs = birth.startMs;
  const endMs = Math.round(startMs + total * MS_PER_YEAR);
  const period = (level: Level, position: number, parents: string[], b: [number, number]): KalachakraPeriod => ({
    level,
    lord: SIGNS[signAt(birth, position)]!,
    parents,
    startMs: b[0],
    endMs: b[1],
    position,
    gati: gatiAt(birth, position),
  });
  return {
    startMs,
    endMs,
    mahadashas() {
      return splitSpan({ startMs, endMs }, mahaYears).map((b, k) => period(1, birth.position + k, [], b));
    },
    subPeriods(p) {
      const positions = Array.from({ length: 9 }, (_, k) => p.position + k);
      const parents = [...p.parents, p.lord];
      const level = (p.level + 1) as Level;
      return splitSpan(
        p,
        positions.map((q) => years(signAt(birth, q))),
      ).map((b, k) => period(level, positions[k]!, parents, b));
    },
  };
}

export const signLordOf = (sign: Sign) => rulerOf(sign);
