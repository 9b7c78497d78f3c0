// The Moon of one partner as the matching rules read it: sidereal longitude, sign, nakshatra, pada and
// navamsa sign. Pure.
import { nakshatraOf, navamsaSignOf, NAKSHATRAS, norm360, signIndexOf, SIGNS, type Sign } from '@astro/astro-core';

export interface MatchingMoon {
  longitude: number;
  /** 0 (aries) .. 11 (pisces). */
  signIndex: number;
  sign: Sign;
  /** 0 (ashwini) .. 26 (revati). */
  nakshatraIndex: number;
  nakshatra: string;
  pada: number;
  navamsaSign: Sign;
}

export function matchingMoon(siderealLongitude: number): MatchingMoon {
  const longitude = norm360(siderealLongitude);
  const n = nakshatraOf(longitude);
  const signIndex = signIndexOf(longitude);
  return {
    longitude,
    signIndex,
    sign: SIGNS[signIndex]!,
    nakshatraIndex: n.index,
    nakshatra: NAKSHATRAS[n.index]!,
    pada: n.pada,
    navamsaSign: navamsaSignOf(longitude),
  };
}

/** Count from star `from` to star `to`, both counted (1..27): the next star is 2, the same star 1. */
export const starCount = (from: number, to: number): number => ((((to - from) % 27) + 27) % 27) + 1;
/** Count from sign `from` to sign `to`, both counted (1..12). */
export const signCount = (from: number, to: number): number => ((((to - from) % 12) + 12) % 12) + 1;
