// Start time and resident memory of every fleet process, compiled (`npm run build`, node dist/...)
// against tsx (the sources), measured in the same run on the same databases.
//   node --import tsx scripts/bench/runtime.ts        (BENCH_REPS=3 starts per process and runtime)
// Each process is started alone; "start" is spawn -> its health answer from that very instance
// (gRPC health SERVING for a service, /healthz for the gateway); "RSS" is VmRSS of the process one
// second after that. A first tsx start of every process is not counted (it fills the chart service's
// gazetteer tables and warms the disk cache for both runtimes). Medians are printed as a Markdown table.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { checkInstance, closeHealthClient, FLEET } from '@astro/platform';
import { ensureDatabase, runMigrations } from '@astro/platform/db/index';
import { freePort, nodeArgs, presentServices, ROOT, type FleetRuntime } from '../fleet.ts';
import { median } from './stats.ts';

const reps = Number(process.env.BENCH_REPS || 3);
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = `benchrt${Date.now().toString(36)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-bench-runtime-'));

const dbUrl = (db: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
};

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

interface Sample {
  startMs: number;
  rssMiB: number;
}

async function measure(name: string, entry: string, env: Record<string, string>, runtime: FleetRuntime) {
  const instance = `${name}-bench-${Math.random().toString(36).slice(2, 8)}`;
  const t0 = performance.now();
  const proc = spawn(process.execPath, nodeArgs(entry, runtime), {
    cwd: ROOT,
    env: { ...process.env, ...env, INSTANCE_ID: instance, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (c) => (stderr += c));
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${name} (${runtime}) exited: ${stderr.slice(-2000)}`);
      if (performance.now() - t0 > 600_000) throw new Error(`${name} (${runtime}) did not start`);
      if (env.GRPC_PORT) {
        const h = await checkInstance(`127.0.0.1:${env.GRPC_PORT}`, 500);
        if (h.status === 'SERVING' && h.instance === instance) break;
      } else {
        const h = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
          (r) => r.json() as Promise<{ instance?: string }>,
          () => ({ instance: undefined }),
        );
        if (h.instance === instance) break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const startMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 1000));
    return { startMs, rssMiB: rssKiB(proc.pid!) / 1024 };
  } finally {
    if (env.GRPC_PORT) closeHealthClient(`127.0.0.1:${env.GRPC_PORT}`);
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
}

execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
const services = presentServices();
await ensureDatabase(adminUrl, `${prefix}_bus`);
const databases: Record<string, string> = {};
for (const s of services) {
  const db = `${prefix}_${s.name.replace(/-/g, '_')}`;
  await ensureDatabase(adminUrl, db);
  databases[s.name] = dbUrl(db);
  const migrations = path.join(ROOT, 'services', s.name, 'migrations');
  if (fs.existsSync(migrations)) await runMigrations(databases[s.name]!, migrations);
}
// Peers on ports nobody listens on: every process starts alone.
const shared: Record<string, string> = {
  JWT_SECRET: 'bench-only-secret-bench-only-secret',
  BUS_DATABASE_URL: dbUrl(`${prefix}_bus`),
  MAILBOX_DIR: path.join(dataDir, 'mailbox'),
  REPORTS_DIR: path.join(dataDir, 'reports'),
  PUBLIC_BASE_URL: 'http://127.0.0.1',
};
for (const s of FLEET) shared[s.addressEnv] = `127.0.0.1:${await freePort()}`;

const processes: Array<{ name: string; entry: string; env: () => Promise<Record<string, string>> }> = [
  ...services.map((s) => ({
    name: s.name,
    entry: `services/${s.name}/src/main.ts`,
    env: async () => ({
      ...shared,
      GRPC_PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: databases[s.name]!,
    }),
  })),
  {
    name: 'gateway',
    entry: 'gateway/src/main.ts',
    env: async () => ({
      ...shared,
      PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      PROTO_DIR: path.join(ROOT, 'protos'),
    }),
  },
];

const rows: string[] = [];
try {
  for (const p of processes) {
    await measure(p.name, p.entry, await p.env(), 'tsx');
    const samples: Record<FleetRuntime, Sample[]> = { tsx: [], dist: [] };
    for (let i = 0; i < reps; i++)
      for (const runtime of ['dist', 'tsx'] as const)
        samples[runtime].push(await measure(p.name, p.entry, await p.env(), runtime));
    const m = (rt: FleetRuntime, k: keyof Sample) => median(samples[rt].map((x) => x[k]));
    const row = `| ${p.name} | ${m('tsx', 'startMs').toFixed(0)} | ${m('dist', 'startMs').toFixed(0)} | ${(m('dist', 'startMs') / m('tsx', 'startMs')).toFixed(2)} | ${m('tsx', 'rssMiB').toFixed(0)} | ${m('dist', 'rssMiB').toFixed(0)} | ${(m('dist', 'rssMiB') / m('tsx', 'rssMiB')).toFixed(2)} |`;
    console.log(row);
    rows.push(row);
  }
} finally {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows: dbs } = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [`${prefix}\\_%`],
  );
  for (const r of dbs) await client.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\nMedians of ${reps} starts each, ${os.cpus().length} cores, Node ${process.version}:\n\n` +
    '| process | start tsx (ms) | start dist (ms) | dist/tsx | RSS tsx (MiB) | RSS dist (MiB) | dist/tsx |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n' +
    rows.join('\n'),
);
process.exit(0);
