// `npm run bench`: the fleet measured against in-process baselines taken in the same run, printed as
// ratios (DESIGN.md §6: no timed assertions in tests; numbers come from here).
//
// Without BASE_URL it starts its own fleet on TEST_DATABASE_URL (default the local PostgreSQL), like
// `npm test`; with BASE_URL (and ACCOUNT_ADDR for the operator) it measures a running fleet.
// BENCH_SECONDS (default 10) sets each load phase's length. Its own fleets run the compiled output, as
// production does (issue 18: "measure the compiled fleet"; `npm run build` runs first);
// FLEET_RUNTIME=tsx measures the TypeScript sources instead (under tsx the gateway's and vedic-calc's
// heaps are ~1.7x larger, and every 3 MB answer's garbage collection marks all of it).
//
// Event buses: with its own fleet, the bench also starts an Apache Kafka broker (scripts/kafka.ts; or
// uses KAFKA_BROKERS) and a second fleet on it, and adds chart creation on the Kafka bus beside the
// PostgreSQL bus, plus end-to-end event latency (outbox COMMIT to consumer applied, through the relay,
// p50/p99) on both buses at BENCH_EVENT_RATE events/s (default 200; target p99 <= 500 ms).
// BENCH_KAFKA=0 leaves Kafka out.
//
// With its own fleet, every phase also reports the worst p99 event-loop delay among the fleet's
// processes during that phase (fleet-probe.ts; target <= 20 ms), and a mixed workload closes the run:
// 70 % calc GETs, 20 % chart GETs, 10 % chart creations at 200 connections for 6 x BENCH_SECONDS
// (60 s by default) after BENCH_SECONDS of warm-up at that load, with latency percentiles, errors,
// every process's RSS before and after and its peak in each half of the phase.
// Every run starts by pricing the machine's page faults and process round trips (machine.ts), and its
// fleet with BENCH_SECONDS of unmeasured chart creations (JIT and heaps).
// Smoke mode: BENCH_SECONDS=1 BENCH_KAFKA=0 (prints the same tables; nothing is asserted on time).
// Profiles: BENCH_CPU_PROF=<dir> starts every fleet process with --cpu-prof into <dir> (read them with
// scripts/bench/profile-summary.ts); the profiles are written when the fleet stops. BENCH_NODE_FLAGS adds
// Node/V8 flags to every fleet process (space-separated).
import * as grpc from '@grpc/grpc-js';
import { computeChart, initEphemeris } from '@astro/astro-core';
import { ChartReaderServiceClient, type StoredChart } from '@astro/protos/astro/chart/v1/chart';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { unary, uuidv7 } from '@astro/platform';
import { ensureDatabase } from '@astro/platform/db/index';
import { ROOT, runtimeFromEnv, startFleet, TEST_FLEET_LIMITS, type RunningFleet } from '../fleet.ts';
import { selectBus, type FleetBus } from '../kafka-bus.ts';
import { json, setupCaller } from './caller.ts';
import { measureEventLatency, type LatencyResult } from './event-latency.ts';
import {
  cpuPerRequest,
  FleetProbe,
  fleetPids,
  IdleReference,
  rssPeaks,
  worstDelay,
  type ProcessSample,
} from './fleet-probe.ts';
import { measureGatewayOverhead } from '../../gateway/bench/overhead.ts';
import { measureCreationFloor, measureFloor, type FloorRow } from './floor.ts';
import { machineLine, measureMachine } from './machine.ts';
import {
  offlineWriterBaseline,
  shadbalaBaseline,
  timeLoop,
  transitWindowsBaseline,
  vimshottariBaseline,
  type Timing,
} from './baselines.ts';

const env = process.env;
const seconds = Number(env.BENCH_SECONDS || 10);
const runtime = runtimeFromEnv(env.FLEET_RUNTIME || 'dist');
const adminUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const chartBody = JSON.stringify({ birth, system: 'vedic', house_system: 'placidus' });

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The in-process baseline of the same computation, measured in this run. */
  base?: Timing;
  baseName: string;
  note: string;
  /** The fleet process with the worst p99 event-loop delay during the phase (own fleet only). */
  delay?: { name: string; p99: number; max: number };
  /** The idle reference's p99 event-loop delay during the phase (own fleet only). */
  idleP99?: number;
  /** CPU µs per request of each process (fleet, PostgreSQL, Redis, load generator) during the phase. */
  cpu?: Record<string, number>;
}
const rows: Row[] = [];
let probe: FleetProbe | undefined;
/** With the bench's own fleet: the machine's share of every phase's event-loop delay. */
let idle: IdleReference | undefined;

