// Validation of a chart request (POST /v1/charts and the demo): every problem is collected into one
// 422 invalid_request with details.errors[], so a client sees all its mistakes at once.
import {
  BIRTH_MAX_YEAR,
  BIRTH_MIN_YEAR,
  DEFAULT_AYANAMSHA,
  isAyanamsha,
  type AstroSystem,
  type AyanamshaId,
  type HouseSystem,
} from '@astro/astro-core';
import { unknownAyanamsha, unknownAyanamshaError } from '@astro/astro-core/ayanamsha-input';
import { awareMoment, coordinateErrors, fieldErrorsAnswer, type FieldError } from '@astro/platform';
import {
  DISAMBIGUATIONS,
  momentOf,
  resolveLocalTime,
  type Disambiguation,
  type LocalBirth,
} from './local-birth-time.ts';

export const SYSTEMS: readonly AstroSystem[] = ['vedic', 'western'];
export const HOUSE_SYSTEMS: readonly HouseSystem[] = ['placidus', 'whole_sign', 'equal', 'porphyry'];
const MIN_YEAR = BIRTH_MIN_YEAR;
const MAX_YEAR = BIRTH_MAX_YEAR;

export interface ChartRequestInput {
  birth?: {
    moment?: string;
    local_time?: string;
    time_zone?: string;
    disambiguation?: string;
    latitude?: number;
    longitude?: number;
  };
  system?: string;
  house_system?: string;
  /** undefined = absent (default lahiri); null = explicitly suppressed. */
  ayanamsha?: unknown;
}

export interface ChartRequest {
  moment: string;
  utcMs: number;
  offsetMinutes: number;
  /** Set when the birth was given as a local time in a zone. */
  local: LocalBirth | null;
  latitude: number;
  longitude: number;
  system: AstroSystem;
  houseSystem: HouseSystem;
  ayanamsha: AyanamshaId | null;
}

export function validateChartRequest(input: ChartRequestInput): ChartRequest {
  const errors: FieldError[] = [];
  const birth = input.birth;
  if (!birth) errors.push({ field: 'birth', reason: 'required', message: 'is required' });

  const parsed = birth ? birthInstant(birth, errors) : null;
  if (parsed) {
    const year = new Date(parsed.utcMs).getUTCFullYear();
    if (year < MIN_YEAR || year > MAX_YEAR)
      errors.push({
        field: parsed.local ? 'birth.local_time' : 'birth.moment',
        reason: 'out_of_range',
        message: `year must be within ${MIN_YEAR}-${MAX_YEAR}`,
      });
  }
  if (birth) errors.push(...coordinateErrors(birth, 'birth.'));

  const system = (input.system ?? 'vedic') as AstroSystem;
  if (!SYSTEMS.includes(system))
    errors.push({ field: 'system', reason: 'invalid_enum', message: `one of ${SYSTEMS.join(', ')}` });
  const houseSystem = (input.house_system ?? 'placidus') as HouseSystem;
  if (!HOUSE_SYSTEMS.includes(houseSystem))
    errors.push({ field: 'house_system', reason: 'invalid_enum', message: `one of ${HOUSE_SYSTEMS.join(', ')}` });

  // Any supported id (docs/ayanamshas.md); absent = Lahiri; null = none, for Western charts only.
  let ayanamsha: AyanamshaId | null = DEFAULT_AYANAMSHA;
  let unknownAyanamshaValue: unknown;
  if (input.ayanamsha === null) ayanamsha = null;
  else if (isAyanamsha(input.ayanamsha)) ayanamsha = input.ayanamsha;
  else if (input.ayanamsha !== undefined) {
    unknownAyanamshaValue = input.ayanamsha;
    errors.push(unknownAyanamshaError('ayanamsha'));
  }
  if (system === 'vedic' && ayanamsha === null)
    errors.push({
      field: 'ayanamsha',
      reason: 'required_for_vedic',
      message: 'a Vedic chart needs an ayanamsha (default lahiri)',
    });

  if (errors.length || !parsed || !birth) {
    // A naive datetime keeps its own code (fieldErrorsAnswer); next, an unknown ayanamsha gets its
    // code (every other problem still listed in details.errors[]); else invalid_request.
    if (unknownAyanamshaValue !== undefined && !errors.some((e) => e.reason === 'naive_datetime'))
      throw unknownAyanamsha('ayanamsha', unknownAyanamshaValue, errors);
    throw fieldErrorsAnswer(errors);
  }
  return {
    moment: parsed.moment,
    utcMs: parsed.utcMs,
    offsetMinutes: parsed.offsetMinutes,
    local: parsed.local,
    latitude: birth.latitude!,
    longitude: birth.longitude!,
    system,
    houseSystem,
    ayanamsha,
  };
}

type BirthInput = NonNullable<ChartRequestInput['birth']>;

/**
 * The birth instant: `moment` with its offset, or `local_time` in `time_zone` (one of the two forms,
 * not both). Problems go to `errors`.
 */
function birthInstant(
  birth: BirthInput,
  errors: FieldError[],
): { moment: string; utcMs: number; offsetMinutes: number; local: LocalBirth | null } | null {
  const { moment, local_time: localTime, time_zone: timeZone } = birth;
  const disambiguation = (birth.disambiguation ?? 'reject') as Disambiguation;
  if (!DISAMBIGUATIONS.includes(disambiguation))
    errors.push({
      field: 'birth.disambiguation',
      reason: 'invalid_enum',
      message: `one of ${DISAMBIGUATIONS.join(', ')}`,
    });
  if (moment !== undefined) {
    if (localTime !== undefined || timeZone !== undefined) {
      errors.push({
        field: 'birth.local_time',
        reason: 'conflict',
        message: 'give birth.moment (with its offset) or birth.local_time with birth.time_zone, not both',
      });
      return null;
    }
    // Naive: the API-wide naive-datetime code (platform aware-instant.ts); malformed: a field error.
    const parsed = awareMoment('birth.moment', moment, errors);
    return parsed && { moment, ...parsed, local: null };
  }
  if (localTime === undefined && timeZone === undefined) {
    errors.push({
      field: 'birth.moment',
      reason: 'required',
      message: 'is required (or birth.local_time with birth.time_zone)',
    });
    return null;
  }
  if (localTime === undefined || timeZone === undefined) {
    const missing = localTime === undefined ? 'birth.local_time' : 'birth.time_zone';
    errors.push({ field: missing, reason: 'required', message: 'birth.local_time and birth.time_zone go together' });
    return null;
  }
  if (!DISAMBIGUATIONS.includes(disambiguation)) return null;
  const r = resolveLocalTime(localTime, timeZone, disambiguation, errors);
  if (!r) return null;
  return { moment: momentOf(r), utcMs: r.utcMs, offsetMinutes: Math.round(r.offsetSeconds / 60), local: r.local };
}
