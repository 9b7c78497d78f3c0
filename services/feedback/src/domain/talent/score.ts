// Pure scoring: chart positions -> ten talent scores with the rules that fired. Locale-free: the
// evidence sentences are rendered afterwards (sentences.ts), so scores cannot change with the locale.
import {
  DEBILITATION,
  EXALTATION,
  SIGN_INFO,
  SIGNS,
  type ClassicalPlanet,
  type Element,
  type Sign,
} from '@astro/astro-core';
import { BASE_SCORE, levelOf, RULE_WEIGHTS, TALENTS, type RuleKind, type SkillId, type TalentDef } from './ontology.ts';

export interface ChartFactsInput {
  planets: { planet: string; sign: string; is_retrograde: boolean }[];
}

/** What a fired rule's sentence needs besides the rule kind. */
export interface RuleFacts {
  planet?: ClassicalPlanet;
  sign?: Sign;
  house?: number;
  element?: Element;
  count?: number;
}

export interface FiredRule {
  rule_id: string;
  kind: RuleKind;
  weight: number;
  facts: RuleFacts;
}

export interface TalentResult {
  skill_id: SkillId;
  value: number;
  level: string;
  lead_planet: ClassicalPlanet;
  contributing_rules: string[];
  fired: FiredRule[];
}

const CLASSICAL: readonly ClassicalPlanet[] = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn'];
const KENDRA = new Set([1, 4, 7, 10]);
const TRIKONA = new Set([5, 9]); // the 1st is counted as a kendra
const DUSTHANA = new Set([6, 8, 12]);

export class ChartFacts {
  readonly signOf = new Map<string, Sign>();
  readonly retro = new Map<string, boolean>();
  readonly ascSign: Sign;

  constructor(input: ChartFactsInput) {
    for (const p of input.planets) {
      if (!(SIGNS as readonly string[]).includes(p.sign)) continue;
      this.signOf.set(p.planet, p.sign as Sign);
      this.retro.set(p.planet, p.is_retrograde);
    }
    const asc = this.signOf.get('ascendant');
    if (!asc) throw new Error('chart without an ascendant');
    this.ascSign = asc;
  }

  /** Whole-sign house of a sign counted from the ascendant sign (1-12). */
  houseOfSign(sign: Sign): number {
    return ((SIGN_INFO[sign].index - SIGN_INFO[this.ascSign].index + 12) % 12) + 1;
  }

  house(p: ClassicalPlanet): number {
    return this.houseOfSign(this.signOf.get(p)!);
  }

  lordOfHouse(h: number): ClassicalPlanet {
    return SIGN_INFO[SIGNS[(SIGN_INFO[this.ascSign].index + h - 1) % 12]!].ruler;
  }

  dignity(p: ClassicalPlanet): 'exalted' | 'own_sign' | 'debilitated' | 'none' {
    const s = this.signOf.get(p)!;
    if (EXALTATION[p].sign === s) return 'exalted';
    if (DEBILITATION[p].sign === s) return 'debilitated';
    if (SIGN_INFO[s].ruler === p) return 'own_sign';
    return 'none';
  }

  /** Classical planets whose sign has this element. */
  inElement(e: Element): number {
    return CLASSICAL.filter((p) => SIGN_INFO[this.signOf.get(p)!].element === e).length;
  }
}

/** Dignity plus placement as one comparable number (used only to pick the lead planet). */
function planetStrength(f: ChartFacts, p: ClassicalPlanet): number {
  const d = f.dignity(p);
  const h = f.house(p);
  return (
    (d === 'exalted' ? 2 : d === 'own_sign' ? 1.5 : d === 'debilitated' ? -2 : 0) +
    (KENDRA.has(h) || TRIKONA.has(h) ? 1 : DUSTHANA.has(h) ? -1 : 0)
  );
}

function evaluate(f: ChartFacts, t: TalentDef): FiredRule[] {
  const fired: FiredRule[] = [];
  const fire = (kind: RuleKind, facts: RuleFacts) =>
    fired.push({ rule_id: `${t.skill}.${kind}`, kind, weight: RULE_WEIGHTS[kind], facts });
  const p = t.primary;
  const ps = f.signOf.get(p)!;
  const dig = f.dignity(p);
  if (dig === 'exalted') fire('primary_exalted', { planet: p, sign: ps });
  if (dig === 'own_sign') fire('primary_own_sign', { planet: p, sign: ps });
  if (dig === 'debilitated') fire('primary_debilitated', { planet: p, sign: ps });
  const ph = f.house(p);
  if (KENDRA.has(ph)) fire('primary_angular', { planet: p, house: ph });
  if (TRIKONA.has(ph)) fire('primary_trine', { planet: p, house: ph });
  if (DUSTHANA.has(ph)) fire('primary_dusthana', { planet: p, house: ph });
  // The Sun and Moon never retrograde; the flag is read as the chart reports it.
  if (f.retro.get(p)) fire('primary_retrograde', { planet: p });
  const s = t.secondary;
  const sd = f.dignity(s);
  if (sd === 'exalted' || sd === 'own_sign') fire('secondary_dignified', { planet: s, sign: f.signOf.get(s)! });
  if (sd === 'debilitated') fire('secondary_debilitated', { planet: s, sign: f.signOf.get(s)! });
  const lord = f.lordOfHouse(t.house);
  const lh = f.house(lord);
  if (KENDRA.has(lh) || TRIKONA.has(lh)) fire('house_lord_well_placed', { planet: lord, house: t.house });
  if (DUSTHANA.has(lh)) fire('house_lord_dusthana', { planet: lord, house: t.house });
  const n = f.inElement(t.element);
  if (n >= 3) fire('element_emphasis', { element: t.element, count: n });
  if (SIGN_INFO[f.ascSign].element === t.element) fire('ascendant_element', { element: t.element, sign: f.ascSign });
  return fired;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function scoreTalents(input: ChartFactsInput): TalentResult[] {
  const f = new ChartFacts(input);
  for (const p of CLASSICAL) if (!f.signOf.has(p)) throw new Error(`chart without ${p}`);
  return TALENTS.map((t) => {
    const fired = evaluate(f, t);
    const sum = fired.reduce((acc, r) => acc + r.weight, BASE_SCORE);
    const value = round3(Math.min(1, Math.max(0, sum)));
    const lead = planetStrength(f, t.secondary) > planetStrength(f, t.primary) ? t.secondary : t.primary;
    return {
      skill_id: t.skill,
      value,
      level: levelOf(value),
      lead_planet: lead,
      contributing_rules: fired.map((r) => r.rule_id),
      fired,
    };
  });
}
