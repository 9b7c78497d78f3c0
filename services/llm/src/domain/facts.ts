// The facts of an engine context: small typed statements the context builders derive from the
// calculation services' answers, listed in `engine_context.highlights`. Both writers use them: the
// prompt shows them to the model beside the full context, and the offline writer renders each one in
// the requested language, so every sentence it writes traces to one fact.
//
// `depth` says from which tier on a fact belongs in the answer (spec 3-western-llm.md: basic concise,
// standard deeper, premium deepest): absent = every tier, 2 = standard and premium, 3 = premium only.
// The context holds every fact whatever the tier, so the context is the same for the three tiers
// and each tier's text is a true subset of the next one's.

/** What the intro sentence presents (written in the requested language, never as English text). */
export type IntroTopic = 'theme' | 'chart_reading' | 'dasha' | 'muhurta' | 'natal' | 'relationship' | 'forecast';

export type FactBody =
  | { kind: 'intro'; topic: IntroTopic; theme?: string; date?: string }
  | { kind: 'placement'; planet: string; sign: string; house: number | null; retrograde: boolean; owner?: string }
  | { kind: 'dignity'; planet: string; dignity: 'exalted' | 'debilitated' | 'own_sign' }
  | { kind: 'house'; house: number; sign: string; lord: string; lord_house: number | null; occupants: string[] }
  | { kind: 'dasha'; level: 'maha' | 'antar' | 'pratyantar'; lord: string; starts_at: string; ends_at: string }
  | { kind: 'contact'; a: string; b: string; aspect: string; orb: number; transit: boolean }
  | { kind: 'muhurta'; rank: number; at: string; tara: string; weekday_lord: string; score: number }
  | { kind: 'karaka'; role: string; planet: string }
  | { kind: 'yoga'; name: string; planets: string[] }
  | { kind: 'element'; element: string; share: number }
  | { kind: 'profection'; age: number; house: number; sign: string; time_lord: string }
  | { kind: 'window'; starts_at: string; ends_at: string }
  | { kind: 'probability'; theme: string; value: number }
  | { kind: 'essential'; planet: string; theme: string }
  | { kind: 'meta_factor'; planet: string; appearances: number };

export type FactDepth = 2 | 3;
export type Fact = FactBody & { depth?: FactDepth };

/** The same facts marked for the deeper tiers only (helper of the context builders). */
export function atDepth(facts: Fact[], depth: FactDepth): Fact[] {
  return facts.map((f) => ({ ...f, depth }));
}

/** What an interpretation is grounded on: the engine's numbers and the ranked highlights. */
export type EngineContext = Record<string, unknown> & { highlights: Fact[] };
