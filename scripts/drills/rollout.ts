// Rolling restart drill: two replicas each of vedic-calc and western-calc behind one gateway that is
// given both addresses (VEDIC_CALC_ADDR=ip:a,ip:b: an `ipv4:` target balanced round_robin). Under a
// steady load of GET calculations, each replica in turn gets SIGTERM (it drains: health NOT_SERVING for
// SHUTDOWN_DELAY_MS, then GOAWAY and in-flight calls finish), exits, starts again and serves, as a
// Kubernetes rolling update does. The gateway skips a replica that is not READY and retries an
// idempotent call once on a transport UNAVAILABLE, so the target is zero non-2xx answers.
//
// `npm run drills` runs it on the drills' fleet; `node --import tsx scripts/drills/rollout.ts` runs it
// alone on a throw-away fleet over the machine's PostgreSQL (TEST_DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForServing } from '@astro/platform';
import { freePort, ROOT, startFleet, TEST_FLEET_LIMITS, TRACING_REGISTER, type RunningFleet } from '../fleet.ts';
import { call, Load, sleep, type Sample } from './load.ts';

const CALC = [
  { name: 'vedic-calc', env: 'VEDIC_CALC_ADDR' },
  { name: 'western-calc', env: 'WESTERN_CALC_ADDR' },
] as const;
const DRAIN_MS = 1000;
const DELHI = 'latitude=28.6139&longitude=77.209&timezone=Asia%2FKolkata';

export interface RolloutReport {
  requests: number;
  non2xx: number;
  statuses: Record<string, number>;
  restarts: Array<{ replica: string; downMs: number; servingAgainMs: number }>;
  durationMs: number;
  failures: string[];
}

interface Replica {
  service: string;
  port: number;
  proc?: ChildProcess;
}

function launch(entry: string, env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  return spawn(process.execPath, ['--import', 'tsx', '--import', TRACING_REGISTER, entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
}

const exited = (p: ChildProcess) =>
  p.exitCode !== null || p.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => p.once('exit', () => r()));

/**
 * Runs the drill beside `fleet`: the replicas and the gateway are this drill's own processes, with the
 * fleet's settings (databases, JWT secret, bus); the fleet's single replicas are left alone.
 */
export async function rolloutDrill(o: {
  fleet: RunningFleet;
  key: string;
  westernChartId: string;
  logsDir: string;
  log?: (line: string) => void;
}): Promise<RolloutReport> {
  const log = o.log ?? (() => {});
  fs.mkdirSync(o.logsDir, { recursive: true });
  const replicas: Replica[] = [];
  for (const c of CALC) for (let i = 0; i < 2; i++) replicas.push({ service: c.name, port: await freePort() });
  const addrs = Object.fromEntries(
    CALC.map((c) => [
      c.env,
      replicas
        .filter((r) => r.service === c.name)
        .map((r) => `127.0.0.1:${r.port}`)
        .join(','),
    ]),
  );
  const label = (r: Replica) => `${r.service}@${r.port}`;
  const startReplica = async (r: Replica) => {
    r.proc = launch(
      `services/${r.service}/src/main.ts`,
      {
        ...o.fleet.env,
        ...addrs,
        OTEL_SERVICE_NAME: r.service,
        DATABASE_URL: o.fleet.databases[r.service] ?? '',
        GRPC_PORT: String(r.port),
        METRICS_PORT: '0',
        SHUTDOWN_DELAY_MS: String(DRAIN_MS),
        LOG_LEVEL: 'warn',
      },
      path.join(o.logsDir, `${label(r)}.log`),
    );
    if (!(await waitForServing(`127.0.0.1:${r.port}`, 180_000))) throw new Error(`${label(r)} did not serve`);
  };
  const gatewayPort = await freePort();
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  let gateway: ChildProcess | undefined;
  let load: Load | undefined;
  try {
    await Promise.all(replicas.map(startReplica));
    gateway = launch(
      'gateway/src/main.ts',
      {
        ...o.fleet.env,
        ...TEST_FLEET_LIMITS,
        ...addrs,
        OTEL_SERVICE_NAME: 'gateway',
        PORT: String(gatewayPort),
        METRICS_PORT: '0',
        PROTO_DIR: path.join(ROOT, 'protos'),
        LOG_LEVEL: 'warn',
      },
      path.join(o.logsDir, 'rollout-gateway.log'),
    );
    for (const until = Date.now() + 120_000; ; await sleep(200)) {
      const ok = await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until || gateway.exitCode !== null) throw new Error('the drill gateway did not become ready');
    }
    // Both calc services at once: panchanga (vedic-calc) and aspects of a chart (western-calc).
    load = new Load(
      4,
      (i) =>
        i % 2
          ? call(baseUrl, 'GET', `/v1/vedic/panchanga?day=2024-11-${String(1 + (i % 28)).padStart(2, '0')}&${DELHI}`, {
              token: o.key,
            })
          : call(baseUrl, 'GET', `/v1/western/charts/${o.westernChartId}/aspects`, { token: o.key }),
      30_000,
    );
    const started = Date.now();
    await sleep(2000);
    load.phase = 'fault';
    const restarts: RolloutReport['restarts'] = [];
    for (const r of replicas) {
      const t0 = Date.now();
      log(`[rollout] restarting ${label(r)}`);
      r.proc!.kill('SIGTERM');
      await exited(r.proc!);
      const downMs = Date.now() - t0;
      await startReplica(r);
      restarts.push({ replica: label(r), downMs, servingAgainMs: Date.now() - t0 });
      await sleep(1500); // the gateway reconnects to the new process before the next one goes
    }
    load.phase = 'after';
    await sleep(2000);
    const samples = await load.stop();
    load = undefined;
    return report(samples, restarts, Date.now() - started);
  } finally {
    await load?.stop();
    for (const p of [gateway, ...replicas.map((r) => r.proc)]) {
      if (!p) continue;
      p.kill('SIGTERM');
      await Promise.race([exited(p), sleep(15_000)]);
      if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    }
  }
}

