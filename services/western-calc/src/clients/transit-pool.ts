// Worker threads for the transit-window search (an executor outside the main thread: clients/). A
// 400-day search is ~40 ms of ephemeris calls; on the main thread it stalls every other request of the
// process for that long (western-calc's event-loop delay p99 was 83 ms in the bench's transit phase).
import os from 'node:os';
import { moduleBeside, WorkerPool } from '@astro/platform/worker-pool';
import type { BodyKey } from '@astro/astro-core';
import { WINDOW_BODIES, windowOrder, type TransitWindow } from '../domain/predictive/transits.ts';
import type { Point } from '../domain/natal/points.ts';
import type { TransitTask, TransitWorkerData } from './transit-worker.ts';

/** Where transit windows are computed: in this thread (benchmarks' baseline) or in a pool. */
export interface TransitSearch {
  windows(natal: readonly Point[], startMs: number, endMs: number): Promise<TransitWindow[]>;
}

/**
 * One search is two tasks on two threads: Mercury, Venus and Mars, and the Sun with Jupiter to Pluto,
 * about the same ephemeris work each (18.7 and 17.6 ms against 33.6 ms for the whole search, 40 random
 * searches). Windows are per body, so the two lists merge into the single search's answer
 * (windowOrder is a total order); with one thread free the halves run one after the other.
 */
const FIRST_HALF: ReadonlySet<BodyKey> = new Set<BodyKey>(['mercury', 'venus', 'mars']);
const HALVES = [WINDOW_BODIES.filter((b) => FIRST_HALF.has(b)), WINDOW_BODIES.filter((b) => !FIRST_HALF.has(b))];

export class TransitPool implements TransitSearch {
  private readonly pool: WorkerPool<TransitTask, TransitWindow[]>;

  /**
   * @param ephePath the process's ephemeris folder (each worker thread initialises its own sweph).
   * @param size threads; by default one per core beyond the main thread's, and at least one per half.
   */
  constructor(opts: { ephePath?: string; size?: number } = {}) {
    const data: TransitWorkerData = { ephePath: opts.ephePath };
    const size = opts.size ?? Math.max(HALVES.length, os.availableParallelism() - 1);
    this.pool = new WorkerPool(moduleBeside(import.meta.url, 'transit-worker'), { size, data });
  }

  async windows(natal: readonly Point[], startMs: number, endMs: number): Promise<TransitWindow[]> {
    const halves = await Promise.all(HALVES.map((bodies) => this.pool.run({ natal, startMs, endMs, bodies })));
    return halves.flat().sort(windowOrder(natal));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
