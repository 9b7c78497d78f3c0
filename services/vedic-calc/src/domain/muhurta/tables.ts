// Muhurta method tables (method_version muhurta-electional-v1). Every rule the scorer applies is a
// table here, so the docs and the code cannot drift apart. Numbers: nakshatras 1-27 (ashwini = 1),
// signs 1-12 (mesha/aries = 1), tithis 1-30 (16-30 krishna paksha), weekdays 0-6 (Sunday = 0).
export const METHOD_VERSION = 'muhurta-electional-v1';
export const LEGACY_METHOD_VERSION = 'muhurta-legacy-tara-vaara-v1';

export const ACTIVITY_TYPES = [
  'marriage',
  'business',
  'travel',
  'education',
  'property',
  'medical',
  'spiritual',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const isActivityType = (v: string): v is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(v);

export const ACTIVITIES: Record<ActivityType, { title: string; description: string }> = {
  marriage: { title: 'Marriage', description: 'Wedding ceremony, engagement or formal union.' },
  business: { title: 'Business', description: 'Opening a business, signing a contract, a first sale.' },
  travel: { title: 'Travel', description: 'Starting a journey, a relocation or a long trip.' },
  education: { title: 'Education', description: 'Beginning studies, an exam, a course or initiation into learning.' },
  property: { title: 'Property', description: 'Buying land or a house, griha pravesha, laying a foundation.' },
  medical: { title: 'Medical', description: 'Starting a treatment or a planned medical procedure.' },
  spiritual: { title: 'Spiritual', description: 'Initiation, a vow, a pilgrimage or a religious ceremony.' },
};

/** The nine taras, counted from the natal Moon's nakshatra (janma = 1). */
export const TARAS = [
  'janma',
  'sampat',
  'vipat',
  'kshema',
  'pratyak',
  'sadhana',
  'naidhana',
  'mitra',
  'parama_mitra',
] as const;
/** Tarabala points (max 3): good taras 3, janma 1 (mixed), vipat / pratyak / naidhana 0. */
export const TARA_POINTS: readonly number[] = [1, 3, 0, 3, 0, 3, 0, 3, 3];
export const TARA_MAX = 3;

/** Chandrabala: the transit Moon's sign counted from the natal Moon's sign; favourable counts score 2. */
export const CHANDRABALA_GOOD: readonly number[] = [1, 3, 6, 7, 10, 11];
export const CHANDRABALA_MAX = 2;

/** Rikta tithis (4, 9, 14 of either paksha) and amavasya (30) are avoided. */
export const AVOIDED_TITHIS: readonly number[] = [4, 9, 14, 19, 24, 29, 30];
/** Yogas 17 (vyatipata) and 27 (vaidhriti) are avoided. */
export const AVOIDED_YOGAS: readonly number[] = [17, 27];
/** Panchanga suitability (max 3): tithi not avoided 1, nakshatra suitable for the activity 1, yoga not avoided 1. */
export const PANCHANGA_MAX = 3;

/** Suitable nakshatras per activity (after the classical muhurta lists, e.g. B.V. Raman "Muhurtha"). */
export const GOOD_NAKSHATRAS: Record<ActivityType, readonly number[]> = {
  // rohini, mrigashira, magha, uttara phalguni, hasta, swati, anuradha, mula, uttara ashadha, uttara bhadrapada, revati
  marriage: [4, 5, 10, 12, 13, 15, 17, 19, 21, 26, 27],
  // ashwini, rohini, pushya, uttara phalguni, hasta, chitra, anuradha, uttara ashadha, uttara bhadrapada, revati
  business: [1, 4, 8, 12, 13, 14, 17, 21, 26, 27],
  // ashwini, mrigashira, punarvasu, pushya, hasta, anuradha, shravana, dhanishta, revati
  travel: [1, 5, 7, 8, 13, 17, 22, 23, 27],
  // ashwini, mrigashira, punarvasu, pushya, hasta, chitra, swati, shravana, dhanishta, shatabhisha, revati
  education: [1, 5, 7, 8, 13, 14, 15, 22, 23, 24, 27],
  // rohini, mrigashira, pushya, uttara phalguni, anuradha, uttara ashadha, uttara bhadrapada, revati
  property: [4, 5, 8, 12, 17, 21, 26, 27],
  // ashwini, mrigashira, pushya, hasta, chitra, anuradha, shravana, revati
  medical: [1, 5, 8, 13, 14, 17, 22, 27],
  // mrigashira, punarvasu, pushya, anuradha, shravana, uttara bhadrapada, revati
  spiritual: [5, 7, 8, 17, 22, 26, 27],
};

/** Weekday lord (max 2): good weekdays 2, avoided 0, the rest 1. Weekday = vaara of the sunrise day. */
export const WEEKDAYS: Record<ActivityType, { good: readonly number[]; avoid: readonly number[] }> = {
  marriage: { good: [1, 3, 4, 5], avoid: [2, 6] },
  business: { good: [3, 4, 5], avoid: [2] },
  travel: { good: [1, 3, 4, 5], avoid: [2] },
  education: { good: [1, 3, 4, 5], avoid: [2, 6] },
  property: { good: [1, 3, 4, 5], avoid: [0, 2] },
  medical: { good: [0, 1, 3, 4], avoid: [6] },
  spiritual: { good: [0, 1, 4], avoid: [2, 6] },
};
export const WEEKDAY_MAX = 2;

/** Kalam exclusions (max 2): 2 outside every caution window, 0 (and excluded) inside one. */
export const KALAM_MAX = 2;

export type Modality = 'movable' | 'fixed' | 'dual';
/** Sign modality: aries, cancer, libra, capricorn movable; taurus, leo, scorpio, aquarius fixed; the rest dual. */
export const modalityOf = (sign: number): Modality => (['movable', 'fixed', 'dual'] as const)[(sign - 1) % 3]!;
/** Lagna (max 2): the preferred modality 2, the second choice 1, the other 0. */
export const LAGNA: Record<ActivityType, { preferred: Modality; second: Modality }> = {
  marriage: { preferred: 'fixed', second: 'dual' },
  business: { preferred: 'fixed', second: 'movable' },
  travel: { preferred: 'movable', second: 'dual' },
  education: { preferred: 'dual', second: 'fixed' },
  property: { preferred: 'fixed', second: 'dual' },
  medical: { preferred: 'movable', second: 'dual' },
  spiritual: { preferred: 'dual', second: 'fixed' },
};
export const LAGNA_MAX = 2;

export const TOTAL_MAX = TARA_MAX + CHANDRABALA_MAX + PANCHANGA_MAX + WEEKDAY_MAX + KALAM_MAX + LAGNA_MAX;

/** Labels on total_score (0-100): excluded -> avoid; < 35 avoid; < 55 weak; < 75 usable; else favorable. */
export function labelOf(total: number, excluded: boolean): 'avoid' | 'weak' | 'usable' | 'favorable' {
  if (excluded || total < 35) return 'avoid';
  if (total < 55) return 'weak';
  if (total < 75) return 'usable';
  return 'favorable';
}

/** Legacy route: weekday points without an activity (benefic lords moon, mercury, jupiter, venus 2; sun 1). */
export const LEGACY_WEEKDAY_POINTS: readonly number[] = [1, 2, 0, 2, 2, 2, 0];