function report(samples: Sample[], restarts: RolloutReport['restarts'], durationMs: number): RolloutReport {
  const statuses: Record<string, number> = {};
  for (const s of samples) {
    const k = s.code ? `${s.status} ${s.code}` : String(s.status);
    statuses[k] = (statuses[k] ?? 0) + 1;
  }
  const non2xx = samples.filter((s) => s.status < 200 || s.status >= 300).length;
  const failures = non2xx ? [`${non2xx} non-2xx answers: ${JSON.stringify(statuses)}`] : [];
  if (samples.length < 50) failures.push(`only ${samples.length} requests: the load did not run`);
  return { requests: samples.length, non2xx, statuses, restarts, durationMs, failures };
}

export function formatRollout(r: RolloutReport): string {
  const lines = [
    `rolling restart of 4 calc replicas (2 x vedic-calc, 2 x western-calc) under load, ${Math.round(r.durationMs / 1000)} s:`,
    `  requests ${r.requests}, non-2xx ${r.non2xx}, statuses ${JSON.stringify(r.statuses)}`,
    ...r.restarts.map(
      (x) => `  ${x.replica}: drained and exited in ${x.downMs} ms, serving again after ${x.servingAgainMs} ms`,
    ),
    r.failures.length ? `  FAILED: ${r.failures.join('; ')}` : '  held: zero non-2xx answers',
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-rollout-'));
  const log = (l: string) => process.stdout.write(`${l}\n`);
  let fleet: RunningFleet | undefined;
  let code = 1;
  try {
    fleet = await startFleet({
      databaseUrl: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
      dataDir,
      gatewayPort: 0,
      randomPorts: true,
      dbPrefix: `rollout_${Date.now().toString(36)}`,
      output: 'files',
      log: () => {},
      env: { ...TEST_FLEET_LIMITS },
    });
    const f = fleet;
    const signup = await call(f.baseUrl, 'POST', '/v1/auth/signup', {
      body: {
        email: `rollout-${Date.now()}@example.com`,
        password: 'Correct-Horse-Battery-Staple-42!',
        accept_terms: true,
      },
    });
    const keyRes = await call(f.baseUrl, 'POST', '/v1/api-keys', {
      token: signup.json.session.access_token,
      body: { name: 'rollout', scopes: ['charts:read', 'charts:write'] },
    });
    const chart = await call(f.baseUrl, 'POST', '/v1/charts', {
      token: keyRes.json.plaintext,
      body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 }, system: 'western' },
    });
    if (chart.status !== 201) throw new Error(`chart creation answered ${chart.status}`);
    const r = await rolloutDrill({
      fleet: f,
      key: keyRes.json.plaintext,
      westernChartId: chart.json.id,
      logsDir: path.join(dataDir, 'logs'),
      log,
    });
    log(formatRollout(r));
    code = r.failures.length ? 1 : 0;
  } catch (err) {
    log(`rollout drill aborted: ${(err as Error).stack ?? err}`);
  } finally {
    await fleet?.stop();
    if (code === 0) fs.rmSync(dataDir, { recursive: true, force: true });
    else log(`logs kept in ${dataDir}`);
  }
  process.exit(code);
}
