// A second account service and a gateway on it, beside the test fleet, configured as `npm start`
// configures a developer's machine for mail: no SMTP_URL, so mails are .eml files in MAILBOX_DIR.
// For tests that follow the README as a user would (the mailbox step of the quick-start). Same
// databases, JWT secret and peers as the fleet.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForServing } from '@astro/platform';
import { freePort } from '../../scripts/fleet.ts';
import { ROOT } from './client.ts';
import { startGateway, type GatewayProcess } from './gateway-process.ts';

export interface SideAccount {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startAccountWithMailbox(mailboxDir: string): Promise<SideAccount> {
  const dir = process.env.TEST_DATA_DIR;
  assert.ok(dir && process.env.ACCOUNT_DATABASE_URL, 'TEST_DATA_DIR is set (run through scripts/test.ts)');
  const fleetEnv = JSON.parse(fs.readFileSync(path.join(dir, 'fleet-env.json'), 'utf8')) as Record<string, string>;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...fleetEnv })) if (v !== undefined) env[k] = v;
  delete env.SMTP_URL;
  const grpcPort = await freePort();
  Object.assign(env, {
    MAILBOX_DIR: mailboxDir,
    GRPC_PORT: String(grpcPort),
    METRICS_PORT: String(await freePort()),
    DATABASE_URL: process.env.ACCOUNT_DATABASE_URL!,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  });
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/account/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopAccount = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      const t = setTimeout(() => proc.kill('SIGKILL'), 8000);
      proc.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  let gateway: GatewayProcess | undefined;
  try {
    assert.ok(await waitForServing(`127.0.0.1:${grpcPort}`, 120_000), 'the side account service is serving');
    gateway = await startGateway({ ACCOUNT_ADDR: `127.0.0.1:${grpcPort}` });
  } catch (err) {
    await stopAccount();
    throw err;
  }
  const gw = gateway;
  return { baseUrl: gw.baseUrl, stop: async () => void (await Promise.all([gw.stop(), stopAccount()])) };
}
