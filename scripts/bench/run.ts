// `npm run bench`: the fleet measured against in-process baselines taken in the same run, printed as
// ratios (DESIGN.md §6: no timed assertions in tests; numbers come from here).
//
// Without BASE_URL it starts its own fleet on TEST_DATABASE_URL (default the local PostgreSQL), like
// `npm test`; with BASE_URL (and ACCOUNT_ADDR for the operator) it measures a running fleet.
// BENCH_SECONDS (default 10) sets each load phase's length.
import { computeChart, initEphemeris } from '@astro/astro-core';
import autocannon from 'autocannon';
import path from 'node:path';
import pg from 'pg';
import { uuidv7 } from '@astro/platform';
import { ROOT, startFleet, TEST_FLEET_LIMITS, type RunningFleet } from '../fleet.ts';
import { runOperator } from '../operator.ts';
import { measureGatewayOverhead } from '../../gateway/bench/overhead.ts';

const env = process.env;
const seconds = Number(env.BENCH_SECONDS || 10);
const adminUrl = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const chartBody = JSON.stringify({ birth, system: 'vedic', house_system: 'placidus' });

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  note: string;
}
const rows: Row[] = [];

async function json(method: string, url: string, token: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** A caller with an API key on the Pro plan (so limits never interfere with the measurement). */
async function setupCaller(baseUrl: string, accountAddr: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const su = await json('POST', `${baseUrl}/v1/auth/signup`, undefined, {
    email,
    password: 'Correct-Horse-Battery-Staple-42!',
    accept_terms: true,
  });
  await runOperator(['set-plan', email, 'pro'], accountAddr);
  const key = await json('POST', `${baseUrl}/v1/api-keys`, su.session.access_token, {
    name: 'bench',
    scopes: ['charts:read', 'charts:write'],
  });
  return key.plaintext;
}

function load(name: string, opts: autocannon.Options, note: string): Promise<Row> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, ...opts }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx) return reject(new Error(`${name}: ${r.non2xx} non-2xx responses`));
      // autocannon reports p90 and p97.5 but not p95: interpolate linearly between them.
      const p95 = r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5;
      resolve({ name, rps: r.requests.average, p50: r.latency.p50, p95, p99: r.latency.p99, note });
    });
  });
}

/** In-process baseline: the chart computation plus a raw insert of the same row, sequentially. */
async function baseline(): Promise<{ computeUs: number; insertUs: number; totalUs: number }> {
  initEphemeris();
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
  const n = 1000;
  const t0 = Date.parse(birth.moment);
  let computeNs = 0n;
  let insertNs = 0n;
  for (let i = 0; i < n + 100; i++) {
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
    const d = process.hrtime.bigint();
    if (i >= 100) {
      computeNs += b - a;
      insertNs += d - b;
    }
  }
  await client.end();
  await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
  await admin.end();
  const computeUs = Number(computeNs) / n / 1000;
  const insertUs = Number(insertNs) / n / 1000;
  return { computeUs, insertUs, totalUs: computeUs + insertUs };
}

let fleet: RunningFleet | undefined;
let baseUrl = env.BASE_URL;
let accountAddr = env.ACCOUNT_ADDR || '127.0.0.1:50051';
if (!baseUrl) {
  const runId = `bench${Date.now().toString(36)}`;
  console.log(`starting a fleet on ${new URL(adminUrl).host} (databases ${runId}_*)`);
  fleet = await startFleet({
    databaseUrl: adminUrl,
    dataDir: path.join(ROOT, '.data', 'bench', runId),
    gatewayPort: 0,
    randomPorts: true,
    dbPrefix: runId,
    output: 'files',
    env: { LOG_LEVEL: 'warn', ...TEST_FLEET_LIMITS },
    log: () => {},
  });
  baseUrl = fleet.baseUrl;
  accountAddr = fleet.env.ACCOUNT_ADDR!;
}

