// Worker thread of the chain pool (chain-pool.ts): writes a Vimshottari, Ashtottari or Kalachakra
// chain's JSON off the main thread and hands the bytes back without a copy (the buffer is transferred).
import { parentPort } from 'node:worker_threads';
import { dashaSystemChainJson, type DashaSystemSubject } from '../domain/dashas/dasha-systems-json.ts';
import { vimshottariChainJson, type VimshottariSubject } from '../domain/dashas/vimshottari-json.ts';

export type ChainTask =
  | { subject: VimshottariSubject; depth: number; features: unknown; system?: undefined }
  | { subject: DashaSystemSubject; depth: number; features: unknown; system: 'dasha_system' };

parentPort!.on('message', (task: ChainTask) => {
  try {
    const bytes =
      task.system === 'dasha_system'
        ? dashaSystemChainJson(task.subject, task.depth, task.features)
        : vimshottariChainJson(task.subject, task.depth, task.features);
    // A buffer larger than Node's allocation pool is this answer's own memory: move it, don't copy it.
    const own = bytes.buffer.byteLength > Buffer.poolSize;
    parentPort!.postMessage({ ok: true, bytes }, own ? [bytes.buffer as ArrayBuffer] : []);
  } catch (err) {
    parentPort!.postMessage({ ok: false, message: String((err as Error)?.stack ?? err) });
  }
});
