// Event searches (DESIGN §8): sample coarsely, split at stations so every piece is monotonic, then
// bisect to a millisecond. No fine scans: a 400-day Moon search costs ~400 samples plus ~27 bisection
// steps per event. Results are UTC milliseconds, rounded to the nearest millisecond.
import { constants, rise_trans } from 'sweph';
import { applySettings, bodyState, ephemerisFlag, julianDayUT, utcMsFromJulianDay, type BodyKey } from './ephemeris.ts';
import { diff180, norm360 } from './tables.ts';

const DAY = 86_400_000;
const PRECISION_MS = 1;

/**
 * Sampling step per body: short enough that a step never holds two stations (Mercury's shortest
 * retrograde lasts ~20 days, Venus' ~40) and never covers 180° (the Moon moves < 16°/day). So a step
 * whose two ends move the same way is monotonic throughout (callers outside this file rely on it).
 */
export const STEP_MS: Readonly<Record<BodyKey, number>> = {
  sun: 15 * DAY,
  moon: DAY,
  mercury: 3 * DAY,
  venus: 5 * DAY,
  mars: 7 * DAY,
  jupiter: 10 * DAY,
  saturn: 10 * DAY,
  uranus: 10 * DAY,
  neptune: 10 * DAY,
  pluto: 10 * DAY,
  rahu: 30 * DAY,
  ketu: 30 * DAY,
};

/** Geocentric Sun and Moon always move forwards and the mean node always backwards: no stations. */
const NEVER_STATIONS: ReadonlySet<BodyKey> = new Set<BodyKey>(['sun', 'moon', 'rahu', 'ketu']);

export interface FrameOption {
  /** Sidereal longitudes (the withAyanamsha scope's ayanamsha, Lahiri by default) instead of tropical (default false). */
  sidereal?: boolean;
}

function stateAt(body: BodyKey, utcMs: number, sidereal: boolean) {
  return bodyState(body, julianDayUT(utcMs), sidereal);
}

/** Apparent geocentric longitude (degrees, [0, 360)) and its speed (degrees/day) at utcMs. */
export function bodyLongitude(
  body: BodyKey,
  utcMs: number,
  opts: FrameOption = {},
): { longitude: number; speed: number } {
  applySettings();
  const s = stateAt(body, utcMs, opts.sidereal ?? false);
  return { longitude: s.longitude, speed: s.speed };
}

/**
 * Apparent tropical longitude alone (degrees, [0, 360)) at utcMs: for root searches that need many
 * positions and no speed, at about a third of bodyLongitude's cost; it may differ from bodyLongitude's
 * longitude by ~1e-13° (far below the ephemeris' own jitter from one millisecond to the next).
 */
export function apparentLongitude(body: BodyKey, utcMs: number): number {
  applySettings();
  return bodyState(body, julianDayUT(utcMs), false, false).longitude;
}

/** Bisect a sign change of `positive` inside (lo, hi]; positive(lo) !== positive(hi) on entry. */
function bisect(lo: number, hi: number, positive: (ms: number) => boolean): number {
  const atLo = positive(lo);
  while (hi - lo > PRECISION_MS) {
    const mid = lo + (hi - lo) / 2;
    if (positive(mid) === atLo) lo = mid;
    else hi = mid;
  }
  return Math.round(lo + (hi - lo) / 2);
}

/** Sample times start, start+step, ..., end (end always included). */
function samples(startMs: number, endMs: number, stepMs: number): number[] {
  const out: number[] = [];
  for (let t = startMs; t < endMs; t += stepMs) out.push(t);
  out.push(endMs);
  return out;
}

export interface Station {
  utcMs: number;
  /** 'retrograde': motion turns backwards here; 'direct': it turns forwards again. */
  kind: 'retrograde' | 'direct';
  longitude: number;
}

/** Moments in [startMs, endMs] where the longitude speed (in the requested frame) changes sign. */
function stationsIn(body: BodyKey, startMs: number, endMs: number, sidereal: boolean): Station[] {
  const out: Station[] = [];
  if (NEVER_STATIONS.has(body)) return out;
  const ts = samples(startMs, endMs, STEP_MS[body]);
  const direct = (ms: number) => stateAt(body, ms, sidereal).speed >= 0;
  let prev = direct(ts[0]!);
  for (let i = 1; i < ts.length; i++) {
    const cur = direct(ts[i]!);
    if (cur !== prev) {
      const t = bisect(ts[i - 1]!, ts[i]!, direct);
      out.push({ utcMs: t, kind: cur ? 'direct' : 'retrograde', longitude: stateAt(body, t, sidereal).longitude });
    }
    prev = cur;
  }
  return out;
}

/**
 * Stations (speed = 0) of a body in [startMs, endMs], in time order, tropical frame. The Sun, the Moon
 * and the mean nodes never station, so they give [].
 */
export function findStations(body: BodyKey, startMs: number, endMs: number): Station[] {
  if (!(endMs > startMs)) return [];
  applySettings();
  return stationsIn(body, startMs, endMs, false);
}

export interface LongitudeCrossing {
  utcMs: number;
  /** Direction of motion at the crossing. */
  direction: 'direct' | 'retrograde';
}

/**
 * Every moment in (startMs, endMs] where the body reaches targetLongitude, in time order; a retrograde
 * loop can give three. A body sitting exactly on the target at startMs is not reported.
 */
