// Sade Sati and the two Dhaiyas: Saturn's transits of the 12th, 1st and 2nd signs from the natal Moon
// sign (Sade Sati: rising, peak, setting) and of the 4th (ardhashtama, Kantaka Shani) and 8th (ashtama)
// signs, dated by Saturn's sidereal (Lahiri) sign ingresses, retrograde re-entries included.
//
// The ingresses come from astro-core's event search (findAllLongitudeCrossings: split at stations,
// bisect to a millisecond). It is asked only about the sign boundaries that open or close one of those
// five signs, and only over the 10-day steps (astro-core STEP_MS.saturn) where Saturn is within 1.5° of
// such a boundary: Saturn moves at most ~0.13°/day, so in a step it never gets further than 1.3° from
// where the step began, and no crossing can be missed. A 120-year search then costs ~4,400 positions
// plus the bisections instead of a full station search per boundary (~2.5 s measured).
//
// Whole stays and cycles: the search runs 15 years beyond each end of the asked range (a Sade Sati with
// its retrograde returns lasts at most ~8 years), so every stay and cycle that overlaps the range is
// reported with its true first ingress and last egress, not clipped. Pure apart from the ephemeris.
import {
  bodyLongitude,
  diff180,
  findAllLongitudeCrossings,
  signIndexOf,
  SIGNS,
  STEP_MS,
  type Sign,
} from '@astro/astro-core';
import { signCount } from '../matching/moon.ts';

export const SADE_SATI_SOURCE =
  'Saturn in the 12th, 1st and 2nd signs from the natal Moon sign (Sade Sati), the 4th (ardhashtama, Kantaka Shani) and the 8th (ashtama): B.V. Raman, "Hindu Predictive Astrology", on Saturn\'s transits (gochara); ingresses by sidereal (Lahiri) longitude';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
/** Stays of one kind closer than this belong to one cycle (a retrograde excursion lasts months; cycles repeat after ~20-30 years). */
const CYCLE_GAP_MS = 2 * YEAR;
/**
 * Search margin beyond each end of the range: a cycle (at most ~8.5 years) overlapping the range, plus
 * the gap that joins stays into a cycle, plus a stay (at most ~3 years) cut by the window's edge.
 */
export const SEARCH_MARGIN_MS = 15 * YEAR;
/** Saturn stays within 1.3° of where a 10-day step began; any boundary nearer than this is searched. */
const NEAR_DEG = 1.5;

export type Phase = 'sade_sati_rising' | 'sade_sati_peak' | 'sade_sati_setting' | 'ardhashtama' | 'ashtama';
export type CycleKind = 'sade_sati' | 'ardhashtama' | 'ashtama';
type Motion = 'direct' | 'retrograde';

/** Phase by Saturn's sign counted from the Moon sign (1..12). */
export const PHASES: Readonly<Partial<Record<number, Phase>>> = {
  12: 'sade_sati_rising',
  1: 'sade_sati_peak',
  2: 'sade_sati_setting',
  4: 'ardhashtama',
  8: 'ashtama',
};
const KIND: Readonly<Record<Phase, CycleKind>> = {
  sade_sati_rising: 'sade_sati',
  sade_sati_peak: 'sade_sati',
  sade_sati_setting: 'sade_sati',
  ardhashtama: 'ardhashtama',
  ashtama: 'ashtama',
};

export interface SaturnStay {
  phase: Phase;
  house_from_moon: number;
  saturn_sign: Sign;
  startMs: number;
  endMs: number;
  start_motion: Motion;
  end_motion: Motion;
}

export interface SaturnCycle {
  kind: CycleKind;
  startMs: number;
  peakStartMs: number | null;
  peakEndMs: number | null;
  endMs: number;
  stays: SaturnStay[];
}

export interface SadeSatiResult {
  stays: SaturnStay[];
  cycles: SaturnCycle[];
  phase_at_from: Phase | null;
}

export interface SaturnIngress {
  ms: number;
  /** The sign Saturn enters. */
  sign: number;
  motion: Motion;
}

const saturnAt = (ms: number) => bodyLongitude('saturn', ms, { sidereal: true }).longitude;

