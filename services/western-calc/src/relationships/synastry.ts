// Synastry contacts: aspects between the points of one chart and the points of the other. Both charts
// are fixed natal positions, so there is no applying or separating: a contact is a geometric fact.
import { diff180 } from '@astro/astro-core';
import { REL_POINTS, pointOf, type ChartData, type RelPoint } from './chart-data.ts';

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

export interface AspectDef {
  aspect: AspectName;
  angle: number;
  category: 'major' | 'minor';
  tone: 'harmonious' | 'dynamic' | 'neutral';
  /** Base synastry orb in degrees (before the luminary allowance). */
  orb: number;
}

/**
 * Synastry orbs are tighter than natal ones (two charts compared point by point give 144 pairs, and
 * wide orbs would make every pair "in aspect"): 8° for conjunction and opposition, 6° for trine and
 * square, 4° for sextile, 2° for the quincunx and 1.5° for the other minors; a luminary (Sun or Moon) on
 * either side adds 2° to a major aspect. These follow the usual synastry practice (e.g. Stephen
 * Arroyo, "Relationships and Life Cycles", ch. 4: orbs of 6-8° for majors, a little more with the lights).
 */
export const SYNASTRY_ASPECTS: readonly AspectDef[] = Object.freeze([
  { aspect: 'conjunction', angle: 0, category: 'major', tone: 'neutral', orb: 8 },
  { aspect: 'opposition', angle: 180, category: 'major', tone: 'dynamic', orb: 8 },
  { aspect: 'trine', angle: 120, category: 'major', tone: 'harmonious', orb: 6 },
  { aspect: 'square', angle: 90, category: 'major', tone: 'dynamic', orb: 6 },
  { aspect: 'sextile', angle: 60, category: 'major', tone: 'harmonious', orb: 4 },
  { aspect: 'quincunx', angle: 150, category: 'minor', tone: 'dynamic', orb: 2 },
  { aspect: 'semisextile', angle: 30, category: 'minor', tone: 'neutral', orb: 1.5 },
  { aspect: 'semisquare', angle: 45, category: 'minor', tone: 'dynamic', orb: 1.5 },
  { aspect: 'sesquiquadrate', angle: 135, category: 'minor', tone: 'dynamic', orb: 1.5 },
] satisfies AspectDef[]);

const LUMINARY_BONUS = 2;
const LUMINARIES: ReadonlySet<RelPoint> = new Set(['sun', 'moon']);

export interface SynastryContact {
  /** Point of chart A. */
  planet_a: RelPoint;
  /** Point of chart B. */
  planet_b: RelPoint;
  aspect: AspectName;
  category: 'major' | 'minor';
  tone: 'harmonious' | 'dynamic' | 'neutral';
  exact_angle: number;
  /** Angular separation of the two points, in [0, 180]. */
  separation_degrees: number;
  orb_degrees: number;
  max_orb_degrees: number;
  /** 1 - orb / max_orb, in [0, 1]. */
  strength: number;
}

export function maxOrb(def: AspectDef, a: RelPoint, b: RelPoint): number {
  const lights = def.category === 'major' && (LUMINARIES.has(a) || LUMINARIES.has(b));
  return def.orb + (lights ? LUMINARY_BONUS : 0);
}

/** The closest aspect within orb between two longitudes, or null. */
export function aspectBetween(a: RelPoint, lonA: number, b: RelPoint, lonB: number): SynastryContact | null {
  const separation = Math.abs(diff180(lonA, lonB));
  let best: SynastryContact | null = null;
  for (const def of SYNASTRY_ASPECTS) {
    const orb = Math.abs(separation - def.angle);
    const max = maxOrb(def, a, b);
    if (orb > max) continue;
    if (best && best.orb_degrees <= orb) continue;
    best = {
      planet_a: a,
      planet_b: b,
      aspect: def.aspect,
      category: def.category,
      tone: def.tone,
      exact_angle: def.angle,
      separation_degrees: separation,
      orb_degrees: orb,
      max_orb_degrees: max,
      strength: Math.min(1, Math.max(0, 1 - orb / max)),
    };
  }
  return best;
}

/**
 * Every contact between A's and B's twelve points, strongest first (ties: A's then B's point order).
 * Both angles need a birth time; they are compared like planets.
 */
export function synastryContacts(a: ChartData, b: ChartData): SynastryContact[] {
  const out: SynastryContact[] = [];
  for (const pa of REL_POINTS) {
    const la = pointOf(a, pa).longitude;
    for (const pb of REL_POINTS) {
      const c = aspectBetween(pa, la, pb, pointOf(b, pb).longitude);
      if (c) out.push(c);
    }
  }
  const order = (p: RelPoint) => REL_POINTS.indexOf(p);
  return out.sort(
    (x, y) =>
      y.strength - x.strength || order(x.planet_a) - order(y.planet_a) || order(x.planet_b) - order(y.planet_b),
  );
}
