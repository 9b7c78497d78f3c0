// Task module of worker-pool.test.ts: doubles a number, throws, or ends its thread, as asked.
import { serveTasks } from './worker-pool.ts';

serveTasks((t: { op: 'double' | 'throw' | 'exit'; n: number }, data) => {
  if (t.op === 'throw') throw new Error(`refused ${t.n}`);
  if (t.op === 'exit') process.exit(3); // in a worker thread: ends that thread only
  return { doubled: t.n * 2, data };
});
