// The sunrise-based day at a place (sunrise, sunset, next sunrise) and the weekday windows cut from it:
// rahu kalam, yamaganda, gulika (eighths of the day), abhijit and durmuhurtam (fifteenths), chogadia
// (eighths of day and night).
import { AppError } from '@astro/platform';
import { riseSet } from '@astro/astro-core';
import { CHOGADIA_CYCLE, CHOGADIA_OF_WEEKDAY, DURMUHURTAM, GULIKA_PART, RAHU_PART, YAMAGANDA_PART } from './names.ts';

const HOUR = 3_600_000;

export interface Place {
  latitude: number;
  longitude: number;
}

export interface DayFrame {
  sunriseMs: number;
  sunsetMs: number;
  nextSunriseMs: number;
  /** 0 = Sunday: the weekday of the local civil date of sunrise. */
  weekday: number;
}

export interface Span {
  startMs: number;
  endMs: number;
}

function failed(reason: string, message: string, place: Place, extra: Record<string, unknown> = {}): AppError {
  return new AppError('panchanga_failed', message, {
    reason,
    latitude: place.latitude,
    longitude: place.longitude,
    ...extra,
  });
}

/** Sunset after sunrise and the following sunrise; 422 panchanga_failed when either does not happen. */
export function frameFromSunrise(place: Place, sunriseMs: number, weekday: number): DayFrame {
  const sunsetMs = riseSet(sunriseMs + 1, place.latitude, place.longitude, 'sun', 'set');
  if (sunsetMs === null) throw failed('no_sunset', 'The Sun does not set after this sunrise at this latitude.', place);
  const nextSunriseMs = riseSet(sunsetMs, place.latitude, place.longitude, 'sun', 'rise');
  if (nextSunriseMs === null)
    throw failed('no_next_sunrise', 'The Sun does not rise again after this sunset at this latitude.', place);
  return { sunriseMs, sunsetMs, nextSunriseMs, weekday };
}

/** First sunrise in [dayStartMs, dayEndMs) (a local civil day); 422 panchanga_failed when none. */
export function firstSunriseIn(place: Place, dayStartMs: number, dayEndMs: number): number {
  const r = riseSet(dayStartMs - 1, place.latitude, place.longitude, 'sun', 'rise');
  if (r === null || r >= dayEndMs)
    throw failed('no_sunrise', 'The Sun does not rise on this day at this latitude (polar night or day).', place);
  return r;
}

/** Latest sunrise at or before atMs; 422 panchanga_failed when the Sun has not risen within ~2 days. */
export function lastSunriseAtOrBefore(place: Place, atMs: number): number {
  let t = riseSet(atMs - 36 * HOUR, place.latitude, place.longitude, 'sun', 'rise');
  if (t === null || t > atMs)
    throw failed('no_sunrise', 'The Sun has not risen within the day before this moment at this latitude.', place);
  // At most two more sunrises fit in the 36 h; step a minute past each (sweph may return the same rise
  // again when started exactly on it).
  for (let i = 0; i < 3; i++) {
    const next = riseSet(t + 60_000, place.latitude, place.longitude, 'sun', 'rise');
    if (next === null || next > atMs) return t;
    t = next;
  }
  return t;
}

/** First rise or set of the Moon in [dayStartMs, dayEndMs), or null. */
export function moonEventIn(place: Place, kind: 'rise' | 'set', dayStartMs: number, dayEndMs: number): number | null {
  const t = riseSet(dayStartMs - 1, place.latitude, place.longitude, 'moon', kind);
  return t !== null && t < dayEndMs ? t : null;
}

/** Part `part` (1-based) of `count` equal parts of [startMs, endMs). */
export function partOf(startMs: number, endMs: number, count: number, part: number): Span {
  const len = (endMs - startMs) / count;
  return { startMs: startMs + (part - 1) * len, endMs: startMs + part * len };
}

export interface DayWindows {
  rahuKalam: Span;
  yamagandaKalam: Span;
  gulikaKalam: Span;
  /** 8th of the 15 day muhurtas (the one containing local apparent noon). */
  abhijitMuhurta: Span;
  durmuhurtam: (Span & { period: 'day' | 'night'; muhurta: number })[];
  chogadia: (Span & {
    name: string;
    ruler: string;
    quality: 'auspicious' | 'neutral' | 'caution';
    period: 'day' | 'night';
    index: number;
  })[];
}

export function dayWindows(f: DayFrame): DayWindows {
  const day = (count: number, part: number) => partOf(f.sunriseMs, f.sunsetMs, count, part);
  const night = (count: number, part: number) => partOf(f.sunsetMs, f.nextSunriseMs, count, part);
  const chogadia: DayWindows['chogadia'] = [];
  const dayFirst = CHOGADIA_OF_WEEKDAY[f.weekday]!;
  const nightFirst = CHOGADIA_OF_WEEKDAY[(f.weekday + 4) % 7]!;
  for (let i = 0; i < 8; i++) {
    const c = CHOGADIA_CYCLE[(dayFirst + i) % 7]!;
    chogadia.push({ ...c, period: 'day', index: i + 1, ...day(8, i + 1) });
  }
  for (let i = 0; i < 8; i++) {
    const c = CHOGADIA_CYCLE[(nightFirst + 5 * i) % 7]!;
    chogadia.push({ ...c, period: 'night', index: i + 1, ...night(8, i + 1) });
  }
  return {
    rahuKalam: day(8, RAHU_PART[f.weekday]!),
    yamagandaKalam: day(8, YAMAGANDA_PART[f.weekday]!),
    gulikaKalam: day(8, GULIKA_PART[f.weekday]!),
    abhijitMuhurta: day(15, 8),
    durmuhurtam: DURMUHURTAM[f.weekday]!.map((d) => ({
      ...d,
      ...(d.period === 'day' ? day(15, d.muhurta) : night(15, d.muhurta)),
    })),
    chogadia,
  };
}
