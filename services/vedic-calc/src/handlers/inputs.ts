// Query-parameter parsing shared by the vedic-calc handlers: each failure is the spec's 422.
// Datetimes go through @astro/platform's awareInstant (one parser and one naive-datetime rule for all).
import { invalidRequest } from '@astro/platform';

export function intInRange(value: number | undefined, field: string, min: number, max: number, dflt: number): number {
  if (value === undefined) return dflt;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidRequest([{ field, reason: 'out_of_range', message: `must be an integer from ${min} to ${max}` }]);
  return value;
}
