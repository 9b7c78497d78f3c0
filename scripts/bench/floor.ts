// The architecture's floor (issue 18): what one HTTP request costs when it crosses the fleet's hops and
// does nothing else. Two processes, as in the fleet: a front that takes HTTP/1.1 and makes one grpc-js
// unary call per request (no Express, auth, limits, log line, metrics, tracing or transcoding), and a
// back that answers every call at once with a ready buffer the size of the real answer. autocannon
// loads the front from the bench process, as it loads the gateway. No gateway or service can be
// faster than this on the same machine, so a target this floor misses is out of reach for the design
// (gateway over gRPC), not for the code.
//
// The creation floor (POST /create, measureCreationFloor): the same two processes, and the back does
// what no chart creation can skip: computeChart, then the chart row and its event row written in one
// statement, batched as the chart service batches (WriteBatcher). Without authentication, limits,
// idempotency, transcoding, log, metrics, tracing, the outbox relay and the bus.
//
// In the bench: measureFloor(), measureCreationFloor(). Standalone, one role per process:
//   node --import tsx scripts/bench/floor.ts back             prints "port <n>" (FLOOR_DATABASE_URL: creations)
//   node --import tsx scripts/bench/floor.ts front <backPort> prints "port <n>"
import * as grpc from '@grpc/grpc-js';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { computeChart, initEphemeris } from '@astro/astro-core';
import {
  channelOptions,
  outboxTableSql,
  withMallocTunables,
  withOutboxStatement,
  WriteBatcher,
  type OutboxMessage,
} from '@astro/platform';
import { bytesService } from './bytes-service.ts';
import { cpuPerRequest, cpuSecondsOf, serverCpuSeconds } from './fleet-probe.ts';

const def = bytesService('/bench.Floor/Get');
const createDef = bytesService('/bench.Floor/Create');

/** The INSERT of `rows` chart rows (4 parameters each), to pair with their events (withOutboxStatement). */
function chartsInsert(rows: number): string {
  const values = Array.from({ length: rows }, (_, r) => `($${4 * r + 1}, $${4 * r + 2}, $${4 * r + 3}, $${4 * r + 4})`);
  return `INSERT INTO floor_charts (id, planets, houses, jd_ut) VALUES ${values.join(', ')}`;
}

interface FloorCreation {
  row: [string, string, string, number];
  event: OutboxMessage;
}

/** The creation handler: compute, write with the creations that arrive meanwhile, answer the chart. */
async function creations(databaseUrl: string) {
  initEphemeris({ ephePath: process.env.SE_EPHE_PATH });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(
    'CREATE TABLE IF NOT EXISTS floor_charts (id uuid PRIMARY KEY, planets json, houses json, jd_ut float8)',
  );
  await pool.query(outboxTableSql());
  // The chart service's statement (chart-store.ts insertAll): the rows and their events at once, no
  // NOTIFY (there is no relay here).
  const batcher = new WriteBatcher<FloorCreation>({
    write: async (batch) => {
      const { text, values } = withOutboxStatement(
        chartsInsert(batch.length),
        batch.flatMap((c) => c.row),
        batch.map((c) => c.event),
        { notify: false },
      );
      await pool.query({ name: `floor-${batch.length}`, text, values });
    },
  });
  return (call: grpc.ServerUnaryCall<Buffer, Buffer>, done: grpc.sendUnaryData<Buffer>) => {
    const { birth } = JSON.parse(call.request.toString()) as {
      birth: { moment: string; latitude: number; longitude: number };
    };
    const c = computeChart({
      utcMs: Date.parse(birth.moment),
      latitude: birth.latitude,
      longitude: birth.longitude,
      system: 'vedic',
      houseSystem: 'placidus',
      ayanamsha: 'lahiri',
    });
    const id = randomUUID();
    const planets = JSON.stringify(c.planets);
    const houses = JSON.stringify(c.houses);
    batcher
      .add({
        row: [id, planets, houses, c.jd_ut],
        event: { topic: 'chart.created', key: id, payload: { chart_id: id } },
      })
      .then(() => done(null, Buffer.from(`{"id":"${id}","planets":${planets},"houses":${houses}}`)))
      .catch((e: Error) => done({ code: grpc.status.INTERNAL, details: e.message }));
  };
}

