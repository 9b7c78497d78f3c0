// Muhurta scoring (spec 2-vedic.md "Muhurta"): pure counting rules (tara, chandrabala, kalam
// exclusion, ranking) and the candidate builder that reads the sky at a moment. The sunrise day
// (weekday and caution windows) is computed once per local day and shared by every step inside it.
import {
  ascendantLongitude,
  bodyLongitude,
  norm360,
  NAKSHATRA_SPAN,
  NAKSHATRAS,
  SIGNS,
  currentAyanamsha,
} from '@astro/astro-core';
import { AppError } from '@astro/platform';
import { elongation, yogaAngle } from '../panchanga/angas.ts';
import { dayWindows, frameFromSunrise, lastSunriseAtOrBefore, type DayFrame, type Place } from '../panchanga/day.ts';
import { TITHIS, VAARAS, YOGAS } from '../panchanga/names.ts';
import { civilAt, isoInZone, offsetMinutes } from '../panchanga/time.ts';
import {
  AVOIDED_TITHIS,
  AVOIDED_YOGAS,
  CHANDRABALA_GOOD,
  CHANDRABALA_MAX,
  GOOD_NAKSHATRAS,
  KALAM_MAX,
  LAGNA,
  LAGNA_MAX,
  labelOf,
  METHOD_VERSION,
  modalityOf,
  PANCHANGA_MAX,
  TARA_MAX,
  TARA_POINTS,
  TARAS,
  TOTAL_MAX,
  WEEKDAY_MAX,
  WEEKDAYS,
  type ActivityType,
} from './tables.ts';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- pure rules

/** 1-based nakshatra of a sidereal longitude. */
export const nakshatraNumber = (lon: number) => Math.min(27, Math.floor(norm360(lon) / NAKSHATRA_SPAN) + 1);
/** 1-based sign of a sidereal longitude. */
export const signNumber = (lon: number) => Math.min(12, Math.floor(norm360(lon) / 30) + 1);

/** Tara 1-9: nakshatras counted from the natal one (inclusive), mod 9 (janma = 1). */
export function taraOf(natalNakshatra: number, transitNakshatra: number): number {
  const count = (((transitNakshatra - natalNakshatra) % 27) + 27) % 27; // 0-based count
  return (count % 9) + 1;
}

/** Chandrabala count 1-12: the transit Moon's sign counted from the natal Moon's sign (inclusive). */
export function chandrabalaCount(natalSign: number, transitSign: number): number {
  return ((((transitSign - natalSign) % 12) + 12) % 12) + 1;
}

export interface NamedSpan {
  name: 'rahu_kalam' | 'yamaganda_kalam' | 'gulika_kalam' | 'durmuhurtam';
  startMs: number;
  endMs: number;
}

/** The caution windows containing t (half-open [start, end)). */
export const activeWindows = (windows: readonly NamedSpan[], t: number) =>
  windows.filter((w) => w.startMs <= t && t < w.endMs);

export interface Ranked {
  is_excluded: boolean;
  total_score: number;
  atMs: number;
}

/** Non-excluded first, then total_score descending, then earlier first. */
export function rankCandidates<T extends Ranked>(list: T[]): T[] {
  return [...list].sort(
    (a, b) => Number(a.is_excluded) - Number(b.is_excluded) || b.total_score - a.total_score || a.atMs - b.atMs,
  );
}

// ---------------------------------------------------------------- sunrise days

export interface SunriseDay {
  frame: DayFrame;
  windows: NamedSpan[];
}

function toMuhurtaFailed(e: unknown): never {
  if (e instanceof AppError && e.code === 'panchanga_failed')
    throw new AppError('muhurta_failed', 'Muhurta cannot be computed here: the sunrise day is undefined.', {
      ...(e.details ?? {}),
    });
  throw e;
}

/** Sunrise days at a place, built once each; lookups must not go backwards by more than a day. */
export class SunriseDays {
  private cur: SunriseDay | null = null;
  constructor(
    private readonly place: Place,
    private readonly timezone: string,
  ) {}

