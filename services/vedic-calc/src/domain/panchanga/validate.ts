// Request validation for the panchanga routes: every problem listed in one 422 invalid_request; a
// naive `at` is its own 422 (at_must_be_timezone_aware; platform aware-instant.ts has the rule).
import { awareMoment, coordinateErrors, fieldErrorsAnswer, invalidRequest, type FieldError } from '@astro/platform';
import { isValidTimeZone } from './time.ts';

/** Civil days accepted: the range where the ephemeris and the tz database are meaningful. */
export const MIN_YEAR = 1700;
export const MAX_YEAR = 2300;

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export interface DayQuery {
  y: number;
  m: number;
  d: number;
  day: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

export interface AtQuery {
  utcMs: number;
  offsetMinutes: number;
  latitude: number;
  longitude: number;
}

function coordinates(
  input: { latitude?: number | undefined; longitude?: number | undefined },
  errors: FieldError[],
): void {
  errors.push(...coordinateErrors(input));
}

export function validateDayQuery(input: {
  day?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  timezone?: string | undefined;
}): DayQuery {
  const errors: FieldError[] = [];
  let y = 0;
  let m = 0;
  let d = 0;
  if (input.day === undefined || input.day === '')
    errors.push({ field: 'day', reason: 'required', message: 'is required' });
  else {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.day);
    if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!match || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m))
      errors.push({ field: 'day', reason: 'invalid_date', message: 'must be a calendar date YYYY-MM-DD' });
    else if (y < MIN_YEAR || y > MAX_YEAR)
      errors.push({ field: 'day', reason: 'out_of_range', message: `year must be from ${MIN_YEAR} to ${MAX_YEAR}` });
  }
  coordinates(input, errors);
  if (input.timezone === undefined || input.timezone === '')
    errors.push({ field: 'timezone', reason: 'required', message: 'is required' });
  else if (!isValidTimeZone(input.timezone))
    errors.push({
      field: 'timezone',
      reason: 'unknown_timezone',
      message: 'must be an IANA time zone such as Asia/Kolkata',
    });
  if (errors.length) throw invalidRequest(errors);
  return {
    y,
    m,
    d,
    day: input.day!,
    latitude: input.latitude!,
    longitude: input.longitude!,
    timezone: input.timezone!,
  };
}

export function validateAtQuery(input: {
  at?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}): AtQuery {
  const errors: FieldError[] = [];
  const parsed = awareMoment('at', input.at, errors);
  if (parsed) {
    const y = new Date(parsed.utcMs).getUTCFullYear();
    if (y < MIN_YEAR || y > MAX_YEAR)
      errors.push({ field: 'at', reason: 'out_of_range', message: `year must be from ${MIN_YEAR} to ${MAX_YEAR}` });
  }
  coordinates(input, errors);
  if (errors.length) throw fieldErrorsAnswer(errors);
  return {
    utcMs: Math.floor(parsed!.utcMs),
    offsetMinutes: parsed!.offsetMinutes,
    latitude: input.latitude!,
    longitude: input.longitude!,
  };
}
