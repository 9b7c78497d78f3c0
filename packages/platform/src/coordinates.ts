// Latitude and longitude of a place on Earth, checked one way on every route that takes them (charts,
// panchanga, muhurta, readings, solar returns).
import type { FieldError } from './errors.ts';

/** Largest absolute value of each coordinate, in degrees. */
export const COORDINATE_LIMITS = { latitude: 90, longitude: 180 } as const;

/**
 * Field errors of a required latitude/longitude pair: missing -> required; not a finite number or
 * outside ±90 / ±180 -> out_of_range. `prefix` names fields inside an object ('birth.').
 */
export function coordinateErrors(
  input: { latitude?: number | null | undefined; longitude?: number | null | undefined },
  prefix = '',
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['latitude', 'longitude'] as const) {
    const max = COORDINATE_LIMITS[field];
    const v = input[field];
    if (v === undefined || v === null)
      errors.push({ field: prefix + field, reason: 'required', message: 'is required' });
    else if (!Number.isFinite(v) || v < -max || v > max)
      errors.push({
        field: prefix + field,
        reason: 'out_of_range',
        message: `must be a number from -${max} to ${max}`,
      });
  }
  return errors;
}
