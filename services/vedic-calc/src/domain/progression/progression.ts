// Age-window progression (spec 2-vedic.md "Progression"): one planet governs each year of life; from
// the start of its window the planet's natal longitude advances by a full circle over the window's
// length, 360 / (period_years x 365.2564) degrees per day, backwards when the planet is retrograde.
//
// The spec names "an age-window table of 9 planets covering ages 1-105" without showing it. We use the
// Lal Kitab 35-year cycle of planetary ages (Saturn 6, Rahu 6, Ketu 3, Jupiter 6, Sun 2, Moon 1,
// Venus 3, Mars 6, Mercury 2 years = 35), which is exactly nine planets and, run three times, covers
// ages 1-105. Ages are running years (age 1 is the first year of life) counted in sidereal years of
// 365.2564 days, the same year the spec's daily-movement formula uses.
import { norm360 } from '@astro/astro-core';

export const PROGRESSION_METHOD_VERSION = 'progression-lal-kitab-35y-v1';
export const SIDEREAL_YEAR_DAYS = 365.2564;
export const MAX_AGE = 105;
const MS_PER_DAY = 86_400_000;

export interface AgeWindow {
  planet: string;
  years: number;
}

/** The 35-year cycle in order; repeated three times for ages 1-105. */
export const AGE_WINDOWS: readonly AgeWindow[] = [
  { planet: 'saturn', years: 6 },
  { planet: 'rahu', years: 6 },
  { planet: 'ketu', years: 3 },
  { planet: 'jupiter', years: 6 },
  { planet: 'sun', years: 2 },
  { planet: 'moon', years: 1 },
  { planet: 'venus', years: 3 },
  { planet: 'mars', years: 6 },
  { planet: 'mercury', years: 2 },
];
const CYCLE_YEARS = AGE_WINDOWS.reduce((s, w) => s + w.years, 0);

/** The window governing running age `age` (1-105) and its first running age. */
export function windowForAge(age: number): { window: AgeWindow; startAge: number } {
  if (!Number.isInteger(age) || age < 1 || age > MAX_AGE) throw new RangeError(`age ${age} outside 1-${MAX_AGE}`);
  const cycleStart = Math.floor((age - 1) / CYCLE_YEARS) * CYCLE_YEARS;
  let startAge = cycleStart + 1;
  for (const w of AGE_WINDOWS) {
    if (age < startAge + w.years) return { window: w, startAge };
    startAge += w.years;
  }
  throw new Error('unreachable: the cycle covers every age');
}

export interface NatalBody {
  planet: string;
  longitude: number;
  is_retrograde: boolean;
}

export interface Progression {
  planet: string;
  isRetrograde: boolean;
  natalLongitude: number;
  /** Signed arc travelled since the window started (negative when retrograde). */
  progressedLongitude: number;
  /** Natal longitude plus the arc, in [0, 360). */
  finalLongitude: number;
  progressionStartMs: number;
  progressionYears: number;
  age: number;
  dailyMovement: number;
  daysSincePeriodStart: number;
}

export type ProgressionOutcome =
  | { ok: true; value: Progression }
  | { ok: false; reason: 'before_birth' | 'beyond_table' | 'planet_missing'; planet?: string };

export function progressionAt(birthMs: number, eventMs: number, bodies: readonly NatalBody[]): ProgressionOutcome {
  if (eventMs < birthMs) return { ok: false, reason: 'before_birth' };
  const elapsedYears = (eventMs - birthMs) / MS_PER_DAY / SIDEREAL_YEAR_DAYS;
  const age = Math.floor(elapsedYears) + 1;
  if (age > MAX_AGE) return { ok: false, reason: 'beyond_table' };
  const { window, startAge } = windowForAge(age);
  const body = bodies.find((b) => b.planet === window.planet);
  if (!body) return { ok: false, reason: 'planet_missing', planet: window.planet };
  const startMs = birthMs + (startAge - 1) * SIDEREAL_YEAR_DAYS * MS_PER_DAY;
  const days = (eventMs - startMs) / MS_PER_DAY;
  const speed = 360 / (window.years * SIDEREAL_YEAR_DAYS);
  const daily = body.is_retrograde ? -speed : speed;
  const arc = daily * days;
  return {
    ok: true,
    value: {
      planet: window.planet,
      isRetrograde: body.is_retrograde,
      natalLongitude: body.longitude,
      progressedLongitude: arc,
      finalLongitude: norm360(body.longitude + arc),
      progressionStartMs: startMs,
      progressionYears: window.years,
      age,
      dailyMovement: daily,
      daysSincePeriodStart: days,
    },
  };
}
