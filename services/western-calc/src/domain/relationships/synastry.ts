// Synastry contacts: aspects between the points of one chart and the points of the other, with the
// aspect definitions of the aspects module and synastry's own (tighter) orbs. Both charts are fixed
// natal positions, so every point is stationary and is_applying is always false for a contact.
import {
  ASPECTS,
  aspectBetween as coreAspectBetween,
  type Aspect,
  type AspectDef,
  type AspectName,
  type OrbPolicy,
} from '../aspects/aspects.ts';
import { LUMINARIES, type Point } from '../natal/points.ts';
import { REL_POINTS, pointOf, type ChartData } from './chart-data.ts';

export type SynastryContact = Aspect;

/**
 * Synastry orbs are tighter than natal ones (two charts compared point by point give 144 pairs, and
 * natal orbs would put most pairs "in aspect"): 8° for conjunction and opposition, 6° for trine and
 * square, 4° for sextile, 2° for the quincunx and 1.5° for the other minors; a luminary (Sun or Moon)
 * on either side adds 2° to a major aspect. These follow usual synastry practice (Stephen Arroyo,
 * "Relationships and Life Cycles", ch. 4: orbs of 6-8° for majors, a little more with the lights).
 * The angles get no reduction here: across two charts an Ascendant on a partner's planet is the
 * classic strong contact.
 */
export const SYNASTRY_ORBS: Readonly<Record<AspectName, number>> = Object.freeze({
  conjunction: 8,
  opposition: 8,
  trine: 6,
  square: 6,
  sextile: 4,
  quincunx: 2,
  semisextile: 1.5,
  semisquare: 1.5,
  sesquiquadrate: 1.5,
});
const LUMINARY_BONUS = 2;

export function synastryMaxOrb(def: AspectDef, a: Point, b: Point): number {
  const lights = def.category === 'major' && (LUMINARIES.has(a.planet) || LUMINARIES.has(b.planet));
  return SYNASTRY_ORBS[def.name] + (lights ? LUMINARY_BONUS : 0);
}

export const SYNASTRY_POLICY: OrbPolicy = { aspects: ASPECTS, maxOrb: synastryMaxOrb, stationary: () => true };

/** The closest synastry aspect between two longitudes, or null. */
export function aspectBetween(a: string, lonA: number, b: string, lonB: number): SynastryContact | null {
  return coreAspectBetween(
    { planet: a, longitude: lonA, speed: 0 },
    { planet: b, longitude: lonB, speed: 0 },
    SYNASTRY_POLICY,
  );
}

/**
 * Every contact between A's and B's twelve points (angle pairs included: across two charts they are
 * real contacts), strongest first; ties keep A's then B's point order.
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
  return out.sort((x, y) => y.strength - x.strength);
}
