// Worker threads for CPU-heavy answers (issue 18: one depth-4 chain or one 400-day transit search must
// not stall the other requests of its process). A pool runs one task module in N threads; the module
// calls serveTasks(fn) and the pool hands each task to an idle thread. The one way the fleet moves work
// off the event loop: vedic-calc's Vimshottari chains and western-calc's transit windows use it.
//
// This module imports nothing but Node, so a worker that imports it (serveTasks) does not load the
// platform's gRPC, database and tracing code.
import os from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';

type Reply<R> = { ok: true; value: R } | { ok: false; message: string };

interface Job<T, R> {
  task: T;
  resolve(r: R): void;
  reject(e: Error): void;
}

// Flags a worker thread accepts (Node refuses a Worker whose execArgv holds a per-process option, V8's
// heap and GC flags among them, with ERR_WORKER_INVALID_EXEC_ARGV: those apply to the whole process
// already). Flags that take their value as the next argument are listed in VALUE_FLAGS.
const THREAD_FLAG =
  /^(--(import|require|conditions|cpu-prof|heap-prof|enable-source-maps|no-warnings|experimental-)|-[rC]$)/;
const VALUE_FLAGS = new Set(['--import', '--require', '-r', '--conditions', '-C']);

/**
 * Node flags for the workers: the process's own that a thread accepts, without the OpenTelemetry hook
 * (one SDK per process). Exported for its test.
 */
export function workerExecArgv(a: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < a.length; i++) {
    const flag = a[i]!;
    const value = VALUE_FLAGS.has(flag) ? a[i + 1] : undefined;
    if (value !== undefined) i++;
    if (flag.includes('tracing-register') || value?.includes('tracing-register')) continue;
    if (!THREAD_FLAG.test(flag)) continue;
    out.push(flag, ...(value !== undefined ? [value] : []));
  }
  return out;
}

/**
 * The task module `name` beside the module at `selfUrl` (its import.meta.url), with the same extension:
 * the compiled .js under dist, the .ts source otherwise.
 */
export function moduleBeside(selfUrl: string, name: string): URL {
  return new URL(`./${name}${selfUrl.endsWith('.ts') ? '.ts' : '.js'}`, selfUrl);
}

/**
 * The worker's entry: the compiled file as it is, or for a TypeScript source a bootstrap that registers
 * tsx first (Node 20 applies no --import of a worker's own; under jest the parent has no tsx at all).
 */
function workerEntry(module: URL): { entry: string | URL; eval: boolean } {
  if (!module.pathname.endsWith('.ts')) return { entry: module, eval: false };
  const source = JSON.stringify(module.href);
  return { entry: `import('tsx/esm/api').then((m) => m.register()).then(() => import(${source}))`, eval: true };
}

export interface WorkerPoolOptions {
  /** Threads; default one per core beyond the main thread's, at least one. */
  size?: number;
  /** Handed to every worker as `workerData` (settings such as the ephemeris folder). */
  data?: unknown;
}

export class WorkerPool<T, R> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job<T, R>>();
  private readonly queue: Job<T, R>[] = [];
  private closed = false;

  constructor(
    private readonly module: URL,
    private readonly opts: WorkerPoolOptions = {},
  ) {
    const size = opts.size ?? Math.max(1, os.availableParallelism() - 1);
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const { entry, eval: isCode } = workerEntry(this.module);
    const worker = new Worker(entry, { eval: isCode, execArgv: workerExecArgv(), workerData: this.opts.data });
    worker.unref(); // an idle pool never keeps the process alive
    worker.on('message', (r: Reply<R>) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      if (r.ok) job?.resolve(r.value);
      else job?.reject(new Error(`worker: ${r.message}`));
      this.idle.push(worker);
      this.next();
    });
    // A worker that dies takes only its own job with it; a new one takes its place.
    worker.on('error', (err) => this.busy.get(worker)?.reject(err));
    worker.on('exit', () => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      job?.reject(new Error('worker exited'));
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

  /** The task module's answer to `task`, computed in a worker thread. */
  run(task: T): Promise<R> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('worker pool closed'));
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * In a task module: answers every task of the pool with `fn(task, workerData)`. A byte answer that owns
 * its memory (larger than Node's allocation pool) is moved to the main thread, not copied.
 */
export function serveTasks<T, R>(fn: (task: T, data: unknown) => R): void {
  if (!parentPort) throw new Error('serveTasks runs in a worker thread of a WorkerPool');
  const port = parentPort;
  port.on('message', (task: T) => {
    try {
      const value = fn(task, workerData);
      const own = value instanceof Uint8Array && value.buffer.byteLength > Buffer.poolSize;
      port.postMessage({ ok: true, value }, own ? [value.buffer as ArrayBuffer] : []);
    } catch (err) {
      port.postMessage({ ok: false, message: String((err as Error)?.stack ?? err) });
    }
  });
}
