// Transit searches for the UX cards: moments when a transiting planet perfects a major aspect to a
// natal point. The sky is sampled once a day per body (slow movers never move 180° in a day, and a
// natal target plus an aspect angle is a fixed longitude), and each sign change of the distance to a
// target is refined by astro-core's crossing search, to the millisecond.
import { bodyLongitude, diff180, findAllLongitudeCrossings, norm360, type BodyKey } from '@astro/astro-core';
import type { AspectName } from '../aspects/aspects.ts';
import type { RelPoint } from '../relationships/chart-data.ts';
import type { NatalView } from './natal-view.ts';

const DAY = 86_400_000;

export const MAJOR: readonly { aspect: AspectName; angle: number }[] = [
  { aspect: 'conjunction', angle: 0 },
  { aspect: 'sextile', angle: 60 },
  { aspect: 'square', angle: 90 },
  { aspect: 'trine', angle: 120 },
  { aspect: 'opposition', angle: 180 },
];

export const TONE: Readonly<Record<string, 'harmonious' | 'dynamic' | 'neutral'>> = {
  conjunction: 'neutral',
  sextile: 'harmonious',
  square: 'dynamic',
  trine: 'harmonious',
  opposition: 'dynamic',
};

/** Natal points the cards watch: the personal planets and the angles. */
export const NATAL_TARGETS: readonly RelPoint[] = ['sun', 'moon', 'mercury', 'venus', 'mars', 'ascendant', 'midheaven'];

/** Transiting bodies whose hits are "important" (slow enough to mark a period of life). */
export const SLOW_BODIES: readonly BodyKey[] = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
/** Timeline cards also show Mars (weeks-long, still notable). */
export const TIMELINE_BODIES: readonly BodyKey[] = ['mars', ...SLOW_BODIES];

/**
 * Importance of a hit, 0-1: transiting planet weight x natal target weight x aspect weight. Outer
 * planets and hard aspects to the lights and angles mark the biggest chapters (the usual ranking in
 * Hand, "Planets in Transit", introduction).
 */
const BODY_WEIGHT: Record<string, number> = {
  mars: 0.5,
  jupiter: 0.7,
  saturn: 0.9,
  uranus: 0.9,
  neptune: 0.85,
  pluto: 1,
};
const TARGET_WEIGHT: Record<string, number> = {
  sun: 1,
  moon: 1,
  ascendant: 0.95,
  midheaven: 0.95,
  venus: 0.8,
  mars: 0.8,
  mercury: 0.7,
};
const ASPECT_WEIGHT: Record<string, number> = {
  conjunction: 1,
  opposition: 0.9,
  square: 0.9,
  trine: 0.7,
  sextile: 0.5,
};

/** Orb (degrees) inside which a transit is "in effect" for the window of a timeline card. */
export const WINDOW_ORB: Record<string, number> = { mars: 2, jupiter: 2, saturn: 1.5, uranus: 1, neptune: 1, pluto: 1 };

export interface TransitHit {
  transit_planet: BodyKey;
  natal_planet: RelPoint;
  aspect: AspectName;
  tone: 'harmonious' | 'dynamic' | 'neutral';
  exact_at_ms: number;
  /** Longitude the transiting planet reaches (natal + aspect angle). */
  target_longitude: number;
  importance: number;
  direction: 'direct' | 'retrograde';
  /** First and last daily sample within WINDOW_ORB around the hit (the window the card spans). */
  window_start_ms: number;
  window_end_ms: number;
}

function importance(body: string, target: string, aspect: string): number {
  return Math.round(BODY_WEIGHT[body]! * TARGET_WEIGHT[target]! * ASPECT_WEIGHT[aspect]! * 1000) / 1000;
}

/** Distinct target longitudes: natal + each major angle, both sides (0 and 180 once). */
function targets(view: NatalView): { natal: RelPoint; aspect: AspectName; longitude: number }[] {
  const out: { natal: RelPoint; aspect: AspectName; longitude: number }[] = [];
  for (const natal of NATAL_TARGETS) {
    const lon = view.points.get(natal)!.longitude;
    for (const m of MAJOR) {
      out.push({ natal, aspect: m.aspect, longitude: norm360(lon + m.angle) });
      if (m.angle !== 0 && m.angle !== 180) out.push({ natal, aspect: m.aspect, longitude: norm360(lon - m.angle) });
    }
  }
  return out;
}

/** Every exact hit of `bodies` to the natal targets in (startMs, endMs], in time order. */
export function transitHits(view: NatalView, bodies: readonly BodyKey[], startMs: number, endMs: number): TransitHit[] {
  const out: TransitHit[] = [];
  const tgts = targets(view);
  const days = Math.ceil((endMs - startMs) / DAY);
  for (const body of bodies) {
    // Samples one day apart with a margin either side for the card windows.
    const margin = 60;
    const times: number[] = [];
    for (let i = -margin; i <= days + margin; i++) times.push(startMs + i * DAY);
    const lons = times.map((t) => bodyLongitude(body, t).longitude);
    for (const tg of tgts) {
      const d = lons.map((l) => diff180(l, tg.longitude));
      for (let i = margin; i < margin + days; i++) {
        const lo = times[i]!;
        const hi = Math.min(times[i + 1]!, endMs);
        if (!(d[i]! >= 0 !== d[i + 1]! >= 0 && Math.abs(d[i + 1]! - d[i]!) < 180)) continue;
        for (const c of findAllLongitudeCrossings(body, tg.longitude, lo, hi)) {
          if (c.utcMs <= startMs || c.utcMs > endMs) continue;
          const orb = WINDOW_ORB[body] ?? 1;
          let s = i;
          while (s > 0 && Math.abs(d[s - 1]!) <= orb) s--;
          let e = i + 1;
          while (e < d.length - 1 && Math.abs(d[e + 1]!) <= orb) e++;
          out.push({
            transit_planet: body,
            natal_planet: tg.natal,
            aspect: tg.aspect,
            tone: TONE[tg.aspect]!,
            exact_at_ms: c.utcMs,
            target_longitude: tg.longitude,
            importance: importance(body, tg.natal, tg.aspect),
            direction: c.direction,
            window_start_ms: Math.min(times[s]!, c.utcMs),
            window_end_ms: Math.max(times[e]!, c.utcMs),
          });
        }
      }
    }
  }
  return out.sort((x, y) => x.exact_at_ms - y.exact_at_ms || y.importance - x.importance);
}

/**
 * The next hit of a slow planet to a natal target after `fromMs`, searching month by month up to
 * `horizonDays`; null when none (only possible for very short horizons).
 */
export function nextImportantTransit(view: NatalView, fromMs: number, horizonDays = 730): TransitHit | null {
  const chunk = 30 * DAY;
  for (let t = fromMs; t < fromMs + horizonDays * DAY; t += chunk) {
    const end = Math.min(t + chunk, fromMs + horizonDays * DAY);
    const hits = transitHits(view, SLOW_BODIES, t, end);
    if (hits.length) return hits[0]!;
  }
  return null;
}
