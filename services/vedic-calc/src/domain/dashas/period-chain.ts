// Chain operations shared by the dasha systems whose periods nest four levels deep the Vimshottari way
// (Ashtottari, Kalachakra): a system gives its mahadashas and how a period divides; this module lists
// the levels, finds the periods in force at an instant and the next boundary. Boundaries are whole UTC
// milliseconds computed from the parent's bounds (never accumulated), so children tile their parent
// exactly and an instant printed by the API maps back to the same period.
export const LEVEL_NAMES = ['maha', 'antar', 'pratyantar', 'sukshma'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];
export type Level = 1 | 2 | 3 | 4;

export interface ChainPeriod {
  level: Level;
  /** The period's ruler: a planet (Ashtottari) or a sign (Kalachakra). */
  lord: string;
  /** Enclosing lords, outermost first. */
  parents: string[];
  startMs: number;
  endMs: number;
}

export interface DashaTree<P extends ChainPeriod> {
  /** Start of the first mahadasha and end of the last. */
  readonly startMs: number;
  readonly endMs: number;
  mahadashas(): P[];
  subPeriods(p: P): P[];
}

/**
 * Bounds of children that share `parent` in proportion to `weights`: cumulative fractions of the
 * parent's span rounded to the millisecond; the first starts and the last ends with the parent.
 */
export function splitSpan(parent: { startMs: number; endMs: number }, weights: readonly number[]): [number, number][] {
  const total = weights.reduce((s, w) => s + w, 0);
  const span = parent.endMs - parent.startMs;
  const out: [number, number][] = [];
  let cum = 0;
  for (let k = 0; k < weights.length; k++) {
    const startMs = k === 0 ? parent.startMs : Math.round(parent.startMs + (span * cum) / total);
    cum += weights[k]!;
    const endMs = k === weights.length - 1 ? parent.endMs : Math.round(parent.startMs + (span * cum) / total);
    out.push([startMs, endMs]);
  }
  return out;
}

/** Every level down to `depth` (1-4): lists[0] = mahadashas ... lists[3] = sukshmas; deeper lists empty. */
export function chainLevels<P extends ChainPeriod>(tree: DashaTree<P>, depth: number): P[][] {
  const lists: P[][] = [tree.mahadashas(), [], [], []];
  for (let l = 1; l < depth; l++) {
    const out: P[] = [];
    for (const p of lists[l - 1]!) for (const c of tree.subPeriods(p)) out.push(c);
    lists[l] = out;
  }
  return lists;
}

/** The periods (maha..sukshma) containing `atMs` (start <= at < end); [] outside the chain. */
export function pathAt<P extends ChainPeriod>(tree: DashaTree<P>, atMs: number, depth = 4): P[] {
  if (!(atMs >= tree.startMs && atMs < tree.endMs)) return [];
  const path: P[] = [];
  let candidates = tree.mahadashas();
  for (let l = 1; l <= depth; l++) {
    const hit = candidates.find((p) => atMs >= p.startMs && atMs < p.endMs)!;
    path.push(hit);
    if (l < depth) candidates = tree.subPeriods(hit);
  }
  return path;
}

export interface NextChange<P extends ChainPeriod> {
  changesAtMs: number;
  changedLevel: LevelName;
  /** Sukshma ending at the boundary; null when the boundary is the chain's start. */
  current: P | null;
  /** Sukshma starting at the boundary; null when the boundary is the chain's end. */
  next: P | null;
}

/**
 * The first sukshma boundary at or after `atMs` (a boundary equal to `at` counts) and the highest level
 * changing there; null after the end of the chain.
 */
export function nextChangeOf<P extends ChainPeriod>(tree: DashaTree<P>, atMs: number): NextChange<P> | null {
  if (atMs > tree.endMs) return null;
  if (atMs <= tree.startMs)
    return { changesAtMs: tree.startMs, changedLevel: 'maha', current: null, next: pathAt(tree, tree.startMs)[3]! };
  const path = pathAt(tree, atMs);
  const boundary = path.length === 0 ? tree.endMs : path[3]!.startMs === atMs ? atMs : path[3]!.endMs;
  if (boundary === tree.endMs)
    return { changesAtMs: boundary, changedLevel: 'maha', current: pathAt(tree, tree.endMs - 1)[3]!, next: null };
  const after = pathAt(tree, boundary);
  const before = pathAt(tree, boundary - 1);
  const changed = after.findIndex((p) => p.startMs === boundary);
  return { changesAtMs: boundary, changedLevel: LEVEL_NAMES[changed]!, current: before[3]!, next: after[3]! };
}
