// The Indian chart image's inputs from a chart: retrograde marks, varga signs, captions.
// Expected values by hand from the rules named beside them.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { retrogradeOf, squareChartSvg } from '../src/domain/images/square-chart.ts';

const BODIES = [
  { planet: 'ascendant', longitude: 79.47 }, // 19°28' Gemini
  { planet: 'sun', longitude: 331.33 }, // 1°20' Pisces
  { planet: 'saturn', longitude: 342.02 }, // 12°01' Pisces
  { planet: 'rahu', longitude: 300 },
  { planet: 'ketu', longitude: 120 },
  { planet: 'midheaven', longitude: 300 },
];
const base = {
  chartId: '0190c1a2-0000-7000-8000-000000000000',
  style: 'south' as const,
  theme: 'light' as const,
  size: 600,
};

describe('Indian chart image', () => {
  it('retrograde: only the five star-planets are marked, from a negative daily motion', () => {
    const r = retrogradeOf([
      { planet: 'saturn', speed_per_day: -0.02 },
      { planet: 'mars', speed_per_day: 0.5 },
      { planet: 'rahu', speed_per_day: -0.05 }, // the mean node always moves backwards: not marked
      { planet: 'sun', speed_per_day: 1 },
    ]);
    assert.deepEqual([...r], ['saturn']);
  });

  it('rasi: degrees within the sign and ℞ after the abbreviation; no midheaven', () => {
    const svg = squareChartSvg(BODIES, { ...base, varga: 'D1', retrograde: new Set(['saturn']) });
    assert.match(svg, />Sa 12°℞</);
    assert.match(svg, />Su 1°</);
    assert.ok(!svg.includes('data-body="midheaven"'));
    assert.match(svg, />D1 Rasi</);
  });

  it('navamsa: signs by the BPHS rule, no degrees; D2_SUN_MOON captioned D2 Hora', () => {
    const svg = squareChartSvg(BODIES, { ...base, varga: 'D9' });
    // Sun 1°20' Pisces: first navamsa of a water sign counts from Cancer -> Cancer.
    assert.match(svg, /data-body="sun" data-sign="cancer"/);
    // Saturn 12°01' Pisces: fourth navamsa (10°00'-13°20') -> Libra.
    assert.match(svg, /data-body="saturn" data-sign="libra"/);
    // Ascendant 19°28' Gemini: sixth navamsa of an air sign, counted from Libra -> Pisces.
    assert.match(svg, /data-body="ascendant" data-sign="pisces"/);
    assert.match(svg, />Sa</);
    assert.match(squareChartSvg(BODIES, { ...base, varga: 'D2_SUN_MOON' }), />D2 Hora</);
  });
});
