// Panchanga use cases (spec 2-vedic.md "Panchanga"): the daily almanac of the sunrise-based civil day,
// the angas at an instant, and the day's windows. Output objects use the contract's field names;
// every timestamp is ISO 8601 to the second with the zone's (or `at`'s) offset.
import { ephemerisMode, currentAyanamsha } from '@astro/astro-core';
import { angaAt, instantValues, lunarMonthAt, paksha, type AngaValue } from './angas.ts';
import {
  dayWindows,
  firstSunriseIn,
  frameFromSunrise,
  lastSunriseAtOrBefore,
  moonEventIn,
  type DayFrame,
  type Place,
  type Span,
} from './day.ts';
import { VAARAS } from './names.ts';
import { civilAt, isoInZone, isoWithOffset, localMidnightUtc } from './time.ts';
import type { AtQuery, DayQuery } from './validate.ts';

export const DAILY_METHOD_VERSION = 'panchanga-daily-v1';
export const WINDOWS_METHOD_VERSION = 'panchanga-windows-v1';

const GHATI_MS = 24 * 60_000;
const VIGHATI_MS = 24_000;

type Fmt = (ms: number) => string;

const span = (s: Span, fmt: Fmt) => ({ start: fmt(s.startMs), end: fmt(s.endMs) });
const round = (x: number, digits: number) => Number(x.toFixed(digits));

function anga(a: AngaValue, fmt: Fmt) {
  return {
    number: a.number,
    name: a.name,
    ends_at: fmt(a.endsAtMs),
    skipped_to: a.skipped
      ? { number: a.skipped.number, name: a.skipped.name, ends_at: fmt(a.skipped.endsAtMs) }
      : undefined,
  };
}

interface Civil {
  startMs: number;
  endMs: number;
}

/** The inner panchanga object: angas at momentMs; weekday windows from the frame's sunrise day. */
function panchangaObject(place: Place, frame: DayFrame, civil: Civil, momentMs: number, fmt: Fmt) {
  const until = frame.nextSunriseMs;
  const tithi = angaAt('tithi', momentMs, until);
  const nakshatra = angaAt('nakshatra', momentMs, until);
  const yoga = angaAt('yoga', momentMs, until);
  const inst = instantValues(momentMs);
  const month = lunarMonthAt(momentMs);
  const w = dayWindows(frame);
  const vaara = VAARAS[frame.weekday]!;
  const moonrise = moonEventIn(place, 'rise', civil.startMs, civil.endMs);
  const moonset = moonEventIn(place, 'set', civil.startMs, civil.endMs);
  const elapsed = Math.max(0, momentMs - frame.sunriseMs);
  return {
    moment: fmt(momentMs),
    sunrise: fmt(frame.sunriseMs),
    sunset: fmt(frame.sunsetMs),
    moonrise: moonrise === null ? undefined : fmt(moonrise),
    moonset: moonset === null ? undefined : fmt(moonset),
    day_duration_hours: round((frame.sunsetMs - frame.sunriseMs) / 3_600_000, 4),
    tithi: { ...anga(tithi, fmt), paksha: paksha(tithi.number) },
    nakshatra: anga(nakshatra, fmt),
    yoga: anga(yoga, fmt),
    karana: inst.karana,
    vaara: { number: frame.weekday + 1, name: vaara.name, ruler: vaara.ruler },
    masa: { number: month.number, name: month.name, is_adhika: month.isAdhika },
    ritu: month.ritu,
    raasi: inst.raasi,
    lunar_phase_deg: round(inst.lunarPhaseDeg, 4),
    samvatsara: month.samvatsara,
    rahu_kalam: span(w.rahuKalam, fmt),
    yamaganda_kalam: span(w.yamagandaKalam, fmt),
    gulika_kalam: span(w.gulikaKalam, fmt),
    abhijit_muhurta: span(w.abhijitMuhurta, fmt),
    chogadia: w.chogadia.map((c) => fmt(c.startMs)),
    ghati_since_sunrise: round(elapsed / GHATI_MS, 4),
    vighati_since_sunrise: round(elapsed / VIGHATI_MS, 2),
  };
}

export type PanchangaObject = ReturnType<typeof panchangaObject>;

