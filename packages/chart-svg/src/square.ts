// What the North and South Indian charts share: the input, the labels and filling a cell with them.
import { BODY_ABBREVIATIONS, SIGNS, textWidth, titleCase } from './labels.ts';
import { slotsInPolygon, type Box, type Point } from './placement.ts';
import { text } from './svg.ts';
import type { Theme, ThemeName } from './theme.ts';

export interface SquareBody {
  /** sun .. ketu, or ascendant. */
  planet: string;
  /** Sign index 0 (Aries) .. 11 (Pisces) in the chart drawn (rasi or varga). */
  sign: number;
  /** Degrees within the sign, printed after the abbreviation (rasi charts); omitted for vargas. */
  degrees?: number;
  retrograde?: boolean;
}

export interface SquareInput {
  /** Accessible name. */
  title: string;
  /** Shown on the chart, e.g. "D9 Navamsa". */
  caption: string;
  /** Sign index of the ascendant (lagna) in this chart. */
  ascendantSign: number;
  /** Grahas and the ascendant; the ascendant is labelled "As" in its sign. */
  bodies: readonly SquareBody[];
  theme: ThemeName;
  size: number;
  idPrefix: string;
}

/** Font sizes tried, largest first, until every label of a cell fits. */
const FONT_SIZES = [30, 26, 22, 19, 16, 13];

export function labelText(b: SquareBody): string {
  const abbr = BODY_ABBREVIATIONS[b.planet] ?? b.planet;
  const deg = b.degrees === undefined ? '' : ` ${Math.floor(b.degrees)}\u00B0`;
  return `${abbr}${deg}${b.retrograde ? '\u211E' : ''}`;
}

/** Bodies in the order they are listed in the cell: ascendant first, then the grahas' order given. */
export function bodiesIn(sign: number, bodies: readonly SquareBody[]): SquareBody[] {
  const here = bodies.filter((b) => b.sign === sign);
  return [...here.filter((b) => b.planet === 'ascendant'), ...here.filter((b) => b.planet !== 'ascendant')];
}

/** The labels of one cell as <text> elements inside the polygon, clear of `avoid` and of each other. */
export function cellLabels(
  poly: readonly Point[],
  anchor: Point,
  bodies: readonly SquareBody[],
  t: Theme,
  avoid: readonly Box[] = [],
): string[] {
  if (!bodies.length) return [];
  const labels = bodies.map(labelText);
  let fit: { size: number; slots: Box[] } | undefined;
  for (const size of FONT_SIZES) {
    const w = Math.max(...labels.map((l) => textWidth(l, size))) + 4;
    const slots = slotsInPolygon(poly, bodies.length, w, size * 1.2, anchor, avoid);
    fit = { size, slots };
    if (slots.length === bodies.length) break;
  }
  const { size, slots } = fit!;
  return bodies.map((b, i) => {
    // A cell too small even at the smallest size stacks the rest on its anchor (not reached by the
    // at most 10 bodies of a chart in these cells).
    const slot = slots[i] ?? { x: anchor[0], y: anchor[1] };
    const name = b.planet === 'ascendant' ? 'Ascendant' : titleCase(b.planet);
    return `<g class="planet" data-body="${b.planet}" data-sign="${SIGNS[b.sign]}"><title>${name} in ${titleCase(SIGNS[b.sign]!)}</title>${text(
      labels[i]!,
      {
        class: 'label',
        x: slot.x,
        y: slot.y,
        'font-size': size,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: b.planet === 'ascendant' ? t.dynamic : t.ink,
        'font-weight': b.planet === 'ascendant' ? 'bold' : undefined,
      },
    )}</g>`;
  });
}

/** "Sun in Pisces (house 10); ..." for <desc>. */
export function describeBodies(bodies: readonly SquareBody[], ascendantSign: number): string {
  return bodies
    .map((b) => {
      const house = ((b.sign - ascendantSign + 12) % 12) + 1;
      const name = b.planet === 'ascendant' ? 'Ascendant' : titleCase(b.planet);
      return `${name} in ${titleCase(SIGNS[b.sign]!)} (house ${house})`;
    })
    .join('; ');
}
