// Panchanga name tables and weekday tables. Names are lower-case snake_case transliterations (no
// diacritics); nakshatra names come from astro-core's NAKSHATRAS so every Vedic route spells them alike.
import { NAKSHATRAS } from '@astro/astro-core';

export { NAKSHATRAS };

const PAKSHA_TITHIS = [
  'pratipada',
  'dwitiya',
  'tritiya',
  'chaturthi',
  'panchami',
  'shashthi',
  'saptami',
  'ashtami',
  'navami',
  'dashami',
  'ekadashi',
  'dwadashi',
  'trayodashi',
  'chaturdashi',
] as const;

/** Tithis 1-30: 1-14 shukla + purnima (15), 16-29 krishna + amavasya (30). */
export const TITHIS: readonly string[] = Object.freeze([...PAKSHA_TITHIS, 'purnima', ...PAKSHA_TITHIS, 'amavasya']);

/** The 27 nitya yogas, (Sun + Moon) sidereal in 13°20' steps from 0° Aries. */
export const YOGAS: readonly string[] = Object.freeze([
  'vishkambha',
  'priti',
  'ayushman',
  'saubhagya',
  'shobhana',
  'atiganda',
  'sukarma',
  'dhriti',
  'shula',
  'ganda',
  'vriddhi',
  'dhruva',
  'vyaghata',
  'harshana',
  'vajra',
  'siddhi',
  'vyatipata',
  'variyana',
  'parigha',
  'shiva',
  'siddha',
  'sadhya',
  'shubha',
  'shukla',
  'brahma',
  'indra',
  'vaidhriti',
]);

const MOVABLE_KARANAS = ['bava', 'balava', 'kaulava', 'taitila', 'gara', 'vanija', 'vishti'] as const;

/**
 * Karana of half-tithi n (1-60) of the amanta month: 1 = kimstughna (first half of shukla pratipada),
 * 2-57 = the 7 movable karanas 8 times over, 58 = shakuni, 59 = chatushpada, 60 = naga.
 */
export function karanaName(n: number): string {
  if (n === 1) return 'kimstughna';
  if (n >= 58) return (['shakuni', 'chatushpada', 'naga'] as const)[n - 58]!;
  return MOVABLE_KARANAS[(n - 2) % 7]!;
}

/** Weekdays, index 0 = Sunday (JavaScript's getUTCDay order); vaara number = index + 1. */
export const VAARAS: readonly { name: string; ruler: string }[] = Object.freeze([
  { name: 'ravivara', ruler: 'sun' },
  { name: 'somavara', ruler: 'moon' },
  { name: 'mangalavara', ruler: 'mars' },
  { name: 'budhavara', ruler: 'mercury' },
  { name: 'guruvara', ruler: 'jupiter' },
  { name: 'shukravara', ruler: 'venus' },
  { name: 'shanivara', ruler: 'saturn' },
]);

/** Lunar months 1-12 (chaitra = 1). */
export const MASAS: readonly string[] = Object.freeze([
  'chaitra',
  'vaishakha',
  'jyeshtha',
  'ashadha',
  'shravana',
  'bhadrapada',
  'ashvina',
  'kartika',
  'margashirsha',
  'pausha',
  'magha',
  'phalguna',
]);

/** Ritu of masa n (1-12): two lunar months each, vasanta = chaitra + vaishakha. */
export function rituOfMasa(n: number): string {
  return (['vasanta', 'grishma', 'varsha', 'sharad', 'hemanta', 'shishira'] as const)[Math.floor((n - 1) / 2)]!;
}

/**
 * Eighth of the day (1-8, sunrise to sunset) per weekday (index 0 = Sunday). The standard South Indian
 * tables (B.V. Raman, "Muhurtha", ch. on Rahu Kala; the mnemonic tables printed in Tamil/Telugu
 * almanacs): Rahu Mon 2, Sat 3, Fri 4, Wed 5, Thu 6, Tue 7, Sun 8.
 */
export const RAHU_PART: readonly number[] = Object.freeze([8, 2, 7, 5, 6, 4, 3]);
export const YAMAGANDA_PART: readonly number[] = Object.freeze([5, 4, 3, 2, 1, 7, 6]);
export const GULIKA_PART: readonly number[] = Object.freeze([7, 6, 5, 4, 3, 2, 1]);

/**
 * Durmuhurtam: muhurtas (1-15) of the day (sunrise to sunset) or of the night (sunset to next
 * sunrise) per weekday, after the classical table (Muhurta Chintamani, as tabulated in common
 * almanacs): Sun day 14; Mon day 9, 12; Tue day 4, night 7; Wed day 8; Thu day 6, 12; Fri day 4, 9;
 * Sat day 1, 2.
 */
export const DURMUHURTAM: readonly { period: 'day' | 'night'; muhurta: number }[][] = Object.freeze([
  [{ period: 'day', muhurta: 14 }],
  [
    { period: 'day', muhurta: 9 },
    { period: 'day', muhurta: 12 },
  ],
  [
    { period: 'day', muhurta: 4 },
    { period: 'night', muhurta: 7 },
  ],
  [{ period: 'day', muhurta: 8 }],
  [
    { period: 'day', muhurta: 6 },
    { period: 'day', muhurta: 12 },
  ],
  [
    { period: 'day', muhurta: 4 },
    { period: 'day', muhurta: 9 },
  ],
  [
    { period: 'day', muhurta: 1 },
    { period: 'day', muhurta: 2 },
  ],
]);

/**
 * Chogadia cycle (Gujarati/North Indian almanacs): each name is ruled by a planet; the day's first
 * part is the one of the weekday's lord, the night's first part the one of the lord of the 5th
 * weekday; successive day parts advance 1 place in this list, night parts advance 5 places.
 */
export const CHOGADIA_CYCLE: readonly { name: string; ruler: string; quality: 'auspicious' | 'neutral' | 'caution' }[] =
  Object.freeze([
    { name: 'udveg', ruler: 'sun', quality: 'caution' },
    { name: 'char', ruler: 'venus', quality: 'neutral' },
    { name: 'labh', ruler: 'mercury', quality: 'auspicious' },
    { name: 'amrit', ruler: 'moon', quality: 'auspicious' },
    { name: 'kaal', ruler: 'saturn', quality: 'caution' },
    { name: 'shubh', ruler: 'jupiter', quality: 'auspicious' },
    { name: 'rog', ruler: 'mars', quality: 'caution' },
  ]);

/** Index in CHOGADIA_CYCLE of the weekday lord (index 0 = Sunday). */
export const CHOGADIA_OF_WEEKDAY: readonly number[] = Object.freeze([0, 3, 6, 2, 5, 1, 4]);
