// Vimshopaka bala, composite strength, functional nature, yogakaraka, ishta/kashta and avastha.
// Choices where the spec is silent are listed in README "Vedic strength" and fixed under
// COMPOSITE_METHOD_VERSION.
import { rulerOf, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import { vargaSignIndex, type Varga } from '../vargas/rules.ts';
import { isClassical, SEVEN, vargaDignity, type VargaDignity } from './relationships.ts';
import { chestaState, type ChestaState, type ShadbalaEntry } from './shadbala.ts';

export const COMPOSITE_METHOD_VERSION = 'composite-strength-v2';

export const VARGA_GROUPS = ['shad_varga', 'sapta_varga', 'dasha_varga', 'shodasha_varga'] as const;
export type VargaGroup = (typeof VARGA_GROUPS)[number];

/** BPHS 7.1-8 vimshopaka weights; every group totals 20. */
export const VIMSHOPAKA_WEIGHTS: Readonly<Record<VargaGroup, Readonly<Partial<Record<Varga, number>>>>> = {
  shad_varga: { D1: 6, D2: 2, D3: 4, D9: 5, D12: 2, D30: 1 },
  sapta_varga: { D1: 5, D2: 2, D3: 3, D7: 2.5, D9: 4.5, D12: 2, D30: 1 },
  dasha_varga: { D1: 3, D2: 1.5, D3: 1.5, D7: 1.5, D9: 1.5, D10: 1.5, D12: 1.5, D16: 1.5, D30: 1.5, D60: 5 },
  shodasha_varga: {
    D1: 3.5,
    D2: 1,
    D3: 1,
    D4: 0.5,
    D7: 0.5,
    D9: 3,
    D10: 0.5,
    D12: 0.5,
    D16: 2,
    D20: 0.5,
    D24: 0.5,
    D27: 0.5,
    D30: 1,
    D40: 0.5,
    D45: 0.5,
    D60: 4,
  },
};

/** Points out of 20 per varga dignity (BPHS 7: own 20, great friend 18, friend 15, neutral 10, enemy 7, great enemy 5). */
export const VIMSHOPAKA_SCORE: Readonly<Record<VargaDignity, number>> = {
  exalted: 20,
  moolatrikona: 20,
  own_sign: 20,
  great_friend: 18,
  friend: 15,
  neutral: 10,
  enemy: 7,
  great_enemy: 5,
  debilitated: 2,
};

export type RasiSigns = Readonly<Record<ClassicalPlanet, number>>;

export function rasiSignsOf(longitudes: ReadonlyMap<string, number>): RasiSigns {
  return Object.fromEntries(
    SEVEN.map((p) => [p, Math.floor(((((longitudes.get(p) ?? 0) % 360) + 360) % 360) / 30)]),
  ) as RasiSigns;
}

export interface Vimshopaka {
  points: number;
  per_varga_points: Record<string, number>;
}

export function vimshopaka(
  planet: ClassicalPlanet,
  longitude: number,
  rasiSigns: RasiSigns,
  group: VargaGroup,
): Vimshopaka {
  const per: Record<string, number> = {};
  let points = 0;
  for (const [v, w] of Object.entries(VIMSHOPAKA_WEIGHTS[group]) as [Varga, number][]) {
    const sign = vargaSignIndex(v, longitude);
    const degree = v === 'D1' ? ((longitude % 360) + 360) % 30 : null;
    const p = (w * VIMSHOPAKA_SCORE[vargaDignity(planet, sign, rasiSigns, degree)]) / 20;
    per[v] = p;
    points += p;
  }
  return { points, per_varga_points: per };
}

/** Rasi dignity on 0..1 (spec: exaltation 1.0, debilitation 0.0). */
export const DIGNITY_NORM: Readonly<Record<VargaDignity, number>> = {
  exalted: 1.0,
  moolatrikona: 0.85,
  own_sign: 0.75,
  great_friend: 0.65,
  friend: 0.55,
  neutral: 0.45,
  enemy: 0.3,
  great_enemy: 0.2,
  debilitated: 0.0,
};

export type CompositeCategory = 'very_weak' | 'weak' | 'medium' | 'strong' | 'very_strong';
export function compositeCategory(score: number): CompositeCategory {
  if (score < 0.2) return 'very_weak';
  if (score < 0.4) return 'weak';
  if (score < 0.6) return 'medium';
  if (score < 0.8) return 'strong';
  return 'very_strong';
}

export interface CompositeEntry {
  planet: ClassicalPlanet;
  score: number;
  category: CompositeCategory;
  components: { shadbala_ratio: number; vimshopaka_norm: number; dignity_norm: number };
}

/**
 * Composite = 0.40 x shadbala ratio (capped at 1.5) + 0.35 x shad-varga vimshopaka / 20 + 0.25 x rasi
 * dignity on 0..1, exactly the spec's weights so a client can recompute it from `components`; the sum
 * can reach 1.2 for a very strong planet, so the score is clamped to the spec's 0..1.
 */
export function compositeStrength(
  shadbala: readonly ShadbalaEntry[],
  longitudes: ReadonlyMap<string, number>,
): CompositeEntry[] {
  const rasi = rasiSignsOf(longitudes);
  return shadbala.map((e) => {
    const lon = longitudes.get(e.planet)!;
    const ratio = Math.min(1.5, Math.max(0, e.ratio));
    const vim = vimshopaka(e.planet, lon, rasi, 'shad_varga').points / 20;
    const dig = DIGNITY_NORM[vargaDignity(e.planet, rasi[e.planet], rasi, ((lon % 360) + 360) % 30)];
    const score = Math.min(1, Math.max(0, 0.4 * ratio + 0.35 * vim + 0.25 * dig));
    return {
      planet: e.planet,
      score,
      category: compositeCategory(score),
      components: { shadbala_ratio: ratio, vimshopaka_norm: vim, dignity_norm: dig },
    };
  });
}

/** Whole-sign houses (ascending) a classical planet rules from the ascendant sign. */
export function ownedHousesOf(planet: string, ascSign: number): number[] {
  if (!isClassical(planet)) return [];
  const out: number[] = [];
  for (let i = 0; i < 12; i++) if (rulerOf(SIGNS[i]!) === planet) out.push(((i - ascSign + 12) % 12) + 1);
  return out.sort((a, b) => a - b);
}

/** Rules a kendra (1, 4, 7, 10) and, through another sign, a trikona (1, 5, 9). */
export function isYogakaraka(owned: readonly number[]): boolean {
  return owned.some((k) => [1, 4, 7, 10].includes(k) && owned.some((t) => t !== k && [1, 5, 9].includes(t)));
}

/**
 * Functional nature for the lagna (Parashari lordship, BPHS 34): trikona lords (1, 5, 9) +1; lords of
 * 3, 6, 11 and of the 8th (unless also the lagna lord) -1; kendra (4, 7, 10), 2nd and 12th lordship 0.
 * Positive sum benefic, negative malefic, zero neutral; a yogakaraka is benefic; nodes null.
 */
export function functionalNature(planet: string, owned: readonly number[]): 'benefic' | 'malefic' | 'neutral' | null {
  if (!isClassical(planet)) return null;
  if (isYogakaraka(owned)) return 'benefic';
  let s = 0;
  for (const h of owned) {
    if ([1, 5, 9].includes(h)) s += 1;
    else if ([3, 6, 11].includes(h)) s -= 1;
    else if (h === 8 && !owned.includes(1)) s -= 1;
  }
  return s > 0 ? 'benefic' : s < 0 ? 'malefic' : 'neutral';
}

/** Baladi avastha: five 6-degree parts, bala..mrita in odd signs, reversed in even signs. */
export function ageAvastha(longitude: number): 'bala' | 'kumara' | 'yuva' | 'vriddha' | 'mrita' {
  const l = ((longitude % 360) + 360) % 360;
  const sign = Math.floor(l / 30);
  const part = Math.min(4, Math.floor((l % 30) / 6));
  const names = ['bala', 'kumara', 'yuva', 'vriddha', 'mrita'] as const;
  return names[sign % 2 === 0 ? part : 4 - part]!;
}

export interface Avastha {
  age: string;
  dignity: VargaDignity | null;
  motion: ChestaState;
}

export function avasthaOf(planet: string, longitude: number, speed: number, rasi: RasiSigns): Avastha {
  const l = ((longitude % 360) + 360) % 360;
  return {
    age: ageAvastha(l),
    dignity: isClassical(planet) ? vargaDignity(planet, Math.floor(l / 30), rasi, l % 30) : null,
    motion: chestaState(planet, speed),
  };
}

/**
 * Ishta and kashta phala (spec): ishta = sqrt(cheshta x uchcha), kashta = sqrt((60 - cheshta) x
 * (60 - uchcha)), both 0..60, with 60 x composite score standing in for the cheshta term.
 */
export function ishtaKashta(uchcha: number, compositeScore: number): { ishta: number; kashta: number } {
  const c = Math.min(60, Math.max(0, compositeScore * 60));
  const u = Math.min(60, Math.max(0, uchcha));
  return { ishta: Math.sqrt(c * u), kashta: Math.sqrt((60 - c) * (60 - u)) };
}

export { chestaState };
