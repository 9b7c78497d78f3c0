// Worker threads for the transit-window search (an executor outside the main thread: clients/). A
// 400-day search is ~40 ms of ephemeris calls; on the main thread it stalls every other request of the
// process for that long (western-calc's event-loop delay p99 was 83 ms in the bench's transit phase).
import { moduleBeside, WorkerPool } from '@astro/platform/worker-pool';
import type { TransitWindow } from '../domain/predictive/transits.ts';
import type { Point } from '../domain/natal/points.ts';
import type { TransitTask, TransitWorkerData } from './transit-worker.ts';

/** Where transit windows are computed: in this thread (benchmarks' baseline) or in a pool. */
export interface TransitSearch {
  windows(natal: readonly Point[], startMs: number, endMs: number): Promise<TransitWindow[]>;
}

export class TransitPool implements TransitSearch {
  private readonly pool: WorkerPool<TransitTask, TransitWindow[]>;

  /** @param ephePath the process's ephemeris folder (each worker thread initialises its own sweph). */
  constructor(opts: { ephePath?: string; size?: number } = {}) {
    const data: TransitWorkerData = { ephePath: opts.ephePath };
    this.pool = new WorkerPool(moduleBeside(import.meta.url, 'transit-worker'), { size: opts.size, data });
  }

  windows(natal: readonly Point[], startMs: number, endMs: number): Promise<TransitWindow[]> {
    return this.pool.run({ natal, startMs, endMs });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
