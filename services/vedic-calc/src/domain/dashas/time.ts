// Time conventions shared by the dasha systems.

/**
 * Dasha year = Julian year of 365.25 days, the common software convention (other schools use the
 * Gregorian 365.2425 or a 360-day savana year). It is named in every method_version (`-jy365.25`) so
 * a customer can pin it; changing it changes every boundary and must bump those tags.
 */
export const DAYS_PER_YEAR = 365.25;
export const MS_PER_DAY = 86_400_000;
export const MS_PER_YEAR = DAYS_PER_YEAR * MS_PER_DAY;

/** ISO 8601 UTC with milliseconds ("2001-02-03T04:05:06.789Z"); the instant is rounded to the millisecond. */
export function isoUtc(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}
