// The five angas (and raasi, lunar phase, masa, samvatsara) at an instant, with anga end moments found
// by bracketing and bisection (astro-core's findAngleCrossing; DESIGN §8), never by fine scans.
import { bodyLongitude, findAllAngleCrossings, findAngleCrossing, norm360, NAKSHATRA_SPAN } from '@astro/astro-core';
import { karanaName, MASAS, NAKSHATRAS, rituOfMasa, TITHIS, YOGAS } from './names.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Mean synodic month (days), only to estimate the start of the lunar year. */
const SYNODIC_DAYS = 29.530589;
/** Search horizon for an anga end; the longest tithi lasts ~26.8 h, the longest nakshatra ~26.5 h. */
const END_HORIZON = 3 * DAY;
/** Sample step: moon − sun, the Moon and sun + moon all move < 17°/day, far below 180° per step. */
const END_STEP = 6 * HOUR;

const sunTropical = (ms: number) => bodyLongitude('sun', ms).longitude;
const moonTropical = (ms: number) => bodyLongitude('moon', ms).longitude;
const sunSidereal = (ms: number) => bodyLongitude('sun', ms, { sidereal: true }).longitude;
const moonSidereal = (ms: number) => bodyLongitude('moon', ms, { sidereal: true }).longitude;

/** Moon − Sun elongation in [0, 360): the tithi and karana angle (frame-independent). */
export const elongation = (ms: number) => norm360(moonTropical(ms) - sunTropical(ms));
/** Sidereal Sun + Moon in [0, 360): the yoga angle (Lahiri). */
export const yogaAngle = (ms: number) => norm360(sunSidereal(ms) + moonSidereal(ms));

export type AngaKind = 'tithi' | 'nakshatra' | 'yoga';

const ANGA: Record<AngaKind, { fn: (ms: number) => number; span: number; count: number; names: readonly string[] }> = {
  tithi: { fn: elongation, span: 12, count: 30, names: TITHIS },
  nakshatra: { fn: moonSidereal, span: NAKSHATRA_SPAN, count: 27, names: NAKSHATRAS },
  yoga: { fn: yogaAngle, span: NAKSHATRA_SPAN, count: 27, names: YOGAS },
};

/** 1-based index of angle in spans of `span` degrees; guards float noise at the 360° wrap. */
function indexOf(angle: number, span: number, count: number): number {
  return Math.min(count, Math.floor(norm360(angle) / span) + 1);
}

export interface AngaValue {
  number: number;
  name: string;
  endsAtMs: number;
  /** The next anga when it also ends before `untilMs` (kshaya), else null. */
  skipped: { number: number; name: string; endsAtMs: number } | null;
}

function endOf(kind: AngaKind, n: number, fromMs: number): number {
  const a = ANGA[kind];
  const t = findAngleCrossing(a.fn, a.span * n, fromMs, fromMs + END_HORIZON, END_STEP);
  if (t === null) throw new Error(`no end of ${kind} ${n} within ${END_HORIZON / DAY} days`);
  return t;
}

/** The anga current at atMs, when it ends, and the kshaya anga after it if that ends before untilMs. */
export function angaAt(kind: AngaKind, atMs: number, untilMs: number): AngaValue {
  const a = ANGA[kind];
  const n = indexOf(a.fn(atMs), a.span, a.count);
  const endsAtMs = endOf(kind, n, atMs);
  let skipped: AngaValue['skipped'] = null;
  if (endsAtMs < untilMs) {
    const next = (n % a.count) + 1;
    const nextEnd = endOf(kind, next, endsAtMs);
    if (nextEnd < untilMs) skipped = { number: next, name: a.names[next - 1]!, endsAtMs: nextEnd };
  }
  return { number: n, name: a.names[n - 1]!, endsAtMs, skipped };
}

export interface InstantValues {
  lunarPhaseDeg: number;
  karana: { number: number; name: string };
  /** Sidereal sign of the Moon, 1 = Aries (mesha). */
  raasi: number;
}

export function instantValues(atMs: number): InstantValues {
  const phase = elongation(atMs);
  const k = indexOf(phase, 6, 60);
  return {
    lunarPhaseDeg: phase,
    karana: { number: k, name: karanaName(k) },
    raasi: indexOf(moonSidereal(atMs), 30, 12),
  };
}

export function paksha(tithiNumber: number): 'shukla' | 'krishna' {
  return tithiNumber <= 15 ? 'shukla' : 'krishna';
}

export interface LunarMonth {
  number: number;
  name: string;
  isAdhika: boolean;
  ritu: string;
  /** 1-60, prabhava = 1. */
  samvatsara: number;
  startMs: number;
  endMs: number;
}

/**
 * Amanta lunar month containing atMs (new moon to new moon). It is named after the month in which the
 * Sun enters the next sidereal sign: a month starting with the Sun in Meena (pisces) is chaitra, in
 * Mesha vaishakha, and so on. A month without a solar ingress (Sun in the same sign at both new moons)
 * is adhika and carries the name of the nija month that follows it. Kshaya months (two ingresses) are
 * not named separately.
 *
 * Samvatsara: the Shaka-era count of the 60-year cycle used by South Indian (chandramana) almanacs and
 * Drik Panchang's "Shaka Samvat" line: the year starts at the new moon that begins chaitra,
 * shaka = gregorian year of that new moon − 78, samvatsara = (shaka + 11) mod 60 + 1 (Shaka 1946 =
 * Krodhi = 38, from Ugadi 2024-04-09).
 */
export function lunarMonthAt(atMs: number): LunarMonth {
  const prev = findAllAngleCrossings(elongation, 0, atMs - 32 * DAY, atMs, DAY);
  const startMs = prev[prev.length - 1];
  const endMs = findAngleCrossing(elongation, 0, atMs, atMs + 32 * DAY, DAY);
  if (startMs === undefined || endMs === null) throw new Error('no new moon bracket');
  const s1 = Math.floor(sunSidereal(startMs) / 30);
  const s2 = Math.floor(sunSidereal(endMs) / 30);
  const number = ((s1 + 1) % 12) + 1;
  const chaitraStart = startMs - (number - 1) * SYNODIC_DAYS * DAY;
  const shaka = new Date(chaitraStart).getUTCFullYear() - 78;
  return {
    number,
    name: MASAS[number - 1]!,
    isAdhika: s1 === s2,
    ritu: rituOfMasa(number),
    samvatsara: ((((shaka + 11) % 60) + 60) % 60) + 1,
    startMs,
    endMs,
  };
}
