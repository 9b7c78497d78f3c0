// `npm test`: every test of the workspace. Typecheck and lint, then one jest run over the unit
// tests (beside the code) and the end-to-end tests (tests/), the latter against a fleet started here
// on the real PostgreSQL and Redis of the machine (TEST_DATABASE_URL, TEST_REDIS_URL), with an
// in-process SMTP server standing in for the mail relay. Databases get a per-run prefix and are dropped.
//
// Both event buses: the first run is on the PostgreSQL bus. With CI=true or KAFKA=1 an Apache Kafka
// broker is started once for the run (scripts/kafka.ts, a free port, a per-run data dir) and the event
// suites (EVENT_SUITES: bus contract, feedback aggregation, erasure cascades, consumer groups) run a
// second time against a second fleet on Kafka. In CI a broker that does not start fails the run;
// elsewhere the Kafka half is skipped with one line saying why. KAFKA_BROKERS uses a running broker.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dropDatabases } from '@astro/platform/db/index';
import { ROOT, startFleet, TEST_FLEET_LIMITS, type RunningFleet } from './fleet.ts';
import { selectBus, type FleetBus } from './kafka-bus.ts';
import { startMailCapture } from './mail-capture.ts';

const env = process.env;
const adminUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runId = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const dataDir = path.join(ROOT, '.data', 'test-runs', runId);
const inCi = env.CI === 'true' || env.CI === '1';
/** TEST_BUSES=kafka runs only the Kafka half (a developer iterating on the event suites). */
const halves = (env.TEST_BUSES || 'postgres,kafka').split(',').map((b) => b.trim());
const kafkaWanted = (inCi || env.KAFKA === '1' || Boolean(env.KAFKA_BROKERS?.trim())) && halves.includes('kafka');

/** Files that need a Kafka broker: they run only in the Kafka half. */
const KAFKA_ONLY = ['packages/platform/src/bus/kafka-event-bus.test.ts', 'tests/kafka-consumer-groups.test.ts'];
/**
 * Files that stop or replace fleet processes while they run (tests/helpers/fleet-control.ts), or need a
 * per-address window to themselves (the demo's limit, which tests/openapi-examples.test.ts also draws
 * on): they run after the others, one at a time, so no other file meets a service that is down.
 */
const SERIAL = [
  'tests/bench-smoke.test.ts',
  'tests/chart-answers.test.ts',
  'tests/demo.test.ts',
  'tests/interpretations-feedback.test.ts',
  'tests/kafka-consumer-groups.test.ts',
  'tests/signups-paused.test.ts',
];
/**
 * The event-driven suites, run again on a Kafka-backed fleet: feedback aggregation, every erasure
 * cascade, and the webhook events that arrive over the bus (erasure, quota, report ready).
 */
const EVENT_SUITES = [
  ...KAFKA_ONLY,
  'tests/interpretations-feedback.test.ts',
  'tests/western-relationships.test.ts',
  'tests/llm.test.ts',
  'tests/webhooks.test.ts',
  'tests/webhooks-report-ready.test.ts',
];

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

// The browser tests need Chromium: obtained here (scripts/chromium.ts) so a missing browser fails the
// run before the fleet starts, never a skipped test.
if (selected.some((f) => f.endsWith('-browser.test.ts')))
  step('chromium for the browser tests', process.execPath, [
    '--import',
    'tsx',
    path.join(ROOT, 'scripts', 'chromium.ts'),
  ]);

const selectedPg = selected.filter((f) => !KAFKA_ONLY.includes(f));
const selectedKafka = selected.filter((f) => EVENT_SUITES.includes(f));

const mail = await startMailCapture(path.join(dataDir, 'mail'));
// Tests that need a service down for a while (erasure catch-up, consumer restart) ask this process:
// POST /services/<name>/stop and /services/<name>/start (loopback only, test runs only), on the fleet
// of the half that is running; a start may add settings (`?env={"SIGNUPS_PAUSED":"true"}`), which last
// until the next start.
let current: RunningFleet | undefined;
const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  const m = /^\/services\/([a-z-]+)\/(stop|start)$/.exec(url.pathname);
  if (req.method !== 'POST' || !m || !current) return void res.writeHead(404).end();
  const extraEnv = JSON.parse(url.searchParams.get('env') ?? '{}') as Record<string, string>;
  (m[2] === 'stop' ? current.stopService(m[1]!) : current.startService(m[1]!, extraEnv)).then(
    () => res.writeHead(204).end(),
    (err: Error) => res.writeHead(500).end(err.message),
  );
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