/** The back: the request names the answer's size in bytes; answers of a size are made once. */
async function back(): Promise<number> {
  const answers = new Map<number, Buffer>();
  const server = new grpc.Server({ 'grpc.max_send_message_length': 16e6 });
  server.addService(def, {
    get: (call: grpc.ServerUnaryCall<Buffer, Buffer>, done: grpc.sendUnaryData<Buffer>) => {
      const size = Number(call.request.toString());
      let a = answers.get(size);
      if (!a) answers.set(size, (a = Buffer.alloc(size, 0x20)));
      done(null, a);
    },
  });
  if (process.env.FLOOR_DATABASE_URL)
    server.addService(createDef, { get: await creations(process.env.FLOOR_DATABASE_URL) });
  return new Promise((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
}

/** The front: GET /<size> -> one unary call with the fleet's channel options -> the bytes as JSON. */
async function front(backPort: number): Promise<number> {
  const Client = grpc.makeGenericClientConstructor(def, 'Floor');
  const client = new Client(
    `127.0.0.1:${backPort}`,
    grpc.credentials.createInsecure(),
    channelOptions(),
  ) as unknown as Caller;
  // The same channel: the fleet's gateway has one per service, whatever the route.
  const creator = new (grpc.makeGenericClientConstructor(createDef, 'FloorCreate'))(
    `127.0.0.1:${backPort}`,
    grpc.credentials.createInsecure(),
    { ...channelOptions(), channelOverride: (client as unknown as grpc.Client).getChannel() },
  ) as unknown as Caller;
  const answer = (res: http.ServerResponse) => (err: grpc.ServiceError | null, reply?: Buffer) => {
    if (err || !reply) {
      res.writeHead(502).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': reply.length });
    res.end(reply);
  };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return client.get(Buffer.from((req.url ?? '/0').slice(1)), answer(res));
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => creator.get(Buffer.concat(parts), answer(res)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

interface Caller {
  get(req: Buffer, cb: (e: grpc.ServiceError | null, reply?: Buffer) => void): void;
}

/** Starts this file in a child process with `args` and resolves with the port it prints. */
function child(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ port: number; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    // The fleet's malloc settings (services.ts MALLOC_TUNABLES): the floor's buffers are as large as its.
    env: withMallocTunables({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`floor ${args[0]} exited with ${code}`)));
    proc.stdout!.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve({ port: Number(m[1]), proc });
    });
  });
}

export interface FloorRow {
  bytes: number;
  connections: number;
  rps: number;
  /** Mean latency, ms (autocannon's percentiles are whole milliseconds). */
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU µs per request of the front, the back and PostgreSQL (with the load generator, not counted). */
  cpuUs: { front: number; back: number; postgres: number };
}

/** Loads the floor with answers of each size at each connection count, `seconds` per phase. */
export function measureFloor(cases: { bytes: number; connections: number }[], seconds: number): Promise<FloorRow[]> {
  return withFloor({}, (floor) =>
    sequential(cases, async (c) => ({
      ...c,
      ...(await load(floor, { url: `http://127.0.0.1:${floor.port}/${c.bytes}`, connections: c.connections }, seconds)),
    })),
  );
}

/**
 * Loads the creation floor with `body` (a POST /v1/charts body) at each connection count; the creations
 * go to `databaseUrl` (tables floor_charts and the platform's outbox, made if missing).
 */
export function measureCreationFloor(
  databaseUrl: string,
  body: string,
  connectionCounts: number[],
  seconds: number,
): Promise<FloorRow[]> {
  return withFloor({ FLOOR_DATABASE_URL: databaseUrl }, (floor) =>
    sequential(connectionCounts, async (connections) => {
      const url = `http://127.0.0.1:${floor.port}/create`;
      const r = await load(floor, { url, method: 'POST', body, connections }, seconds);
      return { bytes: Buffer.byteLength(body), connections, ...r };
    }),
  );
}

async function sequential<A, B>(items: A[], f: (a: A) => Promise<B>): Promise<B[]> {
  const out: B[] = [];
  for (const a of items) out.push(await f(a));
  return out;
}

interface RunningFloor {
  port: number;
  frontPid: number;
  backPid: number;
}

/** The CPU seconds so far of the floor's two processes and of every PostgreSQL process. */
function floorCpu(floor: RunningFloor): Record<string, number> {
  const { redis: _, ...servers } = serverCpuSeconds();
  return { front: cpuSecondsOf(floor.frontPid) ?? 0, back: cpuSecondsOf(floor.backPid) ?? 0, ...servers };
}

/** A measured phase after 2 s of warm-up (JIT, connections) with the same options. */
async function load(
  floor: RunningFloor,
  opts: autocannon.Options,
  seconds: number,
): Promise<Omit<FloorRow, 'bytes' | 'connections'>> {
  await new Promise((r) => autocannon({ ...opts, duration: 2 }, r));
  const before = floorCpu(floor);
  const r = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ ...opts, duration: seconds }, (e, x) => (e ? reject(e) : resolve(x))),
  );
  if (r.non2xx || r.errors) throw new Error(`floor: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpu = cpuPerRequest(before, floorCpu(floor), r.requests.total);
  const p95 = r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5; // as run.ts interpolates
  return {
    rps: r.requests.average,
    mean: r.latency.mean,
    p50: r.latency.p50,
    p95,
    p99: r.latency.p99,
    cpuUs: { front: cpu.front ?? 0, back: cpu.back ?? 0, postgres: cpu.postgres ?? 0 },
  };
}

/** Runs `work` against a fresh back and front (the back with `backEnv`), then stops both. */
async function withFloor<T>(backEnv: NodeJS.ProcessEnv, work: (floor: RunningFloor) => Promise<T>): Promise<T> {
  const b = await child(['back'], backEnv);
  const f = await child(['front', String(b.port)]).catch((e) => {
    b.proc.kill();
    throw e;
  });
  try {
    return await work({ port: f.port, frontPid: f.proc.pid!, backPid: b.proc.pid! });
  } finally {
    f.proc.removeAllListeners('exit');
    b.proc.removeAllListeners('exit');
    f.proc.kill();
    b.proc.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [role, backPort] = process.argv.slice(2);
  const port = role === 'back' ? await back() : await front(Number(backPort));
  process.stdout.write(`port ${port}\n`);
}
