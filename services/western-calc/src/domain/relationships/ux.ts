// Relationship UX builders: best compatibility topics (the score dimensions ranked) and relationship
// highlights (cards). English text is composed from the facts only; ids are stable for the same pair.
import { display, prioritised, type Card, type Evidence } from '../product/card.ts';
import { DIMENSIONS, type Dimension, type DimensionScore } from './score.ts';
import type { RelationshipResult } from './report.ts';
import type { SynastryContact } from './synastry.ts';
import { supportShare } from './score.ts';

export const TOPIC_TEXT: Readonly<Record<Dimension, { title: string; about: string }>> = Object.freeze({
  emotional: { title: 'Emotional connection', about: 'how safe and understood you feel with each other' },
  romance: { title: 'Romance and attraction', about: 'affection, desire and the spark between you' },
  communication: { title: 'Communication', about: 'how easily you talk, listen and decide together' },
  identity: { title: 'Core bond', about: 'how your basic natures and life directions meet' },
  commitment: { title: 'Commitment', about: 'staying power, duty and building something lasting' },
  growth: { title: 'Shared growth', about: 'optimism, generosity and learning from each other' },
  transformation: { title: 'Transformation', about: 'intensity, change and the deeper currents between you' },
});

const LABEL_PHRASE: Record<string, string> = {
  excellent: 'is a clear strength of this pairing',
  good: 'comes fairly naturally to you',
  mixed: 'asks for some conscious effort',
  challenging: 'is where friction is most likely',
};

export function contactLabel(c: SynastryContact): string {
  return `a.${c.planet_a} ${c.aspect} b.${c.planet_b}`;
}

export function contactEvidence(c: SynastryContact): Evidence {
  return {
    kind: 'contact',
    label: contactLabel(c),
    planet_a: c.planet_a,
    planet_b: c.planet_b,
    aspect: c.aspect,
    orb_degrees: round2(c.orb_degrees),
    strength: round3(c.strength),
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export interface CompatibilityTopic {
  rank: number;
  topic: Dimension;
  title: string;
  score: number;
  label: string;
  summary: string;
  evidence: Evidence[];
}

/** The score dimensions, best first (ties keep the dimension order), at most `limit`. */
export function bestCompatibilityTopics(r: RelationshipResult, limit: number): CompatibilityTopic[] {
  const order = (d: DimensionScore) => DIMENSIONS.indexOf(d.dimension);
  return [...r.scores.dimensions]
    .sort((x, y) => y.score - x.score || order(x) - order(y))
    .slice(0, limit)
    .map((d, i) => ({
      rank: i + 1,
      topic: d.dimension,
      title: TOPIC_TEXT[d.dimension].title,
      score: d.score,
      label: d.label,
      summary: `${TOPIC_TEXT[d.dimension].title} (${TOPIC_TEXT[d.dimension].about}) ${LABEL_PHRASE[d.label]}: ${
        d.contact_count
      } contact${d.contact_count === 1 ? '' : 's'} involve ${d.key_points.map(display).join(' or ')}.`,
      evidence: [
        { kind: 'score', label: `${d.dimension} score`, score: d.score },
        ...d.top_contacts.map(contactEvidence),
      ],
    }));
}

const ASPECT_VERB: Record<string, string> = {
  conjunction: 'meets',
  opposition: 'faces',
  trine: 'flows with',
  square: 'challenges',
  sextile: 'supports',
  quincunx: 'needs adjusting to',
  semisextile: 'brushes',
  semisquare: 'irritates',
  sesquiquadrate: 'strains',
};

function contactCard(c: SynastryContact, kind: 'strength' | 'challenge'): Card {
  const pa = display(c.planet_a);
  const pb = display(c.planet_b);
  return {
    id: `rel.${kind}.${c.planet_a}.${c.aspect}.${c.planet_b}`,
    kind,
    title: `${pa} ${c.aspect} ${pb}`,
    body: `Person A's ${pa} ${ASPECT_VERB[c.aspect]} person B's ${pb} (orb ${c.orb_degrees.toFixed(1)}°). ${
      kind === 'strength'
        ? 'This contact tends to feel easy and rewarding for both of you.'
        : 'This contact brings friction that can become growth when you name it.'
    }`,
    tone: kind === 'strength' ? 'supportive' : 'challenging',
    priority: 0,
    evidence: [contactEvidence(c)],
  };
}

const OVERLAY_FOCUS = new Set(['sun', 'moon', 'venus', 'mars']);
const OVERLAY_HOUSES = new Set([1, 5, 7, 8]);

/**
 * Highlights, in this order: the overall score; up to three strengths (most supportive contacts);
 * up to two challenges (most dynamic contacts); the overlays of Sun, Moon, Venus or Mars into the
 * other's 1st, 5th, 7th or 8th house (the classical relationship houses); the composite Sun.
 */
export function relationshipHighlights(r: RelationshipResult): Card[] {
  const cards: Card[] = [];
  cards.push({
    id: 'rel.score.overall',
    kind: 'score',
    title: `Overall compatibility ${r.scores.overall}/100`,
    body: `Across seven areas this pairing rates ${r.scores.label}; ${r.synastry.harmonious_count} harmonious and ${r.synastry.dynamic_count} dynamic contacts link your charts.`,
    tone: r.scores.overall >= 55 ? 'supportive' : r.scores.overall < 40 ? 'challenging' : 'neutral',
    priority: 0,
    evidence: [{ kind: 'score', label: 'overall score', score: r.scores.overall }],
  });
  const contacts = r.synastry.contacts;
  const strengths = contacts.filter((c) => supportShare(c) === 1).slice(0, 3);
  const challenges = contacts.filter((c) => supportShare(c) === 0).slice(0, 2);
  cards.push(...strengths.map((c) => contactCard(c, 'strength')));
  cards.push(...challenges.map((c) => contactCard(c, 'challenge')));
  for (const [dir, who, whom] of [
    [r.house_overlays.a_in_b, 'A', 'B'],
    [r.house_overlays.b_in_a, 'B', 'A'],
  ] as const) {
    for (const o of dir.overlays) {
      if (!OVERLAY_FOCUS.has(o.planet) || !OVERLAY_HOUSES.has(o.house)) continue;
      cards.push({
        id: `rel.overlay.${who.toLowerCase()}.${o.planet}.h${o.house}`,
        kind: 'overlay',
        title: `${who}'s ${display(o.planet)} in ${whom}'s ${ordinal(o.house)} house`,
        body: `Person ${who}'s ${display(o.planet)} lights up person ${whom}'s ${ordinal(o.house)} house of ${o.house_topics
          .map((t) => t.replace(/_/g, ' '))
          .join(', ')}.`,
        tone: 'neutral',
        priority: 0,
        evidence: [
          {
            kind: 'overlay',
            label: `${who.toLowerCase()}.${o.planet} in house ${o.house}`,
            house: o.house,
            sign: o.sign,
          },
        ],
      });
    }
  }
  const sun = r.composite.positions.find((p) => p.planet === 'sun')!;
  cards.push({
    id: `rel.composite.sun.${sun.sign}`,
    kind: 'composite',
    title: `Your relationship's Sun is in ${display(sun.sign)}`,
    body: `The composite Sun, the midpoint of your two Suns, falls in ${display(sun.sign)} in the composite ${ordinal(
      sun.house,
    )} house: the relationship itself expresses ${display(sun.sign)} themes.`,
    tone: 'neutral',
    priority: 0,
    evidence: [{ kind: 'composite', label: 'composite sun', sign: sun.sign, house: sun.house }],
  });
  return prioritised(cards);
}

export function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}
