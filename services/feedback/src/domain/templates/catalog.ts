// The template catalog (English only, spec "Template interpretations" rule 4). Versioned: ids are
// stable API values (feedback and accuracy are keyed by them), so a wording change gets a new id and
// a new catalog version; an old id is never reused for other text.
//
// Bands per talent (min inclusive, max exclusive; a band ending at 1 includes 1):
//   strength        [0.6, 0.8) solid, [0.8, 1] marked, [0.6, 1] general   -> two matches per score
//   recommendation  [0.4, 0.6) develop, [0.4, 0.6) practice                -> two matches
//   risk            [0.2, 0.4) watch, [0, 0.2) marked, [0, 0.4) general     -> two matches
import { SKILL_IDS, type SkillId } from '../talent/ontology.ts';

export const CATALOG_VERSION = 'templates-2026.11-1';

export type StatementKind = 'strength' | 'recommendation' | 'risk';
/** The order in which kinds are tried (rule 2). */
export const KIND_ORDER: readonly StatementKind[] = ['strength', 'recommendation', 'risk'];

export interface Template {
  id: string;
  skill_id: SkillId;
  kind: StatementKind;
  locale: string;
  band: { min: number; max: number };
  /** One line; `{lead_planet}` is replaced by the score's lead planet. */
  body: string;
}

const TITLE: Record<SkillId, string> = {
  drive: 'Drive',
  endurance: 'Endurance',
  leadership: 'Leadership',
  communication: 'Communication',
  analysis: 'Analytical thinking',
  empathy: 'Empathy',
  creativity: 'Creativity',
  learning: 'Learning',
  intuition: 'Intuition',
  diplomacy: 'Diplomacy',
};

interface Shape {
  suffix: string;
  kind: StatementKind;
  band: [number, number];
  text: (title: string) => string;
}

const SHAPES: readonly Shape[] = [
  {
    suffix: 'strength.solid',
    kind: 'strength',
    band: [0.6, 0.8],
    text: (t) => `${t} is a dependable strength, supported by {lead_planet}.`,
  },
  {
    suffix: 'strength.marked',
    kind: 'strength',
    band: [0.8, 1],
    text: (t) => `${t} is a standout strength; {lead_planet} gives it unusual force.`,
  },
  {
    suffix: 'strength.general',
    kind: 'strength',
    band: [0.6, 1],
    text: (t) => `${t} comes naturally and is worth building a role around; {lead_planet} leads it.`,
  },
  {
    suffix: 'recommendation.develop',
    kind: 'recommendation',
    band: [0.4, 0.6],
    text: (t) => `${t} is present but uneven; deliberate practice will make it reliable ({lead_planet}).`,
  },
  {
    suffix: 'recommendation.practice',
    kind: 'recommendation',
    band: [0.4, 0.6],
    text: (t) => `${t} grows with structure: set small, regular goals for it ({lead_planet}).`,
  },
  {
    suffix: 'risk.watch',
    kind: 'risk',
    band: [0.2, 0.4],
    text: (t) => `${t} may fall short under pressure; plan support for it ({lead_planet}).`,
  },
  {
    suffix: 'risk.marked',
    kind: 'risk',
    band: [0, 0.2],
    text: (t) => `${t} is a clear blind spot; lean on others or tools here ({lead_planet}).`,
  },
  {
    suffix: 'risk.general',
    kind: 'risk',
    band: [0, 0.4],
    text: (t) => `${t} is not a natural asset; avoid roles that depend on it alone ({lead_planet}).`,
  },
];

export const TEMPLATES: readonly Template[] = SKILL_IDS.flatMap((skill) =>
  SHAPES.map((s) => ({
    id: `tpl.${skill}.${s.suffix}.v1`,
    skill_id: skill,
    kind: s.kind,
    locale: 'en',
    band: { min: s.band[0], max: s.band[1] },
    body: s.text(TITLE[skill]),
  })),
);

const BY_ID = new Map(TEMPLATES.map((t) => [t.id, t]));

export function templateById(id: string): Template | undefined {
  return BY_ID.get(id);
}

export function bandContains(band: Template['band'], score: number): boolean {
  return score >= band.min && (score < band.max || (band.max === 1 && score === 1));
}