  private build(sunriseMs: number): SunriseDay {
    const weekday = civilAt(sunriseMs, offsetMinutes(this.timezone, sunriseMs)).weekday;
    const frame = frameFromSunrise(this.place, sunriseMs, weekday);
    const w = dayWindows(frame);
    const windows: NamedSpan[] = [
      { name: 'rahu_kalam', ...w.rahuKalam },
      { name: 'yamaganda_kalam', ...w.yamagandaKalam },
      { name: 'gulika_kalam', ...w.gulikaKalam },
      ...w.durmuhurtam.map((s) => ({ name: 'durmuhurtam' as const, startMs: s.startMs, endMs: s.endMs })),
    ];
    windows.sort((a, b) => a.startMs - b.startMs);
    return { frame, windows };
  }

  at(t: number): SunriseDay {
    try {
      let cur = this.cur;
      if (cur && t >= cur.frame.sunriseMs && t < cur.frame.nextSunriseMs) return cur;
      if (cur && t >= cur.frame.nextSunriseMs && t < cur.frame.nextSunriseMs + 2 * DAY_MS) {
        while (t >= cur.frame.nextSunriseMs) cur = this.build(cur.frame.nextSunriseMs);
      } else cur = this.build(lastSunriseAtOrBefore(this.place, t));
      this.cur = cur;
      return cur;
    } catch (e) {
      return toMuhurtaFailed(e);
    }
  }
}

// ---------------------------------------------------------------- candidates

export interface Natal {
  chartId: string;
  moonNakshatra: number;
  moonSign: number;
}

export interface Request {
  activity: ActivityType;
  latitude: number;
  longitude: number;
  timezone: string;
}

export interface Component {
  name: string;
  score: number;
  max_score: number;
  evidence: string[];
}

const tithiName = (n: number) => TITHIS[n - 1]!;
const signName = (n: number) => SIGNS[n - 1]!;
const nakName = (n: number) => NAKSHATRAS[n - 1]!;

export function featuresUsed() {
  return [
    { source: 'natal_chart', version: 'vedic-lahiri', fields: ['planets.moon.longitude'] },
    {
      source: 'ephemeris',
      version: 'sweph',
      fields: ['moon.longitude', 'sun.longitude', 'sun.rise_set', 'ascendant'],
    },
    { source: 'ayanamsha', version: currentAyanamsha(), fields: ['nakshatra', 'yoga', 'raasi', 'lagna'] },
    { source: 'tzdb', version: process.versions.tz ?? 'icu', fields: ['timezone'] },
  ];
}

/** Transit Moon nakshatra and sign at t. */
export function transitMoon(t: number): { nakshatra: number; sign: number } {
  const lon = bodyLongitude('moon', t, { sidereal: true }).longitude;
  return { nakshatra: nakshatraNumber(lon), sign: signNumber(lon) };
}

