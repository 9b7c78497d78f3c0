// A 3 MB unary answer (the size of Vimshottari depth 4) between a grpc-js server and two clients of
// this process, one with Node's default HTTP/2 receive window (64 KB) and one with the fleet's
// channelOptions(), called in turns so both see the same machine load. Prints p50/p90; asserts nothing.
//   node --import tsx scripts/bench/grpc-window.ts
import * as grpc from '@grpc/grpc-js';
import { channelOptions } from '@astro/platform';
import { bytesService } from './bytes-service.ts';

const payload = Buffer.alloc(3_000_000, 97);
const def = bytesService('/bench.Window/Get');

const server = new grpc.Server({ 'grpc.max_send_message_length': 16e6 });
server.addService(def, { get: (_call: unknown, done: grpc.sendUnaryData<Buffer>) => done(null, payload) });
const port = await new Promise<number>((resolve, reject) =>
  server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
);
const Client = grpc.makeGenericClientConstructor(def, 'Window');
type Caller = grpc.Client & { get(req: Buffer, cb: (e: Error | null) => void): void };
const client = (opts: grpc.ChannelOptions) =>
  new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), opts) as unknown as Caller;
const fleet = channelOptions();
const clients: [string, Caller][] = [
  ['default window (64 KB)', client({ 'grpc.max_receive_message_length': 16e6 })],
  [`channelOptions() (window ${fleet['grpc-node.flow_control_window']} B)`, client(fleet)],
];
const call = (c: Caller) =>
  new Promise<void>((resolve, reject) => c.get(Buffer.alloc(1), (e) => (e ? reject(e) : resolve())));

for (const [, c] of clients) for (let i = 0; i < 5; i++) await call(c); // connect and warm up
const times = new Map<string, number[]>(clients.map(([n]) => [n, []]));
for (let i = 0; i < 100; i++)
  for (const [n, c] of clients) {
    const t = performance.now();
    await call(c);
    times.get(n)!.push(performance.now() - t);
  }
for (const [n, t] of times) {
  t.sort((x, y) => x - y);
  console.log(`${n}: p50 ${t[50]!.toFixed(2)} ms, p90 ${t[90]!.toFixed(2)} ms`);
}
for (const [, c] of clients) c.close();
server.forceShutdown();
