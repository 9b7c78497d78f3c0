// Pure Vedic grounding computed from a stored chart's sidereal positions, for the parts of the engine
// context the calculation services do not (yet) answer: whole-sign houses from the ascendant sign,
// house lords and occupants, dignities, a few classical yogas and transit contacts.
// Sources: BPHS ch. 3 (exaltation, debilitation, own signs), ch. 26 (graha drishti: every planet the
// 7th; Mars also 4th and 8th, Jupiter 5th and 9th, Saturn 3rd and 10th), ch. 36 (Gajakesari:
// Jupiter in a kendra from the Moon), ch. 75 (Pancha Mahapurusha: Mars, Mercury, Jupiter, Venus or
// Saturn in own or exaltation sign in a kendra from the ascendant); Phaladeepika ch. 6 (Budha-Aditya,
// Chandra-Mangala: the two planets in one sign).
import { DEBILITATION, EXALTATION, SIGNS, SIGN_INFO, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import type { Fact } from '../facts.ts';

export interface Pos {
  planet: string;
  sign: string;
  longitude: number;
  degree_in_sign: number;
  is_retrograde: boolean;
}

export const GRAHAS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const;
const CLASSICAL = new Set(['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn']);

const signIdx = (s: string) => SIGNS.indexOf(s as Sign);
/** Whole-sign house of a sign counted from the ascendant sign (1-12). */
export const houseFrom = (ascSign: string, sign: string) => ((signIdx(sign) - signIdx(ascSign) + 12) % 12) + 1;
const signAt = (ascSign: string, house: number) => SIGNS[(signIdx(ascSign) + house - 1) % 12]!;

export function dignityOf(planet: string, sign: string): 'exalted' | 'debilitated' | 'own_sign' | null {
  if (!CLASSICAL.has(planet)) return null;
  const p = planet as ClassicalPlanet;
  if (EXALTATION[p].sign === sign) return 'exalted';
  if (DEBILITATION[p].sign === sign) return 'debilitated';
  if (SIGN_INFO[sign as Sign].ruler === p) return 'own_sign';
  return null;
}

export interface VedicPlacement {
  planet: string;
  sign: string;
  house: number;
  degree_in_sign: number;
  retrograde: boolean;
  dignity: string | null;
}

export function placements(positions: Pos[]): { ascSign: string; list: VedicPlacement[] } {
  const asc = positions.find((p) => p.planet === 'ascendant');
  const ascSign = asc?.sign ?? 'aries';
  const list = GRAHAS.map((g) => positions.find((p) => p.planet === g))
    .filter((p): p is Pos => !!p)
    .map((p) => ({
      planet: p.planet,
      sign: p.sign,
      house: houseFrom(ascSign, p.sign),
      degree_in_sign: Math.round(p.degree_in_sign * 100) / 100,
      retrograde: p.is_retrograde,
      dignity: dignityOf(p.planet, p.sign),
    }));
  return { ascSign, list };
}

export interface HouseSummary {
  house: number;
  sign: string;
  lord: string;
  lord_house: number | null;
  occupants: string[];
  aspected_by: string[];
}

const SPECIAL: Record<string, number[]> = { mars: [4, 7, 8], jupiter: [5, 7, 9], saturn: [3, 7, 10] };

export function houseSummary(ascSign: string, list: VedicPlacement[], house: number): HouseSummary {
  const sign = signAt(ascSign, house);
  const lord = SIGN_INFO[sign].ruler;
  const lordPos = list.find((p) => p.planet === lord);
  return {
    house,
    sign,
    lord,
    lord_house: lordPos?.house ?? null,
    occupants: list.filter((p) => p.house === house).map((p) => p.planet),
    aspected_by: list
      .filter((p) => p.planet !== 'rahu' && p.planet !== 'ketu')
      .filter((p) => (SPECIAL[p.planet] ?? [7]).some((n) => ((p.house + n - 2) % 12) + 1 === house))
      .map((p) => p.planet),
  };
}

export interface Yoga {
  name: string;
  planets: string[];
  rule: string;
}

const KENDRA = new Set([1, 4, 7, 10]);
const MAHAPURUSHA: Record<string, string> = {
  mars: 'ruchaka_yoga',
  mercury: 'bhadra_yoga',
  jupiter: 'hamsa_yoga',
  venus: 'malavya_yoga',
  saturn: 'sasa_yoga',
};

export function yogas(list: VedicPlacement[]): Yoga[] {
  const at = (g: string) => list.find((p) => p.planet === g);
  const out: Yoga[] = [];
  const moon = at('moon');
  const jup = at('jupiter');
  if (moon && jup && KENDRA.has(((signIdx(jup.sign) - signIdx(moon.sign) + 12) % 12) + 1))
    out.push({
      name: 'gajakesari_yoga',
      planets: ['jupiter', 'moon'],
      rule: 'Jupiter in a kendra from the Moon (BPHS)',
    });
  for (const [g, name] of Object.entries(MAHAPURUSHA)) {
    const p = at(g);
    if (p && KENDRA.has(p.house) && (p.dignity === 'exalted' || p.dignity === 'own_sign'))
      out.push({ name, planets: [g], rule: 'own or exaltation sign in a kendra from the ascendant (BPHS)' });
  }
  const sun = at('sun');
  const mer = at('mercury');
  if (sun && mer && sun.sign === mer.sign)
    out.push({
      name: 'budha_aditya_yoga',
      planets: ['sun', 'mercury'],
      rule: 'Sun and Mercury in one sign (Phaladeepika)',
    });
  const mars = at('mars');
  if (moon && mars && moon.sign === mars.sign)
    out.push({
      name: 'chandra_mangala_yoga',
      planets: ['moon', 'mars'],
      rule: 'Moon and Mars in one sign (Phaladeepika)',
    });
  return out;
}

export interface Contact {
  transit_planet: string;
  natal_planet: string;
  aspect: string;
  orb_degrees: number;
  strength: number;
}

const ASPECT_ANGLES: [string, number, number][] = [
  ['conjunction', 0, 8],
  ['opposition', 180, 8],
  ['trine', 120, 6],
  ['square', 90, 6],
  ['sextile', 60, 4],
];

/** Angle contacts between two position sets, strongest (smallest relative orb) first. */
export function contacts(moving: Pos[], fixed: Pos[], planets: readonly string[]): Contact[] {
  const out: Contact[] = [];
  for (const m of moving) {
    if (!planets.includes(m.planet)) continue;
    for (const f of fixed) {
      if (!planets.includes(f.planet) && f.planet !== 'ascendant') continue;
      let d = Math.abs(m.longitude - f.longitude) % 360;
      if (d > 180) d = 360 - d;
      for (const [aspect, angle, max] of ASPECT_ANGLES) {
        const orb = Math.abs(d - angle);
        if (orb <= max)
          out.push({
            transit_planet: m.planet,
            natal_planet: f.planet,
            aspect,
            orb_degrees: Math.round(orb * 100) / 100,
            strength: Math.round((1 - orb / max) * 1000) / 1000,
          });
      }
    }
  }
  return out.sort((a, b) => b.strength - a.strength);
}

export function placementFacts(list: VedicPlacement[]): Fact[] {
  const out: Fact[] = [];
  for (const p of list) {
    out.push({ kind: 'placement', planet: p.planet, sign: p.sign, house: p.house, retrograde: p.retrograde });
    if (p.dignity) out.push({ kind: 'dignity', planet: p.planet, dignity: p.dignity as 'exalted' });
  }
  return out;
}

export const houseFact = (h: HouseSummary): Fact => ({
  kind: 'house',
  house: h.house,
  sign: h.sign,
  lord: h.lord,
  lord_house: h.lord_house,
  occupants: h.occupants,
});
