// Annual profections: the ascendant's sign advances one whole sign per completed year of life; the
// profected sign's traditional ruler is the lord of the year. A profection year runs from one
// birthday (same UTC month, day and time as the birth) to the next.
import { SIGNS, rulerOf, signIndexOf, type Sign } from '@astro/astro-core';

/** The birthday `years` after birth (Feb 29 births: Mar 1 in common years, as Date.UTC rolls over). */
export function anniversary(birthMs: number, years: number): number {
  const b = new Date(birthMs);
  return Date.UTC(
    b.getUTCFullYear() + years,
    b.getUTCMonth(),
    b.getUTCDate(),
    b.getUTCHours(),
    b.getUTCMinutes(),
    b.getUTCSeconds(),
    b.getUTCMilliseconds(),
  );
}

/** Completed years of life at `atMs` (atMs >= birthMs). */
export function ageAt(birthMs: number, atMs: number): number {
  let age = new Date(atMs).getUTCFullYear() - new Date(birthMs).getUTCFullYear();
  while (age > 0 && anniversary(birthMs, age) > atMs) age--;
  while (anniversary(birthMs, age + 1) <= atMs) age++;
  return age;
}

export interface Profection {
  age_years: number;
  house: number;
  sign: Sign;
  time_lord: string;
  starts_at: number;
  ends_at: number;
}

export function profectionForAge(ascendant: number, birthMs: number, age: number): Profection {
  const sign = SIGNS[(signIndexOf(ascendant) + age) % 12]!;
  return {
    age_years: age,
    house: (age % 12) + 1,
    sign,
    time_lord: rulerOf(sign),
    starts_at: anniversary(birthMs, age),
    ends_at: anniversary(birthMs, age + 1),
  };
}

export function profectionAt(ascendant: number, birthMs: number, atMs: number): Profection {
  return profectionForAge(ascendant, birthMs, ageAt(birthMs, atMs));
}
