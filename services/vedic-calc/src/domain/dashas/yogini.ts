// Yogini dasha (spec 2-vedic.md "Yogini rules"): eight yoginis in a fixed 36-year ring; the birth
// yogini is (nakshatra_index + 3) mod 8 (Ashwini = 0), i.e. the classical "birth nakshatra number + 3,
// remainder by 8" with Ashwini = 1 and remainder 0 = Sankata. As in Vimshottari, the elapsed part of
// the birth nakshatra is the elapsed part of the birth yogini, so the first period starts before birth
// (start = birth - elapsed x years) and every period keeps its full length. Whole periods follow in
// ring order until at least `totalYears` are covered, counted from that first start.
import { nakshatraOf, NAKSHATRA_SPAN, norm360, type Nakshatra } from '@astro/astro-core';
import { MS_PER_YEAR } from './time.ts';

export const YOGINI_METHOD_VERSION = 'yogini-v1-jy365.25';

export const YOGINIS = Object.freeze([
  { name: 'mangala', lord: 'moon', years: 1 },
  { name: 'pingala', lord: 'sun', years: 2 },
  { name: 'dhanya', lord: 'jupiter', years: 3 },
  { name: 'bhramari', lord: 'mars', years: 4 },
  { name: 'bhadrika', lord: 'mercury', years: 5 },
  { name: 'ulka', lord: 'saturn', years: 6 },
  { name: 'siddha', lord: 'venus', years: 7 },
  { name: 'sankata', lord: 'rahu', years: 8 },
] as const);

export interface YoginiPeriodCalc {
  yogini_name: string;
  lord: string;
  years: number;
  startMs: number;
  endMs: number;
}

export interface YoginiResult {
  birthNakshatra: Nakshatra;
  startingIndex: number;
  periods: YoginiPeriodCalc[];
}

export function startingYoginiIndex(nakshatraIndex: number): number {
  return (nakshatraIndex + 3) % 8;
}

export function yoginiDasha(moonLongitude: number, birthMs: number, totalYears: number): YoginiResult {
  const nk = nakshatraOf(moonLongitude);
  const elapsed = Math.min(Math.max((norm360(moonLongitude) - nk.index * NAKSHATRA_SPAN) / NAKSHATRA_SPAN, 0), 1);
  const startingIndex = startingYoginiIndex(nk.index);
  const originMs = Math.round(birthMs - elapsed * YOGINIS[startingIndex]!.years * MS_PER_YEAR);
  const periods: YoginiPeriodCalc[] = [];
  let cum = 0;
  for (let k = 0; cum < totalYears; k++) {
    const y = YOGINIS[(startingIndex + k) % 8]!;
    const startMs = Math.round(originMs + cum * MS_PER_YEAR);
    cum += y.years;
    periods.push({
      yogini_name: y.name,
      lord: y.lord,
      years: y.years,
      startMs,
      endMs: Math.round(originMs + cum * MS_PER_YEAR),
    });
  }
  return { birthNakshatra: nk.name, startingIndex, periods };
}
