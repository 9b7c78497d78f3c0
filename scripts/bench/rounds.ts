// Rounds of one bench phase against a fresh compiled fleet, with each process's CPU per request and the
// worst event-loop delay: the runner behind issue 18's interleaved A/B comparisons (the machine's speed
// drifts within the hour, so only fleets run one after the other, alternating, compare). It prints; it
// asserts nothing.
//   node --import tsx scripts/bench/rounds.ts
//   PHASE=mixed ROUNDS=3 BENCH_SECONDS=10 FLEET_ENV='{"MAX_IN_FLIGHT":"12"}' node --import tsx scripts/bench/rounds.ts
// PHASE: creation (POST /v1/charts, CONNECTIONS default 10), vim2 (Vimshottari depth 2 over a ring of 40
// charts, default 1 connection), get (GET /v1/charts/{id} of one chart, default 100 connections) or
// mixed (run.ts's mixed request list, default 200 connections).
// FLEET_ENV (JSON) adds environment to every fleet process; BENCH_NODE_FLAGS and BENCH_CPU_PROF as in
// run.ts (profiles: read their load window with PROFILE_LAST_S=<round seconds> profile-summary.ts).
// The first round after the warm-up still runs colder code than the rest: compare rounds 2 and up.
import autocannon from 'autocannon';
import path from 'node:path';
import { dropDatabases } from '@astro/platform/db/index';
import { ROOT, runtimeFromEnv, startFleet, TEST_FLEET_LIMITS } from '../fleet.ts';
import { json, setupCaller } from './caller.ts';
import { cpuPerRequest, FleetProbe, IdleReference, worstDelay } from './fleet-probe.ts';

const env = process.env;
const seconds = Number(env.BENCH_SECONDS || 6);
const rounds = Number(env.ROUNDS || 3);
const phase = env.PHASE || 'creation';
if (!['creation', 'vim2', 'get', 'mixed'].includes(phase))
  throw new Error(`PHASE: creation, vim2, get or mixed, not ${phase}`);
const connections = Number(env.CONNECTIONS || { creation: 10, vim2: 1, get: 100, mixed: 200 }[phase]);
const adminUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const chart = {
  birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 },
  system: 'vedic',
  house_system: 'placidus',
};
const body = JSON.stringify(chart);

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
  // The charts the calc requests read, as run.ts makes them (vedic-calc keeps the chains of 32).
  const ring: string[] = [];
  for (let i = 0; phase !== 'creation' && i < 40; i++) {
    const moment = `1990-05-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00+05:30`;
    ring.push(
      (await json('POST', `${fleet.baseUrl}/v1/charts`, key, { ...chart, birth: { ...chart.birth, moment } })).id,
    );
  }
  const vimPath = (id: string) => `/v1/vedic/charts/${id}/dashas/vimshottari?depth=2`;
  const requests: autocannon.Request[] =
    phase === 'creation'
      ? [{ method: 'POST', path: '/v1/charts', body }]
      : phase === 'vim2'
        ? ring.map((id) => ({ method: 'GET', path: vimPath(id) }))
        : phase === 'get'
          ? [{ method: 'GET', path: `/v1/charts/${ring[0]}` }]
          : [
              ...ring.slice(0, 5).map((id) => ({ method: 'GET' as const, path: vimPath(id) })),
              ...ring.slice(5, 7).map((id) => ({ method: 'GET' as const, path: `/v1/vedic/charts/${id}/shadbala` })),
              ...ring.slice(7, 9).map((id) => ({ method: 'GET' as const, path: `/v1/charts/${id}` })),
              { method: 'POST', path: '/v1/charts', body },
            ];
  const load = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: fleet.baseUrl,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          requests,
          connections,
          duration,
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
  await load(seconds); // JIT and heaps
  const idle = new IdleReference();
  for (let i = 1; i <= rounds; i++) {
    await idle.read();
    const before = await probe.read();
    const r = await load(seconds);
    const after = await probe.read();
    const delay = worstDelay(after.processes);
    const idleDelay = await idle.read();
    const cpu = cpuPerRequest(before.cpu, after.cpu, r.requests.total);
    const total = Object.values(cpu).reduce((a, b) => a + b, 0);
    const p95 = r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5; // as run.ts interpolates
    const byProcess = Object.entries(cpu)
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => `${name} ${us.toFixed(0)}`)
      .join(', ');
    // The two processes whose RSS grew most in the round, with their V8 heap beside it.
    const growth = Object.entries(after.processes)
      .map(([name, a]) => ({ name, a, b: before.processes[name]! }))
      .sort((x, y) => y.a.rssMiB / y.b.rssMiB - x.a.rssMiB / x.b.rssMiB)
      .slice(0, 2)
      .map(
        ({ name, a, b }) =>
          `${name} ${b.rssMiB.toFixed(0)} → ${a.rssMiB.toFixed(0)} (V8 heap used ${b.heapUsedMiB.toFixed(0)} → ` +
          `${a.heapUsedMiB.toFixed(0)}, committed ${b.heapTotalMiB.toFixed(0)} → ${a.heapTotalMiB.toFixed(0)})`,
      )
      .join(', ');
    console.log(
      `round ${i}: ${r.requests.average.toFixed(0)}/s, p95 ${p95.toFixed(1)} ms, p99 ${r.latency.p99} ms, ` +
        `${r.non2xx + r.errors} failed | CPU µs per request: ${byProcess} | total ${total.toFixed(0)} | ` +
        `worst event-loop delay p99 ${delay.p99.toFixed(1)} ms (${delay.name}, max ${delay.max.toFixed(1)}; ` +
        `gateway ${after.processes.gateway!.eldP99Ms.toFixed(1)}; an idle process ${idleDelay.p99.toFixed(1)}) | ` +
        `RSS MiB, most grown: ${growth}`,
    );
  }
  idle.stop();
} finally {
  await fleet.stop();
  await dropDatabases(adminUrl, runId);
}
