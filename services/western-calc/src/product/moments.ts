// Query datetimes of the UX routes: ISO 8601 with an offset (a naive one is refused, as everywhere in
// the API), years 1000-3000 (the chart range); absent means "now".
import { parseMoment } from '@astro/astro-core';
import { invalidRequest, type FieldError } from '@astro/platform';

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const MIN_MS = Date.UTC(1000, 0, 1);
const MAX_MS = Date.UTC(3000, 11, 31, 23, 59, 59, 999);

/** UTC ms of `value`, `fallback` when absent; pushes a field error and returns NaN when invalid. */
export function momentParam(field: string, value: string | undefined, fallback: number, errors: FieldError[]): number {
  if (value === undefined || value === '') return fallback;
  const parsed = parseMoment(value);
  if (!parsed) {
    const naive = !HAS_OFFSET.test(value) && parseMoment(`${value}Z`) !== null;
    errors.push(
      naive
        ? { field, reason: 'naive_datetime', message: 'must carry a timezone offset (Z or ±hh:mm)' }
        : { field, reason: 'invalid_datetime', message: 'must be an ISO 8601 date-time with an offset' },
    );
    return NaN;
  }
  if (parsed.utcMs < MIN_MS || parsed.utcMs > MAX_MS) {
    errors.push({ field, reason: 'out_of_range', message: 'year must be 1000-3000' });
    return NaN;
  }
  return parsed.utcMs;
}

export function throwIfAny(errors: FieldError[]): void {
  if (errors.length) throw invalidRequest(errors);
}
