// The worker pool answers from its threads, passes a task's error back as a rejection, and replaces a
// thread that dies (only that thread's task fails); a closed pool refuses work.
import assert from 'node:assert/strict';
import { afterAll as after, describe, it } from '@jest/globals';
import { Worker } from 'node:worker_threads';
import { moduleBeside, WorkerPool, workerExecArgv } from './worker-pool.ts';

type Task = { op: 'double' | 'throw' | 'exit'; n: number };
const fixture = moduleBeside(import.meta.url, 'worker-pool.fixture');
const pool = new WorkerPool<Task, { doubled: number; data: unknown }>(fixture, { size: 2, data: { tag: 'x' } });
after(() => pool.close());

describe('WorkerPool', () => {
  it('answers every task, more tasks than threads, with the workers data', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.run({ op: 'double', n })));
    assert.deepEqual(
      answers.map((a) => a.doubled),
      [2, 4, 6, 8, 10],
    );
    assert.deepEqual(answers[0]!.data, { tag: 'x' });
  });

  it("rejects with the task's error and keeps serving", async () => {
    await assert.rejects(pool.run({ op: 'throw', n: 7 }), /refused 7/);
    assert.equal((await pool.run({ op: 'double', n: 21 })).doubled, 42);
  });

  it('a thread that dies fails only its own task; a new thread takes its place', async () => {
    const [dead, alive] = await Promise.allSettled([pool.run({ op: 'exit', n: 0 }), pool.run({ op: 'double', n: 4 })]);
    assert.equal(dead.status, 'rejected');
    assert.deepEqual(alive.status === 'fulfilled' && alive.value.doubled, 8);
    const after = await Promise.all([1, 2, 3].map((n) => pool.run({ op: 'double', n })));
    assert.deepEqual(
      after.map((a) => a.doubled),
      [2, 4, 6],
    );
  });

  it('refuses work once closed', async () => {
    const closed = new WorkerPool<Task, unknown>(fixture, { size: 1 });
    await closed.close();
    await assert.rejects(closed.run({ op: 'double', n: 1 }), /closed/);
  });

  it("passes the process's thread flags to its workers and leaves out V8 flags and the tracing hook", () => {
    const argv = [
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      '--import',
      '@astro/platform/tracing-register',
      '--conditions=astro-dist',
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/p',
      '--trace-gc',
      '--max-old-space-size=512',
    ];
    const kept = workerExecArgv(argv);
    assert.deepEqual(kept, ['--import', 'tsx', '--conditions=astro-dist', '--cpu-prof', '--cpu-prof-dir=/tmp/p']);
    // Node itself refuses the full list for a thread and accepts what is kept (the reason for the filter).
    assert.throws(
      () => new Worker('0', { eval: true, execArgv: ['--max-semi-space-size=64'] }),
      (e: NodeJS.ErrnoException) => e.code === 'ERR_WORKER_INVALID_EXEC_ARGV',
    );
    const ok = new Worker('0', { eval: true, execArgv: kept.filter((f) => !f.startsWith('--cpu-prof')) });
    return ok.terminate();
  });
});
