// Worker thread of the Saturn pool (saturn-pool.ts): the Sade Sati / Dhaiya ingress search off the main
// thread. sweph keeps its settings per thread, so the worker initialises the same ephemeris as the
// process before its first search.
import { workerData } from 'node:worker_threads';
import { initEphemeris, withAyanamsha, type AyanamshaId } from '@astro/astro-core';
import { serveTasks } from '@astro/platform/worker-pool';
import { sadeSati } from '../domain/doshas/sade-sati.ts';

export interface SaturnTask {
  moonSign: number;
  fromMs: number;
  toMs: number;
  /** The request's ayanamsha: its scope (AsyncLocalStorage) does not cross into this thread. */
  ayanamsha: AyanamshaId;
}

export interface SaturnWorkerData {
  ephePath?: string;
}

initEphemeris({ ephePath: (workerData as SaturnWorkerData | undefined)?.ephePath });
serveTasks((t: SaturnTask) => withAyanamsha(t.ayanamsha, () => sadeSati(t.moonSign, t.fromMs, t.toMs)));