/** One autocannon phase; failures are counted, not thrown (load() refuses them). */
function cannon(
  opts: autocannon.Options,
): Promise<Timing & { connections: number; failures: number; requests: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, ...opts }, (err, r) => {
      if (err) return reject(err);
      // autocannon reports p90 and p97.5 but not p95: interpolate linearly between them.
      const p95 = r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5;
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p95,
        p99: r.latency.p99,
        connections: opts.connections ?? 10,
        failures: r.non2xx + r.errors + r.timeouts,
        requests: r.requests.total,
      });
    });
  });
}

async function load(
  name: string,
  opts: autocannon.Options,
): Promise<Timing & { connections: number; requests: number }> {
  const r = await cannon(opts);
  if (r.failures) throw new Error(`${name}: ${r.failures} non-2xx responses, errors or timeouts`);
  return r;
}

/** One table row: the fleet under load, then the in-process baseline right after it. */
async function measure(
  name: string,
  opts: autocannon.Options,
  baseName: string,
  base: Timing | (() => unknown) | undefined,
  note = '',
): Promise<Row> {
  await idle?.read(); // its histogram starts with the phase, like the fleet's below
  const before = await probe?.read(); // also empties the delay histograms
  const fleetTiming = await load(name, opts);
  const after = await probe?.read();
  const idleP99 = (await idle?.read())?.p99;
  const delay = after && worstDelay(after.processes);
  const cpu = before && after && cpuPerRequest(before.cpu, after.cpu, fleetTiming.requests);
  const b = typeof base === 'function' ? await timeLoop(Math.min(seconds, 5), base) : base;
  const row = { name, ...fleetTiming, base: b, baseName, note, delay, idleP99, cpu };
  rows.push(row);
  console.log(
    `  ${name}: p50 ${row.p50.toFixed(2)} ms` +
      (b ? ` (baseline ${b.p50.toFixed(2)} ms)` : '') +
      (delay ? `, event-loop delay p99 ${delay.p99.toFixed(1)} ms (${delay.name})` : ''),
  );
  return row;
}

