// Chart patterns among Sun to Pluto (spec 3 "Pattern"): stellium by sign and by house, grand trine,
// T-square, grand cross, yod, kite (aspect figures use the natal aspects and their orbs), bowl and
// bucket (Marc Edmund Jones' whole-chart shapes).
//
// Definitions: a stellium is 3 or more bodies in one sign or one house (strength grows with the count,
// 5 or more = 1). Aspect figures: strength = mean strength of their aspects. Bowl: all ten bodies within
// one half of the zodiac (an empty arc of at least 180°); bucket: nine bodies within 180° and the tenth
// (the handle) outside; strength = 0.5 + (empty arc − 180°) / 120°, clamped to [0, 1].
import { norm360, signOf } from '@astro/astro-core';
import { findAspects, type Aspect, type AspectName } from '../aspects/aspects.ts';
import { houseOf, type NatalFrame } from './houses.ts';
import { WESTERN_BODIES, type Point } from './points.ts';

export interface Pattern {
  kind: string;
  planets: string[];
  signs: string[];
  houses: number[];
  strength: number;
  description: string;
}

type AspectIndex = Map<string, Aspect>;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function indexAspects(aspects: Aspect[]): AspectIndex {
  return new Map(aspects.map((a) => [pairKey(a.planet_a, a.planet_b), a]));
}