// The broker starts while the PostgreSQL half runs (it needs a JVM start and, on a clean machine, the
// jars from Maven Central); the Kafka half waits for it.
let kafkaSkip: string | undefined = kafkaWanted
  ? selectedKafka.length === 0
    ? 'no event suite selected'
    : undefined
  : halves.includes('kafka')
    ? 'set CI=true or KAFKA=1 to start a broker for it'
    : `TEST_BUSES=${env.TEST_BUSES} leaves it out`;
const busPromise: Promise<FleetBus | Error> | undefined =
  kafkaSkip === undefined
    ? selectBus({
        bus: 'kafka',
        kafkaBrokers: env.KAFKA_BROKERS,
        kafkaDataDir: path.join(dataDir, 'kafka'),
        kafkaPort: 0,
        log: (l) => console.log(l),
      }).catch((err: Error) => err)
    : undefined;

/** The part of jest's --json output the totals read. */
interface JestResults {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
}
interface JestRun {
  code: number;
  results: JestResults | undefined;
}
interface Counts {
  pass: number;
  fail: number;
  skipped: number;
}
const total: Counts = { pass: 0, fail: 0, skipped: 0 };
let status = 0;

async function runHalf(
  label: string,
  files: string[],
  busEnv: { KAFKA_BROKERS: string },
  prefix: string,
): Promise<void> {
  if (files.length === 0) return void console.log(`\n== ${label} bus: no test file selected`);
  console.log(
    `\n== starting the fleet on the ${label} bus (PostgreSQL ${new URL(adminUrl).host}, Redis ${new URL(redisUrl).host}, databases ${prefix}_*)`,
  );
  const halfDir = path.join(dataDir, label);
  const fleet = await startFleet({
    databaseUrl: adminUrl,
    dataDir: halfDir,
    gatewayPort: 0,
    randomPorts: true,
    dbPrefix: prefix,
    output: 'files',
    env: {
      REDIS_URL: redisUrl,
      SMTP_URL: mail.url,
      LOG_LEVEL: 'info',
      RESEND_COOLDOWN_SECONDS: '2',
      DEMO_WINDOW_SECONDS: '4',
      // Webhook retries in fractions of a second (tests/webhooks.test.ts waits for them).
      WEBHOOK_RETRY_BASE_MS: '250',
      WEBHOOK_RETRY_MAX_MS: '1000',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      NODE_ENV: 'test',
      // Test users are on Free and many files make far more than its 100 requests a day: the shared
      // fleet lifts every limit; tests/limits*.test.ts start their own gateways with the real values.
      ...TEST_FLEET_LIMITS,
      REPORTS_DIR: path.join(halfDir, 'reports'),
      ...busEnv,
    },
  }).catch((err: Error) => {
    throw new Error(`the fleet (${label} bus) did not start: ${err.message}`);
  });
  current = fleet;
  try {
    console.log(`   gateway ${fleet.baseUrl}, logs in ${path.relative(ROOT, path.join(halfDir, 'logs'))}`);
    // Tests that start their own gateway against this fleet (tests/helpers/gateway-process.ts) read it here.
    fs.writeFileSync(path.join(halfDir, 'fleet-env.json'), JSON.stringify(fleet.env), { mode: 0o600 });
    const jest = async (batch: string[], workers: number, resultsFile: string): Promise<JestRun> => {
      // Asynchronous spawn: the SMTP capture server lives in this process and must keep answering.
      const child = spawn(
        process.execPath,
        [
          // Jest's native ESM mode (the workspace is ESM TypeScript); jest.config.mjs says why.
          '--experimental-vm-modules',
          // ...whose "experimental" warning would otherwise print once per worker and file.
          '--disable-warning=ExperimentalWarning',
          path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
          '--ci',
          `--maxWorkers=${workers}`,
          '--json',
          `--outputFile=${resultsFile}`,
          // A test that leaves a socket or child process behind must not hold the run open after the
          // last result (that is how a clean-clone run once hung under node:test).
          '--forceExit',
          '--runTestsByPath',
          ...batch,
        ],
        {
          cwd: ROOT,
          stdio: 'inherit',
          env: {
            ...env,
            ...busEnv,
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
            TEST_DATA_DIR: halfDir,
            // tests/llm-providers.test.ts starts a second llm service and gateway beside this fleet.
            FLEET_ENV: JSON.stringify(fleet.env),
            LLM_DATABASE_URL: fleet.databases.llm ?? '',
            FLEET_CONTROL_URL: controlUrl,
            FEEDBACK_DATABASE_URL: fleet.databases.feedback ?? '',
            CHART_DATABASE_URL: fleet.databases.chart ?? '',
          },
        },
      );
      const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
      return {
        code,
        results: fs.existsSync(resultsFile)
          ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as JestResults)
          : undefined,
      };
    };
    const parallel = files.filter((f) => !SERIAL.includes(f));
    const serial = files.filter((f) => SERIAL.includes(f));
    console.log(`\n== jest over ${files.length} files (${label} bus)`);
    const runs: JestRun[] = [];
    if (parallel.length) runs.push(await jest(parallel, 2, path.join(halfDir, 'results.json')));
    if (serial.length) runs.push(await jest(serial, 1, path.join(halfDir, 'results-serial.json')));
    const sum = (f: (r: JestResults) => number) => runs.reduce((n, r) => n + (r.results ? f(r.results) : 0), 0);
    // A file that fails before its first test (an import error) counts once as a failed test.
    const half = {
      pass: sum((r) => r.numPassedTests),
      fail: sum((r) => r.numFailedTests + r.numRuntimeErrorTestSuites),
      skipped: sum((r) => r.numPendingTests + r.numTodoTests),
    };
    const code = runs.some((r) => r.code !== 0 || !r.results) ? 1 : 0;
    console.log(`   ${label} bus: ${half.pass} passed, ${half.fail} failed, ${half.skipped} skipped`);
    total.pass += half.pass;
    total.fail += half.fail;
    total.skipped += half.skipped;
    if (code !== 0) status = 1;
  } finally {
    current = undefined;
    await fleet.stop();
  }
}

