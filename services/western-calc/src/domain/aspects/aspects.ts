// Aspects between points: the nine Western aspects, their orbs and strength (spec 3 "Aspect").
//
// One API serves natal aspects (pairs inside one chart), transits, progressions and synastry (pairs
// across two point sets): `findAspects(a, b?, policy)`.
//
// Orb policy (choices documented in README "Western"): base orbs after the common modern defaults
// (Hand, "Planets in Transit"; Astrodienst's defaults are within 2° of these), +2° when a luminary is
// involved, ×0.75 when an angle is involved (the angles rest on the birth time, ~1° per 4 minutes of
// error), no aspect between the two angles themselves (their relation is fixed by the house frame).
import { norm360 } from '@astro/astro-core';
import { ANGLE_SET, LUMINARIES, type Point } from '../natal/points.ts';

export type AspectName =
  | 'conjunction'
  | 'opposition'
  | 'trine'
  | 'square'
  | 'sextile'
  | 'quincunx'
  | 'semisextile'
  | 'semisquare'
  | 'sesquiquadrate';
export type AspectCategory = 'major' | 'minor';
export type AspectTone = 'harmonious' | 'dynamic' | 'neutral';

export interface AspectDef {
  name: AspectName;
  angle: number;
  category: AspectCategory;
  tone: AspectTone;
  /** Natal base orb in degrees before luminary and angle handling. */
  orb: number;
}

export const ASPECTS: readonly AspectDef[] = Object.freeze([
  { name: 'conjunction', angle: 0, category: 'major', tone: 'neutral', orb: 8 },
  { name: 'opposition', angle: 180, category: 'major', tone: 'dynamic', orb: 8 },
  { name: 'trine', angle: 120, category: 'major', tone: 'harmonious', orb: 7 },
  { name: 'square', angle: 90, category: 'major', tone: 'dynamic', orb: 7 },
  { name: 'sextile', angle: 60, category: 'major', tone: 'harmonious', orb: 5 },
  { name: 'quincunx', angle: 150, category: 'minor', tone: 'dynamic', orb: 3 },
  { name: 'semisextile', angle: 30, category: 'minor', tone: 'harmonious', orb: 2 },
  { name: 'semisquare', angle: 45, category: 'minor', tone: 'dynamic', orb: 2 },
  { name: 'sesquiquadrate', angle: 135, category: 'minor', tone: 'dynamic', orb: 2 },
] as const);

export const MAJOR_ASPECTS: readonly AspectDef[] = ASPECTS.filter((a) => a.category === 'major');
export const ASPECT_BY_NAME: Readonly<Record<AspectName, AspectDef>> = Object.freeze(
  Object.fromEntries(ASPECTS.map((a) => [a.name, a])) as Record<AspectName, AspectDef>,
);

export const LUMINARY_BONUS_DEGREES = 2;
export const ANGLE_FACTOR = 0.75;

export interface Aspect {
  planet_a: string;
  planet_b: string;
  aspect: AspectName;
  category: AspectCategory;
  tone: AspectTone;
  exact_angle: number;
  orb_degrees: number;
  max_orb_degrees: number;
  strength: number;
  is_applying: boolean;
}

/** How wide an aspect may be for a pair, and which aspects count at all. */
export interface OrbPolicy {
  aspects: readonly AspectDef[];
  maxOrb(def: AspectDef, a: Point, b: Point): number;
  /** Points whose motion is ignored for is_applying (angles; natal targets of transits). */
  stationary?: (p: Point, side: 'a' | 'b') => boolean;
}

/** The natal orb rule: base orb, +2° with a luminary, ×0.75 with an angle. */
export function natalMaxOrb(def: AspectDef, a: Point, b: Point): number {
  let orb = def.orb;
  if (LUMINARIES.has(a.planet) || LUMINARIES.has(b.planet)) orb += LUMINARY_BONUS_DEGREES;
  if (ANGLE_SET.has(a.planet) || ANGLE_SET.has(b.planet)) orb *= ANGLE_FACTOR;
  return orb;
}

