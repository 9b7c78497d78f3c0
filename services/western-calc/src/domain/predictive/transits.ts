// Transits to the natal chart (spec 3 "Western predictive"): hits at a moment and windows at daily
// resolution with exact moments.
//
// Orbs (documented in README "Western"): the five major aspects, 3° for conjunction, opposition,
// square and trine, 2° for the sextile, the same for every transiting body. Natal points are
// stationary, so is_applying says whether the transiting body approaches exactness. Windows sample
// once a day from starts_at, so the Moon (13°/day, through a 3° orb in hours) is left out of them.
import { apparentLongitude, bodyLongitude, diff180, norm360, STEP_MS, type BodyKey } from '@astro/astro-core';
import {
  MAJOR_ASPECTS,
  aspectBetween,
  findAspects,
  type Aspect,
  type AspectDef,
  type OrbPolicy,
} from '../aspects/aspects.ts';
import { WESTERN_BODIES, type Point } from '../natal/points.ts';
import { skyAt } from './sky.ts';
import { DAY_MS } from './time.ts';

export const TRANSIT_ORB: (def: AspectDef) => number = (def) => (def.name === 'sextile' ? 2 : 3);

/** Transiting point (side a) to natal point (side b, stationary). */
export const TRANSIT_POLICY: OrbPolicy = {
  aspects: MAJOR_ASPECTS,
  maxOrb: (def) => TRANSIT_ORB(def),
  stationary: (_p, side) => side === 'b',
};

export interface TransitHit {
  transit_planet: string;
  natal_planet: string;
  aspect: string;
  orb_degrees: number;
  strength: number;
  is_applying: boolean;
}

export function transitHits(natal: readonly Point[], utcMs: number): TransitHit[] {
  return findAspects(skyAt(utcMs), natal, TRANSIT_POLICY).map((a) => ({
    transit_planet: a.planet_a,
    natal_planet: a.planet_b,
    aspect: a.aspect,
    orb_degrees: a.orb_degrees,
    strength: a.strength,
    is_applying: a.is_applying,
  }));
}

export interface TransitWindow {
  transit_planet: string;
  natal_planet: string;
  aspect: string;
  starts_at: number;
  ends_at: number;
  exact_at: number | null;
  min_orb_degrees: number;
  peak_strength: number;
}

const ASPECT_INDEX = new Map(MAJOR_ASPECTS.map((d, i) => [d.name, i]));
/** Target offsets from a natal point: one for conjunction and opposition, both sides otherwise. */
const offsetsOf = (def: AspectDef) => (def.angle === 0 || def.angle === 180 ? [def.angle] : [def.angle, -def.angle]);
/** Margin (degrees) around critical longitudes, far above rounding and far below a day's motion. */
const EDGE_EPS = 1e-9;

/**
 * Longitudes where some transit to `natal` can begin, end or perfect: every target (natal point ±
 * aspect angle) and its two orb edges. Between them every transit's orb is monotonic in longitude.
 */
function criticalLongitudes(natal: readonly Point[]): number[] {
  const out: number[] = [];
  for (const np of natal)
    for (const def of MAJOR_ASPECTS)
      for (const v of offsetsOf(def)) {
        const t = norm360(np.longitude + v);
        out.push(t, norm360(t - TRANSIT_ORB(def)), norm360(t + TRANSIT_ORB(def)));
      }
  return out;
}

/** Whether a critical longitude lies on the short arc from `a` to `b` (ends included, with a margin). */
function arcHolds(a: number, b: number, critical: readonly number[]): boolean {
  const d = diff180(b, a);
  const from = d >= 0 ? a : b;
  const len = Math.abs(d) + 2 * EDGE_EPS;
  for (const c of critical) if (norm360(c - from + EDGE_EPS) <= len) return true;
  return false;
}

/**
 * Bodies computed every day, without their speed (a third of the cost with Moshier; the longitude then
 * differs by ~1e-13° from the one with speed): orb edges lie ~1.25° apart on average (12 natal points,
 * 8 targets, 3 edges each), so a body moving half a degree a day or more meets one nearly every day
 * and proving stretches quiet would cost more than it skips.
 */
const DENSE_BODIES: ReadonlySet<BodyKey> = new Set<BodyKey>(['sun', 'mercury', 'venus', 'mars']);

/** Every `step`-th sample of `n` and the last: where a slow body is computed before any bisection. */
function gridOf(n: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n - 1; i += step) out.push(i);
  out.push(n - 1);
  return out;
}

const stepOf = (body: BodyKey) => Math.max(1, Math.floor(STEP_MS[body] / DAY_MS));

