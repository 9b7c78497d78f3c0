// Predictive probability engine (spec 2-vedic.md): essential planets, period modifiers, transit
// modifiers, theme probability with seven sources, complete factor, meta factors. Pure apart from the
// transit positions the caller passes in.
import { rulerOf, SIGNS, type ClassicalPlanet, type DashaLord } from '@astro/astro-core';
import { arudhaOf } from '../jaimini/arudha.ts';
import type { VimPeriod } from '../dashas/vimshottari.ts';
import {
  CLASSICAL,
  compoundRelation,
  drishtiOnSign,
  functionalNature,
  GRAHAS,
  isClassical,
  isNaturalBenefic,
  mod12,
  occupantsOfSign,
  round,
  type ChartFacts,
  type Compound,
  type FunctionalNature,
  type Graha,
} from './facts.ts';
import type { StrengthInputs } from './inputs.ts';
import { compositeOf } from './quality.ts';
import { DEFAULT_THEMES, significator, type Significator } from './significators.ts';
import type { TransitBody } from './transits.ts';

export const PROBABILITY_METHOD_VERSION = 'probability-engine-v2';

// ---------------------------------------------------------------- essential planets

/** Influence of a planet on a sign: occupation 100, lordship 60, graha drishti 60 x graded fraction. */
export function influenceOnSign(f: ChartFacts, p: Graha, s: number): number {
  let x = 0;
  if (f.bodies[p].signIndex === s) x += 100;
  else x += 60 * drishtiOnSign(f, p, s);
  if (isClassical(p) && rulerOf(SIGNS[s]!) === p) x += 60;
  return x;
}

/** Arudha sign of the house `house` counted from sign index `from`. */
export function arudhaFrom(f: ChartFacts, from: number, house: number): number {
  const houseSign = mod12(from + house - 1);
  const lord = rulerOf(SIGNS[houseSign]!);
  return arudhaOf(houseSign, f.bodies[lord].signIndex);
}

export function essentialPlanets(f: ChartFacts, sig: Significator) {
  const la = arudhaFrom(f, f.ascSignIndex, sig.house);
  const ka = arudhaFrom(f, f.bodies[sig.karaka].signIndex, sig.house);
  const ranked = GRAHAS.map((planet) => {
    const a = influenceOnSign(f, planet, la);
    const b = influenceOnSign(f, planet, ka);
    return {
      planet,
      influence_on_lagna_arudha: round(a, 2),
      influence_on_karaka_arudha: round(b, 2),
      total_influence: round(a + b, 2),
    };
  }).sort((x, y) => y.total_influence - x.total_influence || GRAHAS.indexOf(x.planet) - GRAHAS.indexOf(y.planet));
  return {
    theme: sig.theme,
    house_number: sig.house,
    karaka: sig.karaka,
    from_lagna_arudha: SIGNS[la]!,
    from_karaka_arudha: SIGNS[ka]!,
    ranked,
  };
}

// ---------------------------------------------------------------- period modifiers

export interface Modifier {
  name: string;
  value: number;
  reason: string;
}

const GOOD_HOUSES = new Set([1, 4, 5, 7, 9, 10]);
const DUSTHANAS = new Set([6, 8, 12]);
const FUNCTIONAL_POINTS: Record<FunctionalNature, number> = {
  yogakaraka: 20,
  benefic: 15,
  lagnesha: 10,
  neutral: 0,
  malefic: -15,
};
const RELATION_POINTS: Record<Compound, number> = {
  great_friend: 20,
  friend: 10,
  neutral: 0,
  enemy: -10,
  great_enemy: -20,
};

function placementPoints(h: number, scale: number): number {
  return GOOD_HOUSES.has(h) ? scale : DUSTHANAS.has(h) ? -scale : 0;
}

/**
 * Each graha starts at 100; the mahadasha, antardasha and pratyantardasha lords add 100, 50 and 25 and
 * then fold in: placement from the lagna (kendra/trikona +20, dusthana -20), placement from the lagna
 * lord (+-10 likewise), natural nature x 10 (benefic +10, malefic -10), functional nature (yogakaraka
 * +20, trikona lord +15, lagnesha +10, neutral 0, malefic -15) and, for the antar and pratyantar lords,
 * the five-fold relationship to the enclosing lord (great friend +20 ... great enemy -20).
 */
