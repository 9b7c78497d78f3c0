// Secondary progressions, solar arc directions and the progressed lunation.
//
// Secondary progressions: one ephemeris day after birth per tropical year of life (365.24219 days).
// Solar arc: arc = progressed Sun − natal Sun, added to every natal position (angles included).
// Hits: major aspects of progressed / directed points (planet_a) to natal points (planet_b), orb 1°
// (the customary orb for progressions and directions: about one year either side of exact).
import { degreeInSign, findAllAngleCrossings, norm360, signOf, type Sign } from '@astro/astro-core';
import { MAJOR_ASPECTS, findAspects, type Aspect, type OrbPolicy } from '../aspects/aspects.ts';
import { type Point } from '../natal/points.ts';
import { LUNAR_PHASES } from '../natal/summary.ts';
import { skyAt } from './sky.ts';
import { DAY_MS, TROPICAL_YEAR_DAYS } from './time.ts';

export const DIRECTION_ORB = 1;

const DIRECTION_POLICY: OrbPolicy = {
  aspects: MAJOR_ASPECTS,
  maxOrb: () => DIRECTION_ORB,
  stationary: (_p, side) => side === 'b',
};

/** The ephemeris moment standing for the real moment `atMs`. */
export const progressedMoment = (birthMs: number, atMs: number) =>
  birthMs + ((atMs - birthMs) / (TROPICAL_YEAR_DAYS * DAY_MS)) * DAY_MS;

/** The real moment an ephemeris moment stands for (inverse of progressedMoment). */
export const realMoment = (birthMs: number, ephMs: number) =>
  birthMs + ((ephMs - birthMs) / DAY_MS) * TROPICAL_YEAR_DAYS * DAY_MS;

export interface ProgressedPosition {
  planet: string;
  sign: Sign;
  longitude: number;
  degree_in_sign: number;
  speed_per_day: number;
  is_retrograde: boolean;
}

export function secondaryProgressions(natal: readonly Point[], birthMs: number, atMs: number) {
  const progMs = progressedMoment(birthMs, atMs);
  const sky = skyAt(progMs);
  const positions: ProgressedPosition[] = sky.map((p) => ({
    planet: p.planet,
    sign: signOf(p.longitude),
    longitude: p.longitude,
    degree_in_sign: degreeInSign(p.longitude),
    speed_per_day: p.speed,
    is_retrograde: p.speed < 0,
  }));
  const hits: Aspect[] = findAspects(sky, natal, DIRECTION_POLICY);
  return { progressedMs: progMs, positions, hits };
}

export function solarArc(natal: readonly Point[], birthMs: number, atMs: number) {
  const progSun = skyAt(progressedMoment(birthMs, atMs), ['sun'])[0]!;
  const natalSun = natal.find((p) => p.planet === 'sun')!;
  const arc = norm360(progSun.longitude - natalSun.longitude);
  // Directed points all move at the progressed Sun's rate (only its sign matters for is_applying).
  const directed: Point[] = natal.map((p) => ({
    planet: p.planet,
    longitude: norm360(p.longitude + arc),
    speed: progSun.speed,
  }));
  return {
    arc,
    directed: directed.map((p) => ({
      planet: p.planet,
      longitude: p.longitude,
      sign: signOf(p.longitude),
      degree_in_sign: degreeInSign(p.longitude),
    })),
    hits: findAspects(directed, natal, DIRECTION_POLICY),
  };
}

const elongation = (ms: number) => {
  const [sun, moon] = skyAt(ms, ['sun', 'moon']);
  return norm360(moon!.longitude - sun!.longitude);
};

/**
 * The progressed lunation at `atMs`: phase of progressed Moon − progressed Sun in eight 45° phases,
 * progress within the phase, the real moments the current phase began and the next begins, and the
 * progressed new Moon that seeded the current ~29.5-year cycle.
 */
export function progressedLunation(birthMs: number, atMs: number) {
  const progMs = progressedMoment(birthMs, atMs);
  const [sun, moon] = skyAt(progMs, ['sun', 'moon']);
  const angle = norm360(moon!.longitude - sun!.longitude);
  const index = Math.min(7, Math.floor(angle / 45));
  // Moon − Sun gains 11-15° per ephemeris day: one 45° phase lasts ~3-4 days, a cycle ~30.
  const span = 32 * DAY_MS;
  const last = (target: number) => {
    const xs = findAllAngleCrossings(elongation, target, progMs - span, progMs, DAY_MS / 2);
    return xs.length ? xs[xs.length - 1]! : null;
  };
  const prev = last(index * 45);
  const next = findAllAngleCrossings(elongation, ((index + 1) % 8) * 45, progMs, progMs + span, DAY_MS / 2)[0] ?? null;
  const seed = index === 0 ? prev : last(0);
  const seedSun = seed === null ? null : skyAt(seed, ['sun'])[0]!.longitude;
  return {
    progressedMs: progMs,
    sunLongitude: sun!.longitude,
    moonLongitude: moon!.longitude,
    phaseName: LUNAR_PHASES[index]!,
    phaseAngle: angle,
    phaseIndex: index,
    phaseProgress: (angle - index * 45) / 45,
    previousPhaseAt: prev === null ? null : realMoment(birthMs, prev),
    nextPhaseAt: next === null ? null : realMoment(birthMs, next),
    seed:
      seed === null || seedSun === null
        ? null
        : {
            at: realMoment(birthMs, seed),
            longitude: seedSun,
            sign: signOf(seedSun),
            degree_in_sign: degreeInSign(seedSun),
          },
  };
}