export const NATAL_POLICY: OrbPolicy = {
  aspects: ASPECTS,
  maxOrb: natalMaxOrb,
  stationary: (p) => ANGLE_SET.has(p.planet),
};

/** Policy with the same aspects and a fixed orb per aspect (transits, progressions, directions). */
export function fixedOrbPolicy(
  aspects: readonly AspectDef[],
  orbOf: (def: AspectDef, a: Point, b: Point) => number,
  stationary?: OrbPolicy['stationary'],
): OrbPolicy {
  return { aspects, maxOrb: orbOf, stationary };
}

/** Angular separation in [0, 180]. */
export function separation(a: number, b: number): number {
  const d = norm360(a - b);
  return d > 180 ? 360 - d : d;
}

/** 1 − orb/max clamped to [0, 1]. */
export function strengthOf(orb: number, maxOrb: number): number {
  if (!(maxOrb > 0)) return 0;
  return Math.min(1, Math.max(0, 1 - orb / maxOrb));
}

/**
 * Whether the pair is approaching exactness: the derivative of |separation − exact| under the current
 * speeds is negative (what a small step of next-day motion does; unlike a literal one-day step it is not
 * fooled by a fast body that perfects and overshoots within the day). Exact aspects count as separating.
 */
export function isApplying(a: Point, b: Point, exact: number, speedA: number, speedB: number): boolean {
  const d = norm360(a.longitude - b.longitude); // b → a, counter-clockwise
  const sep = d > 180 ? 360 - d : d;
  // d(sep)/dt: when d <= 180 sep = d grows with (speedA − speedB), else sep = 360 − d shrinks.
  const rel = speedA - speedB;
  const dSep = d <= 180 ? rel : -rel;
  const off = sep - exact;
  if (off === 0) return false;
  return off > 0 ? dSep < 0 : dSep > 0;
}

/** The closest aspect within orb between two points, or null. */
export function aspectBetween(a: Point, b: Point, policy: OrbPolicy = NATAL_POLICY): Aspect | null {
  const sep = separation(a.longitude, b.longitude);
  let best: Aspect | null = null;
  for (const def of policy.aspects) {
    const orb = Math.abs(sep - def.angle);
    const max = policy.maxOrb(def, a, b);
    if (!(orb <= max)) continue;
    const strength = strengthOf(orb, max);
    if (best && best.strength >= strength) continue;
    const speedA = policy.stationary?.(a, 'a') ? 0 : a.speed;
    const speedB = policy.stationary?.(b, 'b') ? 0 : b.speed;
    best = {
      planet_a: a.planet,
      planet_b: b.planet,
      aspect: def.name,
      category: def.category,
      tone: def.tone,
      exact_angle: def.angle,
      orb_degrees: orb,
      max_orb_degrees: max,
      strength,
      is_applying: isApplying(a, b, def.angle, speedA, speedB),
    };
  }
  return best;
}

/**
 * Aspects among `a` (every unordered pair, in input order) or, with `b`, between every point of `a`
 * and every point of `b` (synastry, transits: planet_a from `a`, planet_b from `b`). Pairs of two
 * angles are skipped. Sorted by strength, strongest first (ties: input order).
 */
export function findAspects(
  a: readonly Point[],
  b?: readonly Point[] | null,
  policy: OrbPolicy = NATAL_POLICY,
): Aspect[] {
  const out: Aspect[] = [];
  const consider = (p: Point, q: Point) => {
    if (ANGLE_SET.has(p.planet) && ANGLE_SET.has(q.planet)) return;
    const asp = aspectBetween(p, q, policy);
    if (asp) out.push(asp);
  };
  if (b) for (const p of a) for (const q of b) consider(p, q);
  else for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) consider(a[i]!, a[j]!);
  return out.sort((x, y) => y.strength - x.strength);
}
