// The yoga engine: the catalogue (rules as data) evaluated against a chart. For each rule it reports
// whether it formed and, per occurrence (one per satisfying binding of a family, occurrences naming the
// same planets merged), the planets that formed it, their houses from the lagna and the strength grade.
import { houseOf, type Graha, type YogaChart } from './chart.ts';
import { LORDSHIP } from './catalogue/lordship.ts';
import { NABHASA } from './catalogue/nabhasa.ts';
import { OTHER } from './catalogue/other.ts';
import { PLANETARY } from './catalogue/planetary.ts';
import { YOGA_CATEGORIES, type YogaCategory, type YogaRule } from './rule.ts';
import { exprText } from './text.ts';
import { bindings, evaluate, type Env } from './vocabulary.ts';

export { YOGA_CATEGORIES, type YogaCategory, type YogaRule };
export type { YogaChart };

export const YOGA_METHOD_VERSION = 'yogas-v1';

export const YOGA_CATALOGUE: readonly YogaRule[] = Object.freeze([...PLANETARY, ...NABHASA, ...LORDSHIP, ...OTHER]);

/** The conventions every rule shares, stated in each answer and in docs/yogas.md. */
export const YOGA_CONVENTIONS: readonly { topic: string; choice: string }[] = Object.freeze([
  { topic: 'houses', choice: 'Whole-sign houses counted from the lagna (or from the Moon/Sun where a rule says so).' },
  {
    topic: 'aspects',
    choice:
      'Graha drishti by sign (BPHS ch. 26): all grahas the 7th; Mars also 4th and 8th, Jupiter 5th and 9th, Saturn 3rd and 10th; the nodes the 7th only.',
  },
  {
    topic: 'nodes',
    choice:
      'Rahu and Ketu own no sign and have no dignity; they take no part in Nabhasa, solar and lunar yogas; they count as malefics in Ashubha, Lagnadhi and Parvata (whose 6th and 8th must hold no malefic), nowhere else.',
  },
  {
    topic: 'benefics',
    choice:
      'Natural benefics are Mercury, Jupiter and Venus; the Moon is neither benefic nor malefic here (PyJHora const.natural_benefics); malefics are the Sun, Mars and Saturn.',
  },
  {
    topic: 'dignity',
    choice:
      "astro-core's vedicDignity (BPHS ch. 3): exaltation, moolatrikona with degree ranges, own sign, then the five-fold compound relationship; a 'strong' lord is one in exaltation, moolatrikona, own or a friendly sign.",
  },
  {
    topic: 'association',
    choice: 'Two lords are associated (sambandha) by conjunction in a sign, mutual aspect or exchange of signs.',
  },
  {
    topic: 'cancellation',
    choice:
      'A yoga whose own text cancels it (Kemadruma with a planet by the Moon or in a kendra, Sakata with the Moon in a kendra) is reported absent.',
  },
]);

export interface YogaOccurrence {
  planets: Graha[];
  houses: number[];
  strength: string;
  binding: Env;
}

export interface YogaResult {
  rule: YogaRule;
  present: boolean;
  occurrences: YogaOccurrence[];
}

const GRAHA_ORDER: readonly Graha[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];

function strengthOf(rule: YogaRule, chart: YogaChart, env: Env): string {
  if (!rule.strength) return '';
  const grade = rule.strength.grades.find((g) => evaluate(g.when, chart, env).ok);
  return grade ? grade.label : rule.strength.otherwise;
}

/** Evaluate one rule (every binding of a family) against a chart. */
export function evaluateRule(rule: YogaRule, chart: YogaChart): YogaResult {
  const occurrences = new Map<string, YogaOccurrence>();
  for (const env of bindings(rule.family)) {
    const m = evaluate(rule.rule, chart, env);
    if (!m.ok) continue;
    const planets = GRAHA_ORDER.filter((g) => m.planets.has(g));
    const key = planets.join(',');
    if (occurrences.has(key)) continue;
    const houses = [...new Set(planets.map((g) => houseOf(chart, g)))].sort((a, b) => a - b);
    occurrences.set(key, { planets, houses, strength: strengthOf(rule, chart, env), binding: env });
  }
  return { rule, present: occurrences.size > 0, occurrences: [...occurrences.values()] };
}

/** Every rule of the catalogue (or of one category) against a chart. */
export function evaluateYogas(chart: YogaChart, category?: YogaCategory): YogaResult[] {
  return YOGA_CATALOGUE.filter((r) => !category || r.category === category).map((r) => evaluateRule(r, chart));
}

export const yogaById = (id: string): YogaRule | undefined => YOGA_CATALOGUE.find((r) => r.id === id);

/** A family's variable domains as text ("k in {1, 4, 7, 10}; t in {1, 5, 9}"); '' for a single rule. */
export function familyText(rule: YogaRule): string {
  return Object.entries(rule.family ?? {})
    .map(([name, values]) => `${name} in {${values.join(', ')}}`)
    .join('; ');
}

/** The rule as text: the family's domains, then the expression. */
export function ruleText(rule: YogaRule): string {
  const family = familyText(rule);
  return (family ? `for each ${family}: ` : '') + exprText(rule.rule);
}

/** The strength grading as text; '' where the texts give none. */
export function strengthText(rule: YogaRule): string {
  if (!rule.strength) return '';
  const grades = rule.strength.grades.map((g) => `${g.label} when ${exprText(g.when)}`);
  return `${[...grades, `otherwise ${rule.strength.otherwise}`].join('; ')} (${rule.strength.source})`;
}
