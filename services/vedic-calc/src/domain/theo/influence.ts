// Influence network (spec 2-vedic.md "Progression, influence, quality, materialization"): directed
// planet -> planet edges by the spec's `via` table and base strengths, per-planet summaries, and per-house
// influences with connection and support. Pure.
import { rulerOf, SIGNS } from '@astro/astro-core';
import {
  angularDistance,
  drishtiOnSign,
  functionalClass,
  functionalNature,
  GRAHAS,
  houseOfSign,
  isClassical,
  isCombust,
  occupantsOfSign,
  rashiAspects,
  round,
  signOfHouse,
  type ChartFacts,
  type Graha,
} from './facts.ts';

export const INFLUENCE_METHOD_VERSION = 'influence-network-v2';

export type Via =
  | 'sign_exchange'
  | 'conjunction'
  | 'combustion'
  | 'being_combust'
  | 'aspect'
  | 'dispositorship'
  | 'sign_aspect'
  | 'navamsa'
  | 'nakshatra_lord'
  | 'occupation'
  | 'lordship';

export interface Edge {
  source: string;
  target: string;
  via: Via;
  strength: number;
}

/** Dispositor (lord of the sign occupied) of a graha. */
const dispositor = (f: ChartFacts, p: Graha) => rulerOf(f.bodies[p].sign);

/**
 * Every directed planet -> planet edge. Base strengths (spec): sign_exchange 100 (both ways, replacing
 * the plain dispositorship between the pair), conjunction 80 at 0° falling linearly to 60 at 30° apart,
 * combustion 70 (Sun -> combust planet), being_combust 50 (combust planet -> Sun), aspect 60 x graded
 * drishti fraction (full 60, 3/4 45, 1/2 30, 1/4 15), dispositorship 40 (dispositor -> planet),
 * sign_aspect (Jaimini rashi drishti, only when there is no graha drishti on the body) 30 at 0° of
 * degree difference falling to 10 at 30°, navamsa 30 (navamsa dispositor -> planet), nakshatra_lord 10.
 */
export function planetEdges(f: ChartFacts): Edge[] {
  const edges: Edge[] = [];
  const add = (source: Graha, target: Graha, via: Via, strength: number) => {
    if (source !== target && strength > 0) edges.push({ source, target, via, strength: round(strength, 2) });
  };
  for (const target of GRAHAS) {
    const t = f.bodies[target];
    for (const source of GRAHAS) {
      if (source === target) continue;
      const s = f.bodies[source];
      // Parivartana: each in the other's sign.
      const exchange =
        isClassical(source) &&
        isClassical(target) &&
        dispositor(f, target) === source &&
        dispositor(f, source) === target;
      if (exchange) add(source, target, 'sign_exchange', 100);
      else if (dispositor(f, target) === source) add(source, target, 'dispositorship', 40);
      if (s.signIndex === t.signIndex)
        add(source, target, 'conjunction', 80 - (20 * angularDistance(s.longitude, t.longitude)) / 30);
      if (source === 'sun' && isCombust(f, target)) add(source, target, 'combustion', 70);
      if (target === 'sun' && isCombust(f, source)) add(source, target, 'being_combust', 50);
      const fraction = s.signIndex === t.signIndex ? 0 : drishtiOnSign(f, source, t.signIndex);
      if (fraction > 0) add(source, target, 'aspect', 60 * fraction);
      else if (s.signIndex !== t.signIndex && rashiAspects(s.signIndex, t.signIndex))
        add(source, target, 'sign_aspect', 30 - (20 * Math.abs(s.degree - t.degree)) / 30);
      if (isClassical(source) && rulerOf(t.navamsaSign) === source) add(source, target, 'navamsa', 30);
      if (t.nakshatraLord === source) add(source, target, 'nakshatra_lord', 10);
    }
  }
  return edges;
}

/**
 * Edges from planets onto house h (spec: on houses only, occupation 100 and lordship 60), plus graha
 * drishti on the house's sign (60 x graded fraction).
 */
export function houseEdges(f: ChartFacts, h: number): Edge[] {
  const s = signOfHouse(f, h);
  const target = `house_${h}`;
  const edges: Edge[] = [];
  for (const p of occupantsOfSign(f, s)) edges.push({ source: p, target, via: 'occupation', strength: 100 });
  edges.push({ source: rulerOf(SIGNS[s]!), target, via: 'lordship', strength: 60 });
  for (const p of GRAHAS) {
    if (f.bodies[p].signIndex === s) continue;
    const fr = drishtiOnSign(f, p, s);
    if (fr > 0) edges.push({ source: p, target, via: 'aspect', strength: round(60 * fr, 2) });
  }
  return edges;
}

/** Support of a set of edges: (benefic - malefic) / total, by the lagna's functional classes; 0 when empty. */
export function support(f: ChartFacts, edges: readonly Edge[]): number {
  let total = 0;
  let net = 0;
  for (const e of edges) {
    total += e.strength;
    const c = functionalClass(functionalNature(f, e.source as Graha));
    if (c === 'benefic') net += e.strength;
    else if (c === 'malefic') net -= e.strength;
  }
  return total > 0 ? net / total : 0;
}

export function influenceNetwork(f: ChartFacts) {
  const edges = planetEdges(f);
  const planet_summaries = GRAHAS.map((planet) => {
    const incoming = edges.filter((e) => e.target === planet);
    return {
      planet,
      incoming,
      influence_received: round(
        incoming.reduce((a, e) => a + e.strength, 0),
        2,
      ),
      influence_given: round(
        edges.filter((e) => e.source === planet).reduce((a, e) => a + e.strength, 0),
        2,
      ),
    };
  });
  const house_influences = Array.from({ length: 12 }, (_, i) => {
    const h = i + 1;
    const s = signOfHouse(f, h);
    const hEdges = houseEdges(f, h);
    return {
      house_number: h,
      house_sign: SIGNS[s]!,
      occupants: occupantsOfSign(f, s),
      edges: hEdges,
      connection: round(
        hEdges.reduce((a, e) => a + e.strength, 0),
        2,
      ),
      support: round(support(f, hEdges), 4),
    };
  });
  return { planet_summaries, house_influences, edges };
}

/** Connection of planet p to house h: the strength of its edges onto the house. */
export function planetHouseConnection(f: ChartFacts, p: Graha, h: number): number {
  return houseEdges(f, h)
    .filter((e) => e.source === p)
    .reduce((a, e) => a + e.strength, 0);
}

export { houseOfSign };
