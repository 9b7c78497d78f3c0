// A throw-away Redis Cluster for the gateway's store tests: three masters (redis-server
// --cluster-enabled, the machine's binary, as the drills use), slots shared out by
// `redis-cli --cluster create`, no persistence, files in a temporary folder. The machine's own Redis
// is never touched.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/fleet.ts';

const run = promisify(execFile);
const CLUSTER_BUS_OFFSET = 10_000;

export interface RedisCluster {
  /** Seed URLs, the REDIS_CLUSTER_NODES setting. */
  nodes: string[];
  stop(): Promise<void>;
}

async function clusterInfo(port: number): Promise<string> {
  return (await run('redis-cli', ['-p', String(port), 'cluster', 'info'])).stdout;
}

async function until(probe: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`redis cluster: ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startRedisCluster(masters = 3): Promise<RedisCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-redis-cluster-'));
  const ports: number[] = [];
  const procs: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null || p.signalCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGKILL');
          }),
      ),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters; i++) {
      // The cluster bus listens on port + 10000: that one must be free too, and outside the ephemeral
      // range, where any outgoing connection could take it before the node binds it (a node whose bus
      // port is taken never starts: seen once in CI as "node 28554 answers within 20000 ms").
      const port = await freePort(CLUSTER_BUS_OFFSET);
      ports.push(port);
      procs.push(
        spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            path.join(dir, `nodes-${port}.conf`),
            '--dir',
            dir,
            '--save',
            '',
            '--appendonly',
            'no',
          ],
          { stdio: 'ignore' },
        ),
      );
    }
    for (const port of ports)
      await until(
        async () => (await run('redis-cli', ['-p', String(port), 'ping'])).stdout.trim() === 'PONG',
        `node ${port} answers`,
      );
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (const port of ports)
      await until(
        async () => /cluster_state:ok/.test(await clusterInfo(port)),
        `node ${port} reports cluster_state:ok`,
      );
    return { nodes: ports.map((p) => `redis://127.0.0.1:${p}`), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
