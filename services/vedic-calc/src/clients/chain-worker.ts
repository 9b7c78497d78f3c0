// Worker thread of the chain pool (chain-pool.ts): writes a Vimshottari, Ashtottari or Kalachakra
// chain's JSON off the main thread; the pool moves the bytes back without a copy.
import { serveTasks } from '@astro/platform/worker-pool';
import { dashaSystemChainJson, type DashaSystemSubject } from '../domain/dashas/dasha-systems-json.ts';
import { vimshottariChainJson, type VimshottariSubject } from '../domain/dashas/vimshottari-json.ts';

/** A chain to write. */
export type ChainJob = { depth: number; features: unknown } & (
  { subject: VimshottariSubject; system?: undefined } | { subject: DashaSystemSubject; system: 'dasha_system' }
);

/** `headroom`: free bytes to leave before the text (the main thread encodes the answer into them). */
export type ChainTask = ChainJob & { headroom: number };

serveTasks((task: ChainTask) =>
  task.system === 'dasha_system'
    ? dashaSystemChainJson(task.subject, task.depth, task.features, task.headroom)
    : vimshottariChainJson(task.subject, task.depth, task.features, task.headroom),
);
