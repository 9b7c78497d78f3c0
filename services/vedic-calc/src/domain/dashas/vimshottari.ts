// Vimshottari dasha (BPHS ch. 46): the Moon's nakshatra lord rules the birth mahadasha; the elapsed
// part of that nakshatra is the elapsed part of the mahadasha. Each period divides into nine
// sub-periods in Vimshottari order starting with its own lord, each lasting parent × years(lord) / 120.
// Boundaries are whole UTC milliseconds, computed from the parent's bounds (never accumulated), so
// children tile their parent exactly and an instant printed by the API maps back to the same period.
import {
  nakshatraOf,
  NAKSHATRA_SPAN,
  norm360,
  VIMSHOTTARI_LORDS,
  VIMSHOTTARI_TOTAL_YEARS,
  VIMSHOTTARI_YEARS,
  type DashaLord,
} from '@astro/astro-core';
import { MS_PER_YEAR } from './time.ts';

export const METHOD_VERSION = 'vimshottari-v3-jy365.25';
export const LEVEL_NAMES = ['maha', 'antar', 'pratyantar', 'sukshma'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];
export type Level = 1 | 2 | 3 | 4;

export interface VimPeriod {
  level: Level;
  lord: DashaLord;
  /** Enclosing lords, outermost first. */
  parents: DashaLord[];
  startMs: number;
  endMs: number;
}

export interface VimBirth {
  lord: DashaLord;
  nakshatraIndex: number;
  /** Elapsed fraction of the birth nakshatra (and so of the birth mahadasha), [0, 1). */
  elapsed: number;
  /** Remaining years of the birth mahadasha at birth. */
  balanceYears: number;
  startMs: number;
  endMs: number; // start + 120 years
}

const ORDER_INDEX: Readonly<Record<DashaLord, number>> = Object.fromEntries(
  VIMSHOTTARI_LORDS.map((l, i) => [l, i]),
) as Record<DashaLord, number>;

/** The nine lords in Vimshottari order beginning with `first`. */
export function sequenceFrom(first: DashaLord): DashaLord[] {
  const i = ORDER_INDEX[first];
  return Array.from({ length: 9 }, (_, k) => VIMSHOTTARI_LORDS[(i + k) % 9]!);
}

/** Birth dasha from the Moon's sidereal longitude and the birth instant (UTC ms). */
export function vimshottariBirth(moonLongitude: number, birthMs: number): VimBirth {
  const nk = nakshatraOf(moonLongitude);
  const into = norm360(moonLongitude) - nk.index * NAKSHATRA_SPAN;
  const elapsed = Math.min(Math.max(into / NAKSHATRA_SPAN, 0), 1 - Number.EPSILON);
  const years = VIMSHOTTARI_YEARS[nk.lord];
  const startMs = Math.round(birthMs - elapsed * years * MS_PER_YEAR);
  return {
    lord: nk.lord,
    nakshatraIndex: nk.index,
    elapsed,
    balanceYears: (1 - elapsed) * years,
    startMs,
    endMs: Math.round(startMs + VIMSHOTTARI_TOTAL_YEARS * MS_PER_YEAR),
  };
}

/** The nine mahadashas from the birth dasha start. */
export function mahadashas(birth: VimBirth): VimPeriod[] {
  let cum = 0;
  return sequenceFrom(birth.lord).map((lord, k) => {
    const startMs = k === 0 ? birth.startMs : Math.round(birth.startMs + cum * MS_PER_YEAR);
    cum += VIMSHOTTARI_YEARS[lord];
    const endMs = k === 8 ? birth.endMs : Math.round(birth.startMs + cum * MS_PER_YEAR);
    return { level: 1, lord, parents: [], startMs, endMs };
  });
}

/** The nine sub-periods of `p`, starting with p's own lord. */
export function subPeriods(p: VimPeriod): VimPeriod[] {
  const span = p.endMs - p.startMs;
  const parents = [...p.parents, p.lord];
  const level = (p.level + 1) as Level;
  let cum = 0;
  return sequenceFrom(p.lord).map((lord, k) => {
    const startMs = k === 0 ? p.startMs : Math.round(p.startMs + (span * cum) / VIMSHOTTARI_TOTAL_YEARS);
    cum += VIMSHOTTARI_YEARS[lord];
    const endMs = k === 8 ? p.endMs : Math.round(p.startMs + (span * cum) / VIMSHOTTARI_TOTAL_YEARS);
    return { level, lord, parents, startMs, endMs };
  });
}

/** Every level down to `depth` (1-4): lists[0] = mahadashas, lists[3] = sukshmadashas; deeper lists are empty. */
export function vimshottariChain(birth: VimBirth, depth: number): VimPeriod[][] {
  const lists: VimPeriod[][] = [mahadashas(birth), [], [], []];
  for (let l = 1; l < depth; l++) {
    const out: VimPeriod[] = [];
    for (const p of lists[l - 1]!) for (const c of subPeriods(p)) out.push(c);
    lists[l] = out;
  }
  return lists;
}

/** The periods (maha..sukshma) containing `atMs` (start <= at < end); [] outside the chain. */
export function periodsAt(birth: VimBirth, atMs: number, depth = 4): VimPeriod[] {
  if (!(atMs >= birth.startMs && atMs < birth.endMs)) return [];
  const path: VimPeriod[] = [];
  let candidates = mahadashas(birth);
  for (let l = 1; l <= depth; l++) {
    const hit = candidates.find((p) => atMs >= p.startMs && atMs < p.endMs)!;
    path.push(hit);
    if (l < depth) candidates = subPeriods(hit);
  }
  return path;
}

export interface NextChange {
  changesAtMs: number;
  changedLevel: LevelName;
  /** Deepest (sukshma) period ending at the boundary; null when the boundary is the chain's start. */
  current: VimPeriod | null;
  /** Deepest period starting at the boundary; null when the boundary is the chain's end. */
  next: VimPeriod | null;
}

/**
 * The first sukshma boundary at or after `atMs` (a boundary equal to `at` counts) and the highest
 * level changing there; null after the end of the chain.
 */
export function nextChange(birth: VimBirth, atMs: number): NextChange | null {
  if (atMs > birth.endMs) return null;
  if (atMs <= birth.startMs) {
    return {
      changesAtMs: birth.startMs,
      changedLevel: 'maha',
      current: null,
      next: periodsAt(birth, birth.startMs)[3]!,
    };
  }
  const path = periodsAt(birth, atMs);
  const boundary = path.length === 0 ? birth.endMs : path[3]!.startMs === atMs ? atMs : path[3]!.endMs;
  if (boundary === birth.endMs) {
    const last = periodsAt(birth, birth.endMs - 1)[3]!;
    return { changesAtMs: boundary, changedLevel: 'maha', current: last, next: null };
  }
  const after = periodsAt(birth, boundary);
  const before = periodsAt(birth, boundary - 1);
  const changed = after.findIndex((p) => p.startMs === boundary);
  return {
    changesAtMs: boundary,
    changedLevel: LEVEL_NAMES[changed]!,
    current: before[3]!,
    next: after[3]!,
  };
}
