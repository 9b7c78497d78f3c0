// An ayanamsha named by a client (chart creation, a calculation route's override): one parser and one
// error for every route. Unknown ids answer 422 `unknown_ayanamsha` naming the accepted ids, with the
// field error in details.errors[] as every validation error carries (spec 1-platform.md, Errors).
import { AppError, type FieldError } from '@astro/platform';
import { AYANAMSHA_IDS, isAyanamsha, type AyanamshaId } from './ayanamsha.ts';

export const UNKNOWN_AYANAMSHA_REASON = 'unknown_ayanamsha';

/** The field error for an unknown ayanamsha (for validators that collect several). */
export function unknownAyanamshaError(field: string): FieldError {
  return { field, reason: UNKNOWN_AYANAMSHA_REASON, message: `must be one of ${AYANAMSHA_IDS.join(', ')}` };
}

/** The 422 answer for an unknown ayanamsha; `errors` adds the caller's other field errors, if any. */
export function unknownAyanamsha(field: string, value: unknown, errors: FieldError[] = []): AppError {
  const all = errors.some((e) => e.reason === UNKNOWN_AYANAMSHA_REASON)
    ? errors
    : [unknownAyanamshaError(field), ...errors];
  return new AppError(
    'unknown_ayanamsha',
    `Unknown ayanamsha ${JSON.stringify(value)}: use one of ${AYANAMSHA_IDS.join(', ')}.`,
    {
      field,
      value: typeof value === 'string' ? value.slice(0, 100) : null,
      accepted: [...AYANAMSHA_IDS],
      errors: all,
    },
  );
}

/**
 * An optional ayanamsha override: undefined or null (an unset optional field) = none; a supported id
 * = that id; anything else, the empty string too (`?ayanamsha=`), throws unknown_ayanamsha. Ids are matched exactly (lower case,
 * as the OpenAPI enum lists them).
 */
export function parseAyanamsha(value: unknown, field = 'ayanamsha'): AyanamshaId | undefined {
  if (value === undefined || value === null) return undefined;
  if (isAyanamsha(value)) return value;
  throw unknownAyanamsha(field, value);
}