/** A body's computed positions before DailyBody fills in: every day (dense bodies) or its grid. */
interface Precomputed {
  /** Longitudes of every sample (dense bodies, without speed). */
  dense?: Float64Array;
  /** Longitude and speed on the grid days (the other bodies). */
  grid?: Map<number, { longitude: number; speed: number }>;
}

/**
 * The positions every search needs, date by date rather than body by body: sweph keeps the Earth's
 * position and the nutation of the last date it computed, so the second and later bodies of a date
 * reuse them (the same numbers as body by body, in 55-70 % of the time; issue 18 profile). Dense
 * bodies on every sample, the others on their grid of STEP_MS (the same 10 days for Jupiter to Pluto).
 */
function precompute(bodies: readonly BodyKey[], samples: readonly number[]): Map<BodyKey, Precomputed> {
  const n = samples.length;
  const out = new Map<BodyKey, Precomputed>(
    bodies.map((b) => [b, DENSE_BODIES.has(b) ? { dense: new Float64Array(n) } : { grid: new Map() }]),
  );
  const onGrid = new Map(bodies.map((b) => [b, new Set(DENSE_BODIES.has(b) ? [] : gridOf(n, stepOf(b)))]));
  for (let i = 0; i < n; i++)
    for (const b of bodies) {
      const p = out.get(b)!;
      if (p.dense) p.dense[i] = apparentLongitude(b, samples[i]!);
      else if (onGrid.get(b)!.has(i)) p.grid!.set(i, bodyLongitude(b, samples[i]!));
    }
  return out;
}

/**
 * One transiting body on the daily grid `samples`. Days are computed where something can happen and
 * skipped inside a stretch proven quiet: the body moves one way throughout (both ends move the same
 * way and the stretch is within the body's STEP_MS, which never holds two stations), both ends have
 * the same aspects to every natal point, and no critical longitude lies between them. On a skipped
 * day each aspect is the one of the day before, its orb lies between those at the two ends (so the
 * window minimum is unchanged) and the deviation from every target keeps its sign (no exact moment).
 * Slow bodies are thus computed a few times per orb edge they cross rather than every day.
 */
class DailyBody {
  readonly lon: Float64Array;
  /** Degrees/day: from the ephemeris, or for dense bodies the central difference of the longitudes. */
  readonly speed: Float64Array;
  /** Aspect to each natal point (null: none) on computed days; undefined on skipped days. */
  readonly aspects: ((Aspect | null)[] | undefined)[];
  private readonly dense: boolean;

  constructor(
    readonly body: BodyKey,
    private readonly natal: readonly Point[],
    private readonly samples: readonly number[],
    private readonly critical: readonly number[],
    { dense, grid }: Precomputed,
  ) {
    const n = samples.length;
    this.lon = dense ?? new Float64Array(n);
    this.speed = new Float64Array(n);
    this.aspects = new Array(n);
    this.dense = dense !== undefined;
    if (dense) {
      for (let i = 0; i < n; i++) {
        const a = Math.max(0, i - 1);
        const b = Math.min(n - 1, i + 1);
        this.speed[i] = b > a ? diff180(this.lon[b]!, this.lon[a]!) / (b - a) : 0;
        this.aspects[i] = this.aspectsAt(i);
      }
      return;
    }
    for (const [i, state] of grid!) this.set(i, state);
    const days = [...grid!.keys()];
    for (let k = 0; k + 1 < days.length; k++) this.fill(days[k]!, days[k + 1]!);
  }

  private aspectsAt(i: number): (Aspect | null)[] {
    const p: Point = { planet: this.body, longitude: this.lon[i]!, speed: this.speed[i]! };
    return this.natal.map((np) => aspectBetween(p, np, TRANSIT_POLICY));
  }

  private compute(i: number): void {
    this.set(i, bodyLongitude(this.body, this.samples[i]!));
  }

  private set(i: number, s: { longitude: number; speed: number }): void {
    this.lon[i] = s.longitude;
    this.speed[i] = s.speed;
    this.aspects[i] = this.aspectsAt(i);
  }

  private quiet(a: number, b: number): boolean {
    if (!(this.speed[a]! * this.speed[b]! > 0)) return false;
    const x = this.aspects[a]!;
    const y = this.aspects[b]!;
    for (let j = 0; j < x.length; j++) if (x[j]?.aspect !== y[j]?.aspect) return false;
    return !arcHolds(this.lon[a]!, this.lon[b]!, this.critical);
  }

