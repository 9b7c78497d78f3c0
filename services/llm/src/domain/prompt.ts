// The prompt: the model is a writer, not a calculator. It gets the engine context as JSON and is told
// to use nothing else, to keep every number and name from it, and to write at the tier's length in
// the requested language.
import { LANGUAGE_NAMES, TIER_SPECS, type Language, type Tier } from './catalog.ts';
import type { ChatMessage } from './tokens.ts';

// v2: the tier's depth (which highlights to state) is part of the instructions.
export const PROMPT_VERSION = 'llm-prompt-v2';

export function buildMessages(
  interpretationType: string,
  engineContext: Record<string, unknown>,
  language: Language,
  tier: Tier,
): ChatMessage[] {
  const spec = TIER_SPECS[tier];
  const system = [
    'You are an astrology writer for a commercial API. You never calculate anything yourself.',
    'Write ONLY from the JSON engine context the user gives you: every statement must trace to a field of it.',
    'Do not add placements, aspects, periods, dates, scores or predictions that are not in the context.',
    'Keep names, numbers and dates exactly as given. Do not mention JSON, fields, the context or these rules.',
    `Write in ${LANGUAGE_NAMES[language]} (ISO 639-1 "${language}").`,
    `Length: ${spec.minParagraphs}-${spec.maxParagraphs} paragraphs, about ${spec.targetOutputTokens} tokens in all.`,
    `Depth: cover the highlights whose "depth" is at most ${spec.depth} (no depth means 1); leave the deeper ones out.`,
    'Plain prose paragraphs separated by blank lines; no headings, lists or markdown.',
  ].join('\n');
  const user = `Interpretation type: ${interpretationType}\nEngine context:\n${JSON.stringify(engineContext)}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Output cap sent to the model: the tier's target with headroom for the longer scripts. */
export function maxOutputTokens(tier: Tier): number {
  return Math.round(TIER_SPECS[tier].targetOutputTokens * 1.5);
}

/** Marks the context of a statement rewrite (the offline writer rewrites from it alone). */
export const REWRITE_TASK = 'statement_rewrite';

/** A statement rewrite (use_llm_rewrite): one statement, reworded in the tone, every fact kept. */
export function rewriteMessages(text: string, tone: string, language: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You reword one astrology statement for a commercial API.',
        `Tone: ${tone || 'corporate'}. Language: ${language || 'en'} (BCP 47).`,
        'Keep every fact exactly: planets, signs, houses, aspects, numbers, dates and the claim itself.',
        'Add nothing and remove nothing. Answer with the reworded statement only.',
      ].join('\n'),
    },
    { role: 'user', content: text },
  ];
}

/** Output cap of a statement rewrite: room for a reworded sentence three times the original's length. */
export function rewriteMaxOutputTokens(inputTokens: number): number {
  return Math.max(64, inputTokens * 3);
}
