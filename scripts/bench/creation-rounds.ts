// Rounds of chart creation against a fresh compiled fleet, with each process's CPU per creation: the
// runner behind issue 18's interleaved A/B comparisons (the machine's speed drifts within the hour, so
// only fleets run one after the other, alternating, compare). It prints; it asserts nothing.
//   node --import tsx scripts/bench/creation-rounds.ts
//   ROUNDS=3 BENCH_SECONDS=6 CONNECTIONS=10 FLEET_ENV='{"MAX_IN_FLIGHT":"12"}' node --import tsx scripts/bench/creation-rounds.ts
// FLEET_ENV (JSON) adds environment to every fleet process; BENCH_NODE_FLAGS and BENCH_CPU_PROF as in
// run.ts (profiles: read their load window with PROFILE_LAST_S=<round seconds> profile-summary.ts).
// The first round after the warm-up still runs colder code than the rest: compare rounds 2 and up.
import autocannon from 'autocannon';
import path from 'node:path';
import { dropDatabases } from '@astro/platform/db/index';
import { ROOT, runtimeFromEnv, startFleet, TEST_FLEET_LIMITS } from '../fleet.ts';
import { setupCaller } from './caller.ts';
import { cpuPerRequest, FleetProbe } from './fleet-probe.ts';

const env = process.env;
const seconds = Number(env.BENCH_SECONDS || 6);
const rounds = Number(env.ROUNDS || 3);
const connections = Number(env.CONNECTIONS || 10);
const adminUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const body = JSON.stringify({
  birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 },
  system: 'vedic',
  house_system: 'placidus',
});

const runId = `perfr${Date.now().toString(36)}`;
const fleet = await startFleet({
  databaseUrl: adminUrl,
  dataDir: path.join(ROOT, '.data', 'bench', runId),
  gatewayPort: 0,
  randomPorts: true,
  runtime: runtimeFromEnv(env.FLEET_RUNTIME || 'dist'),
  dbPrefix: runId,
  output: 'files',
  nodeFlags: [
    ...(env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_CPU_PROF)}`] : []),
    ...(env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
  ],
  env: { LOG_LEVEL: 'warn', KAFKA_BROKERS: '', ...TEST_FLEET_LIMITS, ...JSON.parse(env.FLEET_ENV || '{}') },
  log: () => {},
});
try {
  const key = await setupCaller(fleet.baseUrl, fleet.env.ACCOUNT_ADDR!);
  const probe = new FleetProbe({
    gateway: fleet.metricsUrl,
    ...Object.fromEntries(
      Object.entries(fleet.metricsPorts).map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`]),
    ),
  });
  const load = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `${fleet.baseUrl}/v1/charts`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body,
          connections,
          duration,
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
  await load(seconds); // JIT and heaps
  for (let i = 1; i <= rounds; i++) {
    const before = await probe.read();
    const r = await load(seconds);
    const after = await probe.read();
    const cpu = cpuPerRequest(before.cpu, after.cpu, r.requests.total);
    const total = Object.values(cpu).reduce((a, b) => a + b, 0);
    const p95 = r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5; // as run.ts interpolates
    const byProcess = Object.entries(cpu)
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => `${name} ${us.toFixed(0)}`)
      .join(', ');
    console.log(
      `round ${i}: ${r.requests.average.toFixed(0)}/s, p95 ${p95.toFixed(1)} ms, ${r.non2xx + r.errors} failed | ` +
        `CPU µs per creation: ${byProcess} | total ${total.toFixed(0)}`,
    );
  }
} finally {
  await fleet.stop();
  await dropDatabases(adminUrl, runId);
}
