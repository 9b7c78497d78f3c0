// Client datetimes that must carry an offset (1-platform.md: "A parameter described as timezone-aware
// must carry an offset; otherwise the call answers 422"), read the same way by every service.
//
// The spec's error table lists five codes for "datetime without offset". Which one a request gets
// depends only on the parameter's name, never on the route or the service, so a client sees the same
// code for the same parameter everywhere: `at`, `event_date` and `sunrise` have codes of their own
// (at_must_be_timezone_aware, ...); the muhurta window and proposal fields (proposed_at, window_start,
// window_end) answer invalid_datetime_timezone; every other field answers naive_datetime (the usage
// window's code in the spec). details: {field, value, errors: [{field, reason: naive_datetime}]}.
import { AppError, invalidRequest, type FieldError } from './errors.ts';
import { readInstant } from './instant.ts';

const CODE_BY_FIELD: Record<string, string> = {
  at: 'at_must_be_timezone_aware',
  event_date: 'event_date_must_be_timezone_aware',
  sunrise: 'sunrise_must_be_timezone_aware',
  proposed_at: 'invalid_datetime_timezone',
  window_start: 'invalid_datetime_timezone',
  window_end: 'invalid_datetime_timezone',
};

/** The spec code for a naive datetime in `field` (the last path segment names it: birth.moment -> moment). */
export function naiveDatetimeCode(field: string): string {
  return CODE_BY_FIELD[field.slice(field.lastIndexOf('.') + 1)] ?? 'naive_datetime';
}

const NAIVE_MESSAGE = 'must carry a timezone offset (Z or ±hh:mm)';

/** The 422 for a datetime without an offset in `field`. */
export function naiveDatetimeError(field: string, value: string): AppError {
  return new AppError(naiveDatetimeCode(field), `\`${field}\` ${NAIVE_MESSAGE}.`, {
    field,
    value,
    errors: [{ field, reason: 'naive_datetime', message: NAIVE_MESSAGE }],
  });
}

export const INVALID_DATETIME: Omit<FieldError, 'field'> = {
  reason: 'invalid_datetime',
  message: 'must be an ISO 8601 date-time with an offset',
};

/**
 * The 422 for validators that report every bad field together: when one of `errors` is a naive datetime
 * the code is that field's naive code (details.field names it; details.errors still lists every field),
 * otherwise invalid_request. A naive datetime thus answers the same code whatever else is wrong.
 */
export function fieldErrorsAnswer(errors: FieldError[]): AppError {
  const naive = errors.find((e) => e.reason === 'naive_datetime');
  if (!naive) return invalidRequest(errors);
  return new AppError(naiveDatetimeCode(naive.field), `\`${naive.field}\` ${NAIVE_MESSAGE}.`, {
    field: naive.field,
    errors,
  });
}

/**
 * A client datetime -> {utcMs, offsetMinutes}, or null. Missing, naive or malformed: with `errors`
 * (validators that report every bad field together, then throw fieldErrorsAnswer) the field error is
 * pushed there; without, it is thrown at once (naive: the field's naive code; else invalid_request).
 */
export function awareMoment(
  field: string,
  value: string | null | undefined,
  errors?: FieldError[],
): { utcMs: number; offsetMinutes: number } | null {
  let e: FieldError;
  if (value === undefined || value === null || value.trim() === '')
    e = { field, reason: 'required', message: 'is required' };
  else {
    const r = readInstant(value);
    if (r.ok) return { utcMs: r.utcMs, offsetMinutes: r.offsetMinutes };
    if (r.reason === 'naive_datetime' && !errors) throw naiveDatetimeError(field, value);
    e =
      r.reason === 'naive_datetime'
        ? { field, reason: 'naive_datetime', message: NAIVE_MESSAGE }
        : { field, ...INVALID_DATETIME };
  }
  if (!errors) throw invalidRequest([e]);
  errors.push(e);
  return null;
}

/** A required timezone-aware instant in UTC ms (throws as awareMoment does). */
export function awareInstant(field: string, value: string | null | undefined): number {
  return awareMoment(field, value)!.utcMs;
}
