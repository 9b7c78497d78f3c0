// The ayanamsha of one Vedic calculation request (issue 20): the client's override if it gave one,
// else the ayanamsha of the first chart the request reads (a chart created with Krishnamurti is read
// in Krishnamurti), else Lahiri. Settled once per request, so every chart a request reads (matching
// reads two) and every position it computes (transits, sunrise charts) share one sidereal frame.
// Request-scoped through AsyncLocalStorage: the seam (handlers/ayanamsha-seam.ts) opens the scope, the
// chart source settles it, and astro-core's sidereal mode follows it (rebindAyanamsha).
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ayanamshaDegrees,
  DEFAULT_AYANAMSHA,
  isAyanamsha,
  rebindAyanamsha,
  withAyanamsha,
  type AyanamshaId,
} from '@astro/astro-core';

export interface RequestAyanamsha {
  /** The client's `ayanamsha` field, validated. */
  override?: AyanamshaId;
  /**
   * Set by the first chart read: the ayanamsha used and its value at that chart's birth moment, read
   * only by an answer that names it: not by one in the implicit Lahiri, most of them (a sweph call per
   * request saved, issue 18).
   */
  settled?: { id: AyanamshaId; degrees: () => number };
}

const requests = new AsyncLocalStorage<RequestAyanamsha>();

/** Run a request's handler with its ayanamsha scope (astro-core's sidereal mode starts at the override or Lahiri). */
export function runWithRequestAyanamsha<T>(state: RequestAyanamsha, fn: () => Promise<T>): Promise<T> {
  return requests.run(state, () => withAyanamsha(state.override ?? DEFAULT_AYANAMSHA, fn));
}

export function requestAyanamsha(): RequestAyanamsha | undefined {
  return requests.getStore();
}

/**
 * The ayanamsha a chart read by this request must be in. The first chart settles it (override, else
 * its own, else Lahiri) and rebinds the sidereal mode of the rest of the request. Outside a request
 * scope (unit tests of a handler): the chart's own.
 */
export function settleAyanamsha(chartAyanamsha: string | null | undefined, jdUt: number): AyanamshaId {
  const own = isAyanamsha(chartAyanamsha) ? chartAyanamsha : DEFAULT_AYANAMSHA;
  const r = requests.getStore();
  if (!r) return own;
  if (!r.settled) {
    const id = r.override ?? own;
    rebindAyanamsha(id);
    r.settled = { id, degrees: () => ayanamshaDegrees(id, jdUt) };
  }
  return r.settled.id;
}