export function periodModifiers(f: ChartFacts, chain: readonly VimPeriod[]) {
  const roles: [string, number][] = [
    ['mahadasha', 100],
    ['antardasha', 50],
    ['pratyantardasha', 25],
  ];
  const lagnaLord = rulerOf(SIGNS[f.ascSignIndex]!);
  const planets = GRAHAS.map((planet) => {
    const modifiers: Modifier[] = [];
    chain.slice(0, 3).forEach((period, level) => {
      if (period.lord !== planet) return;
      const [role, bonus] = roles[level]!;
      modifiers.push({ name: role, value: bonus, reason: `${role} lord` });
      const h = f.bodies[planet].house;
      modifiers.push({
        name: 'placement_from_lagna',
        value: placementPoints(h, 20),
        reason: `in house ${h} from the lagna`,
      });
      const fromLord = mod12(f.bodies[planet].signIndex - f.bodies[lagnaLord].signIndex) + 1;
      modifiers.push({
        name: 'placement_from_lagna_lord',
        value: placementPoints(fromLord, 10),
        reason: `${fromLord} from the lagna lord ${lagnaLord}`,
      });
      const benefic = isNaturalBenefic(f, planet);
      modifiers.push({
        name: 'natural_nature',
        value: benefic ? 10 : -10,
        reason: benefic ? 'natural benefic' : 'natural malefic',
      });
      const fn = functionalNature(f, planet);
      modifiers.push({ name: 'functional_nature', value: FUNCTIONAL_POINTS[fn], reason: `functional ${fn}` });
      if (level > 0) {
        const parent = chain[level - 1]!.lord as Graha;
        const rel = compoundRelation(f, planet, parent);
        modifiers.push({ name: 'relationship_to_parent', value: RELATION_POINTS[rel], reason: `${rel} of ${parent}` });
      }
    });
    const score = 100 + modifiers.reduce((a, m) => a + m.value, 0);
    const explanation = modifiers.length
      ? `${planet} rules the current ${modifiers
          .filter((m) => m.name.endsWith('dasha'))
          .map((m) => m.name)
          .join(' and ')}`
      : `${planet} rules no current period: base 100`;
    return { planet, score, modifiers, explanation };
  });
  return planets;
}

export function periodChain(chain: readonly VimPeriod[]) {
  return chain.slice(0, 3).map((p, i) => ({
    level: ['mahadasha', 'antardasha', 'pratyantardasha'][i]!,
    lord: p.lord as DashaLord,
    starts_at: new Date(p.startMs).toISOString(),
    ends_at: new Date(p.endMs).toISOString(),
  }));
}

// ---------------------------------------------------------------- transit modifiers

export type TransitQuality = 'favourable' | 'neutral' | 'unfavourable';
/** Quality bands: at least 120 favourable, at most 80 unfavourable (a net two-bindu swing either way). */
export function transitQuality(score: number): TransitQuality {
  return score >= 120 ? 'favourable' : score <= 80 ? 'unfavourable' : 'neutral';
}

/** 100 + 5 x (SAV - 28) + 10 x (BAV - 4) in the transit sign against natal ashtakavarga; nodes skipped. */
export function transitModifiers(s: StrengthInputs, transits: Record<Graha, TransitBody>) {
  return CLASSICAL.map((planet) => {
    const t = transits[planet];
    const sav = s.sav[t.signIndex]!;
    const bav = s.bav[planet][t.signIndex]!;
    const score = 100 + 5 * (sav - 28) + 10 * (bav - 4);
    return {
      planet,
      transit_sign: t.sign,
      sarva_bindus: sav,
      bhinna_bindus: bav,
      score,
      quality: transitQuality(score),
    };
  });
}

// ---------------------------------------------------------------- probability

export type ConditionType =
  | 'KARAKA'
  | 'HOUSE_FROM_LAGNA'
  | 'HOUSE_FROM_MOON'
  | 'HOUSE_FROM_SUN'
  | 'HOUSE_FROM_KARAKA'
  | 'ARUDHA_FROM_LAGNA'
  | 'ARUDHA_FROM_KARAKA';

const SOURCES: readonly { type: ConditionType; importance: number; threshold: number; failCoefficient: number }[] = [
  { type: 'KARAKA', importance: 0.3, threshold: 70, failCoefficient: 0.5 },
  { type: 'HOUSE_FROM_LAGNA', importance: 0.4, threshold: 50, failCoefficient: 0.5 },
  { type: 'HOUSE_FROM_MOON', importance: 0.3, threshold: 50, failCoefficient: 0.5 },
  { type: 'HOUSE_FROM_SUN', importance: 0.2, threshold: 50, failCoefficient: 0.5 },
  { type: 'HOUSE_FROM_KARAKA', importance: 0.3, threshold: 50, failCoefficient: 0.5 },
  { type: 'ARUDHA_FROM_LAGNA', importance: 0.05, threshold: 30, failCoefficient: 0.9 },
  { type: 'ARUDHA_FROM_KARAKA', importance: 0.05, threshold: 30, failCoefficient: 0.9 },
];

/** Soft cap: linear up to 1, then 1 + 0.5 x (1 - e^-(x-1)), never above 1.5. */
export const softCap = (x: number) => (x <= 1 ? x : 1 + 0.5 * (1 - Math.exp(-(x - 1))));

export interface Activity {
  period: Record<Graha, number>;
  transit: Partial<Record<Graha, number>>;
}

