// Turns a stored Vedic chart into the pure strength input: positions and speeds from the chart, the
// sunrise frame of the Vedic day of birth from the panchanga code (422 panchanga_failed where the Sun
// does not rise or set), the weekday and Kali ahargana of that day, the Lahiri ayanamsha, and which
// retrograde planets have gone back into the previous sign since their station (anuvakra).
import { bodyLongitude, findStations, julianDayUT, STEP_MS, type BodyKey } from '@astro/astro-core';
import { currentAyanamsha } from '@astro/astro-core';
import { applySettings, ayanamshaDegrees, bodyState, trueObliquity } from '@astro/astro-core/ephemeris';
import { deepFreeze } from '@astro/platform';
import type { StoredChart } from '../clients/chart-source.ts';
import { frameFromSunrise, lastSunriseAtOrBefore, type DayFrame } from '../domain/panchanga/day.ts';
import {
  ramanAhargana,
  SEVEN,
  strengthProfile,
  declination,
  type ShadbalaInput,
  type StrengthProfile,
} from '../domain/strength/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Longest retrograde loop searched back for the station (Saturn's is about 140 days). */
const STATION_LOOKBACK_DAYS = 160;

export interface ChartStrength {
  input: ShadbalaInput;
  frame: DayFrame;
  profile: StrengthProfile;
}

const norm = (x: number) => ((x % 360) + 360) % 360;

/** Station search resolution: the longitude at a station is flat to ~1e-7° over a minute (Mercury). */
const STATION_BRACKET_MS = 60_000;
/** Within this of a sign boundary the station is searched to the millisecond instead (findStations). */
const SIGN_EDGE_DEG = 1e-5;

/**
 * Tropical longitude at the last station into retrograde motion within the lookback before birthMs
 * (null: none), the one findStations would report last. Only the sign it falls in counts, so it scans
 * back from birth in steps of at most the body's STEP_MS (never two stations in a step; it stops at the
 * first one) and brackets the station to a minute by regula falsi on the speed (nearly linear through
 * a station): about eight positions where findStations takes about seventy.
 */
function lastRetrogradeStation(body: BodyKey, birthMs: number): number | null {
  const from = birthMs - STATION_LOOKBACK_DAYS * DAY;
  const speed = (ms: number) => bodyLongitude(body, ms).speed;
  let hi = birthMs;
  let vHi = speed(hi);
  let later: [number, number] | null = null; // the sample scanned before hi, later in time
  while (hi > from) {
    let lo = Math.max(from, hi - STEP_MS[body]);
    if (later && vHi < 0 && later[1] < vHi) {
      // Speed falls from 0 at the station into the retrograde loop, convexly: its chord through the
      // last two samples reaches 0 at or before the station, so step there (an hour beyond) at once.
      const slope = (later[1] - vHi) / (later[0] - hi);
      lo = Math.max(lo, hi - vHi / slope - HOUR);
    }
    let vLo = speed(lo);
    if (vLo >= 0 && vHi < 0) {
      // Bracket [lo, hi]: direct (speed >= 0) at lo, retrograde at hi. Probe a minute around the chord's
      // zero; whichever side a probe falls on shrinks the bracket, and two straddling probes end it.
      // A probe pair that failed to halve the bracket makes the next one bisect (bounded work).
      let halve = false;
      while (hi - lo > STATION_BRACKET_MS) {
        const width = hi - lo;
        const x = halve ? lo + width / 2 : lo + (width * vLo) / (vLo - vHi);
        const a = Math.max(lo, x - STATION_BRACKET_MS / 2);
        const b = Math.min(hi, a + STATION_BRACKET_MS);
        const va = a > lo ? speed(a) : vLo;
        const vb = b < hi ? speed(b) : vHi;
        if (va >= 0 && vb < 0) [lo, vLo, hi, vHi] = [a, va, b, vb];
        else if (va < 0) [hi, vHi] = [a, va];
        else [lo, vLo] = [b, vb];
        halve = hi - lo > width / 2;
      }
      return bodyLongitude(body, lo + (hi - lo) / 2).longitude;
    }
    later = [hi, vHi];
    hi = lo;
    vHi = vLo;
  }
  return null;
}