  /** Days a and b computed: computes what lies between unless the stretch is quiet (bisecting it). */
  private fill(a: number, b: number): void {
    if (b - a <= 1 || this.quiet(a, b)) return;
    const m = a + ((b - a) >> 1);
    this.compute(m);
    this.fill(a, m);
    this.fill(m, b);
  }

  known(i: number): boolean {
    return this.aspects[i] !== undefined;
  }

  /**
   * Whether the body moves one way from day i to day i + 1. Dense bodies: a station inside that day
   * would make the days before and after it move opposite ways (no two stations lie within three days).
   */
  oneWay(i: number): boolean {
    if (!this.dense) return this.speed[i]! * this.speed[i + 1]! > 0;
    if (i < 1 || i + 2 >= this.lon.length) return false;
    return diff180(this.lon[i]!, this.lon[i - 1]!) * diff180(this.lon[i + 2]!, this.lon[i + 1]!) > 0;
  }
}

/** Cubic Hermite through (0, f0) and (1, f1) with slopes m0, m1: value and slope at u. */
function hermite(u: number, f0: number, f1: number, m0: number, m1: number): [number, number] {
  const u2 = u * u;
  const u3 = u2 * u;
  const v = (2 * u3 - 3 * u2 + 1) * f0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * f1 + (u3 - u2) * m1;
  const dv = (6 * u2 - 6 * u) * f0 + (3 * u2 - 4 * u + 1) * m0 + (-6 * u2 + 6 * u) * f1 + (3 * u2 - 2 * u) * m1;
  return [v, dv];
}

/**
 * The moment in (lo, hi] (lo + whole milliseconds) where the body passes `target`: the deviation has
 * sign d0 at lo and the other sign (d1) at hi, the body moving with speeds s0, s1 (degrees/day) there;
 * the answer is a millisecond whose predecessor lies on lo's side, as a bisection to the millisecond
 * finds it. When the body moves one way through the day (`monotonic`) the deviation follows the
 * cubic through the two ends (speeds exact or differenced) so closely that Newton steps from it, kept inside the bracket, end
 * in two or three positions instead of ~27 (the position itself jitters by ~1e-9° from one millisecond
 * to the next, so slow bodies may land a few milliseconds from a bisection's pick). Through a station
 * it bisects.
 */
function crossing(
  body: BodyKey,
  target: number,
  lo: number,
  hi: number,
  d: [number, number],
  s: [number, number],
  monotonic: boolean,
) {
  const [d0, d1] = d;
  const side = d0 < 0;
  const t0 = lo;
  const span = hi - lo;
  const m0 = (s[0] * span) / DAY_MS;
  const m1 = (s[1] * span) / DAY_MS;
  let u = d0 / (d0 - d1);
  for (let k = 0; monotonic && k < 4; k++) {
    const [v, dv] = hermite(u, d0, d1, m0, m1);
    u = Math.min(1, Math.max(0, u - v / dv));
  }
  let x = t0 + u * span;
  while (hi - lo > 1) {
    const k =
      monotonic && x > lo && x < hi
        ? Math.min(hi - lo - 1, Math.max(1, Math.round(x - lo)))
        : Math.floor((hi - lo) / 2);
    const mid = lo + k;
    const dev = diff180(apparentLongitude(body, mid), target);
    if (dev < 0 === side) lo = mid;
    else hi = mid;
    x = mid - (dev * span) / hermite((mid - t0) / span, d0, d1, m0, m1)[1];
  }
  return hi;
}

/**
 * The first moment where the body passes one of `targets` between consecutive daily samples i0..i1, to
 * the millisecond, or null. A body cannot cross the same degree twice within a day except right at a
 * station, where it merely touches it: such a touch shows as a minimum orb. Skipped days hold no
 * crossing (DailyBody). Only the first day with a crossing is refined: a window through a station
 * crosses its target up to three times, and only the first is answered (exact_at).
 */
function firstExactMoment(
  series: DailyBody,
  targets: readonly number[],
  samples: readonly number[],
  i0: number,
  i1: number,
): number | null {
  for (let i = i0; i < i1; i++) {
    if (!series.known(i) || !series.known(i + 1)) continue;
    let first: number | null = null;
    for (const target of targets) {
      const d0 = diff180(series.lon[i]!, target);
      const d1 = diff180(series.lon[i + 1]!, target);
      let hit: number | undefined;
      if (d0 === 0) hit = samples[i]!;
      else if (d0 < 0 !== d1 < 0 && Math.abs(d1 - d0) < 180) {
        const speeds: [number, number] = [series.speed[i]!, series.speed[i + 1]!];
        hit = crossing(series.body, target, samples[i]!, samples[i + 1]!, [d0, d1], speeds, series.oneWay(i));
      }
      if (hit !== undefined && (first === null || hit < first)) first = hit;
    }
    if (first !== null) return first;
  }
  return null;
}