/** Activity of a graha (0..~3): composite strength x period score / 100 x transit score / 100 (nodes: no transit factor). */
export function planetActivity(f: ChartFacts, s: StrengthInputs, a: Activity, p: Graha): number {
  return (compositeOf(f, s, p) * a.period[p] * (a.transit[p] ?? 100)) / 10_000;
}

/** Activation (%) of a sign: 40 x SAV / 28 + 60 x mean activity of its lord and occupants. */
export function signActivation(f: ChartFacts, s: StrengthInputs, a: Activity, sign: number): number {
  const movers = [...new Set<Graha>([rulerOf(SIGNS[sign]!), ...occupantsOfSign(f, sign)])];
  const mean = movers.reduce((x, p) => x + planetActivity(f, s, a, p), 0) / movers.length;
  return 40 * (s.sav[sign]! / 28) + 60 * mean;
}

export function probability(f: ChartFacts, s: StrengthInputs, a: Activity, sig: Significator) {
  const k = f.bodies[sig.karaka].signIndex;
  const nth = (from: number) => mod12(from + sig.house - 1);
  const signs: Record<ConditionType, number> = {
    KARAKA: k,
    HOUSE_FROM_LAGNA: nth(f.ascSignIndex),
    HOUSE_FROM_MOON: nth(f.bodies.moon.signIndex),
    HOUSE_FROM_SUN: nth(f.bodies.sun.signIndex),
    HOUSE_FROM_KARAKA: nth(k),
    ARUDHA_FROM_LAGNA: arudhaFrom(f, f.ascSignIndex, sig.house),
    ARUDHA_FROM_KARAKA: arudhaFrom(f, k, sig.house),
  };
  const sources = SOURCES.map((src) => {
    const sign = signs[src.type];
    const activation =
      src.type === 'KARAKA' ? 100 * planetActivity(f, s, a, sig.karaka) : signActivation(f, s, a, sign);
    return {
      condition_type: src.type,
      sign: SIGNS[sign]!,
      activation: round(activation, 2),
      importance: src.importance,
      contribution: round(softCap(activation / 100) * src.importance, 4),
      threshold: src.threshold,
      is_satisfied: activation >= src.threshold,
    };
  });
  const totalImportance = SOURCES.reduce((x, src) => x + src.importance, 0);
  const raw = Math.min(1, sources.reduce((x, src) => x + src.contribution, 0) / totalImportance);
  let final = raw;
  const failed_conditions = sources
    .filter((src) => !src.is_satisfied)
    .map((src) => {
      const def = SOURCES.find((d) => d.type === src.condition_type)!;
      final *= def.failCoefficient;
      return {
        condition_type: src.condition_type,
        current_value: src.activation,
        required_value: src.threshold,
        description: `${src.condition_type} (${src.sign}) activated ${src.activation}% below the ${src.threshold}% threshold: x${def.failCoefficient}`,
      };
    });
  return {
    raw_probability: round(raw, 4),
    final_probability: round(Math.max(0, Math.min(1, final)), 4),
    sources,
    failed_conditions,
  };
}

// ---------------------------------------------------------------- meta factors

/**
 * Over the ten default themes: each graha's appearances as karaka and in the top-2 essential ranking.
 * weighted_score = sum of appearance weights (karaka 1.0, essential rank 1 0.8, rank 2 0.6) x
 * (0.5 + 0.5 x composite strength). Planets with at least two appearances, highest score first.
 */
export function metaFactors(f: ChartFacts, s: StrengthInputs) {
  const rows = new Map<Graha, { karaka: string[]; essential: string[]; weight: number }>();
  const row = (p: Graha) => {
    if (!rows.has(p)) rows.set(p, { karaka: [], essential: [], weight: 0 });
    return rows.get(p)!;
  };
  for (const theme of DEFAULT_THEMES) {
    const sig = significator(theme)!;
    const r = row(sig.karaka);
    r.karaka.push(theme);
    r.weight += 1.0;
    essentialPlanets(f, sig)
      .ranked.slice(0, 2)
      .forEach((e, i) => {
        const q = row(e.planet);
        q.essential.push(theme);
        q.weight += i === 0 ? 0.8 : 0.6;
      });
  }
  const meta_factors = [...rows.entries()]
    .map(([planet, r]) => ({
      planet,
      themes_as_karaka: r.karaka,
      themes_as_essential: r.essential,
      total_appearances: r.karaka.length + r.essential.length,
      weighted_score: round(r.weight * (0.5 + 0.5 * compositeOf(f, s, planet)), 4),
    }))
    .filter((m) => new Set([...m.themes_as_karaka, ...m.themes_as_essential]).size >= 2)
    .sort((a, b) => b.weighted_score - a.weighted_score || GRAHAS.indexOf(a.planet) - GRAHAS.indexOf(b.planet));
  return { themes_analysed: [...DEFAULT_THEMES], meta_factors };
}

export type { ClassicalPlanet };
