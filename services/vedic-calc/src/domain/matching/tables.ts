// Kundli matching tables as data, each with its source. Indices: signs 0 (aries) .. 11 (pisces),
// nakshatras 0 (ashwini) .. 26 (revati). Pure.
//
// Sources named below:
// - PYJHORA: PyJHora v4.8.5 (github.com/naturalstupid/PyJHora), src/jhora/horoscope/match/compatibility.py,
//   whose tables cite saravali.de and prokerala.com; its all_nak_pad_boy_girl*.csv are the documented
//   outputs the unit tests compare with.
// - VARNA_SOURCE: the Moon-sign varna of the published Ashtakoota descriptions (astrobix.com "Varnadi
//   Ashtakoot Milan", kundalimilan.in "Predictions made by gunas"): Cancer, Scorpio, Pisces brahmin;
//   Aries, Leo, Sagittarius kshatriya; Taurus, Virgo, Capricorn vaishya; Gemini, Libra, Aquarius shudra.
// - YONI_SOURCE: nakshatra yonis and their intense enemies as tabled at freehoroscopesonline.in/yonikoota.php.
// - NADI_SOURCE: astrologerpanditji.com "Nadi Dosh" (adi: ashwini, ardra, punarvasu, uttara phalguni,
//   hasta, jyeshtha, mula, shatabhisha, purva bhadrapada; madhya and antya likewise).
import { degreeInSign, SIGN_RULERS, signIndexOf } from '@astro/astro-core';

export const PYJHORA = 'PyJHora v4.8.5 compatibility.py';
export const VARNA_SOURCE = 'Moon-sign varna of the published Ashtakoota rules (astrobix.com, kundalimilan.in)';
export const YONI_SOURCE = 'nakshatra yonis (freehoroscopesonline.in/yonikoota.php); scores: PyJHora YoniArray';
export const NADI_SOURCE = 'nakshatra nadis (astrologerpanditji.com "Nadi Dosh"; PyJHora naadi_porutham)';

// ---------------------------------------------------------------- varna (1 point)

export type Varna = 'brahmin' | 'kshatriya' | 'vaishya' | 'shudra';
/** Varna of a Moon sign: the element decides (water brahmin, fire kshatriya, earth vaishya, air shudra). */
export const VARNA_OF_SIGN: readonly Varna[] = [
  'kshatriya', // aries
  'vaishya', // taurus
  'shudra', // gemini
  'brahmin', // cancer
  'kshatriya', // leo
  'vaishya', // virgo
  'shudra', // libra
  'brahmin', // scorpio
  'kshatriya', // sagittarius
  'vaishya', // capricorn
  'shudra', // aquarius
  'brahmin', // pisces
];
/** Rank: brahmin highest. One point when the groom's rank is at least the bride's. */
export const VARNA_RANK: Readonly<Record<Varna, number>> = { brahmin: 4, kshatriya: 3, vaishya: 2, shudra: 1 };

// ---------------------------------------------------------------- vashya (2 points)

export type VashyaGroup = 'chatushpada' | 'manava' | 'jalachara' | 'vanachara' | 'keeta';
export const VASHYA_GROUPS: readonly VashyaGroup[] = ['chatushpada', 'manava', 'jalachara', 'vanachara', 'keeta'];

/**
 * Vashya group of a Moon at `longitude` (sidereal): Aries, Taurus, the second half of Sagittarius and
 * the first half of Capricorn chatushpada; Gemini, Virgo, Libra, Aquarius and the first half of
 * Sagittarius manava; Cancer, Pisces and the second half of Capricorn jalachara; Leo vanachara;
 * Scorpio keeta (kundalimilan.in; astrobix.com). Halves are split at 15° of the sign.
 */
export function vashyaGroupOf(longitude: number): VashyaGroup {
  const sign = signIndexOf(longitude);
  const firstHalf = degreeInSign(longitude) < 15;
  switch (sign) {
    case 0:
    case 1:
      return 'chatushpada';
    case 2:
    case 5:
    case 6:
    case 10:
      return 'manava';
    case 3:
    case 11:
      return 'jalachara';
    case 4:
      return 'vanachara';
    case 7:
      return 'keeta';
    case 8:
      return firstHalf ? 'manava' : 'chatushpada';
    default: // 9, capricorn
      return firstHalf ? 'chatushpada' : 'jalachara';
  }
}

