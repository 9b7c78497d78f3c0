// Request moments and ISO output for the predictive routes.
import { AppError, awareInstant as platformAwareInstant, invalidRequest } from '@astro/platform';

export const DAY_MS = 86_400_000;
/** Mean tropical year (days): one ephemeris day after birth per year of life. */
export const TROPICAL_YEAR_DAYS = 365.24219;

export const isoUtc = (ms: number) => new Date(Math.round(ms)).toISOString();

/** Instants the predictive routes accept: the years 1800-2400, as for solar returns. */
export const MIN_INSTANT_MS = Date.UTC(1800, 0, 1);
export const MAX_INSTANT_MS = Date.UTC(2401, 0, 1) - 1;

/**
 * A required timezone-aware ISO 8601 instant (UTC ms) within 1800-2400. Naive -> the field's naive code
 * (platform awareInstant: `at` -> at_must_be_timezone_aware, others naive_datetime, as on every route);
 * missing, malformed or out of range -> 422 invalid_request.
 */
export function awareInstant(value: string | undefined, field: string): number {
  const ms = platformAwareInstant(field, value);
  if (ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS)
    throw invalidRequest([{ field, reason: 'out_of_range', message: 'must lie in the years 1800-2400' }]);
  return ms;
}

/** A required integer in [min, max]. */
export function requiredInt(value: number | undefined, field: string, min: number, max: number): number {
  if (value === undefined) throw invalidRequest([{ field, reason: 'required', message: 'is required' }]);
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidRequest([{ field, reason: 'out_of_range', message: `must be an integer from ${min} to ${max}` }]);
  return value;
}

/** Moments before birth have no progression, profection or releasing. */
export function notBeforeBirth(atMs: number, birthMs: number, field = 'at'): void {
  if (atMs < birthMs)
    throw invalidRequest([{ field, reason: 'before_birth', message: 'must not be before the birth moment' }]);
}

/** starts_at < ends_at and at most maxDays apart, else 422 invalid_date_range. */
export function dateRange(
  startMs: number,
  endMs: number,
  maxDays: number,
  raw: { starts_at: string; ends_at: string },
) {
  if (!(endMs > startMs))
    throw new AppError('invalid_date_range', 'ends_at must be after starts_at.', { ...raw, reason: 'invalid_range' });
  if (endMs - startMs > maxDays * DAY_MS)
    throw new AppError('invalid_date_range', `The range may span at most ${maxDays} days.`, {
      ...raw,
      reason: 'range_too_long',
      max_days: maxDays,
    });
}
