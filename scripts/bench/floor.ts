// The architecture's floor (issue 18): what one HTTP request costs when it crosses the fleet's hops and
// does nothing else. Two processes, as in the fleet: a front that takes HTTP/1.1 and makes one grpc-js
// unary call per request (no Express, auth, limits, log line, metrics, tracing or transcoding), and a
// back that answers every call at once with a ready buffer the size of the real answer. autocannon
// loads the front from the bench process, as it loads the gateway. No gateway or service can be
// faster than this on the same machine, so a target this floor misses is out of reach for the design
// (gateway over gRPC), not for the code.
//
// In the bench: measureFloor(). Standalone, one role per process:
//   node --import tsx scripts/bench/floor.ts back            prints "port <n>"
//   node --import tsx scripts/bench/floor.ts front <backPort> prints "port <n>"
import * as grpc from '@grpc/grpc-js';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { channelOptions, withMallocTunables } from '@astro/platform';
import { bytesService } from './bytes-service.ts';

const def = bytesService('/bench.Floor/Get');

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
  ) as unknown as {
    get(req: Buffer, cb: (e: grpc.ServiceError | null, reply?: Buffer) => void): void;
  };
  const server = http.createServer((req, res) => {
    client.get(Buffer.from((req.url ?? '/0').slice(1)), (err, reply) => {
      if (err || !reply) {
        res.writeHead(502).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': reply.length });
      res.end(reply);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Starts this file in a child process with `args` and resolves with the port it prints. */
function child(args: string[]): Promise<{ port: number; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    // The fleet's malloc settings (services.ts MALLOC_TUNABLES): the floor's buffers are as large as its.
    env: withMallocTunables(process.env),
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
}

/** Loads the floor with answers of each size at each connection count, `seconds` per phase. */
export async function measureFloor(
  cases: { bytes: number; connections: number }[],
  seconds: number,
): Promise<FloorRow[]> {
  const b = await child(['back']);
  const f = await child(['front', String(b.port)]).catch((e) => {
    b.proc.kill();
    throw e;
  });
  try {
    const rows: FloorRow[] = [];
    for (const c of cases) {
      const url = `http://127.0.0.1:${f.port}/${c.bytes}`;
      await new Promise((r) => autocannon({ url, connections: c.connections, duration: 2 }, r)); // JIT, connections
      const r = await new Promise<autocannon.Result>((resolve, reject) =>
        autocannon({ url, connections: c.connections, duration: seconds }, (e, x) => (e ? reject(e) : resolve(x))),
      );
      if (r.non2xx || r.errors) throw new Error(`floor: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const p95 = r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5; // as run.ts interpolates
      rows.push({ ...c, rps: r.requests.average, mean: r.latency.mean, p50: r.latency.p50, p95, p99: r.latency.p99 });
    }
    return rows;
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