/** Vashya points [bride group][groom group] (PyJHora VasiyaArray, "from saravali.de"). */
export const VASHYA_POINTS: readonly (readonly number[])[] = [
  [2.0, 0.5, 1.0, 0.0, 2.0],
  [0.5, 2.0, 0.0, 0.0, 0.0],
  [1.0, 0.0, 2.0, 2.0, 2.0],
  [0.0, 0.0, 2.0, 2.0, 0.0],
  [1.0, 0.0, 1.0, 0.0, 2.0],
];

// ---------------------------------------------------------------- tara (3 points)

/** The nine taras counted from a birth star (1 janma .. 9 parama mitra); 3, 5 and 7 are inauspicious. */
export const TARAS = [
  'janma',
  'sampat',
  'vipat',
  'kshema',
  'pratyari',
  'sadhaka',
  'vadha',
  'mitra',
  'parama_mitra',
] as const;
export const INAUSPICIOUS_TARAS: readonly number[] = [3, 5, 7];

// ---------------------------------------------------------------- yoni (4 points)

export type Yoni =
  | 'horse'
  | 'elephant'
  | 'sheep'
  | 'serpent'
  | 'dog'
  | 'cat'
  | 'rat'
  | 'cow'
  | 'buffalo'
  | 'tiger'
  | 'deer'
  | 'monkey'
  | 'mongoose'
  | 'lion';
export const YONIS: readonly Yoni[] = [
  'horse',
  'elephant',
  'sheep',
  'serpent',
  'dog',
  'cat',
  'rat',
  'cow',
  'buffalo',
  'tiger',
  'deer',
  'monkey',
  'mongoose',
  'lion',
];
/** Yoni of each nakshatra (index into YONIS). */
export const YONI_OF_NAKSHATRA: readonly number[] = [
  0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1,
];
/** Yoni points [bride yoni][groom yoni] (PyJHora YoniArray; symmetric). */
export const YONI_POINTS: readonly (readonly number[])[] = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 1, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [1, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];
/** The seven pairs of intensely inimical yonis (freehoroscopesonline.in): 0 points in the table. */
export const YONI_ENEMIES: readonly (readonly [Yoni, Yoni])[] = [
  ['horse', 'buffalo'],
  ['elephant', 'lion'],
  ['sheep', 'monkey'],
  ['serpent', 'mongoose'],
  ['dog', 'deer'],
  ['cat', 'rat'],
  ['cow', 'tiger'],
];

// ---------------------------------------------------------------- gana (6 points)

export type Gana = 'deva' | 'manushya' | 'rakshasa';
export const GANAS: readonly Gana[] = ['deva', 'manushya', 'rakshasa'];
/** Gana of each nakshatra (PyJHora _find_gana; the common deva/manushya/rakshasa lists). */
export const GANA_OF_NAKSHATRA: readonly Gana[] = [
  'deva', // ashwini
  'manushya', // bharani
  'rakshasa', // krittika
  'manushya', // rohini
  'deva', // mrigashira
  'manushya', // ardra
  'deva', // punarvasu
  'deva', // pushya
  'rakshasa', // ashlesha
  'rakshasa', // magha
  'manushya', // purva_phalguni
  'manushya', // uttara_phalguni
  'deva', // hasta
  'rakshasa', // chitra
  'deva', // swati
  'rakshasa', // vishakha
  'deva', // anuradha
  'rakshasa', // jyeshtha
  'rakshasa', // mula
  'manushya', // purva_ashadha
  'manushya', // uttara_ashadha
  'deva', // shravana
  'rakshasa', // dhanishta
  'rakshasa', // shatabhisha
  'manushya', // purva_bhadrapada
  'manushya', // uttara_bhadrapada
  'deva', // revati
];
/** Gana points [bride gana][groom gana] (PyJHora gana_array, "based on saravali.de"). */
export const GANA_POINTS: readonly (readonly number[])[] = [
  [6, 6, 0],
  [5, 6, 0],
  [1, 0, 6],
];

// ---------------------------------------------------------------- graha maitri (5 points)

/**
 * Points for the two Moon-sign lords from their natural relationships (BPHS ch. 3 v. 55, astro-core's
 * naturalRelation), keyed by the sorted pair of views: friend/friend (or one lord) 5, friend/neutral 4,
 * neutral/neutral 3, friend/enemy 1, neutral/enemy 0.5, enemy/enemy 0. PyJHora's 7x7
 * raasi_adhipathi_array holds the same numbers.
 */
export const MAITRI_POINTS: Readonly<Record<string, number>> = {
  '1,1': 5,
  '0,1': 4,
  '0,0': 3,
  '-1,1': 1,
  '-1,0': 0.5,
  '-1,-1': 0,
};

