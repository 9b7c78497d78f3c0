// Worker threads for the Sade Sati / Dhaiya search (an executor outside the main thread: clients/). The
// search reads Saturn ~4,000-9,000 times (0.1 s for a week, ~0.4 s for 100 years, measured); on the main
// thread it would stall every other request of the process for that long. The pool runs the same
// function (domain/doshas/sade-sati.ts sadeSati) in a worker thread.
import { currentAyanamsha } from '@astro/astro-core';
import { moduleBeside, WorkerPool } from '@astro/platform/worker-pool';
import type { SadeSatiResult } from '../domain/doshas/sade-sati.ts';
import type { SaturnTask, SaturnWorkerData } from './saturn-worker.ts';

/** Where Saturn's transits from the Moon sign are searched (the handlers see only this). */
export interface SaturnSearch {
  sadeSati(moonSign: number, fromMs: number, toMs: number): Promise<SadeSatiResult>;
}

export class SaturnPool implements SaturnSearch {
  private readonly pool: WorkerPool<SaturnTask, SadeSatiResult>;

  /** @param ephePath the process's ephemeris folder (each worker thread initialises its own sweph). */
  constructor(opts: { ephePath?: string; size?: number } = {}) {
    const data: SaturnWorkerData = { ephePath: opts.ephePath };
    this.pool = new WorkerPool(moduleBeside(import.meta.url, 'saturn-worker'), { size: opts.size, data });
  }

  /** In the calling request's ayanamsha (docs/ayanamshas.md), handed to the worker with the task. */
  sadeSati(moonSign: number, fromMs: number, toMs: number): Promise<SadeSatiResult> {
    return this.pool.run({ moonSign, fromMs, toMs, ayanamsha: currentAyanamsha() });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
