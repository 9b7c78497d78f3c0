// The themes a route may name: the fleet's 133 significators, each a (karaka, house) pair, from the one
// shared table (packages/astro-core/src/significators.ts). Used to refuse an unknown {theme} (422
// unknown_theme) before any bucket, cache or model work.
import { SIGNIFICATORS } from '@astro/astro-core';

export interface ThemeDef {
  karaka: string;
  house: number;
}

export const THEMES: ReadonlyMap<string, ThemeDef> = new Map(
  SIGNIFICATORS.map((s) => [s.theme, { karaka: s.karaka, house: s.house }] as const),
);