// ---------------------------------------------------------------- bhakoot (7 points)

/**
 * Bhakoot: the count from the bride's Moon sign to the groom's (1..12) decides. 1/1, 7/7, 3/11 and 4/10
 * score 7; 2/12 (dwirdwadasha), 5/9 (navapanchama) and 6/8 (shadashtaka) score 0 and are Bhakoot dosha.
 */
export const BHAKOOT_DOSHA: Readonly<Record<number, string>> = {
  2: 'dwirdwadasha',
  12: 'dwirdwadasha',
  5: 'navapanchama',
  9: 'navapanchama',
  6: 'shadashtaka',
  8: 'shadashtaka',
};

// ---------------------------------------------------------------- nadi (8 points)

export type Nadi = 'adi' | 'madhya' | 'antya';
const NADI_CYCLE: readonly Nadi[] = ['adi', 'madhya', 'antya', 'antya', 'madhya', 'adi'];
/** Nadi of a nakshatra: adi, madhya, antya, antya, madhya, adi, repeated from ashwini. */
export const nadiOf = (nakshatra: number): Nadi => NADI_CYCLE[nakshatra % 6]!;

// ---------------------------------------------------------------- poruthams

/**
 * Rajju (body part) of each nakshatra, 1-based lists as in PyJHora (prokerala.com): head 5, 14, 23; neck
 * 4, 6, 13, 15, 22, 24; stomach 3, 7, 12, 16, 21, 25; waist 2, 8, 11, 17, 20, 26; foot 1, 9, 10, 18, 19, 27.
 */
export type Rajju = 'head' | 'neck' | 'stomach' | 'waist' | 'foot';
const RAJJU_LISTS: Readonly<Record<Rajju, readonly number[]>> = {
  head: [5, 14, 23],
  neck: [4, 6, 13, 15, 22, 24],
  stomach: [3, 7, 12, 16, 21, 25],
  waist: [2, 8, 11, 17, 20, 26],
  foot: [1, 9, 10, 18, 19, 27],
};
export function rajjuOf(nakshatra: number): Rajju {
  for (const [r, list] of Object.entries(RAJJU_LISTS)) if (list.includes(nakshatra + 1)) return r as Rajju;
  throw new RangeError(`nakshatra ${nakshatra}`);
}

/**
 * Vedha pairs (1-based), the classical mutually obstructing stars: ashwini-jyeshtha, bharani-anuradha,
 * krittika-vishakha, rohini-swati, ardra-shravana, punarvasu-uttara ashadha, pushya-purva ashadha,
 * ashlesha-mula, magha-revati, purva phalguni-uttara bhadrapada, uttara phalguni-purva bhadrapada,
 * hasta-shatabhisha, and mrigashira, chitra and dhanishta among themselves. Every pair sums to 19, 28
 * or 37 (PyJHora vedha_pair_sum); a star is never in vedha with itself.
 */
export const VEDHA_PAIRS: readonly (readonly [number, number])[] = [
  [1, 18],
  [2, 17],
  [3, 16],
  [4, 15],
  [6, 22],
  [7, 21],
  [8, 20],
  [9, 19],
  [10, 27],
  [11, 26],
  [12, 25],
  [13, 24],
  [5, 14],
  [14, 23],
  [5, 23],
];

/** Mahendra: the groom's star counted from the bride's is one of these (PyJHora mahendra_porutham_array). */
export const MAHENDRA_COUNTS: readonly number[] = [4, 7, 10, 13, 16, 19, 22, 25];
/** Stree deergha: the groom's star is more than this many stars from the bride's (PyJHora threshold 13). */
export const STREE_DEERGHA_MIN_EXCLUSIVE = 13;

/**
 * Vasya signs of each sign (the classical vasya table, PyJHora vasiya_list): aries: leo, scorpio; taurus:
 * cancer, libra; gemini: virgo; cancer: scorpio, sagittarius; leo: libra; virgo: gemini, pisces; libra:
 * virgo, capricorn; scorpio: cancer; sagittarius: pisces; capricorn: aries, aquarius; aquarius: aries;
 * pisces: capricorn.
 */
export const VASYA_SIGNS: readonly (readonly number[])[] = [
  [4, 7],
  [3, 6],
  [5],
  [7, 8],
  [6],
  [2, 11],
  [5, 9],
  [3],
  [11],
  [0, 10],
  [0],
  [9],
];

/** The sign lord of a sign index (whole-sign rulership): astro-core's one table. */
export const SIGN_LORDS = SIGN_RULERS;
