// Traditional tables of Western (Hellenistic to Lilly) essential dignity. Sources: triplicity rulers
// after Dorotheus (Carmen I.1: day, night, participating), Egyptian terms (bounds) after Ptolemy,
// Tetrabiblos I.21 (the same table Valens and Brennan, "Hellenistic Astrology" 2017, ch. 9 give; each
// planet's terms add up to its "minor years": Saturn 57, Jupiter 79, Mars 66, Venus 82, Mercury 76),
// Chaldean faces (decans) from 0° Aries in the order Mars, Sun, Venus, Mercury, Moon, Saturn, Jupiter.
import { SIGN_INFO, SIGNS, type ClassicalPlanet, type Element, type Sign } from '@astro/astro-core';

export const TRIPLICITY: Readonly<Record<Element, readonly [ClassicalPlanet, ClassicalPlanet, ClassicalPlanet]>> = {
  fire: ['sun', 'jupiter', 'saturn'],
  earth: ['venus', 'moon', 'mars'],
  air: ['saturn', 'mercury', 'jupiter'],
  water: ['venus', 'mars', 'moon'],
};

type Bound = readonly [ClassicalPlanet, number]; // ruler, end degree (exclusive)
export const EGYPTIAN_TERMS: Readonly<Record<Sign, readonly Bound[]>> = {
  aries: [
    ['jupiter', 6],
    ['venus', 12],
    ['mercury', 20],
    ['mars', 25],
    ['saturn', 30],
  ],
  taurus: [
    ['venus', 8],
    ['mercury', 14],
    ['jupiter', 22],
    ['saturn', 27],
    ['mars', 30],
  ],
  gemini: [
    ['mercury', 6],
    ['jupiter', 12],
    ['venus', 17],
    ['mars', 24],
    ['saturn', 30],
  ],
  cancer: [
    ['mars', 7],
    ['venus', 13],
    ['mercury', 19],
    ['jupiter', 26],
    ['saturn', 30],
  ],
  leo: [
    ['jupiter', 6],
    ['venus', 11],
    ['saturn', 18],
    ['mercury', 24],
    ['mars', 30],
  ],
  virgo: [
    ['mercury', 7],
    ['venus', 17],
    ['jupiter', 21],
    ['mars', 28],
    ['saturn', 30],
  ],
  libra: [
    ['saturn', 6],
    ['mercury', 14],
    ['jupiter', 21],
    ['venus', 28],
    ['mars', 30],
  ],
  scorpio: [
    ['mars', 7],
    ['venus', 11],
    ['mercury', 19],
    ['jupiter', 24],
    ['saturn', 30],
  ],
  sagittarius: [
    ['jupiter', 12],
    ['venus', 17],
    ['mercury', 21],
    ['saturn', 26],
    ['mars', 30],
  ],
  capricorn: [
    ['mercury', 7],
    ['jupiter', 14],
    ['venus', 22],
    ['saturn', 26],
    ['mars', 30],
  ],
  aquarius: [
    ['mercury', 7],
    ['venus', 13],
    ['jupiter', 20],
    ['mars', 25],
    ['saturn', 30],
  ],
  pisces: [
    ['venus', 12],
    ['jupiter', 16],
    ['mercury', 19],
    ['mars', 28],
    ['saturn', 30],
  ],
};

const CHALDEAN: readonly ClassicalPlanet[] = ['mars', 'sun', 'venus', 'mercury', 'moon', 'saturn', 'jupiter'];

export function termRuler(sign: Sign, degree: number): ClassicalPlanet {
  for (const [ruler, end] of EGYPTIAN_TERMS[sign]) if (degree < end) return ruler;
  return EGYPTIAN_TERMS[sign][4]![0];
}

export function faceRuler(sign: Sign, degree: number): ClassicalPlanet {
  const face = SIGN_INFO[sign].index * 3 + Math.min(2, Math.floor(degree / 10));
  return CHALDEAN[face % 7]!;
}

/** Traditional domicile(s) of each planet; the modern outer planets take one sign each. */
export const DOMICILES: Readonly<Record<string, readonly Sign[]>> = Object.freeze(
  (() => {
    const out: Record<string, Sign[]> = { uranus: ['aquarius'], neptune: ['pisces'], pluto: ['scorpio'] };
    for (const s of SIGNS) (out[SIGN_INFO[s].ruler] ??= []).push(s);
    return out;
  })(),
);

export const opposite = (s: Sign): Sign => SIGNS[(SIGN_INFO[s].index + 6) % 12]!;

/** Rulers listed for a sign: traditional first, then the modern co-ruler (Scorpio, Aquarius, Pisces). */
export function signRulers(sign: Sign): string[] {
  const info = SIGN_INFO[sign];
  return info.modernRuler === info.ruler ? [info.ruler] : [info.ruler, info.modernRuler];
}

/** Topics of the twelve houses (the common modern reading of the Hellenistic places). */
export const HOUSE_TOPICS: Readonly<Record<number, readonly string[]>> = {
  1: ['self', 'body', 'appearance', 'vitality'],
  2: ['money', 'possessions', 'resources', 'values'],
  3: ['siblings', 'communication', 'short_trips', 'learning'],
  4: ['home', 'family', 'parents', 'roots'],
  5: ['children', 'creativity', 'pleasure', 'romance'],
  6: ['health', 'work', 'routine', 'service'],
  7: ['partnership', 'marriage', 'contracts', 'open_enemies'],
  8: ['shared_resources', 'death', 'inheritance', 'transformation'],
  9: ['travel', 'higher_learning', 'belief', 'publishing'],
  10: ['career', 'reputation', 'public_life', 'authority'],
  11: ['friends', 'groups', 'hopes', 'benefactors'],
  12: ['isolation', 'hidden_matters', 'retreat', 'self_undoing'],
};

export type Angularity = 'angular' | 'succedent' | 'cadent';
export const angularityOf = (house: number): Angularity =>
  house % 3 === 1 ? 'angular' : house % 3 === 2 ? 'succedent' : 'cadent';