/** In-process baseline of chart creation: the chart computation plus a raw insert of the same row. */
async function creationBaseline(): Promise<{ timing: Timing; computeUs: number; insertUs: number }> {
  const db = `astro_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(
    'CREATE TABLE charts (id uuid PRIMARY KEY, tenant_id uuid, planets jsonb, houses jsonb, computed_at timestamptz)',
  );
  const t0 = Date.parse(birth.moment);
  let computeNs = 0n;
  let insertNs = 0n;
  let n = 0;
  const timing = await timeLoop(Math.min(seconds, 5), async (i) => {
    const a = process.hrtime.bigint();
    const c = computeChart({
      utcMs: t0 + i * 60_000,
      latitude: birth.latitude,
      longitude: birth.longitude,
      system: 'vedic',
      houseSystem: 'placidus',
      ayanamsha: 'lahiri',
    });
    const b = process.hrtime.bigint();
    await client.query('INSERT INTO charts VALUES ($1, $2, $3, $4, now())', [
      uuidv7(),
      uuidv7(),
      JSON.stringify(c.planets),
      JSON.stringify(c.houses),
    ]);
    if (i >= 0) {
      computeNs += b - a;
      insertNs += process.hrtime.bigint() - b;
      n++;
    }
  });
  await client.end();
  await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
  await admin.end();
  return { timing, computeUs: Number(computeNs) / n / 1000, insertUs: Number(insertNs) / n / 1000 };
}

/** The stored chart as the calc services receive it (ChartReaderService/ReadChart), for the baselines. */
async function storedChart(chartAddr: string, tenantId: string, chartId: string): Promise<StoredChart> {
  const client = new ChartReaderServiceClient(chartAddr, grpc.credentials.createInsecure());
  try {
    return await unary(client, client.readChart, { tenant_id: tenantId, chart_id: chartId });
  } finally {
    client.close();
  }
}

let fleet: RunningFleet | undefined;
let kafkaFleet: RunningFleet | undefined;
let kafkaBus: FleetBus | undefined;
let runId: string | undefined;
const eventRate = Number(env.BENCH_EVENT_RATE || 200);
let baseUrl = env.BASE_URL;
let accountAddr = env.ACCOUNT_ADDR || '127.0.0.1:50051';
// The chart read baseline and the stored chart for the calc baselines come from the chart service's
// database and gRPC port: known for our own fleet, from CHART_DATABASE_URL / CHART_ADDR otherwise.
let chartDbUrl = env.CHART_DATABASE_URL;
let chartAddr = env.CHART_ADDR;
const llmDeltaDelayMs = Number(env.LLM_OFFLINE_DELTA_DELAY_MS ?? 10); // the llm service's default
// The machine's price for page faults and process wake-ups, on a quiet machine (machine.ts).
const machine = await measureMachine();
console.log(machineLine(machine));
if (!baseUrl) {
  // Not "bench...": older copies of this script dropped every database named bench% when they finished.
  runId = `perf${Date.now().toString(36)}`;
  console.log(`starting a fleet (${runtime}) on ${new URL(adminUrl).host} (databases ${runId}_*)`);
  fleet = await startFleet({
    databaseUrl: adminUrl,
    dataDir: path.join(ROOT, '.data', 'bench', runId),
    gatewayPort: 0,
    randomPorts: true,
    runtime,
    dbPrefix: runId,
    output: 'files',
    nodeFlags: [
      ...(env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_CPU_PROF)}`] : []),
      // Flags to try on every fleet process (V8 heap sizes, for example), without editing the launcher.
      ...(env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: {
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: '',
      ...TEST_FLEET_LIMITS,
      // The LLM tier buckets (spec default: 30 requests then one per 2 s) would stop the stream phase.
      LLM_BUCKETS: JSON.stringify(
        Object.fromEntries(['basic', 'standard', 'premium'].map((t) => [t, { capacity: 1e9, refill_per_second: 1e9 }])),
      ),
    },
    log: () => {},
  });
  baseUrl = fleet.baseUrl;
  accountAddr = fleet.env.ACCOUNT_ADDR!;
  chartDbUrl = fleet.databases.chart;
  chartAddr = fleet.env.CHART_ADDR;
  probe = new FleetProbe({
    gateway: fleet.metricsUrl,
    ...Object.fromEntries(
      Object.entries(fleet.metricsPorts).map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`]),
    ),
  });
  idle = new IdleReference();
}

/** A database of this run for one purpose (`<run>_<purpose>`), dropped with the run's others. */
async function runDatabase(run: string, purpose: string): Promise<string> {
  const name = `${run}_${purpose}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const fmt = (x: number | undefined, d = 2) => (x === undefined ? '—' : x.toFixed(d));

/**
 * The floor beside the fleet's row of the same route and connections: fleet/floor says how much of what
 * the hops allow the fleet reaches. At one connection the hops and the computation take turns, so with
 * the in-process baseline of the row the design's best is floor time + computation time per request:
 * best fleet/in-process req/s = floor / (floor + baseline) req/s, and the best fleet mean latency is the
 * floor's mean + the baseline's (autocannon's percentiles are whole milliseconds, too coarse here).
 */
type FloorTableRow = FloorRow & { route: string; withWork?: boolean };

function floorTable(floor: FloorTableRow[]): string[] {
  const out = [
    '',
    "Architecture floor (scripts/bench/floor.ts): a bare HTTP front making one grpc-js unary call (the fleet's channel options) to a back that answers at once with a ready buffer of the real answer's size; two processes, like the gateway and a service, with no Express, auth, limits, log line, metrics, tracing or transcoding. No answer that makes the hop can beat it on this machine. The POST /v1/charts rows are chart creation's floor: the same two processes, the back computing the chart (computeChart) and writing its row and its event row in one batched INSERT (WriteBatcher, as the chart service), with no outbox relay or bus. The chart GET rows do not make it once the gateway keeps the chart's answer (gateway/src/chart-answers.ts), so there the floor is only a reference:",
    '',
    '| route | bytes | conns | floor req/s | floor mean ms | floor p95 ms | floor CPU µs/req: front, back, PostgreSQL | floor req/s bound by 2 cores | fleet req/s | fleet / floor req/s | best fleet / in-process req/s | best fleet mean ms (fleet p50) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const f of floor) {
    const row = rows.find((r) => r.name === f.route && r.connections === f.connections);
    const base = f.connections === 1 && !f.withWork ? row?.base : undefined;
    out.push(
      `| ${f.route} | ${f.bytes} | ${f.connections} | ${fmt(f.rps, 0)} | ${fmt(f.mean)} | ${fmt(f.p95)} | ` +
        `${fmt(f.cpuUs.front, 0)}, ${fmt(f.cpuUs.back, 0)}, ${fmt(f.cpuUs.postgres, 0)} | ${fmt(2e6 / (f.cpuUs.front + f.cpuUs.back + f.cpuUs.postgres), 0)} | ${fmt(row?.rps, 0)} | ` +
        `${row ? `${(row.rps / f.rps).toFixed(2)}x` : '—'} | ${base ? `${(f.rps / (f.rps + base.rps)).toFixed(2)}x` : '—'} | ` +
        `${base && row ? `${fmt(f.mean + 1000 / base.rps)} (${fmt(row.p50)})` : '—'} |`,
    );
  }
  return out;
}

try {
  initEphemeris({ ephePath: env.SE_EPHE_PATH }); // as the calc services do (same variable)
  const key = await setupCaller(baseUrl, accountAddr);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  const created = await json('POST', `${baseUrl}/v1/charts`, key, JSON.parse(chartBody));
  const western = await json('POST', `${baseUrl}/v1/charts`, key, { birth, system: 'western' });

  const chartDb = chartDbUrl ? new pg.Client({ connectionString: chartDbUrl }) : undefined;
  chartDb?.on('error', (e) => console.error(`chart database connection: ${e.message}`));
  await chartDb?.connect();
  const tenantId = chartDb
    ? (await chartDb.query<{ tenant_id: string }>('SELECT tenant_id FROM charts WHERE id = $1', [created.id])).rows[0]!
        .tenant_id
    : undefined;
  const stored = async (id: string) => (chartAddr && tenantId ? await storedChart(chartAddr, tenantId, id) : undefined);
  const vedicStored = await stored(created.id);
  const westernStored = await stored(western.id);
  if (!vedicStored) console.log('CHART_DATABASE_URL / CHART_ADDR not set: baselines other than creation are skipped');

  // The fleet's processes have just started: their first thousands of requests run unoptimised code and
  // grow the heaps. Unmeasured creations at 10 connections first, so the creation rows (the first
  // phases) measure the fleet as it runs, like every later row (the mixed phase has its own warm-up).
  console.log(`warm-up: ${seconds} s of chart creations at 10 connections, not measured`);
  await load('warm-up', { url: `${baseUrl}/v1/charts`, method: 'POST', headers, body: chartBody, connections: 10 });
  console.log(`measuring (${seconds} s per fleet phase, up to 5 s per baseline)`);
  const creation = await creationBaseline();
  const create1 = await measure(
    'POST /v1/charts',
    { url: `${baseUrl}/v1/charts`, method: 'POST', headers, body: chartBody, connections: 1 },
    'computeChart + INSERT',
    creation.timing,
  );
  const create10 = await measure(
    'POST /v1/charts',
    { url: `${baseUrl}/v1/charts`, method: 'POST', headers, body: chartBody, connections: 10 },
    'computeChart + INSERT',
    creation.timing,
    'throughput',
  );
  const readBase = chartDb
    ? await timeLoop(Math.min(seconds, 5), () =>
        chartDb.query('SELECT * FROM charts WHERE tenant_id = $1 AND id = $2', [tenantId, created.id]),
      )
    : undefined;
  await measure(
    'GET /v1/charts/{id}',
    { url: `${baseUrl}/v1/charts/${created.id}`, headers, connections: 1 },
    'SELECT of the row',
    readBase,
  );
  await measure(
    'GET /v1/charts/{id}',
    { url: `${baseUrl}/v1/charts/${created.id}`, headers, connections: 32 },
    'SELECT of the row',
    readBase,
    'target >= 2000/s, p95 <= 20 ms',
  );
  const read100 = await measure(
    'GET /v1/charts/{id}',
    { url: `${baseUrl}/v1/charts/${created.id}`, headers, connections: 100 },
    'SELECT of the row',
    readBase,
    'target p95 < 10 ms',
  );

  // vedic-calc keeps the serialised chains of the 32 most recently read charts: cycling through 40
  // charts makes every request compute its chain (the baseline never uses the cache either).
  const ring: string[] = [];
  for (let i = 0; i < 40; i++)
    ring.push(
      (
        await json('POST', `${baseUrl}/v1/charts`, key, {
          birth: {
            ...birth,
            moment: `1990-05-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00+05:30`,
          },
        })
      ).id,
    );
  const vimPath = (id: string, depth: number) => `/v1/vedic/charts/${id}/dashas/vimshottari?depth=${depth}`;
  const vim4 = vedicStored && vimshottariBaseline(vedicStored, 4);
  await measure(
    'GET .../dashas/vimshottari?depth=4 (3 MB), uncached',
    { url: baseUrl, headers, connections: 1, requests: ring.map((id) => ({ method: 'GET', path: vimPath(id, 4) })) },
    'chain + JSON text',
    vim4,
    'target p50 < 100 ms',
  );
  await measure(
    'GET .../dashas/vimshottari?depth=4, repeated (cached)',
    { url: `${baseUrl}${vimPath(created.id, 4)}`, headers, connections: 1 },
    'chain + JSON text',
    vim4,
  );
  await measure(
    'GET .../dashas/vimshottari?depth=2, uncached',
    { url: baseUrl, headers, connections: 1, requests: ring.map((id) => ({ method: 'GET', path: vimPath(id, 2) })) },
    'chain + JSON text',
    vedicStored && vimshottariBaseline(vedicStored, 2),
    'target p50 < 10 ms',
  );
  await measure(
    'GET /v1/vedic/charts/{id}/shadbala',
    { url: `${baseUrl}/v1/vedic/charts/${created.id}/shadbala`, headers, connections: 1 },
    'strength profile + JSON',
    vedicStored && shadbalaBaseline(vedicStored),
  );
  const startsAt = '2026-01-01T00:00:00Z';
  const endsAt = '2027-02-05T00:00:00Z'; // 400 days, the route's maximum
  await measure(
    'GET /v1/western/charts/{id}/transit-windows, 400 days',
    {
      url: `${baseUrl}/v1/western/charts/${western.id}/transit-windows?starts_at=${startsAt}&ends_at=${endsAt}`,
      headers,
      connections: 1,
    },
    'window search + JSON',
    westernStored && transitWindowsBaseline(westernStored, startsAt, endsAt),
  );

  // The LLM stream on the offline writer, read to its end; `fresh` bypasses the stored-answer cache.
  // The route takes its fields from the query string (no HTTP body mapping in the proto).
  const llmUrl = `${baseUrl}/v1/llm/theme/career/stream?chart_id=${created.id}&language=en&fresh=true`;
  const first = await fetch(llmUrl, { method: 'POST', headers });
  const sse = await first.text();
  if (!first.ok || !sse.includes('event: done')) throw new Error(`LLM stream: ${first.status} ${sse.slice(0, 300)}`);
  const metaLine = sse.split('\n').find((l) => l.startsWith('data: ') && l.includes('"engine_context"'))!;
  const engineContext = JSON.parse(metaLine.slice(6)).engine_context as Record<string, unknown>;
  await measure(
    'POST /v1/llm/theme/{theme}/stream (offline writer)',
    { url: llmUrl, method: 'POST', headers, connections: 1 },
    `offline writer, ${llmDeltaDelayMs} ms between deltas`,
    offlineWriterBaseline(engineContext, llmDeltaDelayMs),
  );
  await chartDb?.end();

  // Mixed workload: each connection cycles through 10 requests, 7 calc GETs (Vimshottari depth 2 over
  // the ring of charts, shadbala), 2 chart GETs and 1 creation; 200 connections, 6 x BENCH_SECONDS.
  const mixedRequests: autocannon.Request[] = [
    ...ring.slice(0, 5).map((id) => ({ method: 'GET' as const, path: vimPath(id, 2) })),
    ...ring.slice(5, 7).map((id) => ({ method: 'GET' as const, path: `/v1/vedic/charts/${id}/shadbala` })),
    ...ring.slice(7, 9).map((id) => ({ method: 'GET' as const, path: `/v1/charts/${id}` })),
    { method: 'POST', path: '/v1/charts', body: chartBody },
  ];
  // The first seconds at 200 connections size every heap and cache to the load (the chart caches fill
  // with the new charts); the RSS figures start after them.
  console.log(`mixed workload, 200 connections, ${seconds} s of warm-up, then ${6 * seconds} s`);
  await cannon({ url: baseUrl, headers, connections: 200, duration: seconds, requests: mixedRequests });
  await idle?.read(); // its histogram starts with the phase's, like the fleet's below
  const mixedBefore = await probe?.read(); // also starts the phase's event-loop delay histograms
  const rssBefore = mixedBefore?.processes;
  // The halfway scrape splits the phase's event-loop delay in two (the worse half is reported); the
  // RSS peaks of the two halves (rssPeaks, sampled from /proc) tell a heap's rise and fall from growth
  // that goes on (a leak).
  const halfway = new Promise<[Record<string, ProcessSample> | undefined, { p99: number; max: number } | undefined]>(
    (resolve) =>
      setTimeout(() => resolve(Promise.all([probe?.read().then((r) => r.processes), idle?.read()])), 3_000 * seconds),
  );
  const peaks = fleet && rssPeaks(fleetPids(fleet.instances));
  const mixed = await cannon({
    url: baseUrl,
    headers,
    connections: 200,
    duration: 6 * seconds,
    requests: mixedRequests,
  });
  const mixedPeaks = peaks?.stop();
  const [mixedMid, idleHalfway] = await halfway;
  const mixedEnd = await probe?.read();
  const mixedAfter = mixedEnd?.processes;
  const idleDelay = [idleHalfway, await idle?.read()].filter((d) => d !== undefined);
  const mixedCpu = mixedBefore && mixedEnd && cpuPerRequest(mixedBefore.cpu, mixedEnd.cpu, mixed.requests);

  // The gateway's own cost per request against a bare Express handler (both in this process).
  const overhead: {
    store: string;
    bare: { rps: number; p50: number; p99: number };
    gateway: { rps: number; p50: number; p99: number };
  }[] = [];
  for (const [store, redisUrl] of [
    ['Redis counters', env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'],
    ['in-process counters', undefined],
  ] as const)
    overhead.push({
      store,
      ...(await measureGatewayOverhead({ accountAddr, apiKey: key, redisUrl, seconds, connections: 10 })),
    });

  // The design's floor: the same answers, sizes and connection counts across a bare HTTP front and one
  // gRPC hop that do nothing else (floor.ts). A fleet target above the floor cannot be met by code.
  const sizeOf = async (p: string) => (await (await fetch(`${baseUrl}${p}`, { headers })).arrayBuffer()).byteLength;
  const floorCases = [
    { route: 'GET /v1/charts/{id}', bytes: await sizeOf(`/v1/charts/${created.id}`), connections: 1 },
    { route: 'GET /v1/charts/{id}', bytes: await sizeOf(`/v1/charts/${created.id}`), connections: 32 },
    {
      route: 'GET .../dashas/vimshottari?depth=2, uncached',
      bytes: await sizeOf(vimPath(created.id, 2)),
      connections: 1,
    },
    {
      route: 'GET .../dashas/vimshottari?depth=4 (3 MB), uncached',
      bytes: await sizeOf(vimPath(created.id, 4)),
      connections: 1,
    },
  ];
  console.log('architecture floor: bare HTTP front + one gRPC hop');
  const floor: FloorTableRow[] = (await measureFloor(floorCases, seconds)).map((f, i) => ({
    ...f,
    route: floorCases[i]!.route,
  }));
  // Chart creation's floor does the creation's own work in its back (computeChart and the batched
  // INSERT of the chart and its event): that part is already in it, so no in-process column.
  if (runId) {
    const floorDb = await runDatabase(runId, 'floor');
    for (const f of await measureCreationFloor(floorDb, chartBody, [1, 10], seconds))
      floor.push({ ...f, route: 'POST /v1/charts', withWork: true });
  }

  // The buses: end-to-end event latency on PostgreSQL, then a second fleet on Kafka for chart creation
  // and the same latency measurement there (the PostgreSQL fleet is stopped first: same machine load).
  const latency: LatencyResult[] = [];
  const kafkaNote: string[] = [];
  if (fleet && runId) {
    console.log(`event latency on the PostgreSQL bus at ${eventRate}/s`);
    latency.push(
      await measureEventLatency({
        label: 'PostgreSQL',
        databaseUrl: fleet.env.BUS_DATABASE_URL!,
        outboxDatabaseUrl: await runDatabase(runId, 'latency_pg'),
        kafkaBrokers: '',
        rate: eventRate,
        seconds,
      }),
    );
    if (env.BENCH_KAFKA === '0') kafkaNote.push('- Kafka bus: left out (BENCH_KAFKA=0)');
    else {
      const busDb = fleet.env.BUS_DATABASE_URL!;
      await fleet.stop();
      const started = Date.now();
      kafkaBus = await selectBus({
        bus: 'kafka',
        kafkaBrokers: env.KAFKA_BROKERS,
        kafkaDataDir: path.join(ROOT, '.data', 'bench', runId, 'kafka'),
        kafkaPort: 0,
      }).catch((err: Error) => {
        kafkaNote.push(`- Kafka bus: not measured, the broker did not start (${err.message.split('\n')[0]})`);
        return undefined;
      });
      if (kafkaBus) {
        kafkaNote.push(`- Kafka bus: ${kafkaBus.describe}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        console.log(`starting a second fleet on ${kafkaBus.describe}`);
        kafkaFleet = await startFleet({
          databaseUrl: adminUrl,
          dataDir: path.join(ROOT, '.data', 'bench', runId, 'kafka-fleet'),
          gatewayPort: 0,
          randomPorts: true,
          runtime,
          build: false, // built for the first fleet
          dbPrefix: `${runId}_k`,
          output: 'files',
          env: { LOG_LEVEL: 'warn', ...TEST_FLEET_LIMITS, ...kafkaBus.env },
          log: () => {},
        });
        const kKey = await setupCaller(kafkaFleet.baseUrl, kafkaFleet.env.ACCOUNT_ADDR!);
        const kHeaders = { 'content-type': 'application/json', authorization: `Bearer ${kKey}` };
        for (const connections of [1, 10])
          await measure(
            'POST /v1/charts — Kafka bus',
            { url: `${kafkaFleet.baseUrl}/v1/charts`, method: 'POST', headers: kHeaders, body: chartBody, connections },
            'computeChart + INSERT',
            creation.timing,
            connections === 10 ? 'throughput' : '',
          );
        console.log(`event latency on the Kafka bus at ${eventRate}/s`);
        latency.push(
          await measureEventLatency({
            label: `Kafka ${kafkaBus.kafka?.version ?? ''}`.trim(),
            databaseUrl: busDb,
            outboxDatabaseUrl: await runDatabase(runId, 'latency_kafka'),
            kafkaBrokers: kafkaBus.env.KAFKA_BROKERS,
            rate: eventRate,
            seconds,
          }),
        );
      }
    }
  }

  const out: string[] = [];
  out.push(`# npm run bench — ${new Date().toISOString()}`, '');
  out.push(
    `${seconds} s per fleet phase (autocannon), ${fleet ? `fleet runtime: ${fleet.runtime}` : `fleet at ${baseUrl}`}; each baseline runs the same computation back to back in the bench process right after its phase. ratio p50 = fleet p50 / baseline p50; ratio req/s = baseline req/s / fleet req/s (the baseline is sequential on one core, so at many connections the p50 ratio is mostly queueing and req/s is the figure to read). autocannon reports whole milliseconds.`,
    '',
    machineLine(machine),
    '',
  );
  out.push(
    '| route | conns | fleet req/s | p50 ms | p95 ms | p99 ms | in-process baseline | base req/s | base p50 ms | base p95 ms | base p99 ms | ratio p50 | ratio req/s | note |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows)
    out.push(
      `| ${r.name} | ${r.connections} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.baseName} | ` +
        `${fmt(r.base?.rps, 0)} | ${fmt(r.base?.p50)} | ${fmt(r.base?.p95)} | ${fmt(r.base?.p99)} | ` +
        `${r.base ? `${(r.p50 / r.base.p50).toFixed(2)}x` : '—'} | ${r.base ? `${(r.base.rps / r.rps).toFixed(2)}x` : '—'} | ${r.note} |`,
    );
  out.push('');
  out.push(
    `- chart creation in process: computeChart ${creation.computeUs.toFixed(0)} µs + raw INSERT ${creation.insertUs.toFixed(0)} µs; ` +
      `throughput in process ${creation.timing.rps.toFixed(0)}/s on one core vs fleet ${create10.rps.toFixed(0)}/s at 10 connections ` +
      `(${(creation.timing.rps / create10.rps).toFixed(2)}x); p50 at 1 connection ${(create1.p50 / creation.timing.p50).toFixed(2)}x`,
  );
  out.push(`- chart read p95 at 100 connections: ${read100.p95.toFixed(2)} ms`);
  const cpuRows: Pick<Row, 'name' | 'connections' | 'cpu'>[] = rows.filter((r) => r.cpu);
  if (mixedCpu) cpuRows.push({ name: 'mixed workload', connections: 200, cpu: mixedCpu });
  if (cpuRows.length) {
    // What each request cost the machine: 2 cores' worth of CPU over the sum bounds the throughput.
    const names = Object.keys(cpuRows[0]!.cpu!);
    const cores = os.availableParallelism();
    out.push(
      '',
      `CPU per request by process during each phase, µs (fleet processes from their metrics, PostgreSQL and Redis from /proc, the load generator is this process; ${cores} cores):`,
      '',
      `| route | conns | ${names.join(' | ')} | total | req/s bound by ${cores} cores |`,
      `|---|---:|${names.map(() => '---:').join('|')}|---:|---:|`,
    );
    for (const r of cpuRows) {
      const total = Object.values(r.cpu!).reduce((a, b) => a + b, 0);
      out.push(
        `| ${r.name} | ${r.connections} | ${names.map((n) => fmt(r.cpu![n], 0)).join(' | ')} | ${fmt(total, 0)} | ${fmt((cores * 1e6) / total, 0)} |`,
      );
    }
  }
  if (rows.some((r) => r.delay))
    out.push(
      `- worst p99 event-loop delay of any fleet process per phase (target <= 20 ms): ` +
        rows
          .map(
            (r) =>
              `${r.name} x${r.connections}: ${fmt(r.delay?.p99, 1)} ms (${r.delay?.name}; an idle process ${fmt(r.idleP99, 1)} ms)`,
          )
          .join('; '),
    );
  out.push(
    '',
    `Mixed workload (70 % calc GETs, 20 % chart GETs, 10 % creations), 200 connections, ${6 * seconds} s: ` +
      `${fmt(mixed.rps, 0)} req/s, p50 ${fmt(mixed.p50)} ms, p95 ${fmt(mixed.p95)} ms, p99 ${fmt(mixed.p99)} ms, ` +
      `${mixed.failures} errors (non-2xx, connection errors, timeouts)`,
  );
  if (rssBefore && mixedMid && mixedAfter) {
    const growth = (from: number, to: number) => `${fmt((100 * (to - from)) / from, 1)} %`;
    out.push(
      '',
      '| process | RSS before MiB | halfway | after | growth | peak, first half | peak, second half | peak growth | V8 heap used before MiB | after | V8 heap committed before MiB | after | event-loop delay p99 ms | max ms |',
    );
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, a] of Object.entries(mixedAfter)) {
      const b = rssBefore[name]!;
      const m = mixedMid[name]!;
      const pk = mixedPeaks?.[name];
      // The halfway scrape restarted the delay histograms: the phase's figure is the worse half's.
      out.push(
        `| ${name} | ${fmt(b.rssMiB, 0)} | ${fmt(m.rssMiB, 0)} | ${fmt(a.rssMiB, 0)} | ${growth(b.rssMiB, a.rssMiB)} | ` +
          `${fmt(pk?.first, 0)} | ${fmt(pk?.second, 0)} | ${pk ? growth(pk.first, pk.second) : '—'} | ` +
          `${fmt(b.heapUsedMiB, 0)} | ${fmt(a.heapUsedMiB, 0)} | ${fmt(b.heapTotalMiB, 0)} | ${fmt(a.heapTotalMiB, 0)} | ` +
          `${fmt(Math.max(m.eldP99Ms, a.eldP99Ms), 1)} | ${fmt(Math.max(m.eldMaxMs, a.eldMaxMs), 1)} |`,
      );
    }
    if (idleDelay.length)
      out.push(
        `| an idle Node process beside the fleet (the machine's share of every delay: IdleReference) | — | — | — | — | — | — | — | — | — | — | — | ` +
          `${fmt(Math.max(...idleDelay.map((d) => d.p99)), 1)} | ${fmt(Math.max(...idleDelay.map((d) => d.max)), 1)} |`,
      );
  }
  for (const o of overhead)
    out.push(
      `- gateway added cost (auth + limits with ${o.store} + request log/metrics, no-op backend) vs bare Express, 10 connections: ` +
        `${(o.bare.rps / o.gateway.rps).toFixed(2)}x by throughput (${o.gateway.rps.toFixed(0)} vs ${o.bare.rps.toFixed(0)} req/s), ` +
        `p50 ${o.gateway.p50.toFixed(2)} vs ${o.bare.p50.toFixed(2)} ms, p99 ${o.gateway.p99.toFixed(2)} vs ${o.bare.p99.toFixed(2)} ms`,
    );
  out.push(...floorTable(floor));
  if (latency.length) {
    out.push(
      '',
      `End-to-end event latency, ${seconds} s at ${eventRate} events/s (outbox row COMMIT acknowledged to consumer handler applied, through the OutboxRelay; target p99 <= 500 ms):`,
      '',
    );
    out.push('| bus | events/s | sent | applied | applied twice | p50 ms | p99 ms | max ms |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const l of latency)
      out.push(
        `| ${l.bus} | ${l.rate} | ${l.sent} | ${l.applied} | ${l.duplicates} | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.max)} |`,
      );
  }
  out.push(...kafkaNote);
  const text = out.join('\n') + '\n';
  const dir = path.join(ROOT, '.data', 'bench');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  fs.writeFileSync(file, text);
  console.log(`\n${text}\nwritten to ${path.relative(ROOT, file)}`);
} finally {
  idle?.stop();
  await fleet?.stop();
  await kafkaFleet?.stop();
  await kafkaBus?.stop();
  if (fleet && runId) {
    // Only this run's databases (other engineers' bench runs may share the server).
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows: dbs } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${runId}%`],
    );
    for (const d of dbs) await admin.query(`DROP DATABASE IF EXISTS "${d.datname}" WITH (FORCE)`);
    await admin.end();
  }
}
