// Turns a stored Vedic chart into the pure strength input: positions and speeds from the chart, the
// sunrise frame of the Vedic day of birth from the panchanga code (422 panchanga_failed where the Sun
// does not rise or set), the weekday and Kali ahargana of that day, the Lahiri ayanamsha, and which
// retrograde planets have gone back into the previous sign since their station (anuvakra).
import { findStations, julianDayUT, type BodyKey } from '@astro/astro-core';
import { applySettings, bodyState, lahiriAyanamsha, trueObliquity } from '@astro/astro-core/ephemeris';
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

const DAY = 86_400_000;
/** Longest retrograde loop searched back for the station (Saturn's is about 140 days). */
const STATION_LOOKBACK_DAYS = 160;

export interface ChartStrength {
  input: ShadbalaInput;
  frame: DayFrame;
  profile: StrengthProfile;
}

const norm = (x: number) => ((x % 360) + 360) % 360;

/** Retrograde planets whose sidereal sign now precedes their sign at the station that began the loop. */
function anuvakraPlanets(stored: StoredChart, ayanamsha: number): Set<string> {
  const out = new Set<string>();
  const birthMs = Number(stored.utc_ms);
  for (const p of stored.chart?.planets ?? []) {
    if (!['mars', 'mercury', 'jupiter', 'venus', 'saturn'].includes(p.planet) || !p.is_retrograde) continue;
    const stations = findStations(p.planet as BodyKey, birthMs - STATION_LOOKBACK_DAYS * DAY, birthMs).filter(
      (s) => s.kind === 'retrograde',
    );
    const last = stations[stations.length - 1];
    if (!last) continue;
    const stationSign = Math.floor(norm(last.longitude - ayanamsha) / 30);
    if (stationSign !== Math.floor(norm(p.longitude) / 30)) out.add(p.planet);
  }
  return out;
}

export function chartStrength(stored: StoredChart): ChartStrength {
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
  const ayanamsha = lahiriAyanamsha(jd);
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