let kafkaBus: FleetBus | undefined;
try {
  if (halves.includes('postgres')) await runHalf('postgres', selectedPg, { KAFKA_BROKERS: '' }, runId);
  else console.log('\n== PostgreSQL half skipped: TEST_BUSES=kafka');
  if (busPromise) {
    const bus = await busPromise;
    if (bus instanceof Error) {
      if (inCi) {
        console.error(`\nthe Kafka broker did not start: ${bus.message}`);
        total.fail += 1;
        status = 1;
      } else kafkaSkip = `the broker did not start (${bus.message.split('\n')[0]})`;
    } else {
      kafkaBus = bus;
      const up = bus.kafka ? `, broker up ${bus.kafka.startSeconds.toFixed(1)} s after its JVM started` : '';
      console.log(`\n== Kafka half: ${bus.describe}${up}`);
      await runHalf('kafka', selectedKafka, bus.env, `${runId}_k`);
    }
  }
  if (kafkaSkip) console.log(`\n== Kafka half skipped: ${kafkaSkip}`);
} catch (err) {
  console.error(`\n${(err as Error).message}`);
  total.fail += 1;
  status = 1;
} finally {
  control.close();
  await kafkaBus?.stop();
  if (!kafkaBus && busPromise) {
    const late = await busPromise;
    if (!(late instanceof Error)) await late.stop();
  }
  await mail.close();
  await dropDatabases(adminUrl, runId);
  // One plain closing line over both halves, whatever the reporters printed above.
  console.log(`\n${total.pass} passed, ${total.fail} failed, ${total.skipped} skipped`);
  if (status === 0) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
