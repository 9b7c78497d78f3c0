// The North Indian chart: houses fixed (the lagna is the top centre diamond, houses run
// counter-clockwise), signs rotate; each cell shows its sign number (1 = Aries .. 12 = Pisces).
import { svgDocument } from './document.ts';
import { SIGNS } from './labels.ts';
import { centroid, type Box, type Point } from './placement.ts';
import { bodiesIn, cellLabels, describeBodies, type SquareInput } from './square.ts';
import { el, polygon, text } from './svg.ts';
import { PALETTES } from './theme.ts';

export const NORTH = { view: 1000, margin: 20, side: 960, captionHeight: 60 };

/** The twelve house cells of a square at (m, m) with side s, house 1 first. */
export function northCells(m = NORTH.margin, s = NORTH.side): Point[][] {
  const p = (fx: number, fy: number): Point => [m + fx * s, m + fy * s];
  const [tl, tr, br, bl] = [p(0, 0), p(1, 0), p(1, 1), p(0, 1)];
  const [top, right, bottom, left] = [p(0.5, 0), p(1, 0.5), p(0.5, 1), p(0, 0.5)];
  const [q, pp, r, sq, o] = [p(0.25, 0.25), p(0.75, 0.25), p(0.25, 0.75), p(0.75, 0.75), p(0.5, 0.5)];
  return [
    [top, pp, o, q], // 1
    [tl, top, q], // 2
    [tl, q, left], // 3
    [left, q, o, r], // 4
    [left, r, bl], // 5
    [bl, r, bottom], // 6
    [bottom, r, o, sq], // 7
    [bottom, sq, br], // 8
    [br, sq, right], // 9
    [right, sq, o, pp], // 10
    [right, pp, tr], // 11
    [tr, pp, top], // 12
  ];
}

/** The cell's vertex nearest the chart's centre: its sign number is written near it. */
function innerVertex(cell: readonly Point[]): Point {
  const c = NORTH.margin + NORTH.side / 2;
  return [...cell].sort((a, b) => Math.hypot(a[0] - c, a[1] - c) - Math.hypot(b[0] - c, b[1] - c))[0]!;
}

export function renderNorthIndian(input: SquareInput): string {
  const t = PALETTES[input.theme];
  const { margin: m, side: s } = NORTH;
  const body: string[] = [];
  const cells = northCells();
  body.push(
    el(
      'g',
      { class: 'cells', stroke: t.line, 'stroke-width': 2.5, 'stroke-linejoin': 'round' },
      cells.map((cell, i) => {
        const sign = (input.ascendantSign + i) % 12;
        return polygon(cell, {
          class: 'cell',
          'data-house': i + 1,
          'data-sign': SIGNS[sign],
          fill: i === 0 ? t.band : t.background,
        });
      }),
    ),
  );
  const numbers: string[] = [];
  const labels: string[] = [];
  cells.forEach((cell, i) => {
    const sign = (input.ascendantSign + i) % 12;
    const c = centroid(cell);
    const v = innerVertex(cell);
    const at: Point = [v[0] + 0.28 * (c[0] - v[0]), v[1] + 0.28 * (c[1] - v[1])];
    numbers.push(
      text(String(sign + 1), {
        class: 'sign-number',
        'data-sign': SIGNS[sign],
        x: at[0],
        y: at[1],
        'font-size': 22,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: t.muted,
      }),
    );
    const avoid: Box[] = [{ x: at[0], y: at[1], w: 34, h: 30 }];
    labels.push(...cellLabels(cell, c, bodiesIn(sign, input.bodies), t, avoid));
  });
  body.push(el('g', { class: 'sign-numbers' }, numbers));
  body.push(el('g', { class: 'planets' }, labels));
  body.push(
    text(input.caption, {
      class: 'caption',
      x: m + s / 2,
      y: m + s + NORTH.captionHeight / 2,
      'font-size': 26,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      fill: t.muted,
    }),
  );
  return svgDocument({
    size: input.size,
    viewWidth: NORTH.view,
    viewHeight: NORTH.view + NORTH.captionHeight,
    idPrefix: input.idPrefix,
    title: input.title,
    desc: `North Indian chart, ${input.caption}: houses fixed, the first house at the top centre, counted counter-clockwise; numbers are signs (1 = Aries). ${describeBodies(input.bodies, input.ascendantSign)}.`,
    theme: t,
    body,
  });
}
