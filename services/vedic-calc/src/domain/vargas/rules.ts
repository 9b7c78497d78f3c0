// The 21 divisional charts (vargas) of the spec, each with its rule named. Pure: a sidereal longitude in,
// a sign out.
//
// Classical rules (Brihat Parashara Hora Shastra ch. 6-7, as Jagannatha Hora applies them by default):
//   D1 rasi, D2 Parashara hora, D2_SUN_MOON (the same Sun/Moon hora, see below), D3 Parashara drekkana,
//   D4 chaturthamsa, D7 saptamsa, D9 navamsa, D10 dashamsa, D12 dwadashamsa, D16 shodashamsa,
//   D20 vimshamsa, D24 chaturvimshamsa (siddhamsa), D27 bhamsa (nakshatramsa), D30 trimshamsa,
//   D40 khavedamsa, D45 akshavedamsa, D60 shashtiamsa.
// Generic cyclic rule (parivritti: part k of sign s falls in sign (s x N + k) mod 12), used where BPHS
// is ambiguous or its rule is not sign-based: D5 panchamsa, D6 shashthamsa, D8 ashtamsa,
// D11 rudramsa (ekadashamsa). For D6 and D8 the cyclic rule coincides with the BPHS starting signs
// (D6: odd signs from Aries, even from Libra; D8: movable from Aries, fixed from Sagittarius, dual from
// Leo); D5 differs from the BPHS planetary panchamsa (Mars, Saturn, Jupiter, Mercury, Venus).
//
// The spec's sentence "all other vargas use a generic algorithm" describes the former service; the
// issue replaced it with these classical rules (method_version vargas-bphs-v1).
//
// D2 versus D2_SUN_MOON: both are Parashara's Sun/Moon hora, where only Leo (Sun's hora) and Cancer
// (Moon's hora) occur: odd signs give Leo for 0-15 and Cancer for 15-30, even signs the reverse.
// D2_SUN_MOON is kept as the explicit name of that rule for clients of the former service, whose D2
// was the generic cyclic hora; D2 now follows the classical rule too, so the two answer the same.

export const VARGAS = [
  'D1',
  'D2',
  'D2_SUN_MOON',
  'D3',
  'D4',
  'D5',
  'D6',
  'D7',
  'D8',
  'D9',
  'D10',
  'D11',
  'D12',
  'D16',
  'D20',
  'D24',
  'D27',
  'D30',
  'D40',
  'D45',
  'D60',
] as const;
export type Varga = (typeof VARGAS)[number];

export function isVarga(v: string): v is Varga {
  return (VARGAS as readonly string[]).includes(v);
}

/** Sign index 0 (Aries) .. 11 (Pisces). */
type SignIndex = number;

interface Placement {
  /** Sign index of the longitude. */
  sign: SignIndex;
  /** Degrees within the sign, [0, 30). */
  degree: number;
}

const mod12 = (n: number): SignIndex => ((n % 12) + 12) % 12;

function place(longitude: number): Placement {
  const lon = ((longitude % 360) + 360) % 360;
  const sign = Math.min(11, Math.floor(lon / 30));
  return { sign, degree: lon - sign * 30 };
}

/** Which of the N equal parts of the sign the degree falls in (0-based). */
function part(p: Placement, n: number): number {
  return Math.min(n - 1, Math.floor((p.degree * n) / 30));
}

/** Odd signs in the classical sense: Aries (index 0), Gemini, Leo, ... */
const isOdd = (s: SignIndex) => s % 2 === 0;
/** Movable (chara) 0, fixed (sthira) 1, dual (dvisvabhava) 2. */
const modality = (s: SignIndex) => s % 3;
/** Fire 0, earth 1, air 2, water 3. */
const element = (s: SignIndex) => s % 4;

const ARIES = 0;
const TAURUS = 1;
const GEMINI = 2;
const CANCER = 3;
const LEO = 4;
const VIRGO = 5;
const LIBRA = 6;
const SCORPIO = 7;
const SAGITTARIUS = 8;
const CAPRICORN = 9;
const AQUARIUS = 10;
const PISCES = 11;

/** Part k of N counted from a starting sign. */
const countedFrom = (start: SignIndex, p: Placement, n: number) => mod12(start + part(p, n));

/** Generic cyclic (parivritti) division: (s x N + k) mod 12. */
const cyclic = (p: Placement, n: number) => mod12(p.sign * n + part(p, n));

