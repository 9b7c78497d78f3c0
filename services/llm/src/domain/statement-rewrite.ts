// The offline writer's statement rewrite (use_llm_rewrite on POST /v1/interpretations, spec
// 1-platform.md "Template interpretations" rule 6: each statement rewritten in the tone, preserving
// the factual content). Without a model the rewrite is deterministic and keeps every clause of the
// template verbatim: it only re-frames them for the tone (lead-in, sentence breaks, how the planet
// is named), so no fact can be lost or invented, and the text really differs from the template.
//
// The templates are English only (rule 4), so the rewrite is English; a statement that is not
// recognisably English-shaped is still re-framed, never returned unchanged.

/** The spec's tones; any other text is treated as corporate, the default. */
export type Tone = 'corporate' | 'coach' | 'plain' | 'vedic_traditional';

/** Sanskrit names of the grahas (for the vedic_traditional tone; the English name stays beside it). */
const GRAHA: Record<string, string> = {
  Sun: 'Surya',
  Moon: 'Chandra',
  Mars: 'Mangala',
  Mercury: 'Budha',
  Jupiter: 'Guru',
  Venus: 'Shukra',
  Saturn: 'Shani',
  Rahu: 'Rahu',
  Ketu: 'Ketu',
};

interface Parts {
  /** The clauses of the statement, in order, without their end marks. */
  clauses: string[];
  /** A planet the statement names in a trailing parenthesis, e.g. "(Mars)". */
  planet: string | null;
}

function parse(text: string): Parts {
  let body = text.trim().replace(/[.!]+$/, '');
  let planet: string | null = null;
  const tail = /\s*\(([A-Z][a-z]+)\)$/.exec(body);
  if (tail) {
    planet = tail[1]!;
    body = body.slice(0, tail.index);
  }
  const clauses = body
    .split(/\s*[;:]\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  return { clauses, planet };
}

const lower = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sentence = (s: string) => `${upper(s)}.`;

/** The statement reworded in the tone; every clause and the planet of the original are kept. */
export function rewriteStatement(text: string, tone: string): string {
  const { clauses, planet } = parse(text);
  if (clauses.length === 0) return text;
  const [first, ...rest] = clauses;
  switch (tone as Tone) {
    case 'coach': {
      const out = [`Here is what to work with: ${lower(first!)}.`, ...rest.map((c) => `Your next step: ${lower(c)}.`)];
      if (planet) out.push(`${planet} is the planet behind it.`);
      return out.join(' ');
    }
    case 'plain': {
      const out = [`In short: ${lower(first!)}.`, ...rest.map(sentence)];
      if (planet) out.push(`Planet: ${planet}.`);
      return out.join(' ');
    }
    case 'vedic_traditional': {
      const named = (s: string) =>
        s.replace(/\b(Sun|Moon|Mars|Mercury|Jupiter|Venus|Saturn|Rahu|Ketu)\b/g, (p) =>
          GRAHA[p] !== p ? `${GRAHA[p]} (${p})` : p,
        );
      const out = [
        `As the chart of the grahas shows, ${named(lower(first!))}.`,
        ...rest.map((c) => sentence(named(c))),
      ];
      if (planet) out.push(`The graha behind it is ${named(planet)}.`);
      return out.join(' ');
    }
    case 'corporate':
    default: {
      const out = [`Assessment: ${lower(first!)}.`, ...rest.map((c) => `Recommended action: ${lower(c)}.`)];
      if (planet) out.push(`Planetary indicator: ${planet}.`);
      return out.join(' ');
    }
  }
}
