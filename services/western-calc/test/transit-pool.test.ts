// The transit pool's worker threads (each with its own sweph state) answer exactly what the main thread
// computes, for several searches at once.
import assert from 'node:assert/strict';
import { afterAll as after, describe, it } from '@jest/globals';
import { computeChart, initEphemeris } from '@astro/astro-core';
import { TransitPool } from '../src/clients/transit-pool.ts';
import { transitWindows } from '../src/domain/predictive/transits.ts';
import { pointsOf } from '../src/domain/natal/points.ts';

initEphemeris();
const pool = new TransitPool({ size: 2 });
after(() => pool.close());

function natal(moment: string, latitude: number, longitude: number) {
  const c = computeChart({
    utcMs: Date.parse(moment),
    latitude,
    longitude,
    system: 'western',
    houseSystem: 'placidus',
    ayanamsha: null,
  });
  return pointsOf(c.planets);
}

describe('TransitPool', () => {
  it('gives the same windows as the main thread (two halves merged), concurrently', async () => {
    const charts = [natal('1879-03-14T11:30:00+00:40', 48.4, 10.0), natal('1990-05-15T10:30:00+05:30', 28.61, 77.21)];
    const start = Date.parse('2026-01-01T00:00:00Z');
    const end = Date.parse('2027-02-05T00:00:00Z');
    const fromPool = await Promise.all(charts.map((points) => pool.windows(points, start, end)));
    for (const [i, points] of charts.entries()) {
      const expected = transitWindows(points, start, end);
      assert.ok(expected.length > 50, 'a year of transits to a full chart');
      assert.deepEqual(fromPool[i], expected);
    }
  });
});
