// A private, throw-away redis-server for the Redis drill (the machine's Redis is shared: never stop it).
// No persistence (--save '', no AOF): a restart comes back empty, as a lost cache node would.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { sleep } from './load.ts';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.setTimeout(500);
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const until = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (proc.exitCode !== null || Date.now() > until) throw new Error(`redis-server did not start on port ${port}`);
      await sleep(50);
    }
  };
  const stop = async () => {
    const p = proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
