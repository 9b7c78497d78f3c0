// Score breakdown of a relationship: seven dimensions, each read from the synastry contacts that
// involve its key points. The rules are simple on purpose so that a customer can explain a number:
//   support H = sum of strength x weight of harmonious contacts, tension D = the same for dynamic ones;
//   a conjunction counts as harmonious when it joins a benefic (Venus, Jupiter) or a light (Sun, Moon)
//   and no malefic (Mars, Saturn, Uranus, Neptune, Pluto), dynamic when it joins a malefic and nothing
//   benign, and half each otherwise (the classical "a conjunction takes the nature of its planets");
//   weight 1.5 when both points are key points of the dimension, else 1;
//   score = round(50 + 50 (H - D) / (H + D + 1)), so no contacts gives 50 and the score stays in (0, 100);
//   intensity = 1 - exp(-(H + D) / 3), in [0, 1): how much is going on, whatever its tone.
// The overall score is the weighted mean of the dimension scores (weights below, summing to 1).
import type { SynastryContact } from './synastry.ts';

export const DIMENSIONS = [
  'emotional',
  'romance',
  'communication',
  'identity',
  'commitment',
  'growth',
  'transformation',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const DIMENSION_KEYS: Readonly<Record<Dimension, readonly string[]>> = Object.freeze({
  emotional: ['moon'],
  romance: ['venus', 'mars'],
  communication: ['mercury'],
  identity: ['sun', 'ascendant'],
  commitment: ['saturn'],
  growth: ['jupiter'],
  transformation: ['pluto', 'uranus', 'neptune'],
});

export const DIMENSION_WEIGHTS: Readonly<Record<Dimension, number>> = Object.freeze({
  emotional: 0.2,
  romance: 0.2,
  communication: 0.15,
  identity: 0.15,
  commitment: 0.1,
  growth: 0.1,
  transformation: 0.1,
});

const BENIGN: ReadonlySet<string> = new Set(['venus', 'jupiter', 'sun', 'moon']);
const MALEFIC: ReadonlySet<string> = new Set(['mars', 'saturn', 'uranus', 'neptune', 'pluto']);

/** Share of a contact's weight that counts as support (the rest is tension). */
export function supportShare(c: SynastryContact): number {
  if (c.tone === 'harmonious') return 1;
  if (c.tone === 'dynamic') return 0;
  const pts = [c.planet_a, c.planet_b];
  const benign = pts.some((p) => BENIGN.has(p));
  const malefic = pts.some((p) => MALEFIC.has(p));
  if (benign && !malefic) return 1;
  if (malefic && !benign) return 0;
  return 0.5;
}

export type ScoreLabel = 'challenging' | 'mixed' | 'good' | 'excellent';

export function labelOf(score: number): ScoreLabel {
  if (score < 40) return 'challenging';
  if (score < 55) return 'mixed';
  if (score < 70) return 'good';
  return 'excellent';
}

export interface DimensionScore {
  dimension: Dimension;
  key_points: string[];
  weight: number;
  /** 0-100, 50 = neutral. */
  score: number;
  label: ScoreLabel;
  support: number;
  tension: number;
  intensity: number;
  contact_count: number;
  /** Up to three contributing contacts, strongest first. */
  top_contacts: SynastryContact[];
}

export interface ScoreBreakdown {
  overall: number;
  label: ScoreLabel;
  dimensions: DimensionScore[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function dimensionScore(dimension: Dimension, contacts: readonly SynastryContact[]): DimensionScore {
  const keys = DIMENSION_KEYS[dimension];
  let support = 0;
  let tension = 0;
  const involved = contacts.filter((c) => keys.includes(c.planet_a) || keys.includes(c.planet_b));
  for (const c of involved) {
    const w = keys.includes(c.planet_a) && keys.includes(c.planet_b) ? 1.5 : 1;
    const s = supportShare(c);
    support += c.strength * w * s;
    tension += c.strength * w * (1 - s);
  }
  const score = Math.round(50 + (50 * (support - tension)) / (support + tension + 1));
  return {
    dimension,
    key_points: [...keys],
    weight: DIMENSION_WEIGHTS[dimension],
    score,
    label: labelOf(score),
    support: round3(support),
    tension: round3(tension),
    intensity: round3(1 - Math.exp(-(support + tension) / 3)),
    contact_count: involved.length,
    top_contacts: [...involved].sort((x, y) => y.strength - x.strength).slice(0, 3),
  };
}

export function scoreBreakdown(contacts: readonly SynastryContact[]): ScoreBreakdown {
  const dimensions = DIMENSIONS.map((d) => dimensionScore(d, contacts));
  const overall = Math.round(dimensions.reduce((s, d) => s + d.score * d.weight, 0));
  return { overall, label: labelOf(overall), dimensions };
}