/** Start by modality: movable, fixed, dual. */
const byModality = (p: Placement, n: number, starts: [SignIndex, SignIndex, SignIndex]) =>
  countedFrom(starts[modality(p.sign)]!, p, n);

/** Parashara hora: odd signs Sun (Leo) then Moon (Cancer); even signs Moon then Sun. */
function parasharaHora(p: Placement): SignIndex {
  const firstHalf = part(p, 2) === 0;
  return isOdd(p.sign) === firstHalf ? LEO : CANCER;
}

/** Trimshamsa (BPHS): unequal parts ruled by Mars, Saturn, Jupiter, Mercury, Venus; even signs reversed. */
const TRIMSHAMSA_ODD: ReadonlyArray<[number, SignIndex]> = [
  [5, ARIES], // Mars
  [10, AQUARIUS], // Saturn
  [18, SAGITTARIUS], // Jupiter
  [25, GEMINI], // Mercury
  [30, LIBRA], // Venus
];
const TRIMSHAMSA_EVEN: ReadonlyArray<[number, SignIndex]> = [
  [5, TAURUS], // Venus
  [12, VIRGO], // Mercury
  [20, PISCES], // Jupiter
  [25, CAPRICORN], // Saturn
  [30, SCORPIO], // Mars
];

function trimshamsa(p: Placement): SignIndex {
  const table = isOdd(p.sign) ? TRIMSHAMSA_ODD : TRIMSHAMSA_EVEN;
  for (const [end, sign] of table) if (p.degree < end) return sign;
  return table[table.length - 1]![1];
}

const RULES: Readonly<Record<Varga, (p: Placement) => SignIndex>> = {
  D1: (p) => p.sign,
  D2: parasharaHora,
  D2_SUN_MOON: parasharaHora,
  // Drekkana: 1st, 5th and 9th from the sign.
  D3: (p) => mod12(p.sign + 4 * part(p, 3)),
  // Chaturthamsa: 1st, 4th, 7th and 10th from the sign.
  D4: (p) => mod12(p.sign + 3 * part(p, 4)),
  D5: (p) => cyclic(p, 5),
  D6: (p) => cyclic(p, 6),
  // Saptamsa: odd signs from the sign, even signs from the 7th.
  D7: (p) => countedFrom(isOdd(p.sign) ? p.sign : p.sign + 6, p, 7),
  D8: (p) => cyclic(p, 8),
  // Navamsa: fire from Aries, earth from Capricorn, air from Libra, water from Cancer.
  D9: (p) => countedFrom([ARIES, CAPRICORN, LIBRA, CANCER][element(p.sign)]!, p, 9),
  // Dashamsa: odd signs from the sign, even signs from the 9th.
  D10: (p) => countedFrom(isOdd(p.sign) ? p.sign : p.sign + 8, p, 10),
  D11: (p) => cyclic(p, 11),
  // Dwadashamsa: from the sign.
  D12: (p) => countedFrom(p.sign, p, 12),
  // Shodashamsa: movable from Aries, fixed from Leo, dual from Sagittarius.
  D16: (p) => byModality(p, 16, [ARIES, LEO, SAGITTARIUS]),
  // Vimshamsa: movable from Aries, fixed from Sagittarius, dual from Leo.
  D20: (p) => byModality(p, 20, [ARIES, SAGITTARIUS, LEO]),
  // Chaturvimshamsa: odd signs from Leo, even from Cancer.
  D24: (p) => countedFrom(isOdd(p.sign) ? LEO : CANCER, p, 24),
  // Bhamsa: fire from Aries, earth from Cancer, air from Libra, water from Capricorn.
  D27: (p) => countedFrom([ARIES, CANCER, LIBRA, CAPRICORN][element(p.sign)]!, p, 27),
  D30: trimshamsa,
  // Khavedamsa: odd signs from Aries, even from Libra.
  D40: (p) => countedFrom(isOdd(p.sign) ? ARIES : LIBRA, p, 40),
  // Akshavedamsa: movable from Aries, fixed from Leo, dual from Sagittarius.
  D45: (p) => byModality(p, 45, [ARIES, LEO, SAGITTARIUS]),
  // Shashtiamsa: 60 half-degree parts counted from the sign itself.
  D60: (p) => countedFrom(p.sign, p, 60),
};

/** Sign index (0 Aries .. 11 Pisces) of a sidereal longitude in a varga. */
export function vargaSignIndex(varga: Varga, siderealLongitude: number): number {
  return RULES[varga](place(siderealLongitude));
}
