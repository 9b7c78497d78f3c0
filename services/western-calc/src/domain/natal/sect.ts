// Sect: a chart is diurnal when the Sun is above the horizon, i.e. in the half of the zodiac from the
// descendant to the ascendant (houses 7-12 in any quadrant system).
import { norm360 } from '@astro/astro-core';
import type { Point } from './points.ts';

export function isDayChart(points: readonly Point[]): boolean {
  const sun = points.find((p) => p.planet === 'sun');
  const asc = points.find((p) => p.planet === 'ascendant');
  if (!sun || !asc) return true;
  return norm360(sun.longitude - asc.longitude) >= 180;
}
