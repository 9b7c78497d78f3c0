// Shadbala (BPHS ch. 27; B.V. Raman, "Graha and Bhava Balas") of the seven classical planets, in
// virupas (60 virupas = 1 rupa), with the spec's gradings (2-vedic.md "Shadbala family", "Theo").
// Pure: every astronomical input (positions, speeds, sunrise/sunset, weekday, ahargana, ayanamsha) is
// passed in; the handler reads them from the stored chart and the panchanga code.
import { DEBILITATION, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import { vargaSignIndex, type Varga } from '../vargas/rules.ts';
import { isClassical, saptavargajaDignity, SEVEN } from './relationships.ts';

// v4: nathonnatha from the nearer apparent midnight (births between midnight and sunrise), ayana from
// the kranti of the longitude (latitude ignored).
export const SHADBALA_METHOD_VERSION = 'shadbala-bphs-v4';

/** Required rupas (spec "Theo": BPHS 27.36 minimums). */
export const REQUIRED_RUPAS: Readonly<Record<ClassicalPlanet, number>> = {
  sun: 5.0,
  moon: 6.0,
  mars: 5.0,
  mercury: 7.0,
  jupiter: 6.5,
  venus: 5.5,
  saturn: 5.0,
};

/** Naisargika bala: 60 x (7 - rank) / 7 in the order Sun, Moon, Venus, Jupiter, Mercury, Mars, Saturn. */
export const NAISARGIKA: Readonly<Record<ClassicalPlanet, number>> = {
  sun: 60,
  moon: (60 * 6) / 7,
  venus: (60 * 5) / 7,
  jupiter: (60 * 4) / 7,
  mercury: (60 * 3) / 7,
  mars: (60 * 2) / 7,
  saturn: 60 / 7,
};

/** Mean geocentric daily motion (degrees/day) for the chesta states; Mercury and Venus share the Sun's. */
export const MEAN_DAILY_MOTION: Readonly<Record<string, number>> = {
  sun: 0.9856,
  moon: 13.1764,
  mars: 0.524,
  mercury: 0.9856,
  jupiter: 0.0831,
  venus: 0.9856,
  saturn: 0.0335,
  rahu: 0.0529,
  ketu: 0.0529,
};

export interface BodyInput {
  planet: string;
  /** Sidereal longitude, degrees. */
  longitude: number;
  /** Degrees per day; negative when retrograde. */
  speed?: number;
}

export interface ShadbalaInput {
  /** The chart's bodies: the seven planets, 'ascendant' and 'midheaven' (sidereal). */
  bodies: readonly BodyInput[];
  birthMs: number;
  /** The sunrise that starts the Vedic day of birth, its sunset and the next sunrise. */
  sunriseMs: number;
  sunsetMs: number;
  nextSunriseMs: number;
  /** Weekday of the Vedic day of birth, 0 = Sunday. */
  weekday: number;
  /** Raman's ahargana of the Vedic day of birth (ramanAhargana). */
  ahargana: number;
  /** Ayanamsha at birth (tropical = sidereal + ayanamsha), for declinations. */
  ayanamsha: number;
  /**
   * True declinations (degrees, north positive) of the planets; when absent a planet's declination is
   * taken from its ecliptic longitude alone (latitude 0).
   */
  declinations?: Readonly<Partial<Record<ClassicalPlanet, number>>>;
  /** Retrograde planets that have gone back into the previous sign since their station (anuvakra). */
  anuvakra?: ReadonlySet<string>;
}

export type ChestaState = 'vakra' | 'anuvakra' | 'atichara' | 'sama' | 'chara' | 'vikala' | 'manda' | 'mandatara';
export const CHESTA_VIRUPA: Readonly<Record<ChestaState, number>> = {
  vakra: 60,
  atichara: 45,
  anuvakra: 30,
  sama: 30,
  chara: 30,
  vikala: 15,
  manda: 15,
  mandatara: 7.5,
};

/** Spec's eight motion states from the speed relative to the mean daily motion. */
export function chestaState(planet: string, speed: number, anuvakra = false): ChestaState {
  if (speed < 0 || planet === 'rahu' || planet === 'ketu') return anuvakra ? 'anuvakra' : 'vakra';
  const mean = MEAN_DAILY_MOTION[planet] ?? 1;
  const r = speed / mean;
  if (r > 1.5) return 'atichara';
  if (Math.abs(r - 1) <= 0.1) return 'sama';
  if (r > 1) return 'chara';
  if (r < 0.05) return 'vikala';
  if (r < 0.5) return 'mandatara';
  return 'manda';
}

const norm = (x: number) => ((x % 360) + 360) % 360;
/** Shortest arc between two longitudes, 0..180. */
const arc = (a: number, b: number) => {
  const d = norm(a - b);
  return d > 180 ? 360 - d : d;
};

export function uchchaBala(planet: ClassicalPlanet, longitude: number): number {
  const deb = DEBILITATION[planet];
  const debLon = SIGNS.indexOf(deb.sign) * 30 + deb.degree;
  return arc(longitude, debLon) / 3;
}

export const SAPTAVARGAS: readonly Varga[] = ['D1', 'D2', 'D3', 'D7', 'D9', 'D12', 'D30'];
const SAPTAVARGAJA_VIRUPA = {
  moolatrikona: 45,
  own_sign: 30,
  great_friend: 22.5,
  friend: 15,
  neutral: 7.5,
  enemy: 3.75,
  great_enemy: 1.875,
} as const;

export function saptavargajaBala(
  planet: ClassicalPlanet,
  longitude: number,
  rasiSigns: Readonly<Record<ClassicalPlanet, number>>,
): number {
  let sum = 0;
  for (const v of SAPTAVARGAS) {
    const sign = vargaSignIndex(v, longitude);
    const degree = v === 'D1' ? norm(longitude) % 30 : null;
    sum += SAPTAVARGAJA_VIRUPA[saptavargajaDignity(planet, sign, rasiSigns, degree)];
  }
  return sum;
}

const FEMININE: ReadonlySet<string> = new Set(['moon', 'venus']);
/** Odd sign in the classical sense: Aries (index 0), Gemini, ... */
const oddSign = (s: number) => s % 2 === 0;

export function ojayugmaBala(planet: ClassicalPlanet, longitude: number): number {
  const wantsEven = FEMININE.has(planet);
  const rasi = vargaSignIndex('D1', longitude);
  const nav = vargaSignIndex('D9', longitude);
  return (oddSign(rasi) !== wantsEven ? 15 : 0) + (oddSign(nav) !== wantsEven ? 15 : 0);
}

/** Whole-sign house 1..12 of a longitude from the ascendant's sign. */
export function houseOf(longitude: number, ascendant: number): number {
  return ((Math.floor(norm(longitude) / 30) - Math.floor(norm(ascendant) / 30) + 12) % 12) + 1;
}

export function kendradiBala(house: number): number {
  if ([1, 4, 7, 10].includes(house)) return 60;
  if ([2, 5, 8, 11].includes(house)) return 30;
  return 15;
}

const DREKKANA_THIRD: Readonly<Record<ClassicalPlanet, number>> = {
  sun: 0,
  mars: 0,
  jupiter: 0,
  mercury: 1,
  saturn: 1,
  moon: 2,
  venus: 2,
};
export function drekkanaBala(planet: ClassicalPlanet, longitude: number): number {
  return Math.min(2, Math.floor((norm(longitude) % 30) / 10)) === DREKKANA_THIRD[planet] ? 15 : 0;
}

/** Dig bala: the arc from the planet's powerless point (opposite its strong angle) / 3. */
export function digBala(planet: ClassicalPlanet, longitude: number, ascendant: number, midheaven: number): number {
  const strong: Record<ClassicalPlanet, number> = {
    sun: midheaven,
    mars: midheaven,
    moon: midheaven + 180,
    venus: midheaven + 180,
    jupiter: ascendant,
    mercury: ascendant,
    saturn: ascendant + 180,
  };
  return arc(longitude, strong[planet] + 180) / 3;
}

/**
 * Special aspects (BPHS 26) as B.V. Raman counts them in "Graha and Bhava Balas": the bonus
 * is added while the drishti kendra (aspected minus aspecting longitude) lies in the arc of the special
 * house, so it does not jump at a sign boundary. Mars 4th and 8th (90-120, 210-240) +15, Jupiter 5th
 * and 9th (120-150, 240-270) +30, Saturn 3rd and 10th (60-90, 270-300) +45; each makes the aspect full
 * (60) at the start of its arc.
 */
const SPECIAL_ASPECT: Readonly<Record<string, { arcs: readonly (readonly [number, number])[]; bonus: number }>> = {
  mars: {
    arcs: [
      [90, 120],
      [210, 240],
    ],
    bonus: 15,
  },
  jupiter: {
    arcs: [
      [120, 150],
      [240, 270],
    ],
    bonus: 30,
  },
  saturn: {
    arcs: [
      [60, 90],
      [270, 300],
    ],
    bonus: 45,
  },
};

/**
 * Drishti (aspect value, virupa) of a body at `from` on a point at `to` (BPHS 26; Raman's drishti
 * kendra formulas), with the special aspects of Mars, Jupiter and Saturn above.
 */
export function drishti(aspecting: string, from: number, to: number): number {
  const k = norm(to - from);
  let v = 0;
  if (k >= 30 && k < 60) v = (k - 30) / 2;
  else if (k >= 60 && k < 90) v = k - 60 + 15;
  else if (k >= 90 && k < 120) v = (120 - k) / 2 + 30;
  else if (k >= 120 && k < 150) v = 150 - k;
  else if (k >= 150 && k < 180) v = (k - 150) * 2;
  else if (k >= 180 && k < 300) v = (300 - k) / 2;
  const special = SPECIAL_ASPECT[aspecting];
  if (special?.arcs.some(([a, b]) => k >= a && k <= b)) v += special.bonus;
  return v;
}

/** What makes the Moon and Mercury benefic or malefic in a chart (paksha and drik bala). */
export interface Natures {
  /** The Moon is benefic while waxing (Sun-Moon elongation below 180 degrees). */
  waxingMoon: boolean;
  /** Mercury is malefic when joined by a malefic and by no benefic (see mercuryIsMalefic). */
  mercuryMalefic: boolean;
}

const NATURAL_MALEFICS = ['sun', 'mars', 'saturn', 'rahu', 'ketu'];
const NATURAL_BENEFICS = ['jupiter', 'venus'];

/**
 * BPHS ch. 3 v. 10-11: Mercury turns malefic when he joins a malefic. Read here as: Mercury's sign
 * also holds the Sun, Mars, Saturn, Rahu or Ketu and neither Jupiter nor Venus. Raman's Standard
 * Horoscope ("Graha and Bhava Balas": Mercury with the Sun in Libra) counts Mercury as malefic for
 * paksha and drik bala; a Mercury joined by Venus as well stays benefic (the AstroSage chart of the
 * strength tests).
 */
export function mercuryIsMalefic(bodies: readonly BodyInput[]): boolean {
  const signOf = (p: string) => {
    const b = bodies.find((x) => x.planet === p);
    return b ? Math.floor(norm(b.longitude) / 30) : -1;
  };
  const sign = signOf('mercury');
  const joined = (list: string[]) => list.some((p) => signOf(p) === sign);
  return sign >= 0 && joined(NATURAL_MALEFICS) && !joined(NATURAL_BENEFICS);
}

/** Benefic aspectors count +, malefic -: Jupiter, Venus, a waxing Moon and Mercury unless malefic. */
export function isBenefic(planet: ClassicalPlanet, natures: Natures): boolean {
  if (planet === 'moon') return natures.waxingMoon;
  if (planet === 'mercury') return !natures.mercuryMalefic;
  return planet === 'jupiter' || planet === 'venus';
}

/**
 * Signed sum of incoming drishti on a point (BPHS 27.22): a quarter of each aspect, added for benefics
 * and subtracted for malefics.
 */
export function drikOnPoint(
  target: number,
  aspectors: readonly { planet: ClassicalPlanet; longitude: number }[],
  natures: Natures,
  exclude?: string,
): number {
  let sum = 0;
  for (const a of aspectors) {
    if (a.planet === exclude) continue;
    sum += ((isBenefic(a.planet, natures) ? 1 : -1) * drishti(a.planet, a.longitude, target)) / 4;
  }
  return sum;
}

const HOUR = 3_600_000;
/** Chaldean order of the horas from the weekday lord. */
const CHALDEAN: readonly ClassicalPlanet[] = ['saturn', 'jupiter', 'mars', 'sun', 'venus', 'mercury', 'moon'];
export const WEEKDAY_LORD: readonly ClassicalPlanet[] = [
  'sun',
  'moon',
  'mars',
  'mercury',
  'jupiter',
  'venus',
  'saturn',
];
/**
 * Ahargana after B.V. Raman, "Graha and Bhava Balas", Table I: days counted so that 1 January 1952 is
 * day 175 (day 0 is 10 July 1951, a Tuesday). The lord of the year (abda) is the weekday lord of the
 * first day of the running 360-day year, the lord of the month (masa) that of the first day of the
 * running 30-day month.
 */
const RAMAN_EPOCH_JDN = 2433838; // 10 July 1951
const RAMAN_EPOCH_WEEKDAY = 2; // Tuesday
export function ramanAhargana(civilDaysSinceUnixEpoch: number): number {
  return civilDaysSinceUnixEpoch + 2440588 - RAMAN_EPOCH_JDN;
}
const weekdayOfDay = (n: number) => (((RAMAN_EPOCH_WEEKDAY + n) % 7) + 7) % 7;

export interface KalaParts {
  nathonnatha: number;
  paksha: number;
  tribhaga: number;
  abda: number;
  masa: number;
  vara: number;
  hora: number;
  ayana: number;
  yuddha: number;
  total: number;
}

export interface ShadbalaEntry {
  planet: ClassicalPlanet;
  naisargika: number;
  dig: number;
  uchcha: number;
  drik: number;
  kala: number;
  chesta: number;
  other_sthana: number;
  total: number;
  simplified: boolean;
  /** Not in the API entry: the parts, for the sub-routes and the Theo view. */
  parts: {
    saptavargaja: number;
    ojayugma: number;
    kendradi: number;
    drekkana: number;
    kala: KalaParts;
    chesta_state: ChestaState;
  };
  rupas: number;
  required_rupas: number;
  ratio: number;
}

export interface ShadbalaResult {
  entries: ShadbalaEntry[];
  /** Lords of the year, month, weekday and hora of birth. */
  lords: { abda: ClassicalPlanet; masa: ClassicalPlanet; vara: ClassicalPlanet; hora: ClassicalPlanet };
  /** Day (sunrise..sunset) or night birth. */
  isDayBirth: boolean;
  /** Moon-Sun elongation, 0..360. */
  elongation: number;
  natures: Natures;
}

/** Declination (degrees) of an ecliptic point at tropical longitude `lambda` (latitude ignored). */
export function declination(tropicalLongitude: number, obliquity = 23.4393): number {
  const r = Math.PI / 180;
  return Math.asin(Math.sin(obliquity * r) * Math.sin(tropicalLongitude * r)) / r;
}

export function ayanaBala(planet: ClassicalPlanet, decl: number): number {
  // BPHS 27.18-19: north declination helps Sun, Mars, Jupiter, Venus; south helps Moon and Saturn;
  // Mercury gains either way. Max declination taken as 24 degrees (the classical value).
  let v: number;
  if (planet === 'moon' || planet === 'saturn') v = ((24 - decl) / 48) * 60;
  else if (planet === 'mercury') v = ((24 + Math.abs(decl)) / 48) * 60;
  else v = ((24 + decl) / 48) * 60;
  v = Math.max(0, Math.min(60, v));
  return planet === 'sun' ? v * 2 : v;
}

export function computeShadbala(input: ShadbalaInput): ShadbalaResult {
  const lon = new Map(input.bodies.map((b) => [b.planet, b]));
  const get = (p: string) => {
    const b = lon.get(p);
    if (!b) throw new Error(`missing body ${p}`);
    return b;
  };
  const asc = get('ascendant').longitude;
  const mc = get('midheaven').longitude;
  const rasiSigns = Object.fromEntries(SEVEN.map((p) => [p, Math.floor(norm(get(p).longitude) / 30)])) as Record<
    ClassicalPlanet,
    number
  >;
  const sun = get('sun').longitude;
  const moon = get('moon').longitude;
  const elongation = norm(moon - sun);
  const waxing = elongation < 180;
  const phaseArc = waxing ? elongation : 360 - elongation; // 0..180
  const natures: Natures = { waxingMoon: waxing, mercuryMalefic: mercuryIsMalefic(input.bodies) };

  // Time frame of the Vedic day.
  const isDay = input.birthMs < input.sunsetMs;
  const dayLen = input.sunsetMs - input.sunriseMs;
  const nightLen = input.nextSunriseMs - input.sunsetMs;
  // BPHS 27.10: unnata = time from local apparent midnight, 30 ghatikas (12 hours) at most; the day
  // planets get 2 x unnata ghatikas, the night planets 60 minus that. Apparent noon is the midpoint of
  // sunrise and sunset; the midnights are 12 hours either side of it. The nearer midnight counts: a
  // birth after midnight and before sunrise belongs to the Vedic day of the previous sunrise but is
  // measured from the midnight just past (v3 measured it from noon, capped at 12 h, so such births got
  // 0 and 60: V.P. Jain's example, born 01:30, has 6.1 and 53.9).
  const noon = input.sunriseMs + dayLen / 2;
  const fromMidnightH = Math.min(
    12,
    Math.abs(input.birthMs - (noon - 12 * HOUR)) / HOUR,
    Math.abs(input.birthMs - (noon + 12 * HOUR)) / HOUR,
  );
  const unnata = fromMidnightH / 12;
  const third = isDay
    ? Math.min(2, Math.floor(((input.birthMs - input.sunriseMs) / dayLen) * 3))
    : Math.min(2, Math.floor(((input.birthMs - input.sunsetMs) / nightLen) * 3));
  const tribhagaLord: ClassicalPlanet = isDay
    ? (['mercury', 'sun', 'saturn'] as const)[third]!
    : (['moon', 'venus', 'mars'] as const)[third]!;

  const varaLord = WEEKDAY_LORD[input.weekday]!;
  const horaIndex = Math.max(0, Math.floor((input.birthMs - input.sunriseMs) / HOUR));
  const horaLord = CHALDEAN[(CHALDEAN.indexOf(varaLord) + horaIndex) % 7]!;
  const abdaLord = WEEKDAY_LORD[weekdayOfDay(Math.floor(input.ahargana / 360) * 360 + 1)]!;
  const masaLord = WEEKDAY_LORD[weekdayOfDay(Math.floor(input.ahargana / 30) * 30 + 1)]!;

  const aspectors = SEVEN.map((p) => ({ planet: p, longitude: get(p).longitude }));
  const pre: Omit<ShadbalaEntry, 'total' | 'rupas' | 'ratio'>[] = [];
  for (const p of SEVEN) {
    const b = get(p);
    const l = b.longitude;
    const uchcha = uchchaBala(p, l);
    const saptavargaja = saptavargajaBala(p, l, rasiSigns);
    const ojayugma = ojayugmaBala(p, l);
    const kendradi = kendradiBala(houseOf(l, asc));
    const drekkana = drekkanaBala(p, l);
    const dig = digBala(p, l, asc, mc);

    let nathonnatha: number;
    if (p === 'mercury') nathonnatha = 60;
    else if (p === 'sun' || p === 'jupiter' || p === 'venus') nathonnatha = 60 * unnata;
    else nathonnatha = 60 * (1 - unnata);
    nathonnatha = Math.min(60, Math.max(0, nathonnatha));

    // Benefics for paksha bala: Jupiter, Venus, Mercury unless malefic, and the Moon itself.
    const benefic = p === 'moon' || isBenefic(p, natures);
    let paksha = benefic ? phaseArc / 3 : 60 - phaseArc / 3;
    if (p === 'moon' && waxing) paksha *= 2;

    const tribhaga = p === 'jupiter' || p === tribhagaLord ? 60 : 0;
    const abda = p === abdaLord ? 15 : 0;
    const masa = p === masaLord ? 30 : 0;
    const vara = p === varaLord ? 45 : 0;
    const hora = p === horaLord ? 60 : 0;
    const ayana = ayanaBala(p, input.declinations?.[p] ?? declination(norm(l + input.ayanamsha)));

    const state = chestaState(p, b.speed ?? MEAN_DAILY_MOTION[p]!, input.anuvakra?.has(p) ?? false);
    let chesta: number;
    if (p === 'sun') chesta = ayana;
    else if (p === 'moon') chesta = paksha;
    else chesta = CHESTA_VIRUPA[state];

    const drik = drikOnPoint(l, aspectors, natures, p);
    const kalaParts: KalaParts = {
      nathonnatha,
      paksha,
      tribhaga,
      abda,
      masa,
      vara,
      hora,
      ayana,
      yuddha: 0,
      total: 0,
    };
    pre.push({
      planet: p,
      naisargika: NAISARGIKA[p],
      dig,
      uchcha,
      drik,
      kala: 0,
      chesta,
      other_sthana: saptavargaja + ojayugma + kendradi + drekkana,
      simplified: false,
      parts: { saptavargaja, ojayugma, kendradi, drekkana, kala: kalaParts, chesta_state: state },
      required_rupas: REQUIRED_RUPAS[p],
    });
  }

  // Graha yuddha: Mars..Saturn within one degree of longitude. The spec's simplification: the winner
  // (the larger total before the war, BPHS 27.25 compares the strengths) gains 30, the loser loses 30.
  const subtotal = (e: (typeof pre)[number]) => {
    const k = e.parts.kala;
    const kala = k.nathonnatha + k.paksha + k.tribhaga + k.abda + k.masa + k.vara + k.hora + k.ayana;
    return e.naisargika + e.dig + e.uchcha + e.other_sthana + e.drik + e.chesta + kala;
  };
  const warriors = pre.filter((e) => !['sun', 'moon'].includes(e.planet));
  for (let i = 0; i < warriors.length; i++)
    for (let j = i + 1; j < warriors.length; j++) {
      const a = warriors[i]!;
      const b = warriors[j]!;
      if (arc(get(a.planet).longitude, get(b.planet).longitude) > 1) continue;
      const [win, lose] = subtotal(a) >= subtotal(b) ? [a, b] : [b, a];
      win.parts.kala.yuddha += 30;
      lose.parts.kala.yuddha -= 30;
    }

  const entries: ShadbalaEntry[] = pre.map((e) => {
    const k = e.parts.kala;
    k.total = k.nathonnatha + k.paksha + k.tribhaga + k.abda + k.masa + k.vara + k.hora + k.ayana + k.yuddha;
    const total = e.naisargika + e.dig + e.uchcha + e.drik + k.total + e.chesta + e.other_sthana;
    const rupas = total / 60;
    return { ...e, kala: k.total, total, rupas, ratio: rupas / e.required_rupas };
  });
  return {
    entries,
    lords: { abda: abdaLord, masa: masaLord, vara: varaLord, hora: horaLord },
    isDayBirth: isDay,
    elongation,
    natures,
  };
}

export { isClassical };
