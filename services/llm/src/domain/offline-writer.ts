// The offline writer: the default "model" when no provider is configured. It writes only from the
// engine context's `highlights` (one sentence per fact, from the native templates of the ten
// languages in offline-templates.ts) and adds nothing of its own, so it can never state what the
// calculation did not produce. It is labelled as such in the README.
//
// Tiers differ honestly (spec 3-western-llm.md: basic concise, 3-5 paragraphs; standard 6-10;
// premium 12-20): each fact carries the tier from which it belongs in the answer, so basic states the
// headline facts, standard adds the supporting ones and premium every fact of the context, and the
// paragraph count follows the tier's range as far as the facts go (the writer never pads).
import type { Language, Tier } from './catalog.ts';
import { TIER_SPECS } from './catalog.ts';
import type { Fact } from './facts.ts';
import { TEMPLATES } from './offline-templates.ts';
import {
  ASPECTS,
  DIGNITIES,
  ELEMENTS,
  KARAKA_ROLES,
  LEVELS,
  OWNERS,
  PLANETS,
  SIGNS,
  TARAS,
  YOGAS,
  word,
} from './offline-vocab.ts';
import { THEMES } from './themes.ts';

const day = (iso: string) => iso.slice(0, 10);
const deg = (x: number) => `${x.toFixed(1)}°`;
/** A 0..1 probability as a whole percentage. */
const pct = (x: number) => String(Math.round(x * 100));
/** `2024-05-01T06:00:00+05:30` as `2024-05-01 06:00 (+05:30)`: digits only, readable in every script. */
function moment(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(iso);
  if (!m) return iso;
  return `${m[1]} ${m[2]} (${m[3] === 'Z' || !m[3] ? '+00:00' : m[3]})`;
}

const P = (k: string, l: Language) => word(PLANETS, k, l);
const list = (ks: string[], l: Language) => ks.map((k) => P(k, l)).join(', ');

/** A theme of the probability engine as the language names it (its house and karaka outside English). */
function themeName(theme: string, l: Language): string {
  const def = THEMES.get(theme);
  const tpl = TEMPLATES[l].theme;
  if (!def) return fill(TEMPLATES.en.theme, { name: theme.replace(/_/g, ' ') });
  return fill(tpl, { name: theme.replace(/_/g, ' '), house: String(def.house), karaka: P(def.karaka, l) });
}

/** The values a fact offers to its sentence, in the language. */
function values(f: Fact, l: Language): Record<string, string | undefined> {
  const a = f as Record<string, any>;
  const theme = typeof a.theme === 'string' ? themeName(a.theme, l) : undefined;
  const v: Record<string, string | undefined> = {
    owner: a.owner ? word(OWNERS, a.owner, l) : undefined,
    planet: a.planet ? P(a.planet, l) : undefined,
    sign: a.sign ? word(SIGNS, a.sign, l) : undefined,
    house: a.house ? String(a.house) : undefined,
    retro: a.retrograde ? 'yes' : undefined,
    dignity: a.dignity ? word(DIGNITIES, a.dignity, l) : undefined,
    lord: a.lord ? P(a.lord, l) : undefined,
    lord_house: a.lord_house ? String(a.lord_house) : undefined,
    occupants: a.occupants?.length ? list(a.occupants, l) : undefined,
    level: a.level ? word(LEVELS, a.level, l) : undefined,
    start: a.starts_at ? day(a.starts_at) : undefined,
    end: a.ends_at ? day(a.ends_at) : undefined,
    a: a.a ? P(a.a, l) : undefined,
    b: a.b ? P(a.b, l) : undefined,
    aspect: a.aspect ? word(ASPECTS, a.aspect, l) : undefined,
    orb: typeof a.orb === 'number' ? deg(a.orb) : undefined,
    transit: a.transit ? 'yes' : undefined,
    rank: a.rank !== undefined ? String(a.rank) : undefined,
    at: a.at ? moment(a.at) : undefined,
    tara: a.tara ? word(TARAS, a.tara, l) : undefined,
    weekday_lord: a.weekday_lord ? P(a.weekday_lord, l) : undefined,
    score: a.score !== undefined ? String(a.score) : undefined,
    role: a.role ? word(KARAKA_ROLES, a.role, l) : undefined,
    name: a.name ? word(YOGAS, a.name, l) : undefined,
    planets: a.planets?.length ? list(a.planets, l) : undefined,
    element: a.element ? word(ELEMENTS, a.element, l) : undefined,
    share: typeof a.share === 'number' ? String(Math.round(a.share * 100)) : undefined,
    age: a.age !== undefined ? String(a.age) : undefined,
    time_lord: a.time_lord ? P(a.time_lord, l) : undefined,
    theme,
    pct: typeof a.value === 'number' ? pct(a.value) : undefined,
    n: a.appearances !== undefined ? String(a.appearances) : undefined,
  };
  if (f.kind === 'intro')
    v.topic = fill(TEMPLATES[l].topics[f.topic] ?? TEMPLATES[l].topics.chart_reading, {
      theme,
      date: f.date ? day(f.date) : undefined,
    });
  return v;
}

/** `{name}` and `{name?text}` of a template (see offline-templates.ts). */
export function fill(tpl: string, v: Record<string, string | undefined>): string {
  return tpl
    .replace(/\{(\w+)\?((?:[^{}]|\{\w+\})*)\}/g, (_, cond: string, text: string) => (v[cond] ? text : ''))
    .replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderFact(f: Fact, lang: Language): string {
  const text = fill(TEMPLATES[lang].sentences[f.kind], values(f, lang));
  // Latin-script sentences start with a capital ("the Sun is ..." -> "The Sun is ..."); the Indic
  // scripts have no case.
  return lang === 'en' || lang === 'es' ? cap(text) : text;
}

/** The facts a tier states: each fact's depth (absent = 1) up to the tier's. */
export function factsForTier(facts: Fact[], tier: Tier): Fact[] {
  return facts.filter((f) => (f.depth ?? 1) <= TIER_SPECS[tier].depth);
}

/**
 * Paragraphs of the answer: the tier's facts in order, spread evenly over the tier's paragraph count
 * (never more paragraphs than facts: the writer does not pad).
 */
export function composeParagraphs(facts: Fact[], lang: Language, tier: Tier): string[] {
  const chosen = factsForTier(facts, tier);
  const spec = TIER_SPECS[tier];
  const n = Math.min(
    chosen.length,
    Math.max(spec.minParagraphs, Math.min(spec.maxParagraphs, Math.ceil(chosen.length / 2))),
  );
  const paragraphs: string[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * chosen.length) / n);
    const to = Math.floor(((i + 1) * chosen.length) / n);
    paragraphs.push(
      chosen
        .slice(from, to)
        .map((f) => renderFact(f, lang))
        .join(' '),
    );
  }
  return paragraphs;
}

export function composeAnswer(facts: Fact[], lang: Language, tier: Tier): string {
  return composeParagraphs(facts, lang, tier).join('\n\n');
}
