// The calc services' cache of stored charts: least recently used out first, erasure by chart and by
// tenant, no refill by a read that started before an erasure, and shared entries that cannot be changed.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { ChartCache } from './chart-cache.ts';

const stored = (id: string) =>
  ({ chart: { id, planets: [{ planet: 'moon', longitude: 1 }] }, utc_ms: 0 }) as unknown as StoredChart;

describe('ChartCache', () => {
  it('with a maximum age, answers an entry that long and then reads it afresh (a replica that missed an erasure)', () => {
    let now = 1_000_000;
    const c = new ChartCache(10, 1000, () => now);
    c.put('t', 'a', stored('a'), c.ticket());
    now += 1000;
    assert.equal(c.get('t', 'a')?.chart?.id, 'a', 'still fresh at exactly the maximum age');
    now += 1;
    assert.equal(c.get('t', 'a'), undefined, 'expired one millisecond later');
    assert.equal(c.size, 0, 'and dropped');
    c.put('t', 'a', stored('a'), c.ticket());
    assert.equal(c.get('t', 'a')?.chart?.id, 'a', 'stored again, fresh again');
  });

  it('answers what was put, and drops the least recently used chart when full', () => {
    const c = new ChartCache(2);
    c.put('t', 'a', stored('a'), c.ticket());
    c.put('t', 'b', stored('b'), c.ticket());
    assert.equal(c.get('t', 'a')?.chart?.id, 'a'); // a is now the most recently used
    c.put('t', 'c', stored('c'), c.ticket());
    assert.equal(c.get('t', 'b'), undefined);
    assert.equal(c.get('t', 'a')?.chart?.id, 'a');
    assert.equal(c.get('t', 'c')?.chart?.id, 'c');
    assert.equal(c.get('other-tenant', 'a'), undefined);
  });

  it('keeps variants (a chart in another ayanamsha) apart, and erases them with their chart', () => {
    const c = new ChartCache();
    const kp = stored('a');
    c.put('t', 'a', stored('a'), c.ticket());
    c.put('t', 'a', kp, c.ticket(), 'krishnamurti');
    assert.equal(c.get('t', 'a', 'krishnamurti'), kp);
    assert.notEqual(c.get('t', 'a'), kp);
    assert.equal(c.get('t', 'a', 'raman'), undefined);
    assert.equal(c.erase('t', 'a'), 2);
    assert.equal(c.get('t', 'a', 'krishnamurti'), undefined);
    assert.equal(c.get('t', 'a'), undefined);
  });

  it('erases one chart, or every chart of a tenant, and counts them', () => {
    const c = new ChartCache();
    for (const [t, id] of [
      ['t1', 'a'],
      ['t1', 'b'],
      ['t2', 'a'],
    ] as const)
      c.put(t, id, stored(id), c.ticket());
    assert.equal(c.erase('t1', 'a'), 1);
    assert.equal(c.erase('t1', 'a'), 0);
    assert.equal(c.get('t1', 'a'), undefined);
    assert.equal(c.get('t2', 'a')?.chart?.id, 'a');
    assert.equal(c.erase('t2', null), 1);
    assert.equal(c.size, 1);
  });

  it('does not keep a chart whose read began before an erasure', () => {
    const c = new ChartCache();
    const ticket = c.ticket(); // the read starts ...
    c.erase('t', 'a'); // ... the chart is deleted meanwhile ...
    c.put('t', 'a', stored('a'), ticket); // ... and the answer read before the delete arrives
    assert.equal(c.get('t', 'a'), undefined);
    c.put('t', 'a', stored('a'), c.ticket()); // a read started after it is kept
    assert.equal(c.get('t', 'a')?.chart?.id, 'a');
  });

  it('hands out frozen charts: a handler cannot change what the next request reads', () => {
    const c = new ChartCache();
    c.put('t', 'a', stored('a'), c.ticket());
    const s = c.get('t', 'a')!;
    assert.throws(() => {
      (s.chart!.planets[0] as { longitude: number }).longitude = 2;
    }, TypeError);
    assert.equal(c.get('t', 'a')!.chart!.planets[0]!.longitude, 1);
  });
});
