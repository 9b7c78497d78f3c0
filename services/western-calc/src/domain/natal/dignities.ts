// Essential dignities of Sun to Pluto (spec 3 "Dignity").
//
// Score after Lilly (Christian Astrology, 1647, p. 101): rulership +5, exaltation +4, triplicity +3,
// term +2, face +1, detriment −5, fall −4, peregrine −5 (no essential dignity at all). Triplicity
// counts for the ruler of the chart's sect and the participating ruler (Dorothean scheme). The modern
// planets (Uranus, Neptune, Pluto) have only rulership and detriment by their modern domicile.
// The one-word `dignity` names the weightiest state: rulership, exaltation, detriment, fall,
// triplicity, term, face, peregrine, in that order.
import { EXALTATION, SIGN_INFO, degreeInSign, signOf, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import { DOMICILES, TRIPLICITY, faceRuler, opposite, signRulers, termRuler } from './tables.ts';
import { WESTERN_BODIES, type Point } from './points.ts';

export type DignityState =
  'rulership' | 'exaltation' | 'triplicity' | 'term' | 'face' | 'peregrine' | 'detriment' | 'fall';

export interface Dignity {
  planet: string;
  sign: Sign;
  degree_in_sign: number;
  dignity: DignityState;
  rulers: string[];
  triplicity_rulers: string[];
  term_ruler: string;
  face_ruler: string;
  is_in_rulership: boolean;
  is_in_exaltation: boolean;
  is_in_detriment: boolean;
  is_in_fall: boolean;
  score: number;
}

const CLASSICAL: ReadonlySet<string> = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn']);

export function dignityOf(p: Point, dayChart: boolean): Dignity {
  const sign = signOf(p.longitude);
  const deg = degreeInSign(p.longitude);
  const trip = TRIPLICITY[SIGN_INFO[sign].element];
  const term = termRuler(sign, deg);
  const face = faceRuler(sign, deg);
  const domiciles = DOMICILES[p.planet] ?? [];
  const rulership = domiciles.includes(sign);
  const detriment = domiciles.some((d) => opposite(d) === sign);
  const classical = CLASSICAL.has(p.planet);
  const exalt = classical ? EXALTATION[p.planet as ClassicalPlanet].sign : null;
  const exaltation = exalt === sign;
  const fall = exalt !== null && opposite(exalt) === sign;
  const triplicity = classical && (p.planet === trip[dayChart ? 0 : 1] || p.planet === trip[2]);
  const inTerm = classical && term === p.planet;
  const inFace = classical && face === p.planet;
  const dignified = rulership || exaltation || triplicity || inTerm || inFace;
  const score =
    (rulership ? 5 : 0) +
    (exaltation ? 4 : 0) +
    (triplicity ? 3 : 0) +
    (inTerm ? 2 : 0) +
    (inFace ? 1 : 0) -
    (detriment ? 5 : 0) -
    (fall ? 4 : 0) -
    (dignified ? 0 : 5);
  const dignity: DignityState = rulership
    ? 'rulership'
    : exaltation
      ? 'exaltation'
      : detriment
        ? 'detriment'
        : fall
          ? 'fall'
          : triplicity
            ? 'triplicity'
            : inTerm
              ? 'term'
              : inFace
                ? 'face'
                : 'peregrine';
  return {
    planet: p.planet,
    sign,
    degree_in_sign: deg,
    dignity,
    rulers: signRulers(sign),
    triplicity_rulers: [...trip],
    term_ruler: term,
    face_ruler: face,
    is_in_rulership: rulership,
    is_in_exaltation: exaltation,
    is_in_detriment: detriment,
    is_in_fall: fall,
    score,
  };
}

export function dignitiesOf(points: readonly Point[], dayChart: boolean): Dignity[] {
  return points
    .filter((p) => (WESTERN_BODIES as readonly string[]).includes(p.planet))
    .map((p) => dignityOf(p, dayChart));
}
