// The classical reference tables, in one place, so that every technique (charts, dashas, dignities,
// vargas) reads the same values. Sources: Brihat Parashara Hora Shastra (rulers, exaltations,
// nakshatra lords, Vimshottari years, navamsa sequence); modern co-rulers as in Western usage since
// the discoveries of Uranus, Neptune and Pluto.

export type PlanetKey =
  | 'sun'
  | 'moon'
  | 'mercury'
  | 'venus'
  | 'mars'
  | 'jupiter'
  | 'saturn'
  | 'uranus'
  | 'neptune'
  | 'pluto'
  | 'rahu'
  | 'ketu'
  | 'ascendant'
  | 'midheaven';

/** The ten bodies Sun to Pluto, in the traditional order (the bodies of Western astrology). */
export const SUN_TO_PLUTO = Object.freeze([
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const satisfies readonly PlanetKey[]);

/** The 14 chart entries, in the order a chart lists them. */
export const PLANET_KEYS: readonly PlanetKey[] = Object.freeze([
  ...SUN_TO_PLUTO,
  'rahu',
  'ketu',
  'ascendant',
  'midheaven',
] as const);

export type Sign =
  | 'aries'
  | 'taurus'
  | 'gemini'
  | 'cancer'
  | 'leo'
  | 'virgo'
  | 'libra'
  | 'scorpio'
  | 'sagittarius'
  | 'capricorn'
  | 'aquarius'
  | 'pisces';

export const SIGNS: readonly Sign[] = Object.freeze([
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const);

export type Element = 'fire' | 'earth' | 'air' | 'water';
export type Modality = 'cardinal' | 'fixed' | 'mutable';
/** The seven visible planets: the only ones with classical rulership and exaltation. */
export type ClassicalPlanet = 'sun' | 'moon' | 'mercury' | 'venus' | 'mars' | 'jupiter' | 'saturn';

export interface SignInfo {
  sign: Sign;
  index: number;
  element: Element;
  /** Vedic texts call these chara (movable), sthira (fixed) and dvisvabhava (dual). */
  modality: Modality;
  ruler: ClassicalPlanet;
  /** Western modern ruler where it differs from the traditional one (scorpio, aquarius, pisces). */
  modernRuler: PlanetKey;
}

const ELEMENTS: readonly Element[] = ['fire', 'earth', 'air', 'water'];
const MODALITIES: readonly Modality[] = ['cardinal', 'fixed', 'mutable'];
/** Classical (whole-sign) ruler of each sign, by sign index from Aries. */
export const SIGN_RULERS: readonly ClassicalPlanet[] = [
  'mars',
  'venus',
  'mercury',
  'moon',
  'sun',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'saturn',
  'jupiter',
];
const MODERN_RULERS: Partial<Record<Sign, PlanetKey>> = { scorpio: 'pluto', aquarius: 'uranus', pisces: 'neptune' };

export const SIGN_INFO: Readonly<Record<Sign, Readonly<SignInfo>>> = Object.freeze(
  Object.fromEntries(
    SIGNS.map((sign, index) => {
      const ruler = SIGN_RULERS[index]!;
      const info: SignInfo = {
        sign,
        index,
        element: ELEMENTS[index % 4]!,
        modality: MODALITIES[index % 3]!,
        ruler,
        modernRuler: MODERN_RULERS[sign] ?? ruler,
      };
      return [sign, Object.freeze(info)];
    }),
  ) as Record<Sign, SignInfo>,
);

/** Exaltation sign and exact degree (BPHS ch. 3); debilitation is the opposite sign, same degree. */
export const EXALTATION: Readonly<Record<ClassicalPlanet, { sign: Sign; degree: number }>> = Object.freeze({
  sun: { sign: 'aries', degree: 10 },
  moon: { sign: 'taurus', degree: 3 },
  mars: { sign: 'capricorn', degree: 28 },
  mercury: { sign: 'virgo', degree: 15 },
  jupiter: { sign: 'cancer', degree: 5 },
  venus: { sign: 'pisces', degree: 27 },
  saturn: { sign: 'libra', degree: 20 },
});
// Rahu/Ketu exaltation is left out on purpose: authorities disagree (taurus/gemini for rahu) and the
// spec has the nodes abstain on dignity.

export const DEBILITATION: Readonly<Record<ClassicalPlanet, { sign: Sign; degree: number }>> = Object.freeze(
  Object.fromEntries(
    Object.entries(EXALTATION).map(([p, e]) => [
      p,
      { sign: SIGNS[(SIGN_INFO[e.sign].index + 6) % 12]!, degree: e.degree },
    ]),
  ) as Record<ClassicalPlanet, { sign: Sign; degree: number }>,
);

/**
 * Moolatrikona sign and degree range [from, to) (BPHS ch. 3 v. 49-54). Where the moolatrikona shares
 * the exaltation sign (moon, mercury) the degrees below `from` count as exaltation and, for mercury,
 * the degrees from `to` as own sign.
 */
export const MOOLATRIKONA: Readonly<Record<ClassicalPlanet, { sign: Sign; from: number; to: number }>> = Object.freeze({
  sun: { sign: 'leo', from: 0, to: 20 },
  moon: { sign: 'taurus', from: 3, to: 30 },
  mars: { sign: 'aries', from: 0, to: 12 },
  mercury: { sign: 'virgo', from: 15, to: 20 },
  jupiter: { sign: 'sagittarius', from: 0, to: 10 },
  venus: { sign: 'libra', from: 0, to: 15 },
  saturn: { sign: 'aquarius', from: 0, to: 20 },
});

/**
 * The 27 nakshatras from 0° sidereal Aries, as lower-case snake_case ASCII without diacritics, in the
 * most common modern English transliteration: ashwini (not asvini), krittika, mrigashira, ardra,
 * ashlesha, purva_phalguni, swati, vishakha, jyeshtha, mula, purva_ashadha, shravana, dhanishta,
 * shatabhisha, purva_bhadrapada. These strings are API values: never respell them.
 */
export const NAKSHATRAS = Object.freeze([
  'ashwini',
  'bharani',
  'krittika',
  'rohini',
  'mrigashira',
  'ardra',
  'punarvasu',
  'pushya',
  'ashlesha',
  'magha',
  'purva_phalguni',
  'uttara_phalguni',
  'hasta',
  'chitra',
  'swati',
  'vishakha',
  'anuradha',
  'jyeshtha',
  'mula',
  'purva_ashadha',
  'uttara_ashadha',
  'shravana',
  'dhanishta',
  'shatabhisha',
  'purva_bhadrapada',
  'uttara_bhadrapada',
  'revati',
] as const);
export type Nakshatra = (typeof NAKSHATRAS)[number];

export type DashaLord = 'ketu' | 'venus' | 'sun' | 'moon' | 'mars' | 'rahu' | 'jupiter' | 'saturn' | 'mercury';

/** Vimshottari order, starting from Ashwini's lord; nakshatra i is ruled by VIMSHOTTARI_LORDS[i % 9]. */
export const VIMSHOTTARI_LORDS: readonly DashaLord[] = Object.freeze([
  'ketu',
  'venus',
  'sun',
  'moon',
  'mars',
  'rahu',
  'jupiter',
  'saturn',
  'mercury',
] as const);

/** Mahadasha lengths in years; they sum to 120. */
export const VIMSHOTTARI_YEARS: Readonly<Record<DashaLord, number>> = Object.freeze({
  ketu: 7,
  venus: 20,
  sun: 6,
  moon: 10,
  mars: 7,
  rahu: 18,
  jupiter: 16,
  saturn: 19,
  mercury: 17,
});
export const VIMSHOTTARI_TOTAL_YEARS = 120;

export const NAKSHATRA_SPAN = 360 / 27; // 13°20'
export const PADA_SPAN = 360 / 108; // 3°20', also the span of one navamsa

/** Longitude normalised to [0, 360); never returns 360 for tiny negative inputs. */
export function norm360(deg: number): number {
  const r = deg % 360;
  const n = r < 0 ? r + 360 : r;
  return n >= 360 ? 0 : n;
}

/** Signed smallest difference a − b in (−180, 180]. */
export function diff180(a: number, b: number): number {
  const d = norm360(a - b);
  return d > 180 ? d - 360 : d;
}

/**
 * Longitudes within this distance below a boundary count as on it. A boundary written in decimal
 * (23°20' = 23.333333333333332) can land 1 ulp either side of k·span, and floor() would then flip a
 * pada, a navamsa or a sign on representation noise; 1e-9° (0.004 milliarcseconds) is far below any
 * ephemeris precision.
 */
const BOUNDARY_EPS = 1e-9;

/** Index of the `span`-wide division containing lon (boundaries start the next one), and the rest in [0, span). */
function divide(lon: number, span: number, count: number): { index: number; rest: number } {
  const l = norm360(lon);
  let index = Math.floor(l / span);
  // l / span can round across a boundary either way: repair from the exact products.
  if (l - index * span < 0) index -= 1;
  if ((index + 1) * span - l <= BOUNDARY_EPS) index += 1;
  const rest = Math.min(Math.max(l - index * span, 0), span * (1 - Number.EPSILON));
  return { index: ((index % count) + count) % count, rest };
}

export function signIndexOf(longitude: number): number {
  return divide(longitude, 30, 12).index;
}

export function signOf(longitude: number): Sign {
  return SIGNS[signIndexOf(longitude)]!;
}

/** Degree within the sign, in [0, 30). */
export function degreeInSign(longitude: number): number {
  return divide(longitude, 30, 12).rest;
}

export function rulerOf(sign: Sign): ClassicalPlanet {
  return SIGN_INFO[sign].ruler;
}

export function modernRulerOf(sign: Sign): PlanetKey {
  return SIGN_INFO[sign].modernRuler;
}

export interface NakshatraPosition {
  /** 0 (ashwini) .. 26 (revati). */
  index: number;
  name: Nakshatra;
  /** 1-4 within the nakshatra. */
  pada: number;
  /** 1-108 counted from 0° Aries. */
  global_pada: number;
  lord: DashaLord;
}

/** Nakshatra and pada of a SIDEREAL longitude. A longitude exactly on a boundary belongs to the next pada. */
export function nakshatraOf(siderealLongitude: number): NakshatraPosition {
  // Everything derives from the one pada index, so nakshatra, pada and navamsa never disagree at a boundary.
  const g = divide(siderealLongitude, PADA_SPAN, 108).index;
  const index = Math.floor(g / 4);
  return {
    index,
    name: NAKSHATRAS[index]!,
    pada: (g % 4) + 1,
    global_pada: g + 1,
    lord: VIMSHOTTARI_LORDS[index % 9]!,
  };
}

/**
 * Navamsa (D9) sign of a SIDEREAL longitude by the Parashara sequence (fire signs start the count at
 * Aries, earth at Capricorn, air at Libra, water at Cancer), which is the same as counting the 108
 * padas from Aries around the zodiac: sign index = pada index mod 12.
 */
export function navamsaSignOf(siderealLongitude: number): Sign {
  return SIGNS[divide(siderealLongitude, PADA_SPAN, 108).index % 12]!;
}
