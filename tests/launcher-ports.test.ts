// A launcher that never lies (issue 17): with a first fleet running (the one this test run started,
// on free ports), a second fleet on its ports is refused with the port and its holder named, instead
// of "Astrology API is up" over dead services; with FLEET_PORTS=free a second `npm start` runs beside
// it, and the two are independent (a session of one is not accepted by the other).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll as after, describe, it } from '@jest/globals';
import { dropDatabases } from '@astro/platform/db/index';
import { freePort, startFleet } from '../scripts/fleet.ts';
import { api, BASE_URL, expectStatus, rand, ROOT, strongPassword, uniqueEmail } from './helpers/client.ts';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = `lp${Date.now().toString(36)}${rand(4)
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '')}`;
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-second-fleet-'));
  dirs.push(d);
  return d;
};

after(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await dropDatabases(ADMIN_URL, prefix);
});

/** `npm start` (scripts/start.ts) with `env`; resolves on "is up" or on exit, with its output. */
function npmStart(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: ADMIN_URL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const result = new Promise<{ up: boolean; code: number | null; output: () => string }>((resolve) => {
    const onData = (c: Buffer) => {
      output += c.toString();
      if (output.includes('Astrology API is up')) resolve({ up: true, code: null, output: () => output });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => resolve({ up: false, code, output: () => output }));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  return { result, stop };
}

describe('a second fleet beside a running one', () => {
  const firstPort = Number(new URL(BASE_URL).port);

  it('refuses a service port held by the first fleet, naming the port and its holder', async () => {
    const accountAddr = process.env.ACCOUNT_ADDR;
    assert.ok(accountAddr, 'the test runner passes the first fleet account address');
    const taken = Number(accountAddr.split(':')[1]);
    const started = startFleet({
      databaseUrl: ADMIN_URL,
      dataDir: tmp(),
      gatewayPort: 0,
      randomPorts: true,
      portOverrides: { account: { grpc: taken, metrics: await freePort() } },
      dbPrefix: `${prefix}_a`,
      output: 'files',
      log: () => {},
    });
    await assert.rejects(started, (err: Error) => {
      assert.match(err.message, new RegExp(`service account: port ${taken} is held by another process`));
      // The holder: the first fleet's account process, by pid and command line, and its instance id.
      assert.match(err.message, /pid \d+ \(.*services\/account\/(src\/main\.ts|dist\/main\.js)\)/);
      assert.match(err.message, /answers as instance account-/);
      assert.match(err.message, /FLEET_PORTS=free/);
      return true;
    });
  }, 240_000);

  it('npm start on the first gateway port fails naming it; FLEET_PORTS=free runs beside it', async () => {
    // The reported case: PORT taken by the first fleet's gateway. Services on free ports come up,
    // the gateway cannot bind: refused, never "is up" over the first fleet's gateway.
    const clash = npmStart({
      PORT: String(firstPort),
      FLEET_PORTS: 'free',
      DATA_DIR: tmp(),
      DB_PREFIX: `${prefix}_b`,
    });
    const refused = await clash.result;
    await clash.stop();
    assert.equal(refused.up, false, refused.output());
    assert.equal(refused.code, 1);
    assert.match(refused.output(), new RegExp(`gateway: port ${firstPort} is held by another process, pid \\d+`));

    const port = await freePort();
    const second = npmStart({ PORT: String(port), FLEET_PORTS: 'free', DATA_DIR: tmp(), DB_PREFIX: `${prefix}_c` });
    try {
      const r = await second.result;
      assert.equal(r.up, true, r.output());
      const baseUrl = `http://127.0.0.1:${port}`;
      const health = (await (await fetch(`${baseUrl}/healthz`)).json()) as { instance: string };
      const firstHealth = (await (await fetch(`${BASE_URL}/healthz`)).json()) as { instance: string };
      assert.notEqual(health.instance, firstHealth.instance, 'two gateways, each answering for itself');
      const signup = await api('POST', '/v1/auth/signup', {
        baseUrl,
        body: { email: uniqueEmail('second'), password: strongPassword(), accept_terms: true },
      });
      expectStatus(signup, 201);
      const token = signup.json.session.access_token;
      // Its own account service signed the session: the second gateway accepts it, the first
      // fleet (another account service, another JWT secret) does not.
      expectStatus(await api('GET', '/v1/api-keys', { baseUrl, token }), 200);
      expectStatus(await api('GET', '/v1/api-keys', { token }), 401);
    } finally {
      await second.stop();
    }
  }, 480_000);
});
