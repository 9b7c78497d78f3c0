// The North or South Indian chart image of a rasi or varga: signs from the divisional-chart rules
// (domain/vargas), handed to the shared drawing (@astro/chart-svg). Pure.
import { renderNorthIndian, renderSouthIndian, type SquareBody, type ThemeName } from '@astro/chart-svg';
import { SIGNS } from '@astro/astro-core';
import { vargaSign, type BodyLongitude } from '../vargas/charts.ts';
import type { Varga } from '../vargas/rules.ts';

export const CHART_STYLES = ['north', 'south'] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];

export function isChartStyle(v: string): v is ChartStyle {
  return (CHART_STYLES as readonly string[]).includes(v);
}

/** The traditional names printed under the chart (BPHS ch. 6). */
export const VARGA_NAMES: Readonly<Record<Varga, string>> = {
  D1: 'Rasi',
  D2: 'Hora',
  D2_SUN_MOON: 'Hora',
  D3: 'Drekkana',
  D4: 'Chaturthamsa',
  D5: 'Panchamsa',
  D6: 'Shashthamsa',
  D7: 'Saptamsa',
  D8: 'Ashtamsa',
  D9: 'Navamsa',
  D10: 'Dasamsa',
  D11: 'Rudramsa',
  D12: 'Dvadasamsa',
  D16: 'Shodasamsa',
  D20: 'Vimsamsa',
  D24: 'Chaturvimsamsa',
  D27: 'Saptavimsamsa',
  D30: 'Trimsamsa',
  D40: 'Khavedamsa',
  D45: 'Akshavedamsa',
  D60: 'Shashtyamsa',
};

/** The nine grahas and the lagna (the midheaven is not drawn on Indian charts). */
const DRAWN = ['ascendant', 'sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];

export interface SquareChartRequest {
  chartId: string;
  style: ChartStyle;
  varga: Varga;
  theme: ThemeName;
  size: number;
  /** Grahas moving backwards at birth, marked ℞ (a property of the planet, so in every varga). */
  retrograde?: ReadonlySet<string>;
}

/** The five star-planets can be retrograde; the mean nodes always move backwards and are not marked. */
const CAN_BE_RETROGRADE = new Set(['mars', 'mercury', 'jupiter', 'venus', 'saturn']);

/** Which of the chart's grahas are retrograde, from their daily motion. */
export function retrogradeOf(planets: readonly { planet: string; speed_per_day: number }[]): Set<string> {
  return new Set(planets.filter((p) => CAN_BE_RETROGRADE.has(p.planet) && p.speed_per_day < 0).map((p) => p.planet));
}

/** The image's SVG; a chart without its ascendant is drawn with the lagna in Aries' place omitted. */
export function squareChartSvg(bodies: readonly BodyLongitude[], r: SquareChartRequest): string {
  const lon = new Map(bodies.map((b) => [b.planet, b.longitude]));
  const drawn: SquareBody[] = [];
  for (const planet of DRAWN) {
    const l = lon.get(planet);
    if (l === undefined) continue;
    drawn.push({
      planet,
      sign: SIGNS.indexOf(vargaSign(r.varga, l)),
      // Degrees within the sign mean something in the rasi only.
      degrees: r.varga === 'D1' ? ((l % 30) + 30) % 30 : undefined,
      retrograde: r.retrograde?.has(planet) ?? false,
    });
  }
  const ascendantSign = drawn.find((b) => b.planet === 'ascendant')?.sign ?? 0;
  const caption = `${r.varga === 'D2_SUN_MOON' ? 'D2' : r.varga} ${VARGA_NAMES[r.varga]}`;
  const input = {
    title: `${r.style === 'north' ? 'North' : 'South'} Indian ${caption} chart of chart ${r.chartId}`,
    caption,
    ascendantSign,
    bodies: drawn,
    theme: r.theme,
    size: r.size,
    idPrefix: `${r.style}-${r.varga.toLowerCase()}-${r.chartId.slice(0, 8)}`,
  };
  return r.style === 'north' ? renderNorthIndian(input) : renderSouthIndian(input);
}
