// Sidereal (Lahiri) sign ingresses of the nine grahas in a window, dated to the hour (spec
// 1-platform.md "Other routes": at most 400 days, method_version sky-ingresses-v2). Each body is
// sampled at a step shorter than any possible out-and-back crossing of a sign boundary, and each sign
// change is bisected to a minute, then rounded to the nearest hour.
import { bodyLongitude, signIndexOf, SIGNS } from '@astro/astro-core';

export const INGRESSES_METHOD_VERSION = 'sky-ingresses-v2';
export const MAX_DAYS = 400;
export const INGRESS_BODIES = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const;
export type IngressBody = (typeof INGRESS_BODIES)[number];

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Sampling steps: the Moon crosses a sign in ~2.3 days; a station on a boundary keeps others there for days. */
const STEP: Record<IngressBody, number> = {
  moon: 3 * HOUR,
  sun: 12 * HOUR,
  mercury: 6 * HOUR,
  venus: 12 * HOUR,
  mars: 12 * HOUR,
  jupiter: 24 * HOUR,
  saturn: 24 * HOUR,
  rahu: 48 * HOUR,
  ketu: 48 * HOUR,
};

const signAt = (b: IngressBody, ms: number) => signIndexOf(bodyLongitude(b, ms, { sidereal: true }).longitude);

export interface Ingress {
  planet: IngressBody;
  from_sign: string;
  to_sign: string;
  at: string;
  retrograde: boolean;
}

export function ingresses(fromMs: number, toMs: number, bodies: readonly IngressBody[]): Ingress[] {
  const out: (Ingress & { ms: number })[] = [];
  for (const b of bodies) {
    let t0 = fromMs;
    let s0 = signAt(b, t0);
    while (t0 < toMs) {
      const t1 = Math.min(toMs, t0 + STEP[b]);
      const s1 = signAt(b, t1);
      if (s1 !== s0) {
        let lo = t0;
        let hi = t1;
        while (hi - lo > MINUTE) {
          const mid = lo + (hi - lo) / 2;
          if (signAt(b, mid) === s0) lo = mid;
          else hi = mid;
        }
        const hour = Math.round(hi / HOUR) * HOUR;
        const retrograde = (s1 - s0 + 12) % 12 === 11;
        out.push({
          planet: b,
          from_sign: SIGNS[s0]!,
          to_sign: SIGNS[s1]!,
          at: new Date(hour).toISOString(),
          retrograde,
          ms: hi,
        });
      }
      t0 = t1;
      s0 = s1;
    }
  }
  return out
    .sort((a, b) => a.ms - b.ms || INGRESS_BODIES.indexOf(a.planet) - INGRESS_BODIES.indexOf(b.planet))
    .map(({ ms: _ms, ...rest }) => rest);
}
