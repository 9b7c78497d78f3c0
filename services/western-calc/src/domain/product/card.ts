// The card every UX route answers with: a stable id (the same facts give the same id, so an app can
// de-duplicate and remember what a user dismissed), a kind to branch on, English title and body for
// direct display, a tone, a priority (1 = show first) and the evidence the card was built from.
export type CardTone = 'supportive' | 'challenging' | 'neutral';

export interface Evidence {
  /** contact, overlay, position, score, transit, domain, composite, davison */
  kind: string;
  /** Short machine-readable reference, e.g. "a.venus trine b.mars" or "moon in 7". */
  label: string;
  planet_a?: string;
  planet_b?: string;
  aspect?: string;
  house?: number;
  sign?: string;
  orb_degrees?: number;
  strength?: number;
  score?: number;
}

export interface Card {
  id: string;
  kind: string;
  title: string;
  body: string;
  tone: CardTone;
  priority: number;
  evidence: Evidence[];
  starts_at?: string;
  ends_at?: string;
  exact_at?: string;
}

/** Renumbers priorities 1..n in the given order. */
export function prioritised(cards: Card[]): Card[] {
  return cards.map((c, i) => ({ ...c, priority: i + 1 }));
}

const DISPLAY: Record<string, string> = {
  midheaven: 'Midheaven',
  ascendant: 'Ascendant',
};

/** "venus" -> "Venus"; "the_unconscious" -> "the unconscious". */
export function display(word: string): string {
  if (DISPLAY[word]) return DISPLAY[word]!;
  const s = word.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
