// The wheel image of a natal frame: positions, cusps and major aspects handed to the shared drawing
// (@astro/chart-svg). Pure: the same frame and options give the same SVG bytes.
import { renderWheel, type ThemeName } from '@astro/chart-svg';
import { findAspects } from '../aspects/aspects.ts';
import type { NatalFrame } from '../natal/houses.ts';

export function wheelSvg(frame: NatalFrame, opts: { theme: ThemeName; size: number }): string {
  const aspects = findAspects(frame.points)
    .filter((a) => a.category === 'major')
    .map((a) => ({ planet_a: a.planet_a, planet_b: a.planet_b, aspect: a.aspect, tone: a.tone }));
  return renderWheel({
    title: `Western natal wheel of chart ${frame.chartId}`,
    points: frame.points.map((p) => ({ planet: p.planet, longitude: p.longitude, retrograde: p.speed < 0 })),
    cusps: [...frame.cusps].sort((a, b) => a.house - b.house).map((c) => c.longitude),
    houseSystem: frame.houseSystem.replace('_', ' '),
    aspects,
    theme: opts.theme,
    size: opts.size,
    // Ids unique per chart, so several images can be inlined in one HTML page.
    idPrefix: `wheel-${frame.chartId.slice(0, 8)}`,
  });
}
