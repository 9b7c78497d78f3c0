// House quality (spec "Progression, influence, quality, materialization") and materialization of life
// areas, base and date-bound. Pure.
import { rulerOf, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import { drishtiFraction, isClassical, mod12, round, signOfHouse, type ChartFacts, type Graha } from './facts.ts';
import { houseEdges, support } from './influence.ts';
import type { StrengthInputs } from './inputs.ts';
import { houseStrength } from './theo.ts';
import type { TransitBody } from './transits.ts';

export const HOUSE_QUALITY_METHOD_VERSION = 'house-quality-v2';
export const MATERIALIZATION_METHOD_VERSION = 'materialization-v2';

export type QualityLabel = 'very_difficult' | 'difficult' | 'neutral' | 'good' | 'very_good';
export function qualityLabel(s: number): QualityLabel {
  if (s <= -1.0) return 'very_difficult';
  if (s <= -0.2) return 'difficult';
  if (s <= 0.2) return 'neutral';
  if (s <= 1.0) return 'good';
  return 'very_good';
}

/**
 * score in [-2, 2] = sign_net_norm (support of the house's influences, -1..1) + 0.5 x bhava_norm (the
 * house's bhava bala placed between the chart's weakest (-1) and strongest (+1) house) + 0.5 x
 * (2 x house_strength - 1) (theo house-strength score 0..1 moved to -1..1).
 */
export function houseQuality(f: ChartFacts, s: StrengthInputs) {
  const hs = houseStrength(f, s);
  const bb = s.bhavaBala;
  const lo = Math.min(...bb);
  const hi = Math.max(...bb);
  return Array.from({ length: 12 }, (_, i) => {
    const h = i + 1;
    const sign_net_norm = support(f, houseEdges(f, h));
    const bhava_norm = hi > lo ? (2 * (bb[i]! - lo)) / (hi - lo) - 1 : 0;
    const house_strength = hs[i]!.score;
    const score = round(sign_net_norm + 0.5 * bhava_norm + 0.5 * (2 * house_strength - 1), 4);
    return {
      house_number: h,
      sign: SIGNS[signOfHouse(f, h)]!,
      score,
      label: qualityLabel(score),
      components: { sign_net_norm: round(sign_net_norm, 4), bhava_norm: round(bhava_norm, 4), house_strength },
    };
  });
}

// ---------------------------------------------------------------- life areas

export interface LifeArea {
  area: string;
  houses: number[];
  karakas: Graha[];
}

/** Life areas: houses (BPHS ch. 11-23) and karakas (BPHS ch. 32; Phaladeepika ch. 15). First house listed = primary. */
export const LIFE_AREAS: readonly LifeArea[] = Object.freeze([
  { area: 'self', houses: [1], karakas: ['sun'] },
  { area: 'wealth', houses: [2, 11], karakas: ['jupiter', 'venus'] },
  { area: 'siblings', houses: [3], karakas: ['mars'] },
  { area: 'home', houses: [4], karakas: ['moon', 'venus'] },
  { area: 'education', houses: [4, 5], karakas: ['mercury', 'jupiter'] },
  { area: 'children', houses: [5], karakas: ['jupiter'] },
  { area: 'health', houses: [1, 6], karakas: ['sun', 'mars'] },
  { area: 'marriage', houses: [7], karakas: ['venus', 'jupiter'] },
  { area: 'longevity', houses: [8], karakas: ['saturn'] },
  { area: 'fortune', houses: [9], karakas: ['jupiter', 'sun'] },
  { area: 'career', houses: [10], karakas: ['sun', 'mercury', 'jupiter', 'saturn'] },
  { area: 'gains', houses: [11], karakas: ['jupiter'] },
  { area: 'travel', houses: [3, 9, 12], karakas: ['moon', 'rahu'] },
  { area: 'spirituality', houses: [9, 12], karakas: ['jupiter', 'ketu'] },
] as LifeArea[]);

export const lifeArea = (name: string) => LIFE_AREAS.find((a) => a.area === name);

/** Composite strength of a graha; a node borrows its dispositor's. */
export function compositeOf(f: ChartFacts, s: StrengthInputs, p: Graha): number {
  const q: ClassicalPlanet = isClassical(p) ? p : rulerOf(f.bodies[p].sign);
  return s.composite[q];
}

export function readingBand(x: number): 'strong' | 'solid' | 'mixed' | 'weak' {
  if (x > 0.75) return 'strong';
  if (x >= 0.55) return 'solid';
  if (x >= 0.35) return 'mixed';
  return 'weak';
}

export function basePotential(f: ChartFacts, s: StrengthInputs, a: LifeArea) {
  const q = houseQuality(f, s);
  const house_qualities: Record<string, number> = {};
  for (const h of a.houses) house_qualities[String(h)] = q[h - 1]!.score;
  const karaka_strengths: Record<string, number> = {};
  for (const k of a.karakas) karaka_strengths[k] = round(compositeOf(f, s, k), 4);
  const lord = rulerOf(SIGNS[signOfHouse(f, a.houses[0]!)]!);
  const lord_strength = round(s.composite[lord], 4);
  const meanQ = a.houses.reduce((x, h) => x + q[h - 1]!.score, 0) / a.houses.length;
  const meanK = a.karakas.reduce((x, k) => x + compositeOf(f, s, k), 0) / a.karakas.length;
  const base = round(0.5 * ((meanQ + 2) / 4) + 0.3 * meanK + 0.2 * lord_strength, 4);
  return { base_potential: base, house_qualities, karaka_strengths, lord, lord_strength };
}

const POSITIVE_TRANSITS: ReadonlySet<Graha> = new Set(['jupiter', 'venus', 'mercury', 'moon']);

/**
 * Date-bound: every transit graha's contact with the area's karakas and the lord of its first house.
 * Contact kinds: conjunction (same sign; strength 1) and aspect (graha drishti from the transit sign on
 * the natal sign; strength = graded fraction). Contribution = +-0.1 x strength (Jupiter, Venus, Mercury,
 * Moon positive, the others negative); multiplier = 1 + sum, clamped to [0.8, 1.5];
 * final_probability = base x multiplier clamped to [0, 1].
 */
export function materializationAt(f: ChartFacts, s: StrengthInputs, a: LifeArea, transits: Record<Graha, TransitBody>) {
  const base = basePotential(f, s, a);
  const targets = [...new Set<Graha>([...a.karakas, base.lord])];
  const contributing_contacts: {
    transit_planet: Graha;
    natal_planet: Graha;
    kind: 'conjunction' | 'aspect';
    strength: number;
    contribution: number;
  }[] = [];
  for (const t of Object.values(transits)) {
    for (const n of targets) {
      const d = mod12(f.bodies[n].signIndex - t.signIndex) + 1;
      const kind = d === 1 ? 'conjunction' : drishtiFraction(t.planet, d) > 0 ? 'aspect' : null;
      if (!kind) continue;
      const strength = kind === 'conjunction' ? 1 : drishtiFraction(t.planet, d);
      const contribution = round((POSITIVE_TRANSITS.has(t.planet) ? 0.1 : -0.1) * strength, 4);
      contributing_contacts.push({ transit_planet: t.planet, natal_planet: n, kind, strength, contribution });
    }
  }
  const raw = 1 + contributing_contacts.reduce((x, c) => x + c.contribution, 0);
  const transit_multiplier = round(Math.min(1.5, Math.max(0.8, raw)), 4);
  return {
    base_potential: base.base_potential,
    transit_multiplier,
    final_probability: round(Math.min(1, Math.max(0, base.base_potential * transit_multiplier)), 4),
    contributing_contacts,
  };
}