export function candidate(natal: Natal, req: Request, day: SunriseDay, t: number) {
  const moon = transitMoon(t);
  const fmt = (ms: number) => isoInZone(ms, req.timezone);

  const tara = taraOf(natal.moonNakshatra, moon.nakshatra);
  const taraName = TARAS[tara - 1]!;
  const tarabala: Component = {
    name: 'tarabala',
    score: TARA_POINTS[tara - 1]!,
    max_score: TARA_MAX,
    evidence: [
      `natal_moon_nakshatra=${nakName(natal.moonNakshatra)}`,
      `transit_moon_nakshatra=${nakName(moon.nakshatra)}`,
      `tara=${tara}:${taraName}`,
    ],
  };

  const cb = chandrabalaCount(natal.moonSign, moon.sign);
  const cbGood = CHANDRABALA_GOOD.includes(cb);
  const chandrabala: Component = {
    name: 'chandrabala',
    score: cbGood ? CHANDRABALA_MAX : 0,
    max_score: CHANDRABALA_MAX,
    evidence: [
      `natal_moon_sign=${signName(natal.moonSign)}`,
      `transit_moon_sign=${signName(moon.sign)}`,
      `count=${cb}`,
      cbGood ? 'favourable_count' : 'unfavourable_count',
    ],
  };

  const tithi = Math.min(30, Math.floor(elongation(t) / 12) + 1);
  const yoga = Math.min(27, Math.floor(norm360(yogaAngle(t)) / NAKSHATRA_SPAN) + 1);
  const tithiOk = !AVOIDED_TITHIS.includes(tithi);
  const nakOk = GOOD_NAKSHATRAS[req.activity].includes(moon.nakshatra);
  const yogaOk = !AVOIDED_YOGAS.includes(yoga);
  const panchanga: Component = {
    name: 'panchanga_suitability',
    score: Number(tithiOk) + Number(nakOk) + Number(yogaOk),
    max_score: PANCHANGA_MAX,
    evidence: [
      `tithi=${tithi}:${tithiName(tithi)}${tithiOk ? '' : ' (rikta or amavasya: avoided)'}`,
      `nakshatra=${nakName(moon.nakshatra)}${nakOk ? ` (suitable for ${req.activity})` : ` (not listed for ${req.activity})`}`,
      `yoga=${yoga}:${YOGAS[yoga - 1]}${yogaOk ? '' : ' (avoided)'}`,
    ],
  };

  const wd = day.frame.weekday;
  const wdRule = WEEKDAYS[req.activity];
  const wdScore = wdRule.good.includes(wd) ? WEEKDAY_MAX : wdRule.avoid.includes(wd) ? 0 : 1;
  const weekday: Component = {
    name: 'weekday_lord',
    score: wdScore,
    max_score: WEEKDAY_MAX,
    evidence: [
      `vaara=${VAARAS[wd]!.name}`,
      `lord=${VAARAS[wd]!.ruler}`,
      wdScore === WEEKDAY_MAX ? 'good_weekday' : wdScore === 0 ? 'avoided_weekday' : 'neutral_weekday',
    ],
  };

  const active = activeWindows(day.windows, t);
  const excluded = active.length > 0;
  const kalam: Component = {
    name: 'kalam_exclusions',
    score: excluded ? 0 : KALAM_MAX,
    max_score: KALAM_MAX,
    evidence: excluded
      ? active.map((w) => `inside=${w.name} ${fmt(w.startMs)}/${fmt(w.endMs)}`)
      : ['outside rahu_kalam, yamaganda_kalam, gulika_kalam and durmuhurtam'],
  };

  const lagnaSign = signNumber(ascendantLongitude(t, req.latitude, req.longitude, true));
  const modality = modalityOf(lagnaSign);
  const pref = LAGNA[req.activity];
  const lagnaScore = modality === pref.preferred ? LAGNA_MAX : modality === pref.second ? 1 : 0;
  const lagna: Component = {
    name: 'lagna',
    score: lagnaScore,
    max_score: LAGNA_MAX,
    evidence: [`lagna=${signName(lagnaSign)}`, `modality=${modality}`, `preferred=${pref.preferred}`],
  };

  const components = [tarabala, chandrabala, panchanga, weekday, kalam, lagna];
  const sum = components.reduce((s, c) => s + c.score, 0);
  const total = Math.round((1000 * sum) / TOTAL_MAX) / 10;
  return {
    natal_chart_id: natal.chartId,
    activity_type: req.activity,
    proposed_at: fmt(t),
    latitude: req.latitude,
    longitude: req.longitude,
    timezone: req.timezone,
    method_version: METHOD_VERSION,
    total_score: total,
    label: labelOf(total, excluded),
    is_excluded: excluded,
    components,
    caution_windows: day.windows.map((w) => ({
      name: w.name,
      start: fmt(w.startMs),
      end: fmt(w.endMs),
      active: w.startMs <= t && t < w.endMs,
    })),
    features_used: featuresUsed(),
  };
}

export type Candidate = ReturnType<typeof candidate>;

/** Scan [startMs, endMs) at stepMs; the best `topN`, ranked. */
export function search(natal: Natal, req: Request, startMs: number, endMs: number, stepMs: number, topN: number) {
  const days = new SunriseDays(req, req.timezone);
  const all: (Candidate & { atMs: number })[] = [];
  for (let t = startMs; t < endMs; t += stepMs) all.push({ ...candidate(natal, req, days.at(t), t), atMs: t });
  return rankCandidates(all)
    .slice(0, topN)
    .map(({ atMs: _atMs, ...c }) => c);
}
