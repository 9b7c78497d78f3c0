// Kaal Sarp dosha of one chart: the seven planets Sun..Saturn against the Rahu-Ketu axis. Pure.
//
// Sources disagree on three points; the choices (also in conventions.ts and docs/doshas.md):
// - a planet in a node's sign is judged by its longitude: inside the arc it is hemmed, beyond the node
//   it breaks the yoga (the "all on one side of the axis" reading, astro-matches.com, cyberastro.com);
//   PyJHora v4.8.5 dosha.kala_sarpa counts both node signs as inside whatever the degree, reported as
//   hemmed_by_signs; vedicscholar.com cancels the yoga for any planet with a node;
// - partial: exactly one planet outside the arc (astro-matches.com "partial kaal sarp yoga"), or hemmed
//   by signs only (PyJHora's rule holds, the degrees do not);
// - the lagna and the outer planets do not count (PyJHora uses SUN_TO_SATURN only).
import { norm360, signIndexOf, SIGNS, type Sign } from '@astro/astro-core';
import { signCount } from '../matching/moon.ts';

export const KAAL_SARP_PLANETS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'] as const;
export type KaalSarpPlanetName = (typeof KAAL_SARP_PLANETS)[number];

/** Type by Rahu's whole-sign house from the lagna, 1..12 (PyJHora dosha_msgs_en.json kala_sarpa[1..12]). */
export const KAAL_SARP_TYPES = [
  'anant',
  'kulik',
  'vasuki',
  'shankhpal',
  'padma',
  'mahapadma',
  'takshak',
  'karkotak',
  'shankhachur',
  'ghatak',
  'vishdhar',
  'sheshnag',
] as const;
export type KaalSarpType = (typeof KAAL_SARP_TYPES)[number];

export const KAAL_SARP_SOURCE =
  'all seven grahas between Rahu and Ketu ("agre rahur atho ketu, sarve madhya gata graha"); types by Rahu\'s house as in PyJHora v4.8.5 dosha_msgs_en.json; sign rule of PyJHora dosha.kala_sarpa';

export type Side = 'rahu_to_ketu' | 'ketu_to_rahu';

export interface KaalSarpChart {
  /** Sidereal longitudes, degrees. */
  lagna: number;
  rahu: number;
  planets: Readonly<Record<KaalSarpPlanetName, number>>;
}

export interface KaalSarpPlanet {
  planet: KaalSarpPlanetName;
  sign: Sign;
  house: number;
  longitude: number;
  side: Side;
  with_node: 'rahu' | 'ketu' | null;
}

export interface KaalSarpResult {
  status: 'present' | 'partial' | 'absent';
  type: KaalSarpType | null;
  direction: 'savya' | 'apasavya' | null;
  rahu_sign: Sign;
  rahu_house: number;
  ketu_sign: Sign;
  ketu_house: number;
  planets: KaalSarpPlanet[];
  breaking_planets: KaalSarpPlanetName[];
  hemmed_by_signs: boolean;
  lagna_side: Side;
  reason: string;
}

/** Rahu → Ketu in zodiacal order is the half-circle (rahu, rahu + 180°). A longitude on a node counts there. */
const sideOf = (rahu: number, lon: number): Side => (norm360(lon - rahu) < 180 ? 'rahu_to_ketu' : 'ketu_to_rahu');

/**
 * PyJHora's sign rule: every planet's sign within the seven signs from Rahu's sign to Ketu's (both
 * included), or within the seven from Ketu's to Rahu's.
 */
export function hemmedBySigns(rahuSign: number, planetSigns: readonly number[]): boolean {
  const within = (node: number) => planetSigns.every((s) => signCount(node, s) <= 7);
  return within(rahuSign) || within((rahuSign + 6) % 12);
}

export function kaalSarp(c: KaalSarpChart): KaalSarpResult {
  const lagnaSign = signIndexOf(c.lagna);
  const rahuSign = signIndexOf(c.rahu);
  const ketuSign = (rahuSign + 6) % 12;
  const planets = KAAL_SARP_PLANETS.map((planet): KaalSarpPlanet => {
    const longitude = norm360(c.planets[planet]);
    const s = signIndexOf(longitude);
    return {
      planet,
      sign: SIGNS[s]!,
      house: signCount(lagnaSign, s),
      longitude,
      side: sideOf(c.rahu, longitude),
      with_node: s === rahuSign ? 'rahu' : s === ketuSign ? 'ketu' : null,
    };
  });
  const ahead = planets.filter((p) => p.side === 'rahu_to_ketu');
  const majority: Side = ahead.length * 2 > planets.length ? 'rahu_to_ketu' : 'ketu_to_rahu';
  const breaking = planets.filter((p) => p.side !== majority).map((p) => p.planet);
  const bySigns = hemmedBySigns(
    rahuSign,
    planets.map((p) => SIGNS.indexOf(p.sign)),
  );
  const status = breaking.length === 0 ? 'present' : breaking.length === 1 || bySigns ? 'partial' : 'absent';
  const rahuHouse = signCount(lagnaSign, rahuSign);
  const arc = majority === 'rahu_to_ketu' ? 'from Rahu to Ketu' : 'from Ketu to Rahu';
  const reason =
    status === 'present'
      ? `all seven planets lie ${arc} by longitude`
      : status === 'absent'
        ? `${breaking.length} planets (${breaking.join(', ')}) lie on the other side of the axis`
        : breaking.length === 1
          ? `six planets lie ${arc}; ${breaking[0]} is outside`
          : `hemmed by signs only: ${breaking.join(', ')} share a node's sign beyond the node`;
  return {
    status,
    type: status === 'absent' ? null : KAAL_SARP_TYPES[rahuHouse - 1]!,
    direction: status === 'absent' ? null : majority === 'rahu_to_ketu' ? 'savya' : 'apasavya',
    rahu_sign: SIGNS[rahuSign]!,
    rahu_house: rahuHouse,
    ketu_sign: SIGNS[ketuSign]!,
    ketu_house: signCount(lagnaSign, ketuSign),
    planets,
    breaking_planets: breaking,
    hemmed_by_signs: bySigns,
    lagna_side: sideOf(c.rahu, c.lagna),
    reason,
  };
}
