// Worker threads for the large Vimshottari chains (an executor outside the main thread: clients/). A
// depth-4 answer is ~7,400 periods and 3 MB of JSON, 15-45 ms of CPU; written on the main thread it
// stalls every other request of the process for that long (event-loop delay p99 above 100 ms in the
// bench). The pool writes the same bytes with the same function (vimshottariChainJson) in a worker, so
// the main thread stays free for the small calls. The text comes back with room in front for the
// HttpBody message's head, so the answer is sent from the worker's memory without a copy.
import { HTTP_BODY_HEADROOM, withHeadroom } from '@astro/platform';
import { moduleBeside, WorkerPool } from '@astro/platform/worker-pool';
import type { DashaSystemSubject } from '../domain/dashas/dasha-systems-json.ts';
import type { VimshottariSubject } from '../domain/dashas/vimshottari-json.ts';
import type { ChainJob, ChainTask } from './chain-worker.ts';

export class ChainPool {
  private readonly pool: WorkerPool<ChainTask, Uint8Array>;

  /** @param size worker threads; default one per core beyond the main thread's, at least one. */
  constructor(size?: number) {
    this.pool = new WorkerPool(moduleBeside(import.meta.url, 'chain-worker'), { size });
  }

  /** vimshottariChainJson(subject, depth, features), written by a worker. */
  chainJson(subject: VimshottariSubject, depth: number, features: unknown): Promise<Buffer> {
    return this.run({ subject, depth, features });
  }

  /** dashaSystemChainJson(subject, depth, features) (Ashtottari, Kalachakra), written by a worker. */
  dashaSystemJson(subject: DashaSystemSubject, depth: number, features: unknown): Promise<Buffer> {
    return this.run({ subject, depth, features, system: 'dasha_system' });
  }

  private async run(job: ChainJob): Promise<Buffer> {
    const bytes = await this.pool.run({ ...job, headroom: HTTP_BODY_HEADROOM });
    // Moved, not copied (serveTasks): the bytes in front of the text belong to nobody else.
    return withHeadroom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
