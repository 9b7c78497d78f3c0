// The talent rule ontology: ten talents, each read from the same explicit rule families over chart
// factors. A talent names its primary and secondary significators (karakas), one house of the chart
// and one element; the rules below test classical factors of those (dignity after BPHS ch. 3,
// whole-sign house placement from the ascendant sign, retrogression, element emphasis). A rule that
// fires adds its signed weight to a neutral base of 0.5; the sum is clamped to 0-1.
//
// Rule ids are API values (`contributing_rules`, statements' `rule_path`): `<skill>.<rule kind>`.
import type { ClassicalPlanet, Element } from '@astro/astro-core';

export const TALENT_METHOD_VERSION = 'talent-ontology-v1';

export const SKILL_IDS = [
  'drive',
  'endurance',
  'leadership',
  'communication',
  'analysis',
  'empathy',
  'creativity',
  'learning',
  'intuition',
  'diplomacy',
] as const;
export type SkillId = (typeof SKILL_IDS)[number];

export interface TalentDef {
  skill: SkillId;
  /** Main significator: leads the score unless the secondary is clearly stronger. */
  primary: ClassicalPlanet;
  secondary: ClassicalPlanet;
  /** Whole-sign house (from the ascendant sign) whose lord is read. */
  house: number;
  element: Element;
}

// Significators follow the classical karakatva lists (BPHS ch. 32; Phaladeepika ch. 2): Mars courage
// and initiative, Saturn persistence, Sun authority, Mercury speech and reasoning, Moon feeling,
// Venus arts and harmony, Jupiter knowledge; houses: 3 effort and speech, 8 longevity/resilience,
// 10 command, 6 problem solving, 4 the heart, 5 creation, 9 higher learning, 12 the hidden, 7 others.
export const TALENTS: readonly TalentDef[] = [
  { skill: 'drive', primary: 'mars', secondary: 'sun', house: 3, element: 'fire' },
  { skill: 'endurance', primary: 'saturn', secondary: 'mars', house: 8, element: 'earth' },
  { skill: 'leadership', primary: 'sun', secondary: 'jupiter', house: 10, element: 'fire' },
  { skill: 'communication', primary: 'mercury', secondary: 'venus', house: 3, element: 'air' },
  { skill: 'analysis', primary: 'mercury', secondary: 'saturn', house: 6, element: 'earth' },
  { skill: 'empathy', primary: 'moon', secondary: 'venus', house: 4, element: 'water' },
  { skill: 'creativity', primary: 'venus', secondary: 'moon', house: 5, element: 'air' },
  { skill: 'learning', primary: 'jupiter', secondary: 'mercury', house: 9, element: 'fire' },
  { skill: 'intuition', primary: 'moon', secondary: 'jupiter', house: 12, element: 'water' },
  { skill: 'diplomacy', primary: 'venus', secondary: 'jupiter', house: 7, element: 'air' },
];

/** The rule families; each talent has one rule of each kind. */
export const RULE_KINDS = [
  'primary_exalted',
  'primary_own_sign',
  'primary_debilitated',
  'primary_angular',
  'primary_trine',
  'primary_dusthana',
  'primary_retrograde',
  'secondary_dignified',
  'secondary_debilitated',
  'house_lord_well_placed',
  'house_lord_dusthana',
  'element_emphasis',
  'ascendant_element',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * Signed weight of each rule kind. Dignity dominates (the classical texts rank a planet's own state
 * above its placement); placement and the house lord come next; element emphasis is a tie-breaker.
 */
export const RULE_WEIGHTS: Readonly<Record<RuleKind, number>> = {
  primary_exalted: 0.25,
  primary_own_sign: 0.2,
  primary_debilitated: -0.25,
  primary_angular: 0.1,
  primary_trine: 0.1,
  primary_dusthana: -0.1,
  primary_retrograde: -0.05,
  secondary_dignified: 0.1,
  secondary_debilitated: -0.1,
  house_lord_well_placed: 0.1,
  house_lord_dusthana: -0.1,
  element_emphasis: 0.1,
  ascendant_element: 0.05,
};

export const BASE_SCORE = 0.5;

/** Score -> level: five equal bands. */
export function levelOf(value: number): string {
  if (value >= 0.8) return 'very_high';
  if (value >= 0.6) return 'high';
  if (value >= 0.4) return 'moderate';
  if (value >= 0.2) return 'low';
  return 'very_low';
}
