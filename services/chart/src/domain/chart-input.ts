// Validation of a chart request (POST /v1/charts and the demo): every problem is collected into one
// 422 invalid_request with details.errors[], so a client sees all its mistakes at once.
import { type AstroSystem, type HouseSystem } from '@astro/astro-core';
import { awareMoment, coordinateErrors, fieldErrorsAnswer, type FieldError } from '@astro/platform';

export const SYSTEMS: readonly AstroSystem[] = ['vedic', 'western'];
export const HOUSE_SYSTEMS: readonly HouseSystem[] = ['placidus', 'whole_sign', 'equal', 'porphyry'];
/** Moshier's ephemeris is accurate over millennia; we serve the years our tests cover with margin. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 3000;

export interface ChartRequestInput {
  birth?: { moment?: string; latitude?: number; longitude?: number };
  system?: string;
  house_system?: string;
  /** undefined = absent (default lahiri); null = explicitly suppressed. */
  ayanamsha?: unknown;
}

export interface ChartRequest {
  moment: string;
  utcMs: number;
  offsetMinutes: number;
  latitude: number;
  longitude: number;
  system: AstroSystem;
  houseSystem: HouseSystem;
  ayanamsha: 'lahiri' | null;
}

export function validateChartRequest(input: ChartRequestInput): ChartRequest {
  const errors: FieldError[] = [];
  const birth = input.birth;
  if (!birth) errors.push({ field: 'birth', reason: 'required', message: 'is required' });

  let parsed: { utcMs: number; offsetMinutes: number } | null = null;
  const moment = birth?.moment;
  if (birth && moment === undefined) errors.push({ field: 'birth.moment', reason: 'required', message: 'is required' });
  else if (moment !== undefined) {
    // Naive: the API-wide naive-datetime code (platform aware-instant.ts); malformed: a field error.
    parsed = awareMoment('birth.moment', moment, errors);
    if (parsed) {
      const year = new Date(parsed.utcMs).getUTCFullYear();
      if (year < MIN_YEAR || year > MAX_YEAR)
        errors.push({
          field: 'birth.moment',
          reason: 'out_of_range',
          message: `year must be within ${MIN_YEAR}-${MAX_YEAR}`,
        });
    }
  }
  if (birth) errors.push(...coordinateErrors(birth, 'birth.'));

  const system = (input.system ?? 'vedic') as AstroSystem;
  if (!SYSTEMS.includes(system))
    errors.push({ field: 'system', reason: 'invalid_enum', message: `one of ${SYSTEMS.join(', ')}` });
  const houseSystem = (input.house_system ?? 'placidus') as HouseSystem;
  if (!HOUSE_SYSTEMS.includes(houseSystem))
    errors.push({ field: 'house_system', reason: 'invalid_enum', message: `one of ${HOUSE_SYSTEMS.join(', ')}` });

  let ayanamsha: 'lahiri' | null = 'lahiri';
  if (input.ayanamsha === null) ayanamsha = null;
  else if (input.ayanamsha !== undefined && input.ayanamsha !== 'lahiri')
    errors.push({ field: 'ayanamsha', reason: 'invalid_enum', message: 'lahiri or null' });
  if (system === 'vedic' && ayanamsha === null)
    errors.push({
      field: 'ayanamsha',
      reason: 'required_for_vedic',
      message: 'a Vedic chart needs an ayanamsha (lahiri)',
    });

  if (errors.length || !parsed || !birth) throw fieldErrorsAnswer(errors);
  return {
    moment: moment!,
    utcMs: parsed.utcMs,
    offsetMinutes: parsed.offsetMinutes,
    latitude: birth.latitude!,
    longitude: birth.longitude!,
    system,
    houseSystem,
    ayanamsha,
  };
}
