// `npm test`: every test of the workspace. Typecheck and lint, then one node:test run over the unit
// tests (beside the code) and the end-to-end tests (tests/), the latter against a fleet started here
// on the real PostgreSQL and Redis of the machine (TEST_DATABASE_URL, TEST_REDIS_URL), with an
// in-process SMTP server standing in for the mail relay. Databases get a per-run prefix and are dropped.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ROOT, startFleet, TEST_FLEET_LIMITS } from './fleet.ts';
import { startMailCapture } from './mail-capture.ts';

const env = process.env;
const adminUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runId = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const dataDir = path.join(ROOT, '.data', 'test-runs', runId);

function step(title: string, cmd: string, args: string[]) {
  console.log(`\n== ${title}`);
  try {
    execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  } catch {
    console.log(`\n${title} failed (output above)\n0 passed, 1 failed`);
    process.exit(1);
  }
}

function findTests(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir)) {
    if (name === 'node_modules' || name === 'generated' || name === 'gen' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) findTests(p, out);
    else if (name.endsWith('.test.ts')) out.push(path.relative(ROOT, p));
  }
  return out;
}

async function dropDatabases(prefix: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${prefix}\\_%`,
  ]);
  for (const r of rows) await client.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  await client.end();
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
if (!env.SKIP_STATIC_CHECKS) {
  step('typecheck (tsc --noEmit)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  step('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']);
}

const files = [
  ...findTests(path.join(ROOT, 'packages')),
  ...findTests(path.join(ROOT, 'services')),
  ...findTests(path.join(ROOT, 'gateway')),
  ...findTests(path.join(ROOT, 'tests')),
];
const filter = env.TEST_FILTER ? new RegExp(env.TEST_FILTER) : undefined;
const selected = filter ? files.filter((f) => filter.test(f)) : files;

console.log(
  `\n== starting the fleet (PostgreSQL ${new URL(adminUrl).host}, Redis ${new URL(redisUrl).host}, databases ${runId}_*)`,
);
const mail = await startMailCapture(path.join(dataDir, 'mail'));
const fleet = await startFleet({
  databaseUrl: adminUrl,
  dataDir,
  gatewayPort: 0,
  randomPorts: true,
  dbPrefix: runId,
  output: 'files',
  env: {
    REDIS_URL: redisUrl,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'info',
    RESEND_COOLDOWN_SECONDS: '2',
    DEMO_WINDOW_SECONDS: '4',
    NODE_ENV: 'test',
    // Test users are on Free and many files make far more than its 100 requests a day: the shared
    // fleet lifts every limit; tests/limits*.test.ts start their own gateways with the real values.
    ...TEST_FLEET_LIMITS,
    REPORTS_DIR: path.join(dataDir, 'reports'),
  },
}).catch(async (err: Error) => {
  // The launcher already stopped what it started; leave no databases behind and say it plainly.
  console.error(`\nthe fleet did not start: ${err.message}\n0 passed, 1 failed`);
  await mail.close();
  await dropDatabases(runId);
  process.exit(1);
});
console.log(`   gateway ${fleet.baseUrl}, logs in ${path.relative(ROOT, path.join(dataDir, 'logs'))}`);
// Tests that start their own gateway against this fleet (tests/helpers/gateway-process.ts) read it here.
fs.writeFileSync(path.join(dataDir, 'fleet-env.json'), JSON.stringify(fleet.env), { mode: 0o600 });
// Tests that need a service down for a while (erasure catch-up, consumer restart) ask this process:
// POST /services/<name>/stop and /services/<name>/start (loopback only, test runs only).
const control = http.createServer((req, res) => {
  const m = /^\/services\/([a-z-]+)\/(stop|start)$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) return void res.writeHead(404).end();
  (m[2] === 'stop' ? fleet.stopService(m[1]!) : fleet.startService(m[1]!)).then(
    () => res.writeHead(204).end(),
    (err: Error) => res.writeHead(500).end(err.message),
  );
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

let status = 1;
try {
  console.log(`\n== node:test over ${selected.length} files`);
  // Asynchronous spawn: the SMTP capture server lives in this process and must keep answering.
  const tapFile = path.join(dataDir, 'results.tap');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...selected,
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...env,
        BASE_URL: fleet.baseUrl,
        GATEWAY_METRICS_URL: fleet.metricsUrl,
        MAIL_DIR: mail.dir,
        TEST_DATABASE_ADMIN_URL: adminUrl,
        ACCOUNT_DATABASE_URL: fleet.databases.account ?? '',
        ACCOUNT_ADDR: fleet.env.ACCOUNT_ADDR ?? '',
        BUS_DATABASE_URL: fleet.env.BUS_DATABASE_URL ?? '',
        // western-calc's erasure tests read its compatibility_reports table and call its Erase RPC.
        WESTERN_CALC_DATABASE_URL: fleet.databases['western-calc'] ?? '',
        WESTERN_CALC_ADDR: fleet.env.WESTERN_CALC_ADDR ?? '',
        TEST_REDIS_URL: redisUrl,
        TEST_DATA_DIR: dataDir,
        // tests/llm-providers.test.ts starts a second llm service and gateway beside this fleet.
        FLEET_ENV: JSON.stringify(fleet.env),
        LLM_DATABASE_URL: fleet.databases.llm ?? '',
        FLEET_CONTROL_URL: controlUrl,
        FEEDBACK_DATABASE_URL: fleet.databases.feedback ?? '',
        CHART_DATABASE_URL: fleet.databases.chart ?? '',
      },
    },
  );
  status = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  // One plain closing line, whatever the reporter printed above.
  const tap = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8') : '';
  const count = (k: string) => Number(new RegExp(`^# ${k} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  console.log(`\n${count('pass')} passed, ${count('fail') + count('cancelled')} failed, ${count('skipped')} skipped`);
  if (!tap) status = 1;
} finally {
  control.close();
  await fleet.stop();
  await mail.close();
  await dropDatabases(runId);
  if (status === 0) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
