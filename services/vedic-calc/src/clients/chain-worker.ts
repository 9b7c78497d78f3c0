// Worker thread of the chain pool (chain-pool.ts): writes a Vimshottari chain's JSON off the main
// thread; the pool moves the bytes back without a copy.
import { serveTasks } from '@astro/platform/worker-pool';
import { vimshottariChainJson, type VimshottariSubject } from '../domain/dashas/vimshottari-json.ts';

export interface ChainTask {
  subject: VimshottariSubject;
  depth: number;
  features: unknown;
}

serveTasks((task: ChainTask) => vimshottariChainJson(task.subject, task.depth, task.features));