/** Saturn's sidereal ingresses in (fromMs, toMs] across the boundaries at the start of `boundarySigns`. */
export function saturnIngresses(fromMs: number, toMs: number, boundarySigns: readonly number[]): SaturnIngress[] {
  const out: SaturnIngress[] = [];
  const step = STEP_MS.saturn;
  for (let t0 = fromMs; t0 < toMs; t0 += step) {
    const t1 = Math.min(toMs, t0 + step);
    const lon = saturnAt(t0);
    for (const b of boundarySigns) {
      if (Math.abs(diff180(b * 30, lon)) > NEAR_DEG) continue;
      for (const c of findAllLongitudeCrossings('saturn', b * 30, t0, t1, { sidereal: true }))
        out.push({ ms: c.utcMs, sign: c.direction === 'direct' ? b : (b + 11) % 12, motion: c.direction });
    }
  }
  return out.sort((a, b) => a.ms - b.ms);
}

/** Every whole stay of Saturn in a phase sign within [fromMs, toMs]; a stay cut by either end is dropped. */
function staysIn(moonSign: number, fromMs: number, toMs: number): SaturnStay[] {
  const phaseSigns = Object.keys(PHASES).map((h) => (moonSign + Number(h) - 1) % 12);
  const boundaries = [...new Set(phaseSigns.flatMap((s) => [s, (s + 1) % 12]))];
  const stays: SaturnStay[] = [];
  // Between tracked boundaries the sign may be stale, but only outside the phase signs: every way into
  // or out of a phase sign crosses one of its two boundaries, which are tracked.
  let sign = signIndexOf(saturnAt(fromMs));
  let since: { ms: number; motion: Motion } | null = null; // null: entered before fromMs (unknown)
  for (const ev of saturnIngresses(fromMs, toMs, boundaries)) {
    const house = signCount(moonSign, sign);
    const phase = PHASES[house];
    if (phase && since)
      stays.push({
        phase,
        house_from_moon: house,
        saturn_sign: SIGNS[sign]!,
        startMs: since.ms,
        endMs: ev.ms,
        start_motion: since.motion,
        end_motion: ev.motion,
      });
    sign = ev.sign;
    since = { ms: ev.ms, motion: ev.motion };
  }
  return stays;
}

/** Stays of one kind in time order, grouped into cycles (retrograde returns inside a cycle). */
function cyclesOf(stays: readonly SaturnStay[]): SaturnCycle[] {
  const cycles: SaturnCycle[] = [];
  const open = new Map<CycleKind, SaturnCycle>();
  for (const s of stays) {
    const kind = KIND[s.phase];
    const cur = open.get(kind);
    if (cur && s.startMs - cur.endMs < CYCLE_GAP_MS) {
      cur.stays.push(s);
      cur.endMs = s.endMs;
    } else {
      const c: SaturnCycle = {
        kind,
        startMs: s.startMs,
        peakStartMs: null,
        peakEndMs: null,
        endMs: s.endMs,
        stays: [s],
      };
      open.set(kind, c);
      cycles.push(c);
    }
  }
  for (const c of cycles) {
    const peak = c.stays.filter((s) => s.phase === 'sade_sati_peak');
    if (c.kind === 'sade_sati' && peak.length) {
      c.peakStartMs = peak[0]!.startMs;
      c.peakEndMs = peak[peak.length - 1]!.endMs;
    }
  }
  return cycles;
}

/**
 * Sade Sati and Dhaiya stays and cycles overlapping [fromMs, toMs] for a natal Moon sign (0..11),
 * each whole. The caller bounds the range (the search adds SEARCH_MARGIN_MS on each side).
 */
export function sadeSati(moonSign: number, fromMs: number, toMs: number): SadeSatiResult {
  const all = staysIn(moonSign, fromMs - SEARCH_MARGIN_MS, toMs + SEARCH_MARGIN_MS);
  const overlaps = (a: number, b: number) => a < toMs && b > fromMs;
  const cycles = cyclesOf(all).filter((c) => overlaps(c.startMs, c.endMs));
  // A cycle reported must lie well inside the searched window, so that no stay of it was cut off there.
  const lo = fromMs - SEARCH_MARGIN_MS + CYCLE_GAP_MS + 3 * YEAR;
  const hi = toMs + SEARCH_MARGIN_MS - CYCLE_GAP_MS - 3 * YEAR;
  if (cycles.some((c) => c.startMs < lo || c.endMs > hi))
    throw new Error('sade sati: a cycle reaches the edge of the searched window');
  const at = all.find((s) => s.startMs <= fromMs && fromMs < s.endMs);
  return {
    stays: all.filter((s) => overlaps(s.startMs, s.endMs)),
    cycles,
    phase_at_from: at?.phase ?? null,
  };
}
