// Worker threads for the large Vimshottari chains (an executor outside the main thread: clients/). A
// depth-4 answer is ~7,400 periods and 3 MB of JSON, 15-45 ms of CPU; written on the main thread it
// stalls every other request of the process for that long (event-loop delay p99 above 100 ms in the
// bench). The pool writes the same bytes with the same function (vimshottariChainJson) in a worker, so
// the main thread stays free for the small calls.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DashaSystemSubject } from '../domain/dashas/dasha-systems-json.ts';
import type { VimshottariSubject } from '../domain/dashas/vimshottari-json.ts';
import type { ChainTask } from './chain-worker.ts';

type Reply = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

interface Job {
  task: ChainTask;
  resolve(b: Buffer): void;
  reject(e: Error): void;
}

/** Node flags for the workers: the process's own, without the OpenTelemetry hook (one SDK per process). */
function workerExecArgv(): string[] {
  const out: string[] = [];
  const a = process.execArgv;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--import' && a[i + 1]?.includes('tracing-register')) i++;
    else if (!a[i]!.includes('tracing-register')) out.push(a[i]!);
  }
  return out;
}

/**
 * The worker's entry: the compiled file, or under the TypeScript sources a bootstrap that registers
 * tsx first (Node 20 applies no --import of a worker's own; under jest the parent has no tsx at all).
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { entry: new URL('./chain-worker.js', self), eval: false };
  const source = JSON.stringify(new URL('./chain-worker.ts', self).href);
  return { entry: `import('tsx/esm/api').then((m) => m.register()).then(() => import(${source}))`, eval: true };
}

export class ChainPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private closed = false;

  /** @param size worker threads; default one per core beyond the main thread's, at least one. */
  constructor(private readonly size = Math.max(1, os.availableParallelism() - 1)) {
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const { entry, eval: isCode } = workerEntry();
    const worker = new Worker(entry, { eval: isCode, execArgv: workerExecArgv() });
    worker.unref(); // an idle pool never keeps the process alive
    worker.on('message', (r: Reply) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      if (r.ok) job?.resolve(Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength));
      else job?.reject(new Error(`chain worker: ${r.message}`));
      this.idle.push(worker);
      this.next();
    });
    // A worker that dies takes only its own job with it; a new one takes its place.
    worker.on('error', (err) => this.busy.get(worker)?.reject(err));
    worker.on('exit', () => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      job?.reject(new Error('chain worker exited'));
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      if (!this.closed) {
        this.spawn();
        this.next();
      }
    });
    this.idle.push(worker);
  }

  private next(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.postMessage(job.task);
    }
  }

  /** vimshottariChainJson(subject, depth, features), written by a worker. */
  chainJson(subject: VimshottariSubject, depth: number, features: unknown): Promise<Buffer> {
    return this.run({ subject, depth, features });
  }

  /** dashaSystemChainJson(subject, depth, features) (Ashtottari, Kalachakra), written by a worker. */
  dashaSystemJson(subject: DashaSystemSubject, depth: number, features: unknown): Promise<Buffer> {
    return this.run({ subject, depth, features, system: 'dasha_system' });
  }

  private run(task: ChainTask): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('chain pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('chain pool closed'));
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
