// Transits to the natal chart (spec 3 "Western predictive"): hits at a moment and windows at daily
// resolution with exact moments.
//
// Orbs (documented in README "Western"): the five major aspects, 3° for conjunction, opposition,
// square and trine, 2° for the sextile, the same for every transiting body. Natal points are
// stationary, so is_applying says whether the transiting body approaches exactness. Windows sample
// once a day from starts_at, so the Moon (13°/day, through a 3° orb in hours) is left out of them.
import { bodyLongitude, diff180, norm360, type BodyKey } from '@astro/astro-core';
import { MAJOR_ASPECTS, aspectBetween, findAspects, type AspectDef, type OrbPolicy } from '../aspects/aspects.ts';
import { WESTERN_BODIES, type Point } from '../natal/points.ts';
import { skyAt } from './sky.ts';
import { DAY_MS } from './time.ts';

export const TRANSIT_ORB: (def: AspectDef) => number = (def) => (def.name === 'sextile' ? 2 : 3);

/** Transiting point (side a) to natal point (side b, stationary). */
export const TRANSIT_POLICY: OrbPolicy = {
  aspects: MAJOR_ASPECTS,
  maxOrb: (def) => TRANSIT_ORB(def),
  stationary: (_p, side) => side === 'b',
};

export interface TransitHit {
  transit_planet: string;
  natal_planet: string;
  aspect: string;
  orb_degrees: number;
  strength: number;
  is_applying: boolean;
}

export function transitHits(natal: readonly Point[], utcMs: number): TransitHit[] {
  return findAspects(skyAt(utcMs), natal, TRANSIT_POLICY).map((a) => ({
    transit_planet: a.planet_a,
    natal_planet: a.planet_b,
    aspect: a.aspect,
    orb_degrees: a.orb_degrees,
    strength: a.strength,
    is_applying: a.is_applying,
  }));
}

export interface TransitWindow {
  transit_planet: string;
  natal_planet: string;
  aspect: string;
  starts_at: number;
  ends_at: number;
  exact_at: number | null;
  min_orb_degrees: number;
  peak_strength: number;
}

/**
 * Moments where the body passes `target` between consecutive daily samples `lons` (taken at
 * samples[i]), each bisected to the millisecond. A body cannot cross the same degree twice within a
 * day except right at a station, where it merely touches it: such a touch shows as a minimum orb.
 */
function exactMoments(
  body: BodyKey,
  target: number,
  samples: number[],
  lons: number[],
  i0: number,
  i1: number,
): number[] {
  const dev = (ms: number) => diff180(bodyLongitude(body, ms).longitude, target);
  const out: number[] = [];
  for (let i = i0; i < i1; i++) {
    const d0 = diff180(lons[i]!, target);
    const d1 = diff180(lons[i + 1]!, target);
    if (d0 === 0) out.push(samples[i]!);
    if (d0 === 0 || d0 < 0 === d1 < 0 || Math.abs(d1 - d0) >= 180) continue;
    let lo = samples[i]!;
    let hi = samples[i + 1]!;
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (dev(mid) < 0 === d0 < 0) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}

export const WINDOW_BODIES: readonly BodyKey[] = WESTERN_BODIES.filter((b) => b !== 'moon');

/**
 * Windows of every transit (WINDOW_BODIES) to every natal point in [startMs, endMs], sampled daily
 * from startMs: starts_at/ends_at are the first and last sample within orb, exact_at the first moment
 * of exactness (to the millisecond) within a day of the window and inside the range, if any.
 */
export function transitWindows(natal: readonly Point[], startMs: number, endMs: number): TransitWindow[] {
  const samples: number[] = [];
  for (let t = startMs; t <= endMs; t += DAY_MS) samples.push(t);
  const open = new Map<string, TransitWindow>();
  const out: TransitWindow[] = [];
  const close = (key: string) => {
    const w = open.get(key)!;
    open.delete(key);
    out.push(w);
  };
  const lons = new Map<string, number[]>(WINDOW_BODIES.map((b) => [b, []]));
  for (const t of samples) {
    const sky = skyAt(t, WINDOW_BODIES);
    for (const tp of sky) lons.get(tp.planet)!.push(tp.longitude);
    const active = new Set<string>();
    for (const tp of sky)
      for (const np of natal) {
        const a = aspectBetween(tp, np, TRANSIT_POLICY);
        if (!a) continue;
        const key = `${tp.planet}|${np.planet}|${a.aspect}`;
        active.add(key);
        const w = open.get(key);
        if (w) {
          w.ends_at = t;
          if (a.orb_degrees < w.min_orb_degrees) w.min_orb_degrees = a.orb_degrees;
        } else
          open.set(key, {
            transit_planet: tp.planet,
            natal_planet: np.planet,
            aspect: a.aspect,
            starts_at: t,
            ends_at: t,
            exact_at: null,
            min_orb_degrees: a.orb_degrees,
            peak_strength: 0,
          });
      }
    for (const key of [...open.keys()]) if (!active.has(key)) close(key);
  }
  for (const key of [...open.keys()]) close(key);

  const natalLon = new Map(natal.map((p) => [p.planet, p.longitude]));
  for (const w of out) {
    const def = MAJOR_ASPECTS.find((d) => d.name === w.aspect)!;
    // From the sample before the window to the sample after it (exactness lies within orb).
    const i0 = Math.max(0, Math.round((w.starts_at - startMs) / DAY_MS) - 1);
    const i1 = Math.min(samples.length - 1, Math.round((w.ends_at - startMs) / DAY_MS) + 1);
    const base = natalLon.get(w.natal_planet)!;
    const targets = def.angle === 0 || def.angle === 180 ? [def.angle] : [def.angle, -def.angle];
    const series = lons.get(w.transit_planet)!;
    const hits = targets
      .flatMap((v) => exactMoments(w.transit_planet as BodyKey, norm360(base + v), samples, series, i0, i1))
      .sort((a, b) => a - b);
    if (hits.length) {
      w.exact_at = hits[0]!;
      w.min_orb_degrees = 0;
    }
    w.peak_strength = Math.max(0, 1 - w.min_orb_degrees / TRANSIT_ORB(def));
  }
  return out.sort((a, b) => a.starts_at - b.starts_at || b.peak_strength - a.peak_strength);
}
