// Names, glyphs and abbreviations of the bodies and signs drawn on the charts.
import { SIGNS, type Sign } from '@astro/astro-core/tables';

export { SIGNS, type Sign };

/** Unicode astrological symbols (Miscellaneous Symbols block; DejaVu Sans has every one of them). */
export const BODY_GLYPHS: Readonly<Record<string, string>> = {
  sun: '\u2609',
  moon: '\u263D',
  mercury: '\u263F',
  venus: '\u2640',
  mars: '\u2642',
  jupiter: '\u2643',
  saturn: '\u2644',
  uranus: '\u2645',
  neptune: '\u2646',
  pluto: '\u2647',
  rahu: '\u260A',
  ketu: '\u260B',
};

/** Two-letter abbreviations, as printed in Indian almanacs (Su Mo Ma Me Ju Ve Sa Ra Ke, As). */
export const BODY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  sun: 'Su',
  moon: 'Mo',
  mars: 'Ma',
  mercury: 'Me',
  jupiter: 'Ju',
  venus: 'Ve',
  saturn: 'Sa',
  rahu: 'Ra',
  ketu: 'Ke',
  uranus: 'Ur',
  neptune: 'Ne',
  pluto: 'Pl',
  ascendant: 'As',
  midheaven: 'MC',
};

/** Aries ♈ .. Pisces ♓ (U+2648..U+2653), followed by U+FE0E so browsers draw text, not emoji. */
export const SIGN_GLYPHS: readonly string[] = SIGNS.map((_, i) => `${String.fromCodePoint(0x2648 + i)}\uFE0E`);

export const SIGN_ABBREVIATIONS: readonly string[] = [
  'Ar',
  'Ta',
  'Ge',
  'Cn',
  'Le',
  'Vi',
  'Li',
  'Sc',
  'Sg',
  'Cp',
  'Aq',
  'Pi',
];

export function titleCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** 23.5 -> "23°30′" (degrees within the sign, arc minutes truncated as ephemerides print them). */
export function degreesInSign(longitude: number): string {
  const within = (((longitude % 30) + 30) % 30) + 1e-9;
  const d = Math.floor(within);
  const m = Math.floor((within - d) * 60);
  return `${d}\u00B0${String(m).padStart(2, '0')}\u2032`;
}

export function signIndexOf(longitude: number): number {
  return Math.floor((((longitude % 360) + 360) % 360) / 30);
}

/** Font stack: DejaVu Sans is loaded explicitly for PNG (png.ts); browsers fall back to sans-serif. */
export const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans Symbols', 'Segoe UI Symbol', sans-serif";

/**
 * Width of a label in the user units of its font size, from DejaVu Sans advance widths (rounded up):
 * used to size label boxes; a little generous so that a fallback font does not collide either.
 */
export function textWidth(s: string, fontSize: number): number {
  let em = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0xfe0e) continue;
    if (cp >= 0x2600) em += 0.9;
    else if (/[A-Z]/.test(ch)) em += 0.75;
    else if (/[a-z0-9]/.test(ch)) em += 0.64;
    else em += 0.5;
  }
  return em * fontSize;
}