function has(ix: AspectIndex, a: string, b: string, kind: AspectName): Aspect | null {
  const x = ix.get(pairKey(a, b));
  return x && x.aspect === kind ? x : null;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function combos<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  xs.forEach((x, i) => {
    for (const rest of combos(xs.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

/** Largest empty arc between consecutive longitudes (degrees) and the point after it. */
function largestGap(points: readonly Point[]): { gap: number; after: Point } {
  const sorted = [...points].sort((a, b) => a.longitude - b.longitude);
  let gap = -1;
  let after = sorted[0]!;
  for (let i = 0; i < sorted.length; i++) {
    const cur = sorted[i]!;
    const next = sorted[(i + 1) % sorted.length]!;
    const g = norm360(next.longitude - cur.longitude) || (sorted.length === 1 ? 360 : 0);
    if (g > gap) {
      gap = g;
      after = next;
    }
  }
  return { gap, after };
}

export function patternsOf(frame: NatalFrame): Pattern[] {
  const bodies = frame.points.filter((p) => (WESTERN_BODIES as readonly string[]).includes(p.planet));
  const names = bodies.map((p) => p.planet);
  const lon = new Map(bodies.map((p) => [p.planet, p.longitude]));
  const signsOf = (ps: string[]) => [...new Set(ps.map((p) => signOf(lon.get(p)!)))];
  const housesOf = (ps: string[]) => [...new Set(ps.map((p) => houseOf(lon.get(p)!, frame.cusps)))];
  const make = (kind: string, planets: string[], strength: number, description: string): Pattern => ({
    kind,
    planets,
    signs: signsOf(planets),
    houses: housesOf(planets),
    strength: Math.min(1, Math.max(0, strength)),
    description,
  });
  const out: Pattern[] = [];

  // Stellia.
  const bySign = new Map<string, string[]>();
  const byHouse = new Map<number, string[]>();
  for (const p of bodies) {
    const s = signOf(p.longitude);
    const h = houseOf(p.longitude, frame.cusps);
    bySign.set(s, [...(bySign.get(s) ?? []), p.planet]);
    byHouse.set(h, [...(byHouse.get(h) ?? []), p.planet]);
  }
  for (const [sign, ps] of bySign)
    if (ps.length >= 3)
      out.push(make('stellium_sign', ps, (ps.length - 2) / 3, `${ps.length} bodies in ${sign}: ${ps.join(', ')}`));
  for (const [house, ps] of byHouse)
    if (ps.length >= 3)
      out.push(
        make('stellium_house', ps, (ps.length - 2) / 3, `${ps.length} bodies in house ${house}: ${ps.join(', ')}`),
      );

  const ix = indexAspects(findAspects(bodies));

  // Grand trines (and kites built on them).
  for (const [a, b, c] of combos(names, 3)) {
    const t = [has(ix, a!, b!, 'trine'), has(ix, b!, c!, 'trine'), has(ix, a!, c!, 'trine')];
    if (t.some((x) => !x)) continue;
    out.push(make('grand_trine', [a!, b!, c!], mean(t.map((x) => x!.strength)), `${a}, ${b} and ${c} in mutual trine`));
    for (const d of names) {
      if ([a, b, c].includes(d)) continue;
      for (const [apex, s1, s2] of [
        [a!, b!, c!],
        [b!, a!, c!],
        [c!, a!, b!],
      ] as const) {
        const opp = has(ix, d, apex, 'opposition');
        const x1 = has(ix, d, s1, 'sextile');
        const x2 = has(ix, d, s2, 'sextile');
        if (opp && x1 && x2)
          out.push(
            make(
              'kite',
              [apex, s1, s2, d],
              mean([...t.map((x) => x!.strength), opp.strength, x1.strength, x2.strength]),
              `grand trine ${apex}-${s1}-${s2} with ${d} opposite ${apex} and sextile ${s1} and ${s2}`,
            ),
          );
      }
    }
  }

  // T-squares and grand crosses.
  const oppositions = combos(names, 2).filter(([a, b]) => has(ix, a!, b!, 'opposition'));
  for (const [a, b] of oppositions) {
    for (const c of names) {
      if (c === a || c === b) continue;
      const s1 = has(ix, a!, c, 'square');
      const s2 = has(ix, b!, c, 'square');
      if (s1 && s2)
        out.push(
          make(
            't_square',
            [a!, b!, c],
            mean([has(ix, a!, b!, 'opposition')!.strength, s1.strength, s2.strength]),
            `${a} opposite ${b}, both square ${c} (apex)`,
          ),
        );
    }
  }
  for (const [o1, o2] of combos(oppositions, 2)) {
    const [a, b] = o1!;
    const [c, d] = o2!;
    if (new Set([a, b, c, d]).size < 4) continue;
    const sq = [
      has(ix, a!, c!, 'square'),
      has(ix, a!, d!, 'square'),
      has(ix, b!, c!, 'square'),
      has(ix, b!, d!, 'square'),
    ];
    if (sq.some((x) => !x)) continue;
    const all = [has(ix, a!, b!, 'opposition')!, has(ix, c!, d!, 'opposition')!, ...sq.map((x) => x!)];
    out.push(
      make(
        'grand_cross',
        [a!, b!, c!, d!],
        mean(all.map((x) => x.strength)),
        `${a}-${b} and ${c}-${d} oppositions square each other`,
      ),
    );
  }

  // Yods.
  for (const [a, b] of combos(names, 2)) {
    const sx = has(ix, a!, b!, 'sextile');
    if (!sx) continue;
    for (const c of names) {
      if (c === a || c === b) continue;
      const q1 = has(ix, a!, c, 'quincunx');
      const q2 = has(ix, b!, c, 'quincunx');
      if (q1 && q2)
        out.push(
          make(
            'yod',
            [a!, b!, c],
            mean([sx.strength, q1.strength, q2.strength]),
            `${a} sextile ${b}, both quincunx ${c} (apex)`,
          ),
        );
    }
  }

  // Bowl and bucket (whole-chart shapes).
  if (bodies.length === 10) {
    const { gap, after } = largestGap(bodies);
    if (gap >= 180) {
      out.push(
        make(
          'bowl',
          names,
          0.5 + (gap - 180) / 120,
          `all ten bodies within ${(360 - gap).toFixed(1)}°, leading with ${after.planet}`,
        ),
      );
    } else {
      for (const handle of bodies) {
        const rest = bodies.filter((p) => p !== handle);
        const g = largestGap(rest);
        // The handle must sit inside the empty half, away from the rim planets.
        const rimStart = g.after.longitude;
        const inGap = norm360(handle.longitude - rimStart) > 360 - g.gap;
        if (g.gap >= 180 && inGap) {
          out.push(
            make(
              'bucket',
              names,
              0.5 + (g.gap - 180) / 120,
              `nine bodies within ${(360 - g.gap).toFixed(1)}°, ${handle.planet} as the handle`,
            ),
          );
          break;
        }
      }
    }
  }
  return out;
}
