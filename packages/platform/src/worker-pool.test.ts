// The worker pool answers from its threads, passes a task's error back as a rejection, and replaces a
// thread that dies (only that thread's task fails); a closed pool refuses work.
import assert from 'node:assert/strict';
import { afterAll as after, describe, it } from '@jest/globals';
import { moduleBeside, WorkerPool } from './worker-pool.ts';

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
});
