// Rashi drishti (Jaimini Sutras 1.1.2-4): movable signs aspect the fixed signs except the adjacent one
// (the next sign), fixed signs aspect the movable signs except the adjacent one (the previous sign),
// dual signs aspect the other dual signs. Every sign thus aspects three signs; 36 aspects in all. Pure.
import { SIGNS, type Sign } from '@astro/astro-core';

export type AspectType = 'movable_to_fixed' | 'fixed_to_movable' | 'dual_to_dual';

export interface RashiAspect {
  source_sign: Sign;
  target_sign: Sign;
  source_planets: string[];
  target_planets: string[];
  aspect_type: AspectType;
}

/** Offsets (in signs) from a sign to the signs it aspects, by modality: movable, fixed, dual. */
const OFFSETS: readonly [AspectType, readonly number[]][] = [
  ['movable_to_fixed', [4, 7, 10]], // fixed signs at +1 (adjacent, excluded), +4, +7, +10
  ['fixed_to_movable', [2, 5, 8]], // movable signs at -1 (adjacent, excluded), +2, +5, +8
  ['dual_to_dual', [3, 6, 9]],
];

/** The signs `sign` aspects, in zodiacal order from it. */
export function rashiAspectTargets(sign: Sign): Sign[] {
  const i = SIGNS.indexOf(sign);
  return OFFSETS[i % 3]![1].map((o) => SIGNS[(i + o) % 12]!);
}

/** All 36 aspects, by source sign (Aries first), with the bodies in each sign (order of `occupants`). */
export function rashiAspects(occupants: readonly { planet: string; sign: string }[]): RashiAspect[] {
  const inSign = (s: Sign) => occupants.filter((o) => o.sign === s).map((o) => o.planet);
  return SIGNS.flatMap((source, i) =>
    rashiAspectTargets(source).map((target) => ({
      source_sign: source,
      target_sign: target,
      source_planets: inSign(source),
      target_planets: inSign(target),
      aspect_type: OFFSETS[i % 3]![0],
    })),
  );
}
