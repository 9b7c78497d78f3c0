// House cusps and the two angles (ascendant, midheaven) from sweph's swe_houses_ex2.
//
// Placidus is undefined inside the polar circles (|latitude| >= 90° − obliquity: some ecliptic degrees
// never rise or set, so their semi-arcs cannot be trisected). sweph then silently computes Porphyry and
// returns ERR with "within polar circle, switched to Porphyry" (or "very close to polar circle" when its
// iteration does not converge). We decide explicitly: Porphyry when the latitude is inside the circle,
// and also whenever sweph reports an error for Placidus; the chart then says 'porphyry'.
//
// Polar convention (sweph's, shared by Astrodienst and most software): where the computed ascendant
// falls less than 0° or more than 180° ahead of the MC (possible only inside the polar circles), sweph
// takes the opposite point as ascendant so the houses keep their counter-clockwise order. We keep it.
import { constants, houses_ex2 } from 'sweph';
import { ephemerisFlag, trueObliquity } from './ephemeris.ts';
import { norm360 } from './tables.ts';

export type HouseSystem = 'placidus' | 'whole_sign' | 'equal' | 'porphyry';

export const HOUSE_SYSTEMS: readonly HouseSystem[] = Object.freeze([
  'placidus',
  'whole_sign',
  'equal',
  'porphyry',
] as const);

const HSYS: Record<HouseSystem, string> = { placidus: 'P', whole_sign: 'W', equal: 'E', porphyry: 'O' };

export interface HouseResult {
  /** Effective system: 'porphyry' when Placidus was requested but could not be computed. */
  system: HouseSystem;
  /** 12 cusp longitudes, house 1 first, normalised to [0, 360). */
  cusps: number[];
  ascendant: number;
  midheaven: number;
  /** Degrees per day; sweph differentiates the ascendant/MC formulas analytically (AscDash). */
  ascendantSpeed: number;
  midheavenSpeed: number;
}

/** |latitude| at or beyond which Placidus is undefined at jdUt (90° − true obliquity ≈ 66.56°). */
export function polarCircleLatitude(jdUt: number): number {
  return 90 - trueObliquity(jdUt);
}

function run(jdUt: number, lat: number, lon: number, system: HouseSystem, sidereal: boolean) {
  const flags = ephemerisFlag() | (sidereal ? constants.SEFLG_SIDEREAL : 0);
  return houses_ex2(jdUt, flags, lat, lon, HSYS[system]);
}

/**
 * Cusps for the requested system. Sidereal (the mode applySettings set) when `sidereal`; sweph then subtracts the same true
 * ayanamsha as for the planets, and whole-sign cusps start at 0° of the SIDEREAL ascendant's sign.
 * Callers must have called applySettings() in the same synchronous computation.
 */
export function computeHouses(
  jdUt: number,
  latitude: number,
  longitude: number,
  requested: HouseSystem,
  sidereal: boolean,
): HouseResult {
  let system = requested;
  if (system === 'placidus' && Math.abs(latitude) >= polarCircleLatitude(jdUt)) system = 'porphyry';
  let r = run(jdUt, latitude, longitude, system, sidereal);
  if (r.flag < 0 && system === 'placidus') {
    system = 'porphyry';
    r = run(jdUt, latitude, longitude, system, sidereal);
  }
  if (r.flag < 0) throw new Error(`sweph houses failed (${system}) at JD ${jdUt}: ${r.error}`);
  const { houses, points, pointsSpeed } = r.data;
  if (houses.length !== 12) throw new Error(`sweph returned ${houses.length} cusps`);
  return {
    system,
    cusps: houses.map(norm360),
    ascendant: norm360(points[0]!),
    midheaven: norm360(points[1]!),
    ascendantSpeed: pointsSpeed[0]!,
    midheavenSpeed: pointsSpeed[1]!,
  };
}
