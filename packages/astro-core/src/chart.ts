// A natal chart: 14 positions and 12 cusps, fully determined by its input (DESIGN §5).
import { isAyanamsha, type AyanamshaId } from './ayanamsha.ts';
import { applySettings, ayanamshaDegrees, bodyState, julianDayUT, BODY_KEYS } from './ephemeris.ts';
import { computeHouses, HOUSE_SYSTEMS, type HouseSystem } from './houses.ts';
import {
  degreeInSign,
  nakshatraOf,
  navamsaSignOf,
  norm360,
  rulerOf,
  signOf,
  type PlanetKey,
  type Sign,
} from './tables.ts';

/**
 * Birth years a stored or inline chart may have: Moshier's ephemeris is accurate over millennia; we
 * serve the years our tests cover with margin. One range for every service that computes a chart.
 */
export const BIRTH_MIN_YEAR = 1000;
export const BIRTH_MAX_YEAR = 3000;

export type AstroSystem = 'vedic' | 'western';

export interface ChartInput {
  utcMs: number;
  latitude: number;
  longitude: number;
  system: AstroSystem;
  houseSystem: HouseSystem;
  /** Required (non-null) on a Vedic chart; on a Western chart only recorded (ayanamsha_degrees). */
  ayanamsha: AyanamshaId | null;
}

export interface Position {
  planet: PlanetKey;
  sign: Sign;
  longitude: number;
  degree_in_sign: number;
  speed_per_day: number;
  is_retrograde: boolean;
  // Vedic charts only (undefined on Western):
  nakshatra?: string;
  pada?: number;
  global_pada?: number;
  nakshatra_lord?: PlanetKey;
  navamsa_sign?: Sign;
  navamsa_lord?: PlanetKey;
}

export interface HouseCusp {
  house: number;
  sign: Sign;
  longitude: number;
}

export interface ComputedChart {
  /** Effective: 'porphyry' when Placidus fell back inside the polar circles. */
  house_system: HouseSystem;
  planets: Position[];
  houses: HouseCusp[];
  jd_ut: number;
  ayanamsha_degrees: number | null;
}

function validate(input: ChartInput): void {
  const { utcMs, latitude, longitude, system, houseSystem, ayanamsha } = input;
  if (!Number.isFinite(utcMs)) throw new RangeError('utcMs must be a finite number');
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90)
    throw new RangeError('latitude must be in [-90, 90]');
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new RangeError('longitude must be in [-180, 180]');
  }
  if (system !== 'vedic' && system !== 'western') throw new RangeError(`unknown system ${String(system)}`);
  if (!HOUSE_SYSTEMS.includes(houseSystem)) throw new RangeError(`unknown house system ${String(houseSystem)}`);
  if (ayanamsha !== null && !isAyanamsha(ayanamsha)) throw new RangeError(`unknown ayanamsha ${String(ayanamsha)}`);
  if (system === 'vedic' && ayanamsha === null) throw new RangeError('a Vedic chart needs an ayanamsha');
}

function position(planet: PlanetKey, longitude: number, speed: number, vedic: boolean): Position {
  const lon = norm360(longitude);
  const p: Position = {
    planet,
    sign: signOf(lon),
    longitude: lon,
    degree_in_sign: degreeInSign(lon),
    speed_per_day: speed,
    is_retrograde: speed < 0,
  };
  if (vedic) {
    const n = nakshatraOf(lon);
    const navamsa = navamsaSignOf(lon);
    p.nakshatra = n.name;
    p.pada = n.pada;
    p.global_pada = n.global_pada;
    p.nakshatra_lord = n.lord;
    p.navamsa_sign = navamsa;
    p.navamsa_lord = rulerOf(navamsa);
  }
  return p;
}

/**
 * Compute a chart. Vedic: sidereal positions and cusps in the input's ayanamsha (explicit, whatever
 * scope surrounds the call). Western: tropical positions and cusps always; an ayanamsha on a Western
 * chart only records its value in ayanamsha_degrees (the spec lets a Western chart carry one, and null
 * suppresses it), it never shifts a position.
 * Throws RangeError for input outside the contract (the service validates before calling).
 */
export function computeChart(input: ChartInput): ComputedChart {
  validate(input);
  applySettings(input.ayanamsha ?? undefined);
  const vedic = input.system === 'vedic';
  const jdUt = julianDayUT(input.utcMs);
  const planets: Position[] = BODY_KEYS.map((body) => {
    const s = bodyState(body, jdUt, vedic);
    return position(body, s.longitude, s.speed, vedic);
  });
  const h = computeHouses(jdUt, input.latitude, input.longitude, input.houseSystem, vedic);
  planets.push(position('ascendant', h.ascendant, h.ascendantSpeed, vedic));
  planets.push(position('midheaven', h.midheaven, h.midheavenSpeed, vedic));
  return {
    house_system: h.system,
    planets,
    houses: h.cusps.map((lon, i) => ({ house: i + 1, sign: signOf(lon), longitude: lon })),
    jd_ut: jdUt,
    ayanamsha_degrees: input.ayanamsha === null ? null : ayanamshaDegrees(input.ayanamsha, jdUt),
  };
}

/**
 * The ascendant alone (sweph's houses, no planets): electional searches evaluate it at many moments.
 * Sidereal (in the surrounding withAyanamsha scope's ayanamsha, Lahiri by default) when `sidereal`.
 */
export function ascendantLongitude(utcMs: number, latitude: number, longitude: number, sidereal: boolean): number {
  applySettings();
  return computeHouses(julianDayUT(utcMs), latitude, longitude, 'equal', sidereal).ascendant;
}
