// Query-parameter parsing shared by the vedic-calc handlers: each failure is the spec's 422.
import { parseMoment } from '@astro/astro-core';
import { AppError, invalidRequest } from '@astro/platform';

/** A timezone-aware ISO 8601 instant in UTC ms; naive -> `naiveCode`, malformed -> invalid_request. */
export function awareInstant(value: string | undefined, field: string, naiveCode: string): number {
  if (value === undefined || value === '')
    throw invalidRequest([{ field, reason: 'required', message: 'is required' }]);
  const parsed = parseMoment(value);
  if (parsed) return parsed.utcMs;
  if (parseMoment(`${value}Z`))
    throw new AppError(naiveCode, `\`${field}\` must carry a timezone offset (Z or ±hh:mm).`, { field, value });
  throw invalidRequest([{ field, reason: 'invalid_format', message: 'expected an ISO 8601 date-time with an offset' }]);
}

export function intInRange(value: number | undefined, field: string, min: number, max: number, dflt: number): number {
  if (value === undefined) return dflt;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidRequest([{ field, reason: 'out_of_range', message: `must be an integer from ${min} to ${max}` }]);
  return value;
}
