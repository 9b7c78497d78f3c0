// The seven Hermetic lots of Paulus Alexandrinus (Introduction ch. 23; table in Brennan, "Hellenistic
// Astrology", 2017, ch. 16): lot = ascendant + A − B by day, ascendant + B − A by night. Eros and
// Victory count from Spirit, Necessity, Courage and Nemesis from Fortune. Day = Sun above the horizon.
import { degreeInSign, norm360, signOf, type Sign } from '@astro/astro-core';
import { houseOf, type Cusp } from './houses.ts';
import type { Point } from './points.ts';

export type LotName = 'fortune' | 'spirit' | 'eros' | 'necessity' | 'courage' | 'victory' | 'nemesis';

export interface Lot {
  name: LotName;
  planet: string;
  longitude: number;
  sign: Sign;
  degree_in_sign: number;
  house: number;
  formula: string;
  is_day_formula: boolean;
  theme: string;
}

interface LotDef {
  name: LotName;
  planet: string;
  /** Day formula: ascendant + a − b. */
  a: string;
  b: string;
  theme: string;
}

const LOTS: readonly LotDef[] = [
  { name: 'fortune', planet: 'moon', a: 'moon', b: 'sun', theme: 'body, health, livelihood and circumstances' },
  { name: 'spirit', planet: 'sun', a: 'sun', b: 'moon', theme: 'mind, intentions, career and actions' },
  { name: 'eros', planet: 'venus', a: 'venus', b: 'spirit', theme: 'desire, love and friendship' },
  { name: 'necessity', planet: 'mercury', a: 'fortune', b: 'mercury', theme: 'constraint, struggle and enmity' },
  { name: 'courage', planet: 'mars', a: 'fortune', b: 'mars', theme: 'boldness, strength and conflict' },
  { name: 'victory', planet: 'jupiter', a: 'jupiter', b: 'spirit', theme: 'faith, success and good hope' },
  { name: 'nemesis', planet: 'saturn', a: 'fortune', b: 'saturn', theme: 'loss, limits and what is hidden' },
];

export function lotLongitude(asc: number, a: number, b: number, day: boolean): number {
  return norm360(day ? asc + a - b : asc + b - a);
}

export function lotsOf(points: readonly Point[], cusps: readonly Cusp[], day: boolean): Lot[] {
  const lon = new Map(points.map((p) => [p.planet, p.longitude]));
  const asc = lon.get('ascendant')!;
  const out: Lot[] = [];
  for (const d of LOTS) {
    const a = lon.get(d.a)!;
    const b = lon.get(d.b)!;
    const l = lotLongitude(asc, a, b, day);
    lon.set(d.name, l);
    out.push({
      name: d.name,
      planet: d.planet,
      longitude: l,
      sign: signOf(l),
      degree_in_sign: degreeInSign(l),
      house: houseOf(l, cusps),
      formula: day ? `ascendant + ${d.a} - ${d.b}` : `ascendant + ${d.b} - ${d.a}`,
      is_day_formula: day,
      theme: d.theme,
    });
  }
  return out;
}
