// The South Indian chart: signs fixed in a 4 x 4 frame (Pisces top left, then clockwise), the
// ascendant's sign marked with a diagonal and "As"; the centre carries the caption.
import { svgDocument } from './document.ts';
import { SIGNS, SIGN_ABBREVIATIONS } from './labels.ts';
import type { Box, Point } from './placement.ts';
import { bodiesIn, cellLabels, describeBodies, type SquareInput } from './square.ts';
import { el, text } from './svg.ts';
import { PALETTES } from './theme.ts';

export const SOUTH = { view: 1000, margin: 20, cell: 240 };

/** [column, row] of each sign, Aries first: the fixed South Indian frame. */
export const SOUTH_GRID: readonly (readonly [number, number])[] = [
  [1, 0], // aries
  [2, 0], // taurus
  [3, 0], // gemini
  [3, 1], // cancer
  [3, 2], // leo
  [3, 3], // virgo
  [2, 3], // libra
  [1, 3], // scorpio
  [0, 3], // sagittarius
  [0, 2], // capricorn
  [0, 1], // aquarius
  [0, 0], // pisces
];

export function renderSouthIndian(input: SquareInput): string {
  const t = PALETTES[input.theme];
  const { margin: m, cell: c } = SOUTH;
  const cells: string[] = [];
  const labels: string[] = [];
  SOUTH_GRID.forEach(([col, row], sign) => {
    const x = m + col * c;
    const y = m + row * c;
    const isAsc = sign === input.ascendantSign;
    cells.push(
      el('rect', {
        class: 'cell',
        'data-sign': SIGNS[sign],
        x,
        y,
        width: c,
        height: c,
        fill: isAsc ? t.band : t.background,
      }),
    );
    // Sign abbreviation in the top-left corner; the ascendant's diagonal across the top-right one.
    labels.push(
      text(SIGN_ABBREVIATIONS[sign]!, {
        class: 'sign-name',
        'data-sign': SIGNS[sign],
        x: x + 10,
        y: y + 20,
        'font-size': 18,
        'dominant-baseline': 'central',
        fill: t.muted,
      }),
    );
    if (isAsc)
      labels.push(
        el('line', {
          class: 'lagna-mark',
          x1: x + c - 50,
          y1: y,
          x2: x + c,
          y2: y + 50,
          stroke: t.dynamic,
          'stroke-width': 3,
        }),
      );
    const poly: Point[] = [
      [x, y],
      [x + c, y],
      [x + c, y + c],
      [x, y + c],
    ];
    const avoid: Box[] = [
      { x: x + 30, y: y + 20, w: 60, h: 40 },
      { x: x + c - 25, y: y + 25, w: 50, h: 50 },
    ];
    labels.push(...cellLabels(poly, [x + c / 2, y + c / 2 + 10], bodiesIn(sign, input.bodies), t, avoid));
  });
  const mid = m + 2 * c;
  return svgDocument({
    size: input.size,
    viewWidth: SOUTH.view,
    viewHeight: SOUTH.view,
    idPrefix: input.idPrefix,
    title: input.title,
    desc: `South Indian chart, ${input.caption}: signs fixed, Pisces at the top left and the signs clockwise from it; the ascendant's sign is marked. ${describeBodies(input.bodies, input.ascendantSign)}.`,
    theme: t,
    body: [
      el('g', { class: 'cells', stroke: t.line, 'stroke-width': 2.5 }, cells),
      el('rect', {
        x: m + c,
        y: m + c,
        width: 2 * c,
        height: 2 * c,
        fill: 'none',
        stroke: t.line,
        'stroke-width': 2.5,
      }),
      el('g', { class: 'planets' }, labels),
      text(input.caption, {
        class: 'caption',
        x: mid,
        y: mid,
        'font-size': 30,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: t.muted,
      }),
    ],
  });
}
