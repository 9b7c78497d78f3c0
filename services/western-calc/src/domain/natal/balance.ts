// Weighted balance of elements, modalities, hemispheres, quadrants and house types (spec 3 "Balance").
//
// Weights (not counts): Sun and Moon 3, ascendant and midheaven 2 (elements and modalities only: the
// angles define the hemispheres), Mercury, Venus, Mars 2, Jupiter and Saturn 1.5, Uranus, Neptune,
// Pluto 1 (generational). Hemispheres: north = houses 1-6 (below the horizon), south = 7-12, east =
// 10-12 and 1-3, west = 4-9. Ties for the dominant element/modality go to the first in zodiac order.
import { SIGN_INFO, signOf, type Sign } from '@astro/astro-core';
import { angularityOf } from './tables.ts';
import { houseOf, type NatalFrame } from './houses.ts';
import { ANGLE_SET } from './points.ts';

export const BALANCE_WEIGHTS: Readonly<Record<string, number>> = {
  sun: 3,
  moon: 3,
  mercury: 2,
  venus: 2,
  mars: 2,
  jupiter: 1.5,
  saturn: 1.5,
  uranus: 1,
  neptune: 1,
  pluto: 1,
  ascendant: 2,
  midheaven: 2,
};

export interface BalanceEntry {
  kind: string;
  name: string;
  weight: number;
  percentage: number;
  planets: string[];
}

export interface Balance {
  elements: BalanceEntry[];
  modalities: BalanceEntry[];
  hemispheres: BalanceEntry[];
  quadrants: BalanceEntry[];
  house_types: BalanceEntry[];
  house_placements: { planet: string; house: number; sign: Sign }[];
  dominant_element: string;
  dominant_modality: string;
}

function tally(kind: string, names: readonly string[], items: { planet: string; keys: string[] }[]): BalanceEntry[] {
  const entries = names.map((name) => ({ kind, name, weight: 0, percentage: 0, planets: [] as string[] }));
  let total = 0;
  for (const it of items) {
    const w = BALANCE_WEIGHTS[it.planet] ?? 1;
    for (const k of it.keys) {
      const e = entries.find((x) => x.name === k)!;
      e.weight += w;
      e.planets.push(it.planet);
    }
    total += w;
  }
  for (const e of entries) e.percentage = total > 0 ? (100 * e.weight) / total : 0;
  return entries;
}

const dominant = (entries: BalanceEntry[]) => entries.reduce((a, b) => (b.weight > a.weight ? b : a)).name;

export function balanceOf(frame: NatalFrame): Balance {
  const all = frame.points;
  const bodies = all.filter((p) => !ANGLE_SET.has(p.planet));
  const placed = bodies.map((p) => ({ p, house: houseOf(p.longitude, frame.cusps), sign: signOf(p.longitude) }));
  const elements = tally(
    'element',
    ['fire', 'earth', 'air', 'water'],
    all.map((p) => ({ planet: p.planet, keys: [SIGN_INFO[signOf(p.longitude)].element] })),
  );
  const modalities = tally(
    'modality',
    ['cardinal', 'fixed', 'mutable'],
    all.map((p) => ({ planet: p.planet, keys: [SIGN_INFO[signOf(p.longitude)].modality] })),
  );
  const hemispheres = tally(
    'hemisphere',
    ['north', 'south', 'east', 'west'],
    // Each body sits in two hemispheres: north + south = 100% and east + west = 100%.
    placed.map(({ p, house }) => ({
      planet: p.planet,
      keys: [house <= 6 ? 'north' : 'south', house >= 4 && house <= 9 ? 'west' : 'east'],
    })),
  );
  const quadrants = tally(
    'quadrant',
    ['1', '2', '3', '4'],
    placed.map(({ p, house }) => ({ planet: p.planet, keys: [String(Math.ceil(house / 3))] })),
  );
  const houseTypes = tally(
    'house_type',
    ['angular', 'succedent', 'cadent'],
    placed.map(({ p, house }) => ({ planet: p.planet, keys: [angularityOf(house)] })),
  );
  return {
    elements,
    modalities,
    hemispheres,
    quadrants,
    house_types: houseTypes,
    house_placements: placed.map(({ p, house, sign }) => ({ planet: p.planet, house, sign })),
    dominant_element: dominant(elements),
    dominant_modality: dominant(modalities),
  };
}
