// Muhurta request validation. Missing or malformed fields -> 422 invalid_request listing them; a
// datetime without an offset -> 422 invalid_datetime_timezone (details.field, details.value); an
// unknown activity -> 422 unsupported_muhurta_activity_type; bad windows -> 422 invalid_window.
import { AppError, awareMoment, coordinateErrors, fieldErrorsAnswer, type FieldError } from '@astro/platform';
import { isValidTimeZone } from '../panchanga/time.ts';
import { MAX_YEAR, MIN_YEAR } from '../panchanga/validate.ts';
import { ACTIVITY_TYPES, isActivityType, type ActivityType } from './tables.ts';

export const MAX_WINDOW_DAYS = 31;
export const MAX_STEPS = 2000;
export const INTERVAL = { min: 5, max: 1440, dflt: 60 } as const;
export const TOP_N = { min: 1, max: 100, dflt: 10 } as const;

/** UTC ms of an offset-aware datetime (platform awareMoment); pushes a field error when missing, malformed
 * or outside the years the ephemeris covers; a naive one throws its code at once. */
export function awareInstant(value: string | undefined, field: string, errors: FieldError[]): number | null {
  const parsed = awareMoment(field, value, errors);
  if (!parsed) return null;
  const y = new Date(parsed.utcMs).getUTCFullYear();
  if (y < MIN_YEAR || y > MAX_YEAR) {
    errors.push({ field, reason: 'out_of_range', message: `year must be from ${MIN_YEAR} to ${MAX_YEAR}` });
    return null;
  }
  return parsed.utcMs;
}

function intField(
  value: number | undefined,
  field: string,
  r: { min: number; max: number; dflt: number },
  errors: FieldError[],
) {
  if (value === undefined || value === null) return r.dflt;
  if (!Number.isInteger(value) || value < r.min || value > r.max) {
    errors.push({ field, reason: 'out_of_range', message: `must be an integer from ${r.min} to ${r.max}` });
    return r.dflt;
  }
  return value;
}

interface PlaceInput {
  natal_chart_id?: string | undefined;
  activity_type?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  timezone?: string | undefined;
}

function common(input: PlaceInput, errors: FieldError[]) {
  if (!input.natal_chart_id) errors.push({ field: 'natal_chart_id', reason: 'required', message: 'is required' });
  if (!input.activity_type) errors.push({ field: 'activity_type', reason: 'required', message: 'is required' });
  errors.push(...coordinateErrors(input));
  if (!input.timezone) errors.push({ field: 'timezone', reason: 'required', message: 'is required' });
  else if (!isValidTimeZone(input.timezone))
    errors.push({ field: 'timezone', reason: 'unknown_timezone', message: 'must be an IANA time zone' });
}

function activity(v: string): ActivityType {
  if (!isActivityType(v))
    throw new AppError('unsupported_muhurta_activity_type', `Unsupported activity type "${v}".`, {
      activity_type: v,
      allowed: [...ACTIVITY_TYPES],
    });
  return v;
}

export interface ScoreQuery {
  chartId: string;
  activity: ActivityType;
  atMs: number;
  latitude: number;
  longitude: number;
  timezone: string;
}

export function validateScore(input: PlaceInput & { proposed_at?: string | undefined }): ScoreQuery {
  const errors: FieldError[] = [];
  const at = awareInstant(input.proposed_at, 'proposed_at', errors);
  common(input, errors);
  if (errors.length) throw fieldErrorsAnswer(errors);
  return {
    chartId: input.natal_chart_id!,
    activity: activity(input.activity_type!),
    atMs: Math.floor(at!),
    latitude: input.latitude!,
    longitude: input.longitude!,
    timezone: input.timezone!,
  };
}

export interface WindowQuery {
  startMs: number;
  endMs: number;
  intervalMinutes: number;
  topN: number;
}

/** window_end > window_start, at most MAX_WINDOW_DAYS and MAX_STEPS steps, else 422 invalid_window. */
export function checkWindow(startMs: number, endMs: number, intervalMinutes: number, raw: object): void {
  if (!(endMs > startMs))
    throw new AppError('invalid_window', 'window_end must be after window_start.', {
      reason: 'end_not_after_start',
      ...raw,
    });
  if (endMs - startMs > MAX_WINDOW_DAYS * 86_400_000)
    throw new AppError('invalid_window', `The window may span at most ${MAX_WINDOW_DAYS} days.`, {
      reason: 'window_too_long',
      max_days: MAX_WINDOW_DAYS,
      ...raw,
    });
  const steps = Math.ceil((endMs - startMs) / (intervalMinutes * 60_000));
  if (steps > MAX_STEPS)
    throw new AppError('invalid_window', `The window holds ${steps} steps; at most ${MAX_STEPS} are scanned.`, {
      reason: 'too_many_steps',
      steps,
      max_steps: MAX_STEPS,
      ...raw,
    });
}

export function validateWindow(
  input: {
    window_start?: string | undefined;
    window_end?: string | undefined;
    interval_minutes?: number | undefined;
    top_n?: number | undefined;
  },
  errors: FieldError[],
): WindowQuery | null {
  const startMs = awareInstant(input.window_start, 'window_start', errors);
  const endMs = awareInstant(input.window_end, 'window_end', errors);
  const intervalMinutes = intField(input.interval_minutes, 'interval_minutes', INTERVAL, errors);
  const topN = intField(input.top_n, 'top_n', TOP_N, errors);
  if (startMs === null || endMs === null) return null;
  return { startMs: Math.floor(startMs), endMs: Math.floor(endMs), intervalMinutes, topN };
}

export type SearchQuery = Omit<ScoreQuery, 'atMs'> & WindowQuery;

export function validateSearch(input: PlaceInput & Parameters<typeof validateWindow>[0]): SearchQuery {
  const errors: FieldError[] = [];
  const w = validateWindow(input, errors);
  common(input, errors);
  if (errors.length) throw fieldErrorsAnswer(errors);
  const act = activity(input.activity_type!);
  checkWindow(w!.startMs, w!.endMs, w!.intervalMinutes, {
    window_start: input.window_start,
    window_end: input.window_end,
  });
  return {
    chartId: input.natal_chart_id!,
    activity: act,
    latitude: input.latitude!,
    longitude: input.longitude!,
    timezone: input.timezone!,
    ...w!,
  };
}
