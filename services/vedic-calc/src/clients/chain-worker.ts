// Worker thread of the chain pool (chain-pool.ts): writes a Vimshottari chain's JSON off the main
// thread and hands the bytes back without a copy (the buffer is transferred).
import { parentPort } from 'node:worker_threads';
import { vimshottariChainJson, type VimshottariSubject } from '../domain/dashas/vimshottari-json.ts';

export interface ChainTask {
  subject: VimshottariSubject;
  depth: number;
  features: unknown;
}

parentPort!.on('message', (task: ChainTask) => {
  try {
    const bytes = vimshottariChainJson(task.subject, task.depth, task.features);
    // A buffer larger than Node's allocation pool is this answer's own memory: move it, don't copy it.
    const own = bytes.buffer.byteLength > Buffer.poolSize;
    parentPort!.postMessage({ ok: true, bytes }, own ? [bytes.buffer as ArrayBuffer] : []);
  } catch (err) {
    parentPort!.postMessage({ ok: false, message: String((err as Error)?.stack ?? err) });
  }
});
