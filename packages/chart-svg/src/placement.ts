// Collision-free label placement. Pure geometry, no SVG.
//
// Wheel: labels keep to their sign's sector of the ring and are moved along it, or inwards, until
// their box is clear of every label placed before (placeOnRing).
//
// Square charts: a cell (convex polygon) is cut into horizontal rows of label height; each row holds
// as many label boxes as fit entirely inside the polygon, centred; the slots nearest the cell's anchor
// are used, then read top to bottom, left to right.

export interface RingUnit {
  key: string;
  /** Ecliptic longitude, 0..360. */
  longitude: number;
  /** Label box (view-box units); the label is not rotated, so the box stays axis-aligned. */
  w: number;
  h: number;
}

export interface RingOptions {
  center: Point;
  /** The label boxes keep entirely between these radii. */
  inner: number;
  outer: number;
  /** Radii tried for the label centre, outermost (preferred) first. */
  radii: readonly number[];
  /** Screen angle (degrees counter-clockwise from 3 o'clock) of a longitude. */
  toScreen: (longitude: number) => number;
}

export interface RingPlacement extends Box {
  key: string;
  /** Longitude the label centre stands at (inside the body's sign). */
  longitude: number;
  radius: number;
}

/** Degrees a label may move along the ring, in half-degree steps; one ring row costs 3 degrees. */
const STEP = 0.5;
const ROW_COST = 3;
/** Labels keep this far inside their sign's boundaries, so a label never reads as the next sign's. */
const SECTOR_MARGIN = 0.75;
const GAP = 2;

/**
 * Labels round a wheel. Each label goes to the cheapest free spot: as near its exact longitude and as
 * far out as possible, always inside its own sign's 30-degree sector and the ring, never overlapping a
 * label already placed (bodies taken in zodiacal order). A sign too crowded for that (more than about
 * eight bodies) takes its last labels at their exact longitude on the outer row, overlapping.
 */
export function placeOnRing(units: readonly RingUnit[], o: RingOptions): Map<string, RingPlacement> {
  const offsets: number[] = [0];
  for (let k = 1; k * STEP <= 30; k++) offsets.push(k * STEP, -k * STEP);
  const candidates = o.radii
    .flatMap((radius, ri) => offsets.map((off) => ({ radius, off, cost: Math.abs(off) + ri * ROW_COST })))
    .sort((a, b) => a.cost - b.cost || b.radius - a.radius || b.off - a.off);
  const placed: RingPlacement[] = [];
  const out = new Map<string, RingPlacement>();
  const sorted = [...units].sort((a, b) => a.longitude - b.longitude || a.key.localeCompare(b.key));
  for (const u of sorted) {
    const sign = Math.floor(u.longitude / 30);
    const lo = sign * 30 + SECTOR_MARGIN;
    const hi = sign * 30 + 30 - SECTOR_MARGIN;
    const at = (radius: number, longitude: number): RingPlacement => {
      const a = (o.toScreen(longitude) * Math.PI) / 180;
      const x = o.center[0] + radius * Math.cos(a);
      const y = o.center[1] - radius * Math.sin(a);
      return { key: u.key, longitude, radius, x, y, w: u.w, h: u.h };
    };
    let choice: RingPlacement | undefined;
    for (const c of candidates) {
      const lon = u.longitude + c.off;
      if (lon < lo || lon > hi) continue;
      const spot = at(c.radius, lon);
      if (!insideAnnulus(spot, o)) continue;
      const padded = { ...spot, w: spot.w + GAP, h: spot.h + GAP };
      if (placed.some((p) => boxesOverlap(p, padded))) continue;
      choice = spot;
      break;
    }
    choice ??= at(o.radii[0]!, Math.min(hi, Math.max(lo, u.longitude)));
    placed.push(choice);
    out.set(u.key, choice);
  }
  return out;
}

function insideAnnulus(b: Box, o: RingOptions): boolean {
  for (const dx of [-b.w / 2, b.w / 2])
    for (const dy of [-b.h / 2, b.h / 2]) {
      const r = Math.hypot(b.x + dx - o.center[0], b.y + dy - o.center[1]);
      if (r < o.inner || r > o.outer) return false;
    }
  return true;
}

export type Point = readonly [number, number];

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return Math.abs(a.x - b.x) * 2 < a.w + b.w && Math.abs(a.y - b.y) * 2 < a.h + b.h;
}

/** The x-interval of a convex polygon on the horizontal line y, or null when the line misses it. */
function spanAt(poly: readonly Point[], y: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!;
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    if (y < Math.min(y1, y2) - 1e-9 || y > Math.max(y1, y2) + 1e-9) continue;
    const xs = y1 === y2 ? [x1, x2] : [x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)];
    for (const x of xs) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

export function centroid(poly: readonly Point[]): Point {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!;
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    const c = x1 * y2 - x2 * y1;
    a += c;
    cx += (x1 + x2) * c;
    cy += (y1 + y2) * c;
  }
  return [cx / (3 * a), cy / (3 * a)];
}

/**
 * Up to `count` label slots (box centres) of w x h inside a convex polygon, clear of `avoid`, nearest
 * `anchor` first and returned in reading order; fewer when the cell cannot take them all.
 */
export function slotsInPolygon(
  poly: readonly Point[],
  count: number,
  w: number,
  h: number,
  anchor: Point,
  avoid: readonly Box[] = [],
  gap = 4,
): Box[] {
  const ys = poly.map((p) => p[1]);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  const step = h + gap;
  const slots: Box[] = [];
  const k0 = Math.ceil((top + h / 2 - anchor[1]) / step);
  const k1 = Math.floor((bottom - h / 2 - anchor[1]) / step);
  for (let k = k0; k <= k1; k++) {
    const y = anchor[1] + k * step;
    const a = spanAt(poly, y - h / 2);
    const b = spanAt(poly, y + h / 2);
    if (!a || !b) continue;
    const lo = Math.max(a[0], b[0]) + gap;
    const hi = Math.min(a[1], b[1]) - gap;
    const n = Math.floor((hi - lo + gap) / (w + gap));
    if (n < 1) continue;
    const used = n * w + (n - 1) * gap;
    const start = (lo + hi) / 2 - used / 2 + w / 2;
    for (let i = 0; i < n; i++) {
      const box = { x: start + i * (w + gap), y, w, h };
      if (!avoid.some((v) => boxesOverlap(v, box))) slots.push(box);
    }
  }
  const dist = (s: Box) => Math.hypot(s.x - anchor[0], s.y - anchor[1]);
  return slots
    .sort((p, q) => dist(p) - dist(q) || p.y - q.y || p.x - q.x)
    .slice(0, count)
    .sort((p, q) => p.y - q.y || p.x - q.x);
}
