// Request checks shared by the handlers: enums, moments with offsets, ranges. Each failure is a spec
// error code (422), never a 500.
import { awareInstant, invalidRequest, type FieldError } from '@astro/platform';
import { isLanguage, isTier, type Language, type Tier } from '../domain/catalog.ts';

export interface Moment {
  iso: string;
  ms: number;
}

export class Checks {
  readonly errors: FieldError[] = [];

  enumOf<T extends string>(field: string, value: string | undefined, allowed: readonly T[]): T | undefined {
    if (value === undefined) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.errors.push({ field, reason: 'invalid_enum', message: `must be one of ${allowed.join(', ')}` });
    return undefined;
  }

  language(value: string | undefined): Language {
    if (value !== undefined && !isLanguage(value))
      this.errors.push({
        field: 'language',
        reason: 'invalid_enum',
        message: 'must be one of en, hi, ta, te, kn, ml, mr, bn, gu, es',
      });
    return (value ?? 'en') as Language;
  }

  tier(value: string | undefined): Tier {
    if (value === undefined) return 'standard';
    if (!isTier(value))
      this.errors.push({ field: 'tier', reason: 'invalid_enum', message: 'must be one of basic, standard, premium' });
    return (isTier(value) ? value : 'standard') as Tier;
  }

  intIn(field: string, value: number | undefined, min: number, max: number, dflt: number): number {
    if (value === undefined) return dflt;
    if (value < min || value > max)
      this.errors.push({ field, reason: 'out_of_range', message: `must be ${min}-${max}` });
    return value;
  }

  /** Throws 422 invalid_request with every collected field error. */
  done(): void {
    if (this.errors.length) throw invalidRequest(this.errors);
  }
}

/**
 * A moment that must carry an offset (platform awareMoment: a naive one raises the field's naive code,
 * the same on every route; a malformed one is 422 invalid_request).
 */
export function moment(field: string, value: string): Moment {
  return { iso: value, ms: awareInstant(field, value) };
}

const MIN_SKY_MS = Date.UTC(1800, 0, 1);
const MAX_SKY_MS = Date.UTC(2400, 0, 1);

/**
 * A moment the ephemeris is asked about (transits, progressions): as `moment`, and within 1800-2400,
 * the span the calculation services accept for predictive instants.
 */
export function skyMoment(field: string, value: string): Moment {
  const m = moment(field, value);
  if (m.ms < MIN_SKY_MS || m.ms >= MAX_SKY_MS)
    throw invalidRequest([{ field, reason: 'out_of_range', message: 'must be within the years 1800-2399' }]);
  return m;
}