export const WINDOW_BODIES: readonly BodyKey[] = WESTERN_BODIES.filter((b) => b !== 'moon');

/**
 * Windows of every transit (WINDOW_BODIES) to every natal point in [startMs, endMs], sampled daily
 * from startMs: starts_at/ends_at are the first and last sample within orb, exact_at the first moment
 * of exactness (to the millisecond) within a day of the window and inside the range, if any.
 */
export function transitWindows(
  natal: readonly Point[],
  startMs: number,
  endMs: number,
  only: readonly BodyKey[] = WINDOW_BODIES,
): TransitWindow[] {
  const samples: number[] = [];
  for (let t = startMs; t <= endMs; t += DAY_MS) samples.push(t);
  const critical = criticalLongitudes(natal);
  const computed = precompute(only, samples);
  const bodies = only.map((b) => new DailyBody(b, natal, samples, critical, computed.get(b)!));
  // Windows by key (body, natal point, aspect) as a number; a Map keeps opening order for closing.
  const nA = MAJOR_ASPECTS.length;
  const open = new Map<number, TransitWindow>();
  const seen = new Int32Array(bodies.length * natal.length * nA).fill(-1);
  const out: TransitWindow[] = [];
  for (let i = 0; i < samples.length; i++) {
    const t = samples[i]!;
    for (let bi = 0; bi < bodies.length; bi++) {
      const series = bodies[bi]!;
      const known = series.known(i);
      let k = i;
      while (!series.known(k)) k--; // a skipped day keeps the aspects of the day before
      const aspects = series.aspects[k]!;
      for (let j = 0; j < natal.length; j++) {
        const a = aspects[j];
        if (!a) continue;
        const key = (bi * natal.length + j) * nA + ASPECT_INDEX.get(a.aspect)!;
        seen[key] = i;
        const w = open.get(key);
        if (w) {
          w.ends_at = t;
          if (known && a.orb_degrees < w.min_orb_degrees) w.min_orb_degrees = a.orb_degrees;
        } else
          open.set(key, {
            transit_planet: series.body,
            natal_planet: natal[j]!.planet,
            aspect: a.aspect,
            starts_at: t,
            ends_at: t,
            exact_at: null,
            min_orb_degrees: a.orb_degrees,
            peak_strength: 0,
          });
      }
    }
    for (const [key, w] of open)
      if (seen[key] !== i) {
        open.delete(key);
        out.push(w);
      }
  }
  for (const w of open.values()) out.push(w);

  const natalLon = new Map(natal.map((p) => [p.planet, p.longitude]));
  const byBody = new Map(bodies.map((b) => [b.body as string, b]));
  for (const w of out) {
    const def = MAJOR_ASPECTS.find((d) => d.name === w.aspect)!;
    // From the sample before the window to the sample after it (exactness lies within orb).
    const i0 = Math.max(0, Math.round((w.starts_at - startMs) / DAY_MS) - 1);
    const i1 = Math.min(samples.length - 1, Math.round((w.ends_at - startMs) / DAY_MS) + 1);
    const base = natalLon.get(w.natal_planet)!;
    const series = byBody.get(w.transit_planet)!;
    const exact = firstExactMoment(
      series,
      offsetsOf(def).map((v) => norm360(base + v)),
      samples,
      i0,
      i1,
    );
    if (exact !== null) {
      w.exact_at = exact;
      w.min_orb_degrees = 0;
    }
    w.peak_strength = Math.max(0, 1 - w.min_orb_degrees / TRANSIT_ORB(def));
  }
  return out.sort(windowOrder(natal));
}

const BODY_RANK = new Map<string, number>(WINDOW_BODIES.map((b, i) => [b, i]));

/**
 * The answer's order: by start, the strongest first, then (a total order, so that windows of bodies
 * searched apart merge into the same list) by end, body and natal point, which is the order the
 * single search closed them in.
 */
export function windowOrder(natal: readonly Point[]): (a: TransitWindow, b: TransitWindow) => number {
  const natalRank = new Map(natal.map((p, i) => [p.planet, i]));
  return (a, b) =>
    a.starts_at - b.starts_at ||
    b.peak_strength - a.peak_strength ||
    a.ends_at - b.ends_at ||
    BODY_RANK.get(a.transit_planet)! - BODY_RANK.get(b.transit_planet)! ||
    natalRank.get(a.natal_planet)! - natalRank.get(b.natal_planet)!;
}
