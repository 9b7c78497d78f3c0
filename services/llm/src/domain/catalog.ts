// The fixed vocabularies of the LLM routes (spec 3-western-llm.md "LLM interpretation response").
export const LANGUAGES = ['en', 'hi', 'ta', 'te', 'kn', 'ml', 'mr', 'bn', 'gu', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const TIERS = ['basic', 'standard', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

export const VEDIC_TYPES = ['theme', 'chart_reading', 'dasha_forecast', 'muhurta'] as const;
export const WESTERN_TYPES = ['western_natal', 'western_relationship', 'western_forecast'] as const;
export const INTERPRETATION_TYPES = [...VEDIC_TYPES, ...WESTERN_TYPES] as const;
export type InterpretationType = (typeof INTERPRETATION_TYPES)[number];

/** Paragraph range and target output tokens per tier (spec: 3-5 / ~700, 6-10 / ~1500, 12-20 / ~3000). */
export interface TierSpec {
  minParagraphs: number;
  maxParagraphs: number;
  targetOutputTokens: number;
  /** The deepest highlights the tier states (domain/facts.ts `depth`: basic 1, standard 2, premium 3). */
  depth: number;
}
export const TIER_SPECS: Record<Tier, TierSpec> = {
  basic: { minParagraphs: 3, maxParagraphs: 5, targetOutputTokens: 700, depth: 1 },
  standard: { minParagraphs: 6, maxParagraphs: 10, targetOutputTokens: 1500, depth: 2 },
  premium: { minParagraphs: 12, maxParagraphs: 20, targetOutputTokens: 3000, depth: 3 },
};

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'Hindi',
  ta: 'Tamil',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
  mr: 'Marathi',
  bn: 'Bengali',
  gu: 'Gujarati',
  es: 'Spanish',
};

export const isLanguage = (s: string): s is Language => (LANGUAGES as readonly string[]).includes(s);
export const isTier = (s: string): s is Tier => (TIERS as readonly string[]).includes(s);
