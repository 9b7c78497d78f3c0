// Chara (Jaimini sign) dasha as the spec states it (2-vedic.md "Chara rules"): the 12 signs in
// zodiacal order from the natal lagna; a sign's years = the count from the sign to its lord's natal
// sign in zodiacal direction (exclusive count: next sign = 1), 12 when the lord occupies the sign
// itself; so one cycle holds 1-12 years per sign (about 78 in all). Lords are the classical rulers
// (scorpio = mars, aquarius = saturn; the Rahu/Ketu co-lordship of some schools is not used).
// Second cycle (K.N. Rao, "Predicting through Jaimini's Chara Dasha"): each sign gets 12 minus its
// first-cycle years (a sign with 12 in the first cycle gets none); further cycles alternate.
// The dasha starts at birth; whole periods follow until at least `totalYears` are covered.
import { rulerOf, SIGNS, signIndexOf, type Sign } from '@astro/astro-core';
import type { NatalBody } from './lord-context.ts';
import { MS_PER_YEAR } from './time.ts';

export const CHARA_METHOD_VERSION = 'chara-v1-zodiacal-jy365.25';

export interface CharaPeriodCalc {
  sign: Sign;
  sign_lord: string;
  years: number;
  startMs: number;
  endMs: number;
}

export interface CharaResult {
  startingSign: Sign;
  periods: CharaPeriodCalc[];
}

/** First-cycle years of each sign (index 0 = aries) given the natal sign index of each classical planet. */
export function charaYears(planetSignIndex: ReadonlyMap<string, number>): number[] {
  return SIGNS.map((sign, i) => {
    const lordIdx = planetSignIndex.get(rulerOf(sign));
    if (lordIdx === undefined) throw new Error(`chart lacks ${rulerOf(sign)}`);
    return (lordIdx - i + 12) % 12 || 12;
  });
}

/** null when the chart lacks the ascendant or a sign lord. */
export function charaDasha(planets: readonly NatalBody[], birthMs: number, totalYears: number): CharaResult | null {
  const idx = new Map(planets.map((p) => [p.planet, signIndexOf(p.longitude)]));
  const lagna = idx.get('ascendant');
  if (lagna === undefined) return null;
  let years: number[];
  try {
    years = charaYears(idx);
  } catch {
    return null;
  }
  const periods: CharaPeriodCalc[] = [];
  let cum = 0;
  for (let k = 0; cum < totalYears && k < 10_000; k++) {
    const signIdx = (lagna + k) % 12;
    const cycle = Math.floor(k / 12);
    const y = cycle % 2 === 0 ? years[signIdx]! : 12 - years[signIdx]!;
    if (y === 0) continue;
    const sign = SIGNS[signIdx]!;
    const startMs = Math.round(birthMs + cum * MS_PER_YEAR);
    cum += y;
    periods.push({ sign, sign_lord: rulerOf(sign), years: y, startMs, endMs: Math.round(birthMs + cum * MS_PER_YEAR) });
  }
  return { startingSign: SIGNS[lagna]!, periods };
}
