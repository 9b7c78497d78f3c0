// Theo views (spec 2-vedic.md "Theo: strength and disposition"): planets (strength, disposition,
// connection), houses (weighted connection and share), house strength (four components) and sign
// influences. Pure: reads ChartFacts and the StrengthInputs from the shadbala/ashtakavarga code.
import { rulerOf, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import {
  CLASSICAL,
  compoundRelation,
  dignity,
  drishtiOnSign,
  functionalNature,
  GRAHAS,
  houseOfSign,
  isClassical,
  isCombust,
  isNaturalBenefic,
  mod12,
  occupantsOfSign,
  rashiAspects,
  round,
  signOfHouse,
  type ChartFacts,
  type Dignity,
  type FunctionalNature,
  type Graha,
} from './facts.ts';
import { houseEdges, influenceNetwork, planetHouseConnection, support, type Edge } from './influence.ts';
import { REQUIRED_RUPAS, virupaTotal, type StrengthInputs } from './inputs.ts';

// The spec names this tag (2-vedic.md "Theo"); a change of the strength numbers beneath is versioned by
// shadbala's own tag (features and README), never by renaming the spec's.
export const THEO_METHOD_VERSION = 'theo-strength-disposition-v2';
export const HOUSE_STRENGTH_METHOD_VERSION = 'theo-house-strength-v2';
export const SIGN_INFLUENCES_METHOD_VERSION = 'theo-sign-influences-v2';

// ---------------------------------------------------------------- strength

export interface PlanetStrength {
  virupa: number;
  rupas: number;
  required_rupas: number;
  ratio: number;
  rank: number;
  components: {
    naisargika: number;
    dig: number;
    uchcha: number;
    drik: number;
    kala: number;
    chesta: number;
    sthana: number;
  };
  missing: string[];
  complete: boolean;
}

/** Strength of the seven classical planets; rank 1 = highest ratio to the requirement (ties: higher virupa). */
export function planetStrengths(s: StrengthInputs): Record<ClassicalPlanet, PlanetStrength> {
  const rows = CLASSICAL.map((p) => {
    const r = s.shadbala[p];
    const virupa = virupaTotal(r);
    const rupas = virupa / 60;
    return { p, r, virupa, rupas, ratio: rupas / REQUIRED_RUPAS[p] };
  });
  const order = [...rows].sort((a, b) => b.ratio - a.ratio || b.virupa - a.virupa).map((x) => x.p);
  const out = {} as Record<ClassicalPlanet, PlanetStrength>;
  for (const { p, r, virupa, rupas, ratio } of rows)
    out[p] = {
      virupa: round(virupa, 2),
      rupas: round(rupas, 3),
      required_rupas: REQUIRED_RUPAS[p],
      ratio: round(ratio, 4),
      rank: order.indexOf(p) + 1,
      components: {
        naisargika: round(r.naisargika, 2),
        dig: round(r.dig, 2),
        uchcha: round(r.uchcha, 2),
        drik: round(r.drik, 2),
        kala: round(r.kala, 2),
        chesta: round(r.chesta, 2),
        sthana: round(r.other_sthana, 2),
      },
      missing: [...r.missing],
      complete: r.missing.length === 0,
    };
  return out;
}

// ---------------------------------------------------------------- disposition

export interface Term {
  name: 'functional_nature' | 'dignity' | 'house' | 'association' | 'condition';
  score: number;
  weight: number;
  reason: string;
}

const FUNCTIONAL_SCORE: Record<FunctionalNature, number> = {
  yogakaraka: 1.0,
  benefic: 0.6,
  lagnesha: 0.5,
  neutral: 0.0,
  malefic: -0.6,
};
const DIGNITY_SCORE: Record<Dignity, number> = {
  exaltation: 1.0,
  mooltrikona: 0.8,
  own: 0.6,
  great_friend: 0.4,
  friend: 0.2,
  neutral: 0.0,
  enemy: -0.4,
  great_enemy: -0.6,
  debilitation: -1.0,
};
export const HOUSE_SCORE: Readonly<Record<number, number>> = {
  1: 0.6,
  2: 0.0,
  3: 0.3,
  4: 0.4,
  5: 0.8,
  6: -0.5,
  7: 0.4,
  8: -0.8,
  9: 1.0,
  10: 0.6,
  11: 0.3,
  12: -0.6,
};

export type Band = 'very_benefic' | 'benefic' | 'mixed' | 'difficult' | 'very_difficult';
export function dispositionBand(score: number): Band {
  if (score >= 0.5) return 'very_benefic';
  if (score >= 0.15) return 'benefic';
  if (score > -0.15) return 'mixed';
  if (score > -0.5) return 'difficult';
  return 'very_difficult';
}

/** Papakartari: natural malefics (other than the planet) in both the 2nd and the 12th sign from it. */
export function papakartari(f: ChartFacts, p: Graha): boolean {
  const s = f.bodies[p].signIndex;
  const malefic = (sign: number) => occupantsOfSign(f, sign).some((q) => q !== p && !isNaturalBenefic(f, q));
  return malefic(mod12(s + 1)) && malefic(mod12(s - 1));
}

export function disposition(f: ChartFacts, p: Graha, incoming: readonly Edge[]) {
  const nodes = !isClassical(p);
  const fn = functionalNature(f, p);
  const dig = dignity(f, p);
  const house = f.bodies[p].house;
  const total = incoming.reduce((a, e) => a + e.strength, 0);
  const friendly = incoming
    .filter((e) => {
      const r = compoundRelation(f, p, e.source as Graha);
      return r === 'friend' || r === 'great_friend';
    })
    .reduce((a, e) => a + e.strength, 0);
  const assoc = total > 0 ? (2 * friendly) / total - 1 : 0;
  const conditions: string[] = [];
  let cond = 0;
  if (isCombust(f, p)) {
    cond -= 1;
    conditions.push('combust');
  }
  if (papakartari(f, p)) {
    cond -= 0.5;
    conditions.push('papakartari');
  }
  if (!nodes && f.bodies[p].retrograde) {
    // A retrograde natural benefic gains (more chesta), a retrograde natural malefic turns harsher.
    const b = isNaturalBenefic(f, p);
    cond += b ? 0.2 : -0.2;
    conditions.push(b ? 'retrograde_benefic' : 'retrograde_malefic');
  }
  cond = Math.max(-1, Math.min(1, cond));
  const terms: Term[] = [
    { name: 'functional_nature', score: FUNCTIONAL_SCORE[fn], weight: 0.3, reason: `functional ${fn} for this lagna` },
    nodes || dig === null
      ? { name: 'dignity', score: 0, weight: 0, reason: 'nodes have no dignity (abstains)' }
      : { name: 'dignity', score: DIGNITY_SCORE[dig], weight: 0.25, reason: `${dig} in ${f.bodies[p].sign}` },
    { name: 'house', score: HOUSE_SCORE[house]!, weight: 0.2, reason: `in house ${house}` },
    {
      name: 'association',
      score: round(assoc, 4),
      weight: 0.15,
      reason:
        total > 0
          ? `${Math.round((100 * friendly) / total)}% of incoming connection from friends`
          : 'no incoming connection',
    },
    {
      name: 'condition',
      score: round(cond, 4),
      weight: 0.1,
      reason: conditions.length ? conditions.join(', ') : 'no combustion, papakartari or retrogression',
    },
  ];
  const wsum = terms.reduce((a, t) => a + t.weight, 0);
  const score = round(terms.reduce((a, t) => a + t.weight * t.score, 0) / wsum, 4);
  return { score, band: dispositionBand(score), terms };
}

export function theoPlanets(f: ChartFacts, s: StrengthInputs) {
  const net = influenceNetwork(f);
  const strengths = planetStrengths(s);
  return GRAHAS.map((planet) => {
    const summary = net.planet_summaries.find((x) => x.planet === planet)!;
    return {
      planet,
      strength: isClassical(planet) ? strengths[planet] : null,
      disposition: disposition(f, planet, summary.incoming),
      connection: { received: summary.influence_received, given: summary.influence_given },
    };
  });
}

// ---------------------------------------------------------------- houses

export function theoHouses(f: ChartFacts, s: StrengthInputs) {
  const strengths = planetStrengths(s);
  const rows = Array.from({ length: 12 }, (_, i) => {
    const h = i + 1;
    const sign = signOfHouse(f, h);
    // Nodes lend connection (they count in support) but carry no rupas, hence no weight.
    const weighted = CLASSICAL.reduce((a, p) => a + strengths[p].rupas * planetHouseConnection(f, p, h), 0);
    return {
      house_number: h,
      sign: SIGNS[sign]!,
      occupants: occupantsOfSign(f, sign),
      weighted,
      support: round(support(f, houseEdges(f, h)), 4),
    };
  });
  const total = rows.reduce((a, r) => a + r.weighted, 0);
  return rows.map((r) => ({ ...r, weighted: round(r.weighted, 2), share: total > 0 ? r.weighted / total : 1 / 12 }));
}

/**
 * House strength: 0.30 x lord (shadbala ratio capped at 1) + 0.25 x bindus (SAV / 56, capped at 1) +
 * 0.25 x company + 0.20 x bhava bala (virupa / 200, capped at 1). Company: occupants and grahas whose
 * sign casts rashi drishti on the house; 0.5 + 0.5 x (benefic - malefic) / (benefic + malefic), 0.5
 * when nothing touches the house.
 */
export function houseStrength(f: ChartFacts, s: StrengthInputs) {
  const strengths = planetStrengths(s);
  return Array.from({ length: 12 }, (_, i) => {
    const h = i + 1;
    const sign = signOfHouse(f, h);
    const lord = rulerOf(SIGNS[sign]!);
    const touching = GRAHAS.filter((p) => f.bodies[p].signIndex === sign || rashiAspects(f.bodies[p].signIndex, sign));
    const ben = touching.filter((p) => isNaturalBenefic(f, p)).length;
    const mal = touching.length - ben;
    const components = {
      lord: round(Math.min(1, strengths[lord].ratio), 4),
      bindus: round(Math.min(1, s.sav[sign]! / 56), 4),
      company: round(touching.length ? 0.5 + (0.5 * (ben - mal)) / (ben + mal) : 0.5, 4),
      bhava_bala: round(Math.min(1, Math.max(0, s.bhavaBala[i]! / 200)), 4),
    };
    const score = round(
      0.3 * components.lord + 0.25 * components.bindus + 0.25 * components.company + 0.2 * components.bhava_bala,
      4,
    );
    return { house_number: h, sign: SIGNS[sign]!, lord, score, percent: Math.round(score * 100), components };
  });
}

// ---------------------------------------------------------------- sign influences

/**
 * Per sign (Aries first): occupants, the lord, and every planet's influence on it: occupation 100,
 * lordship 60, graha drishti 60 x graded fraction, rashi drishti 20 (from the sign a graha occupies,
 * only when it has no graha drishti there). Unsigned: no net/benefic/malefic split (removed in v2).
 */
export function signInfluences(f: ChartFacts) {
  return SIGNS.map((sign, s) => {
    const influences: { planet: Graha; via: string; strength: number }[] = [];
    for (const p of GRAHAS) {
      const b = f.bodies[p];
      if (b.signIndex === s) influences.push({ planet: p, via: 'occupation', strength: 100 });
      if (rulerOf(sign) === p) influences.push({ planet: p, via: 'lordship', strength: 60 });
      if (b.signIndex !== s) {
        const fr = drishtiOnSign(f, p, s);
        if (fr > 0) influences.push({ planet: p, via: 'aspect', strength: 60 * fr });
        else if (rashiAspects(b.signIndex, s)) influences.push({ planet: p, via: 'sign_aspect', strength: 20 });
      }
    }
    return {
      sign,
      house_number: houseOfSign(f, s),
      lord: rulerOf(sign),
      occupants: occupantsOfSign(f, s),
      influences,
      total_influence: influences.reduce((a, x) => a + x.strength, 0),
    };
  });
}
