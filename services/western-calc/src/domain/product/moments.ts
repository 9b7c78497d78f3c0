// Query datetimes of the UX routes: ISO 8601 with an offset (a naive one is refused with the field's
// naive code, as everywhere in the API), years 1000-3000 (the chart range); absent means "now".
import { awareMoment, fieldErrorsAnswer, type FieldError } from '@astro/platform';

const MIN_MS = Date.UTC(1000, 0, 1);
const MAX_MS = Date.UTC(3000, 11, 31, 23, 59, 59, 999);

/** UTC ms of `value`, `fallback` when absent; pushes a field error and returns NaN when invalid; a naive
 * value throws the field's naive code (platform awareMoment). */
export function momentParam(field: string, value: string | undefined, fallback: number, errors: FieldError[]): number {
  if (value === undefined || value === '') return fallback;
  const parsed = awareMoment(field, value, errors);
  if (!parsed) return NaN;
  if (parsed.utcMs < MIN_MS || parsed.utcMs > MAX_MS) {
    errors.push({ field, reason: 'out_of_range', message: 'year must be 1000-3000' });
    return NaN;
  }
  return parsed.utcMs;
}

export function throwIfAny(errors: FieldError[]): void {
  if (errors.length) throw fieldErrorsAnswer(errors);
}
