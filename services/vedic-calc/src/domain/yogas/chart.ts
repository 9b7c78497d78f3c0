// The facts a yoga rule reads from a chart: the lagna's sign, each graha's sign (and degree, for the
// moolatrikona ranges), whole-sign houses counted from the lagna. Pure: the handler builds a YogaChart
// from a stored chart, the tests from published example charts.
import { rulerOf, SIGNS, vedicDignity, type ClassicalPlanet, type VedicDignity } from '@astro/astro-core';

export const GRAHAS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const;
export type Graha = (typeof GRAHAS)[number];
export const SEVEN: readonly ClassicalPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export interface YogaChart {
  /** Sign index of the lagna, 0 = Aries. */
  lagna: number;
  /** Sign index of every graha. */
  signs: Readonly<Record<Graha, number>>;
  /** Degrees within the sign; only moolatrikona/exaltation ranges of the Moon and Mercury read them. */
  degrees?: Readonly<Partial<Record<Graha, number>>>;
}

export const mod12 = (n: number): number => ((n % 12) + 12) % 12;

/** Whole-sign house (1-12) of a sign counted from a reference sign. */
export const houseFrom = (refSign: number, sign: number): number => mod12(sign - refSign) + 1;

/** The sign that is house `house` (1-12) from a reference sign. */
export const signOfHouse = (refSign: number, house: number): number => mod12(refSign + house - 1);

/** Whole-sign house of a graha from the lagna. */
export const houseOf = (chart: YogaChart, g: Graha): number => houseFrom(chart.lagna, chart.signs[g]);

/** Lord (classical ruler) of house `house` counted from the sign `refSign`. */
export const lordOfHouse = (refSign: number, house: number): ClassicalPlanet =>
  rulerOf(SIGNS[signOfHouse(refSign, house)]!);

export const isClassical = (g: Graha): g is ClassicalPlanet => g !== 'rahu' && g !== 'ketu';

/**
 * Dignity of a classical planet in its rasi sign, by astro-core's one dignity function (BPHS ch. 3): the
 * same answer the strength and dasha routes give for this chart. The nodes have none (null).
 */
export function dignityOf(chart: YogaChart, g: Graha): VedicDignity | null {
  if (!isClassical(g)) return null;
  const rasi = Object.fromEntries(SEVEN.map((p) => [p, chart.signs[p]])) as Record<ClassicalPlanet, number>;
  return vedicDignity(g, chart.signs[g], rasi, chart.degrees?.[g] ?? null);
}

/**
 * Vedic graha drishti (BPHS ch. 26): every graha aspects the 7th house from itself fully; Mars
 * also the 4th and 8th, Jupiter the 5th and 9th, Saturn the 3rd and 10th. The nodes are given the 7th
 * only (BPHS names no special aspect for them; the 5th/9th some programs give Rahu is not used here).
 */
export const ASPECT_HOUSES: Readonly<Record<Graha, readonly number[]>> = {
  sun: [7],
  moon: [7],
  mars: [4, 7, 8],
  mercury: [7],
  jupiter: [5, 7, 9],
  venus: [7],
  saturn: [3, 7, 10],
  rahu: [7],
  ketu: [7],
};

/** Whether graha `g` casts its aspect on sign `sign`. */
export const aspectsSign = (chart: YogaChart, g: Graha, sign: number): boolean =>
  ASPECT_HOUSES[g].includes(houseFrom(chart.signs[g], sign));

/**
 * Natural benefics and malefics. Benefics: Mercury, Jupiter, Venus. The Moon is left out of both groups
 * (its nature follows the paksha, and it is the reference point of the lunar yogas); the nodes count as
 * malefics only where a rule's group says so. This is PyJHora's grouping (const.natural_benefics).
 */
export const BENEFICS: readonly Graha[] = ['mercury', 'jupiter', 'venus'];
export const MALEFICS: readonly Graha[] = ['sun', 'mars', 'saturn'];
export const MALEFICS_WITH_NODES: readonly Graha[] = ['sun', 'mars', 'saturn', 'rahu', 'ketu'];
/** The five tara grahas (Mars to Saturn): "planets other than the Sun and Moon" of the lunar/solar yogas. */
export const TARA: readonly Graha[] = ['mars', 'mercury', 'jupiter', 'venus', 'saturn'];
