// Validation and parsing of a place search request (spec 1-platform.md, GET /v1/geolocation/places):
// `query` 2-200 characters after trimming, `limit` integer 1-20 (default 6), `language` one of
// PLACE_LANGUAGES (default en). Violations answer 422 invalid_request with details.errors[].
import { invalidRequest, type FieldError } from '@astro/platform';
import { DEFAULT_PLACE_LANGUAGE, PLACE_LANGUAGES, placeLanguage, type PlaceLanguage } from './country-names.ts';

export const QUERY_MIN = 2;
export const QUERY_MAX = 200;
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 20;
export const DEFAULT_LIMIT = 6;

export interface PlaceQuery {
  /** The trimmed query, searched as it is. */
  text: string;
  /** Before the first comma ("Paris" of "Paris, Texas"), or null without a comma. */
  head: string | null;
  /** After the first comma ("Texas"): ranks places of a matching admin1 or country first. */
  qualifier: string | null;
  language: PlaceLanguage;
  limit: number;
}

export interface PlaceSearchOptions {
  language?: string | null;
  /** Integer 1-20; a string of digits (an untyped query parameter) is accepted too. */
  limit?: number | string | null;
}

export function parsePlaceQuery(query: unknown, opts: PlaceSearchOptions = {}): PlaceQuery {
  const errors: FieldError[] = [];

  const text = typeof query === 'string' ? query.trim().replace(/\s+/g, ' ') : '';
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = [...text].length;
  if (typeof query !== 'string' || length < QUERY_MIN) {
    errors.push({ field: 'query', reason: 'too_short', message: `query needs at least ${QUERY_MIN} characters` });
  } else if (length > QUERY_MAX) {
    errors.push({ field: 'query', reason: 'too_long', message: `query allows at most ${QUERY_MAX} characters` });
  }

  let limit = DEFAULT_LIMIT;
  if (opts.limit !== undefined && opts.limit !== null) {
    const n = typeof opts.limit === 'string' && /^\s*-?\d+\s*$/.test(opts.limit) ? Number(opts.limit) : opts.limit;
    if (typeof n !== 'number' || !Number.isInteger(n)) {
      errors.push({ field: 'limit', reason: 'not_an_integer', message: 'limit must be an integer' });
    } else if (n < LIMIT_MIN || n > LIMIT_MAX) {
      errors.push({ field: 'limit', reason: 'out_of_range', message: `limit must be ${LIMIT_MIN}-${LIMIT_MAX}` });
    } else {
      limit = n;
    }
  }

  let language: PlaceLanguage = DEFAULT_PLACE_LANGUAGE;
  if (opts.language !== undefined && opts.language !== null && opts.language !== '') {
    const l = placeLanguage(opts.language);
    if (l) language = l;
    else
      errors.push({
        field: 'language',
        reason: 'unsupported_language',
        message: `language must be one of ${PLACE_LANGUAGES.join(', ')}`,
      });
  }

  if (errors.length) throw invalidRequest(errors);

  const comma = text.indexOf(',');
  const head = comma > 0 ? text.slice(0, comma).trim() : '';
  const qualifier = comma > 0 ? text.slice(comma + 1).trim() : '';
  return {
    text,
    head: head && qualifier ? head : null,
    qualifier: head && qualifier ? qualifier : null,
    language,
    limit,
  };
}
