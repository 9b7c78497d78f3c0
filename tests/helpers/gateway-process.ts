// Starts an extra gateway process against the running test fleet (same services, same JWT secret),
// with its own environment: the limit tests run gateways with the real plan values, a test clock
// (LIMITS_TEST_CLOCK + X-Test-Now) and their own Redis key prefix, while the shared fleet's gateway
// lifts every limit (scripts/fleet.ts TEST_FLEET_LIMITS).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/fleet.ts';
import { ROOT, sleep } from './client.ts';

export interface GatewayProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

function fleetEnv(): Record<string, string> {
  const dir = process.env.TEST_DATA_DIR;
  assert.ok(dir, 'TEST_DATA_DIR is set (run through scripts/test.ts)');
  return JSON.parse(fs.readFileSync(path.join(dir, 'fleet-env.json'), 'utf8'));
}

// Every extra gateway started by this test process: killed when the process exits, so a test whose
// `before` failed half-way (one of several gateways refused to boot) never leaves a child holding the
// test process, and with it the whole run, open.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Stops every gateway this process started: an `after` hook that also covers a half-failed `before`. */
export async function stopStartedGateways(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
}

function stopChild(proc: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

export async function startGateway(env: Record<string, string | undefined>): Promise<GatewayProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...fleetEnv() })) if (v !== undefined) childEnv[k] = v;
  delete childEnv.REDIS_URL;
  delete childEnv.PLAN_LIMITS_OVERRIDE;
  delete childEnv.AUTH_ATTEMPT_LIMIT;
  Object.assign(childEnv, {
    PORT: String(port),
    // Its own admin port: the fleet gateway's (or the default 9450) is taken.
    METRICS_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    PROTO_DIR: path.join(ROOT, 'protos'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
  for (const [k, v] of Object.entries(env))
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  // Neither the child nor its stderr pipe keeps this process alive; the exit hook above stops it.
  proc.unref();
  (proc.stderr as unknown as { unref(): void }).unref();
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const until = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) assert.fail(`the extra gateway exited at boot: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      proc.kill('SIGKILL');
      assert.fail(`the extra gateway did not become ready: ${stderr}`);
    }
    await sleep(150);
  }
  return { baseUrl, stop: () => stopChild(proc) };
}