/** Retrograde planets whose sidereal sign now precedes their sign at the station that began the loop. */
function anuvakraPlanets(stored: StoredChart, ayanamsha: number): Set<string> {
  const out = new Set<string>();
  const birthMs = Number(stored.utc_ms);
  for (const p of stored.chart?.planets ?? []) {
    if (!['mars', 'mercury', 'jupiter', 'venus', 'saturn'].includes(p.planet) || !p.is_retrograde) continue;
    const body = p.planet as BodyKey;
    let station = lastRetrogradeStation(body, birthMs);
    if (station === null) continue;
    const sidereal = norm(station - ayanamsha);
    const edge = Math.min(sidereal % 30, 30 - (sidereal % 30));
    if (edge < SIGN_EDGE_DEG) {
      const exact = findStations(body, birthMs - STATION_LOOKBACK_DAYS * DAY, birthMs).filter(
        (s) => s.kind === 'retrograde',
      );
      station = exact[exact.length - 1]?.longitude ?? null;
      if (station === null) continue;
    }
    const stationSign = Math.floor(norm(station - ayanamsha) / 30);
    if (stationSign !== Math.floor(norm(p.longitude) / 30)) out.add(p.planet);
  }
  return out;
}

/**
 * Strengths already computed, per stored chart object and ayanamsha. The chart cache hands every
 * request for a chart the same frozen object (a recomputed one per ayanamsha), and the strength is a
 * pure function of it, so repeated shadbala, bhava bala and prediction calls on one chart skip the
 * sunrise and station searches (most of a shadbala request's CPU in the issue 18 profile). Entries go
 * with the chart object: when the chart cache drops it (capacity, erasure), the strength goes too.
 */
const computed = new WeakMap<StoredChart, Map<string, ChartStrength>>();

export function chartStrength(stored: StoredChart): ChartStrength {
  const ayanamsha = currentAyanamsha();
  let byAyanamsha = computed.get(stored);
  const hit = byAyanamsha?.get(ayanamsha);
  if (hit) return hit;
  const strength = deepFreeze(computeStrength(stored));
  if (!byAyanamsha) computed.set(stored, (byAyanamsha = new Map()));
  byAyanamsha.set(ayanamsha, strength);
  return strength;
}

function computeStrength(stored: StoredChart): ChartStrength {
  const chart = stored.chart!;
  const birthMs = Number(stored.utc_ms);
  const place = { latitude: chart.birth?.latitude ?? 0, longitude: chart.birth?.longitude ?? 0 };
  const sunriseMs = lastSunriseAtOrBefore(place, birthMs);
  const offsetMs = (stored.offset_minutes ?? 0) * 60_000;
  const civilDay = Math.floor((sunriseMs + offsetMs) / DAY); // days since 1970-01-01 (a Thursday)
  const weekday = (((civilDay + 4) % 7) + 7) % 7;
  const frame = frameFromSunrise(place, sunriseMs, weekday);
  applySettings();
  const jd = julianDayUT(birthMs);
  // The request's ayanamsha (the chart's own or the client's override): its positions are in it.
  const ayanamsha = ayanamshaDegrees(currentAyanamsha(), jd);
  const obliquity = trueObliquity(jd);
  // Kranti for ayana bala: the declination of the planet's ecliptic longitude, its latitude ignored, as
  // in the classical tables (B.V. Raman, Graha and Bhava Balas, Ex. 32: the Moon's kranti -10 45 is
  // that of its longitude; with its latitude it would differ by degrees and its ayana by up to 6 virupa).
  const declinations = Object.fromEntries(
    SEVEN.map((p) => [p, declination(bodyState(p as BodyKey, jd, false).longitude, obliquity)]),
  );
  const input: ShadbalaInput = {
    bodies: chart.planets.map((p) => ({ planet: p.planet, longitude: p.longitude, speed: p.speed_per_day })),
    birthMs,
    sunriseMs: frame.sunriseMs,
    sunsetMs: frame.sunsetMs,
    nextSunriseMs: frame.nextSunriseMs,
    weekday,
    ahargana: ramanAhargana(civilDay),
    ayanamsha,
    declinations,
    anuvakra: anuvakraPlanets(stored, ayanamsha),
  };
  return { input, frame, profile: strengthProfile(input) };
}
