// Zodiacal releasing (Vettius Valens, Anthology IV.4-11; as set out by Brennan, "Hellenistic
// Astrology", 2017, ch. 18).
//
// From the sign of the Lot of Fortune or Spirit, each sign rules for its ruler's minor years (Saturn
// 30, Jupiter 12, Mars 15, Sun 19, Venus 8, Mercury 20, Moon 25), except Capricorn, 27. Valens counts
// in 360-day years: level 1 in years of 360 days, level 2 in "months" of 30 days, level 3 in "days" of
// 2.5 days (1/12 of a month), level 4 in "hours" of 5 hours (1/12 of a level-3 day). Each sub-level
// starts in its parent's sign and runs through the signs in order until the parent ends; when it has
// gone through all twelve signs, instead of coming back to its starting sign it jumps to the opposite
// sign (the loosening of the bond) and continues from there.
//
// Flags (spec): is_peak = the period's sign is angular (1st, 4th, 7th or 10th) from the lot's sign;
// is_loosening_of_bond = the period's sign is the seventh from its parent's sign (level 1: from the
// lot's sign), which is also where the jump lands.
import { SIGNS, rulerOf, signIndexOf, type Sign } from '@astro/astro-core';
import { DAY_MS } from './time.ts';

export const ZR_YEARS: Readonly<Record<Sign, number>> = {
  aries: 15,
  taurus: 8,
  gemini: 20,
  cancer: 25,
  leo: 19,
  virgo: 20,
  libra: 8,
  scorpio: 15,
  sagittarius: 12,
  capricorn: 27,
  aquarius: 30,
  pisces: 12,
};

/** Length of one unit (a sign's "year") at each level, in ms. */
export const ZR_UNIT_MS: readonly number[] = [360 * DAY_MS, 30 * DAY_MS, 2.5 * DAY_MS, (2.5 / 12) * DAY_MS];

export interface ZrPeriod {
  level: number;
  sign: Sign;
  ruler: string;
  startMs: number;
  endMs: number;
  /** Length in 360-day years. */
  years: number;
  is_peak: boolean;
  is_loosening_of_bond: boolean;
  parent_sign: Sign | null;
}

const signAt = (i: number) => SIGNS[((i % 12) + 12) % 12]!;

/**
 * Periods of `level` filling [startMs, endMs) from `firstSign` (the last one cut at endMs).
 * `lotSign` decides peaks; `parentSign` (null at level 1) decides the seventh-sign flag.
 */
export function subPeriods(
  level: number,
  firstSign: Sign,
  startMs: number,
  endMs: number,
  lotSign: Sign,
  parentSign: Sign | null,
): ZrPeriod[] {
  const out: ZrPeriod[] = [];
  const lotIdx = SIGNS.indexOf(lotSign);
  const ref = SIGNS.indexOf(parentSign ?? lotSign);
  let cycleStart = SIGNS.indexOf(firstSign);
  let idx = cycleStart;
  let count = 0;
  let t = startMs;
  while (t < endMs) {
    if (count === 12) {
      // Loosening of the bond: instead of returning to the cycle's first sign, jump opposite it.
      cycleStart += 6;
      idx = cycleStart;
      count = 0;
    }
    const sign = signAt(idx);
    const len = ZR_YEARS[sign] * ZR_UNIT_MS[level - 1]!;
    const end = Math.min(t + len, endMs);
    const fromLot = (((SIGNS.indexOf(sign) - lotIdx) % 12) + 12) % 12;
    const fromParent = (((SIGNS.indexOf(sign) - ref) % 12) + 12) % 12;
    out.push({
      level,
      sign,
      ruler: rulerOf(sign),
      startMs: t,
      endMs: end,
      years: (end - t) / ZR_UNIT_MS[0]!,
      is_peak: fromLot % 3 === 0,
      is_loosening_of_bond: fromParent === 6,
      parent_sign: parentSign,
    });
    t = end;
    idx++;
    count++;
  }
  return out;
}

/** Level-1 periods from birth over 130 years of 360 days, or longer to cover `untilMs`. */
export function releasingLevel1(lotLongitude: number, birthMs: number, untilMs = birthMs): ZrPeriod[] {
  const lotSign = SIGNS[signIndexOf(lotLongitude)]!;
  const end = Math.max(birthMs + 130 * ZR_UNIT_MS[0]!, untilMs + 1);
  return subPeriods(1, lotSign, birthMs, end, lotSign, null);
}

/**
 * Levels 1..`levels`: all level-1 periods, then the sub-periods of the period current at `atMs` on
 * each deeper level (the path through the tree that a reader of the present needs).
 */
export function releasing(lotLongitude: number, birthMs: number, atMs: number, levels: number): ZrPeriod[] {
  const lotSign = SIGNS[signIndexOf(lotLongitude)]!;
  const l1 = releasingLevel1(lotLongitude, birthMs, atMs);
  const out = [...l1];
  let current = l1.find((p) => p.startMs <= atMs && atMs < p.endMs);
  for (let level = 2; level <= levels && current; level++) {
    const subs = subPeriods(level, current.sign, current.startMs, current.endMs, lotSign, current.sign);
    out.push(...subs);
    current = subs.find((p) => p.startMs <= atMs && atMs < p.endMs);
  }
  return out;
}