function civilDay(q: DayQuery): Civil {
  const next = new Date(Date.UTC(q.y, q.m - 1, q.d + 1));
  return {
    startMs: localMidnightUtc(q.timezone, q.y, q.m, q.d),
    endMs: localMidnightUtc(q.timezone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}

/** The day's frame: the first sunrise of the civil day `day` in `timezone`; weekday = that date's. */
function dailyFrame(q: DayQuery): { frame: DayFrame; civil: Civil } {
  const civil = civilDay(q);
  const sunrise = firstSunriseIn(q, civil.startMs, civil.endMs);
  const weekday = new Date(Date.UTC(q.y, q.m - 1, q.d)).getUTCDay();
  return { frame: frameFromSunrise(q, sunrise, weekday), civil };
}

export function featuresUsed() {
  return [
    {
      source: 'ephemeris',
      version: `sweph-${ephemerisMode()}`,
      fields: ['sun.longitude', 'moon.longitude', 'sun.rise_set', 'moon.rise_set'],
    },
    { source: 'ayanamsha', version: currentAyanamsha(), fields: ['nakshatra', 'yoga', 'masa', 'raasi'] },
    { source: 'tzdb', version: process.versions.tz ?? 'icu', fields: ['timezone'] },
  ];
}

export function dailyPanchanga(q: DayQuery) {
  const { frame, civil } = dailyFrame(q);
  const fmt: Fmt = (ms) => isoInZone(ms, q.timezone);
  const w = dayWindows(frame);
  return {
    day: q.day,
    timezone: q.timezone,
    method_version: DAILY_METHOD_VERSION,
    panchanga: panchangaObject(q, frame, civil, frame.sunriseMs, fmt),
    durmuhurtam: w.durmuhurtam.map((d) => ({ muhurta: d.muhurta, period: d.period, ...span(d, fmt) })),
    chogadia: w.chogadia.map((c) => ({
      name: c.name,
      period: c.period,
      index: c.index,
      ...span(c, fmt),
      quality: c.quality,
      ruler: c.ruler,
    })),
    features_used: featuresUsed(),
  };
}

/**
 * Angas at the instant `at`; the weekday, sunrise, sunset and windows belong to the sunrise day that
 * contains `at` (the latest sunrise at or before it). Moonrise/moonset: on the civil date of that
 * sunrise at `at`'s offset. Timestamps use `at`'s offset.
 */
export function currentPanchanga(q: AtQuery): PanchangaObject {
  const sunrise = lastSunriseAtOrBefore(q, q.utcMs);
  const local = civilAt(sunrise, q.offsetMinutes);
  const startMs = Date.UTC(local.y, local.m - 1, local.d) - q.offsetMinutes * 60_000;
  const frame = frameFromSunrise(q, sunrise, local.weekday);
  const fmt: Fmt = (ms) => isoWithOffset(ms, q.offsetMinutes);
  return panchangaObject(q, frame, { startMs, endMs: startMs + 86_400_000 }, q.utcMs, fmt);
}

interface WindowOut {
  name: string;
  kind: 'kalam' | 'muhurta' | 'durmuhurtam' | 'chogadia';
  start: string;
  end: string;
  polarity: 'auspicious' | 'caution' | 'neutral';
  score: number;
  evidence: string[];
}

const CHOGADIA_SCORE: Record<string, number> = { amrit: 2, shubh: 2, labh: 1, char: 0, udveg: -1, rog: -1, kaal: -1 };

/**
 * The day's windows, sorted by start: auspicious = abhijit muhurta (+3; 0 and neutral on Wednesday,
 * when the classical rule withholds it) and amrit/shubh/labh chogadia; caution = rahu kalam (-3),
 * yamaganda (-2), gulika (-2), durmuhurtam (-2) and udveg/rog/kaal chogadia (-1); neutral = char.
 */
export function panchangaWindows(q: DayQuery) {
  const { frame } = dailyFrame(q);
  const fmt: Fmt = (ms) => isoInZone(ms, q.timezone);
  const w = dayWindows(frame);
  const weekday = VAARAS[frame.weekday]!.name;
  const out: (WindowOut & { at: number })[] = [];
  const add = (s: Span, o: Omit<WindowOut, 'start' | 'end'>) => out.push({ ...o, ...span(s, fmt), at: s.startMs });
  add(w.rahuKalam, {
    name: 'rahu_kalam',
    kind: 'kalam',
    polarity: 'caution',
    score: -3,
    evidence: [`vaara=${weekday}`, 'rule=eighth_of_day'],
  });
  add(w.yamagandaKalam, {
    name: 'yamaganda_kalam',
    kind: 'kalam',
    polarity: 'caution',
    score: -2,
    evidence: [`vaara=${weekday}`, 'rule=eighth_of_day'],
  });
  add(w.gulikaKalam, {
    name: 'gulika_kalam',
    kind: 'kalam',
    polarity: 'caution',
    score: -2,
    evidence: [`vaara=${weekday}`, 'rule=eighth_of_day'],
  });
  const wednesday = frame.weekday === 3;
  add(w.abhijitMuhurta, {
    name: 'abhijit_muhurta',
    kind: 'muhurta',
    polarity: wednesday ? 'neutral' : 'auspicious',
    score: wednesday ? 0 : 3,
    evidence: ['rule=8th_of_15_day_muhurtas', ...(wednesday ? ['vaara=budhavara: abhijit not used on wednesday'] : [])],
  });
  for (const d of w.durmuhurtam)
    add(d, {
      name: 'durmuhurtam',
      kind: 'durmuhurtam',
      polarity: 'caution',
      score: -2,
      evidence: [`vaara=${weekday}`, `${d.period}_muhurta=${d.muhurta}_of_15`],
    });
  for (const c of w.chogadia)
    add(c, {
      name: c.name,
      kind: 'chogadia',
      polarity: c.quality,
      score: CHOGADIA_SCORE[c.name]!,
      evidence: [`${c.period}_part=${c.index}_of_8`, `ruler=${c.ruler}`],
    });
  out.sort((a, b) => a.at - b.at);
  const pick = (p: WindowOut['polarity']) => out.filter((o) => o.polarity === p).map(({ at: _at, ...o }) => o);
  return {
    day: q.day,
    timezone: q.timezone,
    method_version: WINDOWS_METHOD_VERSION,
    auspicious_windows: pick('auspicious'),
    caution_windows: pick('caution'),
    neutral_windows: pick('neutral'),
  };
}