try {
  const base = await baseline();
  const key = await setupCaller(baseUrl, accountAddr);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  const created = await json('POST', `${baseUrl}/v1/charts`, key, JSON.parse(chartBody));

  const create1 = await load(
    'POST /v1/charts, 1 connection',
    { url: `${baseUrl}/v1/charts`, method: 'POST', headers, body: chartBody, connections: 1 },
    'latency vs in-process',
  );
  rows.push(create1);
  rows.push(
    await load(
      'POST /v1/charts, 10 connections',
      { url: `${baseUrl}/v1/charts`, method: 'POST', headers, body: chartBody, connections: 10 },
      'throughput',
    ),
  );
  rows.push(
    await load(
      'GET /v1/charts/{id}, 100 connections',
      { url: `${baseUrl}/v1/charts/${created.id}`, headers, connections: 100 },
      'target p95 < 10 ms',
    ),
  );
  // Depth 4 on charts never read before (vedic-calc keeps recent chains; this is the uncached cost).
  const cold: number[] = [];
  for (let i = 0; i < 10; i++) {
    const c = await json('POST', `${baseUrl}/v1/charts`, key, {
      birth: { ...birth, moment: `1990-05-${10 + i}T10:30:00+05:30` },
    });
    const t = performance.now();
    const r = await fetch(`${baseUrl}/v1/vedic/charts/${c.id}/dashas/vimshottari?depth=4`, { headers });
    await r.arrayBuffer();
    cold.push(performance.now() - t);
  }
  cold.sort((a, b) => a - b);
  const dashas = `${baseUrl}/v1/vedic/charts/${created.id}/dashas/vimshottari`;
  rows.push(
    await load(
      'GET .../dashas/vimshottari?depth=4 (3 MB), 1 connection',
      { url: `${dashas}?depth=4`, headers, connections: 1 },
      'target p50 < 100 ms',
    ),
  );
  rows.push(
    await load(
      'GET .../dashas/vimshottari?depth=2, 1 connection',
      { url: `${dashas}?depth=2`, headers, connections: 1 },
      'target p50 < 10 ms',
    ),
  );

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

  console.log(
    `\nIn-process baseline (same run, sequential, 1000 charts): computeChart ${base.computeUs.toFixed(0)} µs + raw INSERT ${base.insertUs.toFixed(0)} µs = ${base.totalUs.toFixed(0)} µs per chart\n`,
  );
  console.log('| scenario | req/s | p50 ms | p95 ms | p99 ms | note |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.note} |`,
    );
  const latencyRatio = (create1.p50 * 1000) / base.totalUs;
  const throughputRatio = 1e6 / base.totalUs / rows[1]!.rps;
  console.log(
    `\nchart creation through the fleet / in-process compute+insert: ${latencyRatio.toFixed(2)}x by p50 latency at 1 connection; ${throughputRatio.toFixed(2)}x by throughput (in-process ${(1e6 / base.totalUs).toFixed(0)}/s on one core vs fleet ${rows[1]!.rps.toFixed(0)}/s on the machine)`,
  );
  console.log(`chart read p95 at 100 connections: ${rows[2]!.p95.toFixed(2)} ms`);
  for (const o of overhead)
    console.log(
      `gateway added cost (auth + limits with ${o.store} + request log/metrics, no-op backend) vs bare Express, 10 connections: ` +
        `${(o.bare.rps / o.gateway.rps).toFixed(2)}x by throughput (${o.gateway.rps.toFixed(0)} vs ${o.bare.rps.toFixed(0)} req/s), ` +
        `p50 ${o.gateway.p50.toFixed(2)} vs ${o.bare.p50.toFixed(2)} ms, p99 ${o.gateway.p99.toFixed(2)} vs ${o.bare.p99.toFixed(2)} ms`,
    );
  console.log(
    `depth-4 Vimshottari on 10 charts never read before: p50 ${cold[5]!.toFixed(0)} ms, max ${cold[9]!.toFixed(0)} ms (the table rows above are repeated reads of one chart)`,
  );
} finally {
  await fleet?.stop();
  if (fleet) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows: dbs } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'bench%'",
    );
    for (const d of dbs) await admin.query(`DROP DATABASE IF EXISTS "${d.datname}" WITH (FORCE)`);
    await admin.end();
  }
}