export function findAllLongitudeCrossings(
  body: BodyKey,
  targetLongitude: number,
  startMs: number,
  endMs: number,
  opts: FrameOption = {},
): LongitudeCrossing[] {
  if (!(endMs > startMs)) return [];
  applySettings();
  const sidereal = opts.sidereal ?? false;
  const target = norm360(targetLongitude);
  // Monotonic pieces: split the window at every station.
  const bounds = [startMs, ...stationsIn(body, startMs, endMs, sidereal).map((s) => s.utcMs), endMs];
  const ahead = (ms: number) => diff180(stateAt(body, ms, sidereal).longitude, target) >= 0;
  const out: LongitudeCrossing[] = [];
  for (let b = 1; b < bounds.length; b++) {
    const from = bounds[b - 1]!;
    const to = bounds[b]!;
    if (!(to > from)) continue;
    const ts = samples(from, to, STEP_MS[body]);
    let prevT = ts[0]!;
    let prev = stateAt(body, prevT, sidereal);
    for (let i = 1; i < ts.length; i++) {
      const t = ts[i]!;
      const cur = stateAt(body, t, sidereal);
      const dPrev = diff180(prev.longitude, target);
      const dCur = diff180(cur.longitude, target);
      // A sign change of the wrapped difference is a crossing unless it is the jump at the opposite point.
      if (dPrev >= 0 !== dCur >= 0 && Math.abs(dCur - dPrev) < 180) {
        const at = bisect(prevT, t, ahead);
        out.push({ utcMs: at, direction: dCur >= dPrev ? 'direct' : 'retrograde' });
      }
      prevT = t;
      prev = cur;
    }
  }
  return out;
}

/** First moment in (startMs, endMs] where the body reaches targetLongitude, or null. */
export function findLongitudeCrossing(
  body: BodyKey,
  targetLongitude: number,
  startMs: number,
  endMs: number,
  opts: FrameOption = {},
): number | null {
  return findAllLongitudeCrossings(body, targetLongitude, startMs, endMs, opts)[0]?.utcMs ?? null;
}

/**
 * Every moment in (startMs, endMs] where an angle-valued function of time passes `target` (degrees,
 * compared modulo 360), e.g. tithi ends: fn = moon − sun, target = 12·k. The caller picks stepMs so
 * that fn moves less than 180° per step and crosses the target at most once per step (for moon − sun,
 * which moves 10-15°/day, a day is safe). fn may call sweph; settings are applied once up front.
 */
export function findAllAngleCrossings(
  fn: (utcMs: number) => number,
  target: number,
  startMs: number,
  endMs: number,
  stepMs: number,
): number[] {
  if (!(endMs > startMs)) return [];
  if (!(stepMs > 0)) throw new RangeError('stepMs must be positive');
  applySettings();
  const ahead = (ms: number) => diff180(fn(ms), target) >= 0;
  const out: number[] = [];
  const ts = samples(startMs, endMs, stepMs);
  let prevT = ts[0]!;
  let prevD = diff180(fn(prevT), target);
  for (let i = 1; i < ts.length; i++) {
    const t = ts[i]!;
    const d = diff180(fn(t), target);
    if (prevD >= 0 !== d >= 0 && Math.abs(d - prevD) < 180) out.push(bisect(prevT, t, ahead));
    prevT = t;
    prevD = d;
  }
  return out;
}

/** First moment in (startMs, endMs] where fn passes target, or null; see findAllAngleCrossings. */
export function findAngleCrossing(
  fn: (utcMs: number) => number,
  target: number,
  startMs: number,
  endMs: number,
  stepMs: number,
): number | null {
  return findAllAngleCrossings(fn, target, startMs, endMs, stepMs)[0] ?? null;
}

export interface RiseSetOptions {
  /**
   * 'upper_limb_refracted' (default): the upper edge of the disc touches the horizon, with standard
   * refraction (1013.25 hPa, 15 °C), as in most almanacs and astronomy-engine.
   * 'disc_center_unrefracted': the disc centre on the geometric horizon, no refraction, as some Hindu
   * almanacs define sunrise (sweph's SE_BIT_DISC_CENTER | SE_BIT_NO_REFRACTION).
   */
  convention?: 'upper_limb_refracted' | 'disc_center_unrefracted';
  /** Observer height above sea level in metres (default 0). */
  heightM?: number;
}

/**
 * Next rise or set of the Sun or Moon strictly after utcMs at (latitude, longitude), through sweph's
 * swe_rise_trans. null when sweph finds none within its search horizon (about a day): the body stays
 * above (polar day) or below (polar night) the horizon.
 */
export function riseSet(
  utcMs: number,
  latitude: number,
  longitude: number,
  body: 'sun' | 'moon',
  kind: 'rise' | 'set',
  opts: RiseSetOptions = {},
): number | null {
  applySettings();
  let rsmi = kind === 'rise' ? constants.SE_CALC_RISE : constants.SE_CALC_SET;
  if (opts.convention === 'disc_center_unrefracted') {
    rsmi |= constants.SE_BIT_DISC_CENTER | constants.SE_BIT_NO_REFRACTION;
  }
  const r = rise_trans(
    julianDayUT(utcMs),
    body === 'sun' ? constants.SE_SUN : constants.SE_MOON,
    null,
    ephemerisFlag(),
    rsmi,
    [longitude, latitude, opts.heightM ?? 0],
    1013.25,
    15,
  );
  if (r.flag === -2) return null;
  if (r.flag < 0) throw new Error(`sweph rise_trans failed: ${r.error}`);
  return Math.round(utcMsFromJulianDay(r.data));
}
