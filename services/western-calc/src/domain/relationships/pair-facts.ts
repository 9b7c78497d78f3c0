// Pair facts: the compact, machine-oriented summary of a couple that apps and the LLM layer ground on
// (the spec names POST /v1/compatibility/pair-facts without a shape). Every value is read from the
// relationship result and the two charts; nothing here is prose.
import { SIGN_INFO, signIndexOf, signOf, type Sign } from '@astro/astro-core';
import { pointOf, type ChartData, type RelPoint } from './chart-data.ts';
import type { RelationshipResult } from './report.ts';
import type { SynastryContact } from './synastry.ts';

export type SignRelation = 'same_sign' | 'semisextile' | 'sextile' | 'square' | 'trine' | 'quincunx' | 'opposite';

/** Whole-sign relation of two signs by their distance (0-6 signs apart, either way). */
export function signRelation(a: Sign, b: Sign): SignRelation {
  const d = Math.abs(SIGN_INFO[a].index - SIGN_INFO[b].index);
  const n = Math.min(d, 12 - d);
  return (['same_sign', 'semisextile', 'sextile', 'square', 'trine', 'quincunx', 'opposite'] as const)[n]!;
}

export interface PersonFacts {
  chart_id: string;
  sun_sign: Sign;
  moon_sign: Sign;
  rising_sign: Sign;
  venus_sign: Sign;
  mars_sign: Sign;
  birth_utc: string;
}

export interface SignPairFact {
  point: RelPoint;
  sign_a: Sign;
  sign_b: Sign;
  relation: SignRelation;
  same_element: boolean;
}

export interface KeyOverlay {
  /** a: A's point in B's house; b: B's point in A's house. */
  direction: 'a_in_b' | 'b_in_a';
  planet: RelPoint;
  house: number;
}

export interface PairFacts {
  person_a: PersonFacts;
  person_b: PersonFacts;
  sign_pairs: SignPairFact[];
  birth_interval_days: number;
  contact_summary: { total: number; major: number; harmonious: number; dynamic: number; neutral: number };
  strongest_contacts: SynastryContact[];
  key_overlays: KeyOverlay[];
  composite_signs: { sun: Sign; moon: Sign; ascendant: Sign };
  davison: { moment: string; sun_sign: Sign; moon_sign: Sign };
  overall_score: number;
  overall_label: string;
  dimension_scores: { dimension: string; score: number }[];
}

const PAIR_POINTS: readonly RelPoint[] = ['sun', 'moon', 'ascendant', 'venus', 'mars'];
const KEY_OVERLAY_POINTS: ReadonlySet<RelPoint> = new Set(['sun', 'moon', 'venus', 'mars']);

function person(c: ChartData): PersonFacts {
  const s = (p: RelPoint) => signOf(pointOf(c, p).longitude);
  return {
    chart_id: c.chartId,
    sun_sign: s('sun'),
    moon_sign: s('moon'),
    rising_sign: s('ascendant'),
    venus_sign: s('venus'),
    mars_sign: s('mars'),
    birth_utc: new Date(c.utcMs).toISOString(),
  };
}

export function pairFacts(a: ChartData, b: ChartData, r: RelationshipResult): PairFacts {
  const sign_pairs = PAIR_POINTS.map((point) => {
    const la = pointOf(a, point).longitude;
    const lb = pointOf(b, point).longitude;
    const sa = signOf(la);
    const sb = signOf(lb);
    return {
      point,
      sign_a: sa,
      sign_b: sb,
      relation: signRelation(sa, sb),
      same_element: signIndexOf(la) % 4 === signIndexOf(lb) % 4,
    };
  });
  const key_overlays: KeyOverlay[] = [];
  for (const [direction, dir] of [
    ['a_in_b', r.house_overlays.a_in_b],
    ['b_in_a', r.house_overlays.b_in_a],
  ] as const)
    for (const o of dir.overlays)
      if (KEY_OVERLAY_POINTS.has(o.planet)) key_overlays.push({ direction, planet: o.planet, house: o.house });
  const comp = (p: RelPoint) => r.composite.positions.find((x) => x.planet === p)!.sign;
  const dav = (p: RelPoint) => r.davison.positions.find((x) => x.planet === p)!.sign;
  const contacts = r.synastry.contacts;
  return {
    person_a: person(a),
    person_b: person(b),
    sign_pairs,
    birth_interval_days: Math.round((Math.abs(a.utcMs - b.utcMs) / 86_400_000) * 1000) / 1000,
    contact_summary: {
      total: contacts.length,
      major: contacts.filter((c) => c.category === 'major').length,
      harmonious: r.synastry.harmonious_count,
      dynamic: r.synastry.dynamic_count,
      neutral: r.synastry.neutral_count,
    },
    strongest_contacts: contacts.slice(0, 5),
    key_overlays,
    composite_signs: { sun: comp('sun'), moon: comp('moon'), ascendant: comp('ascendant') },
    davison: { moment: new Date(r.davison.moment.utcMs).toISOString(), sun_sign: dav('sun'), moon_sign: dav('moon') },
    overall_score: r.scores.overall,
    overall_label: r.scores.label,
    dimension_scores: r.scores.dimensions.map((d) => ({ dimension: d.dimension, score: d.score })),
  };
}
