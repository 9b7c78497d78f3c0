// What grpc-js's channelz bookkeeping costs a unary call: a server and a client in this process, one
// pair with channelz on (the library's default) and one with `grpc.enable_channelz: 0`, loaded in turns
// (the machine drifts within a minute), CPU µs per call of both ends together. Prints; asserts nothing.
//   node --import tsx scripts/bench/channelz.ts
import * as grpc from '@grpc/grpc-js';
import { bytesService } from './bytes-service.ts';
import { median } from './stats.ts';

const def = bytesService('/bench.Channelz/Get');
const answer = Buffer.alloc(4725, 0x20); // a chart's answer

async function pair(channelz: boolean) {
  const options = channelz ? {} : { 'grpc.enable_channelz': 0 };
  const server = new grpc.Server(options);
  server.addService(def, { get: (_call: unknown, done: grpc.sendUnaryData<Buffer>) => done(null, answer) });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  const Client = grpc.makeGenericClientConstructor(def, 'Channelz');
  const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), options) as unknown as {
    get(req: Buffer, cb: (e: grpc.ServiceError | null) => void): void;
    close(): void;
  };
  const call = () =>
    new Promise<void>((resolve, reject) => client.get(Buffer.from('x'), (e) => (e ? reject(e) : resolve())));
  for (let i = 0; i < 2000; i++) await call(); // JIT, connection
  return { call, close: () => (client.close(), server.forceShutdown()) };
}

/** CPU µs per call of `calls` calls, `concurrency` at a time. */
async function cpuPerCall(call: () => Promise<void>, calls: number, concurrency: number): Promise<number> {
  const before = process.cpuUsage();
  let left = calls;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await call();
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const on = await pair(true);
const off = await pair(false);
const rounds = Number(process.env.ROUNDS || 12);
const results: { on: number; off: number }[] = [];
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so a drift within the round does not favour one side.
  const first = r % 2 ? off : on;
  const a = await cpuPerCall(first.call, 5000, 10);
  const b = await cpuPerCall((first === on ? off : on).call, 5000, 10);
  const row = first === on ? { on: a, off: b } : { on: b, off: a };
  results.push(row);
  console.log(`round ${r + 1}: channelz on ${row.on.toFixed(1)} µs per call, off ${row.off.toFixed(1)}`);
}
console.log(
  `median: on ${median(results.map((x) => x.on)).toFixed(1)}, off ${median(results.map((x) => x.off)).toFixed(1)} µs per call; ` +
    `off cheaper in ${results.filter((x) => x.off < x.on).length} of ${rounds} rounds`,
);
on.close();
off.close();
