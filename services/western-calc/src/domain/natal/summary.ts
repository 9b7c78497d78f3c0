// Chart summary (spec 3 "Summary"): counts, strongest aspects, dignity highlights, balance, patterns,
// lunar phase, retrogrades and deterministic theme tags built from those parts.
//
// Lunar phase: the eight phases of the synodic angle Moon − Sun in 45° sectors (Rudhyar, "The Lunation
// Cycle", 1967): new 0°, crescent 45°, first_quarter 90°, gibbous 135°, full 180°, disseminating 225°,
// last_quarter 270°, balsamic 315°. Illumination = (1 − cos angle) / 2 (ecliptic-latitude effects
// ignored, < 1%).
import { norm360 } from '@astro/astro-core';
import type { Aspect } from '../aspects/aspects.ts';
import type { Balance } from './balance.ts';
import type { Dignity } from './dignities.ts';
import type { Pattern } from './patterns.ts';
import type { Point } from './points.ts';

export const LUNAR_PHASES = [
  'new',
  'crescent',
  'first_quarter',
  'gibbous',
  'full',
  'disseminating',
  'last_quarter',
  'balsamic',
] as const;

export function lunarPhase(sun: number, moon: number) {
  const angle = norm360(moon - sun);
  const index = Math.min(7, Math.floor(angle / 45));
  return {
    name: LUNAR_PHASES[index]!,
    angle_degrees: angle,
    illumination: (1 - Math.cos((angle * Math.PI) / 180)) / 2,
    index,
  };
}

const PERSONAL = new Set(['mercury', 'venus', 'mars']);

export interface Summary {
  chart_id: string;
  aspect_count: number;
  major_aspect_count: number;
  strongest_aspects: Aspect[];
  dignity_highlights: Dignity[];
  balance: Balance;
  patterns: Pattern[];
  lunar_phase: { name: string; angle_degrees: number; illumination: number };
  retrogrades: { planets: string[]; count: number; has_personal_retrograde: boolean };
  themes: string[];
}

export function summarize(
  chartId: string,
  points: readonly Point[],
  aspects: Aspect[],
  dignities: Dignity[],
  balance: Balance,
  patterns: Pattern[],
): Summary {
  const lon = new Map(points.map((p) => [p.planet, p]));
  const phase = lunarPhase(lon.get('sun')!.longitude, lon.get('moon')!.longitude);
  const retro = points
    .filter((p) => p.speed < 0 && !['ascendant', 'midheaven'].includes(p.planet))
    .map((p) => p.planet);
  const highlights = dignities.filter((d) => d.dignity !== 'peregrine' && d.dignity !== 'face' && d.dignity !== 'term');
  const themes: string[] = [`${balance.dominant_element}_emphasis`, `${balance.dominant_modality}_emphasis`];
  const angular = balance.house_types.find((h) => h.name === 'angular')!;
  if (angular.percentage >= 40) themes.push('angular_emphasis');
  for (const p of patterns) if (!themes.includes(`pattern_${p.kind}`)) themes.push(`pattern_${p.kind}`);
  for (const d of dignities) if (d.is_in_rulership || d.is_in_exaltation) themes.push(`dignified_${d.planet}`);
  if (retro.some((p) => PERSONAL.has(p))) themes.push('personal_retrograde');
  themes.push(`lunar_phase_${phase.name}`);
  return {
    chart_id: chartId,
    aspect_count: aspects.length,
    major_aspect_count: aspects.filter((a) => a.category === 'major').length,
    strongest_aspects: aspects.slice(0, 5),
    dignity_highlights: highlights,
    balance,
    patterns,
    lunar_phase: { name: phase.name, angle_degrees: phase.angle_degrees, illumination: phase.illumination },
    retrogrades: { planets: retro, count: retro.length, has_personal_retrograde: retro.some((p) => PERSONAL.has(p)) },
    themes,
  };
}
