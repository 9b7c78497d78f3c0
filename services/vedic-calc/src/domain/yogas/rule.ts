// The shape of a yoga rule: data only. A rule family (e.g. a raja yoga for each kendra-trikona lord pair)
// is one rule with variable domains; each satisfying binding is one occurrence, and the family counts
// once in the catalogue.
import type { Graha } from './chart.ts';
import type { Expr } from './vocabulary.ts';

export const YOGA_CATEGORIES = [
  'pancha_mahapurusha',
  'surya',
  'chandra',
  'nabhasa',
  'raja',
  'dhana',
  'parivartana',
  'other',
] as const;
export type YogaCategory = (typeof YOGA_CATEGORIES)[number];

export interface StrengthRule {
  /** Where the grading comes from. */
  source: string;
  /** The first grade whose condition holds names the strength. */
  grades: { label: string; when: Expr }[];
  otherwise: string;
}

export interface YogaRule {
  id: string;
  name: string;
  category: YogaCategory;
  /** The classical text (and chapter/verse or combination number) the rule follows. */
  source: string;
  rule: Expr;
  /** Variable domains of a rule family; absent for a single rule. */
  family?: Readonly<Record<string, readonly (number | Graha)[]>>;
  strength?: StrengthRule;
  /** Where sources disagree: the reading chosen. */
  note?: string;
}
