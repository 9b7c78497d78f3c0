// The usage window (spec 1-platform.md "Plans and usage"): since/until carry an offset; until defaults
// to now and since to until minus 7 days; until must be after since; at most 90 days.
import { AppError, invalidRequest, naiveDatetimeError } from '@astro/platform';
import { parseAwareDateTime } from '../datetime.ts';

export const MAX_WINDOW_DAYS = 90;
export const DEFAULT_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface UsageWindow {
  since: Date;
  until: Date;
}

function parseBound(field: 'since' | 'until', raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseAwareDateTime(raw);
  if (parsed.ok) return parsed.date;
  if (parsed.reason === 'naive_datetime') throw naiveDatetimeError(field, raw);
  throw invalidRequest([
    { field, reason: 'invalid_datetime', message: 'must be an ISO 8601 date-time with an offset' },
  ]);
}

export function usageWindow(input: { since?: string; until?: string }, now: Date): UsageWindow {
  const sinceIn = parseBound('since', input.since);
  const untilIn = parseBound('until', input.until);
  const until = untilIn ?? now;
  const since = sinceIn ?? new Date(until.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
  if (until.getTime() <= since.getTime())
    throw new AppError('invalid_range', 'until must be after since.', {
      since: since.toISOString(),
      until: until.toISOString(),
    });
  if (until.getTime() - since.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw new AppError('range_too_large', `The window is at most ${MAX_WINDOW_DAYS} days.`, {
      max_days: MAX_WINDOW_DAYS,
      since: since.toISOString(),
      until: until.toISOString(),
    });
  return { since, until };
}

/**
 * The rollup hours the window reads: every UTC hour that overlaps [since, until). Rollups are hourly,
 * so a window starting at 10:20 includes the whole 10:00 hour.
 */
export function hourRange(w: UsageWindow): { fromHour: Date; toExclusive: Date } {
  return { fromHour: new Date(Math.floor(w.since.getTime() / HOUR_MS) * HOUR_MS), toExclusive: w.until };
}

export const DEFAULT_ENDPOINT_LIMIT = 20;
export const MAX_ENDPOINT_LIMIT = 100;

export function endpointLimit(raw: number | undefined): number {
  if (raw === undefined) return DEFAULT_ENDPOINT_LIMIT;
  if (!Number.isInteger(raw) || raw < 1 || raw > MAX_ENDPOINT_LIMIT)
    throw invalidRequest([
      { field: 'limit', reason: 'out_of_range', message: `must be an integer from 1 to ${MAX_ENDPOINT_LIMIT}` },
    ]);
  return raw;
}
