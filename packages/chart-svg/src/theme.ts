// Light and dark palettes. Colours are chosen for contrast on their background (WCAG AA for the
// text colours: at least 4.5:1), the aspect colours follow the common convention (harmonious blue,
// dynamic red).

export type ThemeName = 'light' | 'dark';
export const THEMES: readonly ThemeName[] = ['light', 'dark'];

export interface Theme {
  background: string;
  /** Labels and planet glyphs. */
  ink: string;
  /** Secondary text: degrees, sign numbers, house numbers. */
  muted: string;
  /** Chart frame and cell borders. */
  line: string;
  /** Thin lines: house cusps, degree ticks. */
  faint: string;
  /** Fill of the zodiac band and the ascendant cell. */
  band: string;
  harmonious: string;
  dynamic: string;
  /** Element colours for the sign glyphs: fire, earth, air, water. */
  elements: readonly [string, string, string, string];
}

export const PALETTES: Readonly<Record<ThemeName, Theme>> = {
  light: {
    background: '#ffffff',
    ink: '#1b1f2a',
    muted: '#4a5163',
    line: '#3b4254',
    faint: '#9aa1b1',
    band: '#f1f2f6',
    harmonious: '#1f5fbf',
    dynamic: '#c0392b',
    elements: ['#b3261e', '#2e6b2f', '#8a6d00', '#1f5fbf'],
  },
  dark: {
    background: '#14161c',
    ink: '#eceef3',
    muted: '#b4b9c6',
    line: '#c3c8d4',
    faint: '#5d6475',
    band: '#1f232c',
    harmonious: '#6fa8ff',
    dynamic: '#ff7b6b',
    elements: ['#ff8a80', '#8bd48e', '#f2cc60', '#7fb6ff'],
  },
};

export function isThemeName(v: string): v is ThemeName {
  return (THEMES as readonly string[]).includes(v);
}
