// The one rounding rule for numbers in API responses. The spec states no precision, and a double
// computed through a chain of operations prints its binary noise (0.8656250000000001 for 0.865625):
// clients comparing or displaying values then see digits that mean nothing. Every non-integer number
// the API writes is therefore rounded once, at serialisation, to at most 10 decimal places and 15
// significant digits: 1e-10 of a degree is 0.36 micro-arcseconds, far below any ephemeris accuracy,
// and 15 significant digits are what a double holds exactly. Integers, NaN and infinities pass
// unchanged (the serialisers map the last two to null). Applied by the gateway's JSON mapping
// (json-codec.ts) and by stringifyJson for the bodies services write themselves (HttpBody answers).

export const JSON_MAX_DECIMALS = 10;
export const JSON_MAX_SIGNIFICANT = 15;

/**
 * Below this magnitude, 10 decimals are at most 15 significant digits, and a decimal of at most 15
 * significant digits survives the trip through a double unchanged, so the toPrecision(15) step cannot
 * change the value: skipping it halves the cost of the common case (longitudes, degrees, days; this
 * function runs for every non-integer number the API writes).
 */
const FIXED_ONLY_BELOW = 1e5;

/** 10 ** JSON_MAX_DECIMALS. */
const SCALE = 1e10;

/**
 * How far from a half the scaled value's fraction must be for Math.round to pick toFixed's integer.
 * Below 1e5 the scaled value is below 1e15 < 2 ** 50, where a double's spacing is at most 0.125, so the
 * product's rounding moves it by at most 0.0625: outside this margin the exact product rounds the same
 * way, and n / 1e10 (one correctly rounded division) is the double Number(x.toFixed(10)) reads.
 */
const HALF_MARGIN = 0.125;

export function roundJsonNumber(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const a = Math.abs(x);
  if (a < FIXED_ONLY_BELOW) {
    // toFixed's exact decimal arithmetic was the costliest step of writing a number (a chart answer
    // has ~80, a depth-2 Vimshottari answer hundreds); it is kept only for the values next to a half.
    const scaled = a * SCALE;
    const fraction = scaled - Math.floor(scaled);
    if (Math.abs(fraction - 0.5) > HALF_MARGIN) {
      const r = Math.round(scaled) / SCALE;
      return x < 0 && r !== 0 ? -r : r;
    }
  }
  return roundByToFixed(x);
}

/**
 * The rule in toFixed's exact decimal arithmetic, for any finite non-integer: roundJsonNumber's path next
 * to a half and at 1e5 and above (exported for the bench that times the two, json-numbers.ts).
 */
export function roundByToFixed(x: number): number {
  const fixed = Number(x.toFixed(JSON_MAX_DECIMALS));
  const r = Math.abs(x) < FIXED_ONLY_BELOW ? fixed : Number(fixed.toPrecision(JSON_MAX_SIGNIFICANT));
  return Object.is(r, -0) ? 0 : r;
}

/** JSON.stringify replacer: rounds numbers; `undefined` members become null (unset optional fields). */
export function jsonResponseReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'number') return roundJsonNumber(value);
  return value === undefined ? null : value;
}

/** JSON text of a response body with every number rounded by roundJsonNumber. */
export function stringifyJson(body: unknown): string {
  return JSON.stringify(body, jsonResponseReplacer);
}
