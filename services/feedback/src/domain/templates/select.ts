// Template choice (spec "Template interpretations" rules 1-4): by kind order strength ->
// recommendation -> risk, the first kind with an eligible template whose band contains the score wins;
// among several, a hash of (chart_id, skill_id) picks one, so the same chart always reads the same.
import { createHash } from 'node:crypto';
import { bandContains, KIND_ORDER, TEMPLATES, type Template } from './catalog.ts';

/** Language subtag equality: templates in `en` serve `en`, `en-GB`, `en-US`. */
export function localeMatches(templateLocale: string, requested: string): boolean {
  const lang = (s: string) => s.split(/[-_]/)[0]!.toLowerCase();
  return lang(templateLocale) === lang(requested);
}

/** Deterministic index in 0..n-1 from (chart_id, skill_id). */
export function pickIndex(chartId: string, skillId: string, n: number): number {
  const h = createHash('sha256').update(`${chartId}\u0000${skillId}`).digest();
  return h.readUInt32BE(0) % n;
}

export interface SelectInput {
  chartId: string;
  skillId: string;
  score: number;
  locale: string;
  /** Template ids suppressed for this tenant (low accuracy). */
  suppressed: ReadonlySet<string>;
  catalog?: readonly Template[];
}

export function selectTemplate(inp: SelectInput): Template | undefined {
  const catalog = inp.catalog ?? TEMPLATES;
  for (const kind of KIND_ORDER) {
    const matches = catalog
      .filter(
        (t) =>
          t.skill_id === inp.skillId &&
          t.kind === kind &&
          localeMatches(t.locale, inp.locale) &&
          !inp.suppressed.has(t.id) &&
          bandContains(t.band, inp.score),
      )
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    if (matches.length) return matches[pickIndex(inp.chartId, inp.skillId, matches.length)];
  }
  return undefined;
}

/** The statement text: the template with its lead planet filled in. */
export function renderBody(t: Template, leadPlanet: string): string {
  const name = leadPlanet.charAt(0).toUpperCase() + leadPlanet.slice(1);
  return t.body.replace('{lead_planet}', name);
}
