// Shared plumbing of the Theo, predict and readings handlers: chart facts from a stored chart, the
// strength inputs (shadbala, composite, ashtakavarga, bhava bala from domain/strength and
// domain/ashtakavarga, adapted to domain/theo/inputs.ts), and query parsing.
import { julianDayUT, parseMoment } from '@astro/astro-core';
import { lahiriAyanamsha } from '@astro/astro-core/ephemeris';
import { AppError, invalidRequest, jsonHttpBody, type HttpBodyAnswer } from '@astro/platform';
import type { StoredChart } from '../chart-source.ts';
import { frameFromSunrise, lastSunriseAtOrBefore } from '../domain/panchanga/day.ts';
import { kaliAhargana, strengthProfile, type ShadbalaInput, type StrengthProfile } from '../domain/strength/index.ts';
import { chartFacts, MissingBodyError, type ChartFacts } from '../domain/theo/facts.ts';
import type { StrengthInputs } from '../domain/theo/inputs.ts';

const DAY = 86_400_000;

/** Facts of a stored chart; a chart without its ascendant or a graha answers 422 `missingCode`. */
export function factsOf(stored: StoredChart, missingCode = 'missing_ascendant_or_moon'): ChartFacts {
  try {
    return chartFacts(stored.chart?.planets ?? []);
  } catch (err) {
    if (err instanceof MissingBodyError)
      throw new AppError(missingCode, `The chart has no ${err.message}.`, { missing: err.message });
    throw err;
  }
}

/**
 * Adapter to the strength building blocks: the ShadbalaInput of the Vedic day of birth (sunrise frame
 * from the panchanga code, weekday, Kali ahargana, Lahiri ayanamsha) and the profile mapped to
 * StrengthInputs. Anuvakra (retrograde back into the previous sign) is not searched here: it changes
 * only the chesta state name, not its virupa (anuvakra and sama are both 30).
 */
export function strengthOf(stored: StoredChart): { inputs: StrengthInputs; profile: StrengthProfile } {
  const chart = stored.chart!;
  const birthMs = Number(stored.utc_ms);
  const place = { latitude: chart.birth?.latitude ?? 0, longitude: chart.birth?.longitude ?? 0 };
  const sunriseMs = lastSunriseAtOrBefore(place, birthMs);
  const civilDay = Math.floor((sunriseMs + (stored.offset_minutes ?? 0) * 60_000) / DAY);
  const weekday = (((civilDay + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  const frame = frameFromSunrise(place, sunriseMs, weekday);
  const input: ShadbalaInput = {
    bodies: chart.planets.map((p) => ({ planet: p.planet, longitude: p.longitude, speed: p.speed_per_day })),
    birthMs,
    sunriseMs: frame.sunriseMs,
    sunsetMs: frame.sunsetMs,
    nextSunriseMs: frame.nextSunriseMs,
    weekday,
    ahargana: kaliAhargana(civilDay + 2440587.5),
    ayanamsha: lahiriAyanamsha(julianDayUT(birthMs)),
  };
  const profile = strengthProfile(input);
  const shadbala = {} as StrengthInputs['shadbala'];
  for (const e of profile.shadbala.entries)
    shadbala[e.planet] = {
      naisargika: e.naisargika,
      dig: e.dig,
      uchcha: e.uchcha,
      drik: e.drik,
      kala: e.kala,
      chesta: e.chesta,
      other_sthana: e.other_sthana,
      missing: e.simplified ? ['unspecified'] : [],
    };
  const composite = {} as StrengthInputs['composite'];
  for (const c of profile.composite) composite[c.planet] = c.score;
  return {
    profile,
    inputs: {
      shadbala,
      composite,
      bav: profile.ashtakavarga.bhinna,
      sav: profile.ashtakavarga.sarva,
      bhavaBala: profile.bhavaBala.map((b) => b.total),
    },
  };
}

/** An optional timezone-aware instant (default now); naive -> at_must_be_timezone_aware. */
export function optionalAt(value: string | undefined, field = 'at'): { ms: number; iso: string } {
  if (value === undefined || value === '') {
    const ms = Date.now();
    return { ms, iso: new Date(ms).toISOString() };
  }
  return requiredAt(value, field);
}

export function requiredAt(
  value: string | undefined,
  field = 'at',
  naiveCode = 'at_must_be_timezone_aware',
): { ms: number; iso: string } {
  if (value === undefined || value === '')
    throw invalidRequest([{ field, reason: 'required', message: 'is required' }]);
  const parsed = parseMoment(value);
  if (parsed) return { ms: parsed.utcMs, iso: value };
  if (parseMoment(`${value}Z`))
    throw new AppError(naiveCode, `\`${field}\` must carry a timezone offset (Z or ±hh:mm).`, { field, value });
  throw invalidRequest([{ field, reason: 'invalid_format', message: 'expected an ISO 8601 date-time with an offset' }]);
}

export const json = (body: unknown): HttpBodyAnswer => jsonHttpBody(JSON.stringify(body));
