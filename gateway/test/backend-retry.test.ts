// The gateway's backend calls during a rollout: an idempotent call is sent once more after a transport
// UNAVAILABLE, a non-idempotent one never is, a service's own 503 is not retried, and a backend given
// several addresses keeps answering while one of them is down (round_robin skips it), and a backend back
// from a long outage is reached again at once.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { AppError, toGrpcError } from '@astro/platform';
import { freePort } from '../../scripts/fleet.ts';
import { Backends, type CallTarget } from '../src/backends.ts';

const root = protobuf.Root.fromJSON({
  nested: { Ping: { fields: { n: { type: 'int32', id: 1 } } }, Pong: { fields: { n: { type: 'int32', id: 1 } } } },
});
const target: CallTarget = {
  protoPackage: 'astro.vedic.v1', // served by vedic-calc: VEDIC_CALC_ADDR
  grpcPath: '/test.Retry/Ping',
  requestType: root.lookupType('Ping'),
  responseType: root.lookupType('Pong'),
};

/** A server whose next answers are scripted: 'ok', 'unavailable' (bare status) or 'app503' (AppError). */
async function scriptedServer(script: string[], port?: number) {
  let calls = 0;
  const server = new grpc.Server();
  server.addService(
    {
      Ping: {
        path: '/test.Retry/Ping',
        requestStream: false,
        responseStream: false,
        requestSerialize: (v: Buffer) => v,
        requestDeserialize: (b: Buffer) => b,
        responseSerialize: (v: Buffer) => v,
        responseDeserialize: (b: Buffer) => b,
      },
    },
    {
      Ping: (_call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => {
        const step = script[calls++] ?? 'ok';
        if (step === 'unavailable') cb({ code: grpc.status.UNAVAILABLE, details: 'connection reset' });
        else if (step === 'app503') cb(toGrpcError(new AppError('service_unavailable')) as grpc.ServiceError);
        else cb(null, Buffer.from(target.responseType.encode({ n: 7 }).finish()));
      },
    },
  );
  port ??= await freePort();
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (e) => (e ? reject(e) : resolve())),
  );
  return { port, calls: () => calls, stop: () => server.forceShutdown() };
}

const meta = (retry: boolean) => ({ requestId: 'r1', deadlineMs: 5000, retryUnavailable: retry });

describe('backend calls in a rollout', () => {
  let backends: Backends | undefined;
  after(() => backends?.close());

  it('retries an idempotent call once on a transport UNAVAILABLE', async () => {
    const s = await scriptedServer(['unavailable', 'ok']);
    backends = new Backends({ VEDIC_CALC_ADDR: `127.0.0.1:${s.port}` });
    try {
      assert.deepEqual(await backends.unary(target, { n: 1 }, meta(true)), { n: 7 });
      assert.equal(s.calls(), 2);
    } finally {
      backends.close();
      s.stop();
    }
  });

  it('never retries a call that is not idempotent, nor twice, nor a service 503', async () => {
    for (const [script, retry, calls] of [
      [['unavailable', 'ok'], false, 1],
      [['unavailable', 'unavailable', 'ok'], true, 2],
      [['app503', 'ok'], true, 1],
    ] as const) {
      const s = await scriptedServer([...script]);
      const b = new Backends({ VEDIC_CALC_ADDR: `127.0.0.1:${s.port}` });
      try {
        await assert.rejects(b.unary(target, { n: 1 }, meta(retry)), (e: AppError) => e.httpStatus === 503);
        assert.equal(s.calls(), calls, `${script.join(',')} retry=${retry}`);
      } finally {
        b.close();
        s.stop();
      }
    }
  });

  it('reaches a backend again within a second of its return after a long outage', async () => {
    // The library's default reconnect backoff grows by 1.6x towards 120 s: 20 s into an outage its
    // dials fall near 16 s and 26 s, so the gateway would answer 503 for seconds with the service back
    // up (what the Kafka half saw after a feedback restart). channelOptions caps the backoff at 1 s, and
    // the retry's wait for a READY replica (1.5 s) covers the next dial.
    const first = await scriptedServer([]);
    const port = first.port;
    const b = new Backends({ VEDIC_CALC_ADDR: `127.0.0.1:${port}` });
    try {
      assert.deepEqual(await b.unary(target, { n: 1 }, meta(false)), { n: 7 });
      first.stop();
      const downUntil = Date.now() + 20_000;
      while (Date.now() < downUntil) {
        await assert.rejects(b.unary(target, { n: 1 }, meta(false)), (e: AppError) => e.httpStatus === 503);
        await new Promise((r) => setTimeout(r, 400));
      }
      const back = await scriptedServer([], port);
      try {
        assert.deepEqual(await b.unary(target, { n: 2 }, meta(true)), { n: 7 });
      } finally {
        back.stop();
      }
    } finally {
      b.close();
    }
  }, 60_000);

  describe('several addresses for one backend', () => {
    let live: Awaited<ReturnType<typeof scriptedServer>>;
    let other: Awaited<ReturnType<typeof scriptedServer>>;
    before(async () => {
      live = await scriptedServer([]);
      other = await scriptedServer([]);
    });
    after(() => {
      live.stop();
      other.stop();
    });

    it('spreads calls over the replicas and keeps answering when one is gone', async () => {
      const b = new Backends({ VEDIC_CALC_ADDR: `127.0.0.1:${live.port},127.0.0.1:${other.port}` });
      try {
        for (let i = 0; i < 20; i++) await b.unary(target, { n: i }, meta(false));
        assert.ok(live.calls() > 0 && other.calls() > 0, `both replicas served (${live.calls()}, ${other.calls()})`);
        other.stop();
        for (let i = 0; i < 20; i++) assert.deepEqual(await b.unary(target, { n: i }, meta(true)), { n: 7 });
      } finally {
        b.close();
      }
    });
  });
});
