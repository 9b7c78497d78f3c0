// Worker thread of the transit pool (transit-pool.ts). sweph keeps its settings per thread, so the
// worker initialises the same ephemeris as the process before its first search.
import { workerData } from 'node:worker_threads';
import { initEphemeris, type BodyKey } from '@astro/astro-core';
import { serveTasks } from '@astro/platform/worker-pool';
import { transitWindows } from '../domain/predictive/transits.ts';
import type { Point } from '../domain/natal/points.ts';

export interface TransitTask {
  natal: readonly Point[];
  startMs: number;
  endMs: number;
  /** The bodies searched (transit-pool.ts splits a search in two). */
  bodies: readonly BodyKey[];
}

export interface TransitWorkerData {
  ephePath?: string;
}

initEphemeris({ ephePath: (workerData as TransitWorkerData | undefined)?.ephePath });
serveTasks((t: TransitTask) => transitWindows(t.natal, t.startMs, t.endMs, t.bodies));
