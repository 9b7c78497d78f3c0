// Country display names for place search, in the languages the API speaks elsewhere.
//
// Why Intl.DisplayNames: the GeoNames data has no language-tagged names (its alternate names are an
// untagged list), so the country is the part of a candidate we can localise reliably. Node ships CLDR
// with its ICU (process.versions.cldr), which has region names in every language below, including
// Telugu, Kannada and Gujarati that the npm country-name packages lack.

/**
 * Accepted `language` values: the ten report languages (spec 3: en, hi, ta, te, kn, ml, mr, bn, gu, es)
 * and the talent-profile locales (spec 1: ru, pt-BR). Matched case-insensitively.
 */
export const PLACE_LANGUAGES = ['en', 'hi', 'ta', 'te', 'kn', 'ml', 'mr', 'bn', 'gu', 'es', 'ru', 'pt-BR'] as const;
export type PlaceLanguage = (typeof PLACE_LANGUAGES)[number];
export const DEFAULT_PLACE_LANGUAGE: PlaceLanguage = 'en';

const BY_LOWER = new Map<string, PlaceLanguage>(PLACE_LANGUAGES.map((l) => [l.toLowerCase(), l]));

/** The canonical spelling of a supported language (`PT-br` -> `pt-BR`), or undefined. */
export function placeLanguage(value: string): PlaceLanguage | undefined {
  return BY_LOWER.get(value.trim().toLowerCase());
}

const displayNames = new Map<PlaceLanguage, Intl.DisplayNames>();
const english = (): Intl.DisplayNames => displayNamesOf('en');

function displayNamesOf(language: PlaceLanguage): Intl.DisplayNames {
  let d = displayNames.get(language);
  if (!d) {
    // fallback 'none': an unknown code gives undefined instead of echoing the code, so we can fall back.
    d = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    displayNames.set(language, d);
  }
  return d;
}

/** Country name in `language`; English, then the code itself, when CLDR has no name for the code. */
export function countryName(code: string, language: PlaceLanguage = DEFAULT_PLACE_LANGUAGE): string {
  try {
    return displayNamesOf(language).of(code) ?? english().of(code) ?? code;
  } catch {
    // RangeError for a malformed code (GeoNames uses only ISO alpha-2, but the table is data).
    return code;
  }
}

/** Loose comparison form for country names typed after a comma: no accents, case or punctuation. */
function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();
}

// Common short forms that are neither ISO codes nor CLDR names.
const ALIASES: Record<string, string> = { usa: 'US', uk: 'GB', uae: 'AE' };

let countryIndex: { code: string; names: string[] }[] | undefined;

/** Every ISO 3166-1 alpha-2 code CLDR names, with its folded names in all PLACE_LANGUAGES. */
function countries(): { code: string; names: string[] }[] {
  if (countryIndex) return countryIndex;
  const en = displayNamesOf('en');
  const out: { code: string; names: string[] }[] = [];
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26 * 26; i++) {
    const code = String.fromCharCode(A + Math.floor(i / 26), A + (i % 26));
    if (!en.of(code)) continue; // not an assigned region in CLDR
    const names = new Set<string>();
    for (const l of PLACE_LANGUAGES) {
      const n = displayNamesOf(l).of(code);
      if (n) names.add(fold(n));
    }
    out.push({ code, names: [...names] });
  }
  return (countryIndex = out);
}

/**
 * Country codes a qualifier may mean: an ISO code ("de"), a short form ("usa"), or the start (3+
 * characters) of the country's name in any supported language ("germ", "alemania", "भारत"). A few
 * non-country CLDR regions (UN, EU, ...) may come along; no place has them.
 */
export function countriesMatching(qualifier: string): string[] {
  const q = fold(qualifier);
  if (!q) return [];
  const codes = new Set<string>();
  const alias = ALIASES[q];
  if (alias) codes.add(alias);
  for (const c of countries()) {
    if (q.length === 2 && c.code.toLowerCase() === q) codes.add(c.code);
    else if (q.length >= 3 && c.names.some((n) => n.startsWith(q))) codes.add(c.code);
  }
  return [...codes];
}
