import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { AppError, fromGrpcError } from './errors.ts';
import { checkHealth, checkInstance, closeHealthClient } from './grpc-health.ts';
import { INSTANCE_ID } from './instance.ts';
import { remainingMs } from './context.ts';
import { unary } from './grpc-client.ts';
import { service, startGrpcServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';
import { jsonCodec, jsonUnaryMethod } from './testing/json-method.ts';

// A hand-made service definition with JSON payloads: enough to exercise the bootstrap.
const json = jsonCodec;
const Def = { slow: jsonUnaryMethod('/test.Slow/Slow'), fail: jsonUnaryMethod('/test.Slow/Fail') };

function call(client: grpc.Client, path: string, req: unknown): Promise<any> {
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(
      path,
      json.requestSerialize,
      json.responseDeserialize,
      req,
      new grpc.Metadata(),
      {},
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
}

describe('gRPC server bootstrap', () => {
  const logger = createLogger('test', 'error');

  it('serves health, translates AppError, and drains in-flight calls on shutdown', async () => {
    const running = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      shutdownDelayMs: 200,
      logger,
      services: [
        service('test.Slow', Def, {
          slow: async (req: { ms: number }) => {
            await new Promise((r) => setTimeout(r, req.ms));
            return { done: true };
          },
          fail: async () => {
            throw new AppError('api_key_not_found', 'nope', { id: 'x' });
          },
        }),
      ],
    });
    const addr = `127.0.0.1:${running.port}`;
    const client = new grpc.Client(addr, grpc.credentials.createInsecure());
    try {
      // Deadlines well above the 1 s default: on a loaded 2-core machine a first call can take longer.
      assert.equal(await checkHealth(addr, 10_000), 'SERVING');
      assert.equal(await checkHealth(addr, 10_000, 'test.Slow'), 'SERVING');
      // The health answer names this process (the launcher tells its own process from a port's holder).
      assert.deepEqual(await checkInstance(addr, 10_000), { status: 'SERVING', instance: INSTANCE_ID });
      const md = await new Promise<grpc.Metadata>((resolve, reject) => {
        let metadata: grpc.Metadata | undefined;
        const c = client.makeUnaryRequest(
          Def.slow.path,
          json.requestSerialize,
          json.responseDeserialize,
          { ms: 1 },
          new grpc.Metadata(),
          {},
          (err) => (err ? reject(err) : resolve(metadata ?? new grpc.Metadata())),
        );
        c.on('metadata', (m: grpc.Metadata) => (metadata = m));
      });
      assert.deepEqual(md.get('x-instance-id'), [INSTANCE_ID], 'every call carries the instance id');
      closeHealthClient(addr);
      assert.deepEqual(await checkInstance(`127.0.0.1:1`, 300), { status: 'UNREACHABLE', instance: undefined });

      const failed = await call(client, Def.fail.path, {}).catch((e: grpc.ServiceError) => e);
      assert.equal(failed.code, grpc.status.NOT_FOUND);
      assert.equal(fromGrpcError(failed).code, 'api_key_not_found');
      assert.deepEqual(fromGrpcError(failed).details, { id: 'x' });

      const inFlight = call(client, Def.slow.path, { ms: 400 });
      await new Promise((r) => setTimeout(r, 50));
      const stopped = running.shutdown(5000);
      assert.equal(await checkHealth(addr, 300), 'NOT_SERVING');
      assert.deepEqual(await inFlight, { done: true }, 'the in-flight call completes during the drain');
      await stopped;
      const after = await call(client, Def.slow.path, { ms: 1 }).catch((e: grpc.ServiceError) => e);
      assert.equal(after.code, grpc.status.UNAVAILABLE, 'no new calls after shutdown');
    } finally {
      client.close();
      await running.shutdown(100);
    }
  });
});

describe('gRPC server streams', () => {
  const StreamDef = {
    events: { path: '/test.Stream/Events', requestStream: false as const, responseStream: true as const, ...json },
  };

  // An error thrown by a streaming handler must reach the client as its status at once, both before
  // any message (so the gateway can answer a real HTTP error) and after some (an SSE error event).
  it('an error before or after the first message ends the call with its status', async () => {
    const running = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('test', 'error'),
      services: [
        service('test.Stream', StreamDef, {
          events: async (req: { before: number }, _ctx, send) => {
            for (let i = 0; i < req.before; i++) send({ i });
            throw new AppError('llm_tier_rate_limited', 'empty', { tier: 'basic' });
          },
        }),
      ],
    });
    const client = new grpc.Client(`127.0.0.1:${running.port}`, grpc.credentials.createInsecure());
    try {
      for (const before of [0, 2]) {
        const started = Date.now();
        const got: unknown[] = [];
        const err = await new Promise<grpc.ServiceError>((resolve) => {
          const s = client.makeServerStreamRequest(
            '/test.Stream/Events',
            json.requestSerialize,
            json.responseDeserialize,
            { before },
            new grpc.Metadata(),
            { deadline: Date.now() + 5000 },
          );
          s.on('data', (m) => got.push(m));
          s.on('error', resolve);
        });
        assert.equal(got.length, before);
        assert.equal(fromGrpcError(err).code, 'llm_tier_rate_limited');
        assert.ok(Date.now() - started < 4000, 'the status arrives without waiting for the deadline');
      }
    } finally {
      client.close();
      await running.shutdown(100);
    }
  });
});

describe('deadline propagation', () => {
  it('a call made while serving another never outlives the caller deadline', async () => {
    const logger = createLogger('test', 'error');
    let inner: { elapsedMs: number; remainingAtStart: number | undefined } | undefined;
    const running = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      shutdownDelayMs: 0,
      logger,
      services: [
        service('test.Slow', Def, {
          slow: async (req: { ms: number }) => {
            await new Promise((r) => setTimeout(r, req.ms));
            return { done: true };
          },
          // `fail` here relays to `slow` (5 s) asking for a 10 s deadline of its own.
          fail: async () => {
            const started = Date.now();
            const remainingAtStart = remainingMs();
            const relay = (r: unknown, md: grpc.Metadata, o: Partial<grpc.CallOptions>, cb: any) =>
              downstream.makeUnaryRequest(Def.slow.path, json.requestSerialize, json.responseDeserialize, r, md, o, cb);
            try {
              await unary(downstream, relay, { ms: 5000 }, { deadlineMs: 10_000 });
            } catch {
              inner = { elapsedMs: Date.now() - started, remainingAtStart };
              return { done: false };
            }
            inner = { elapsedMs: Date.now() - started, remainingAtStart };
            return { done: true };
          },
        }),
      ],
    });
    const addr = `127.0.0.1:${running.port}`;
    const downstream = new grpc.Client(addr, grpc.credentials.createInsecure());
    const client = new grpc.Client(addr, grpc.credentials.createInsecure());
    try {
      const err = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.makeUnaryRequest(
          Def.fail.path,
          json.requestSerialize,
          json.responseDeserialize,
          {},
          new grpc.Metadata(),
          { deadline: Date.now() + 400 },
          (e) => resolve(e),
        ),
      );
      assert.equal(err?.code, grpc.status.DEADLINE_EXCEEDED);
      for (let i = 0; i < 50 && !inner; i++) await new Promise((r) => setTimeout(r, 20));
      assert.ok(inner, 'the relaying handler finished');
      assert.ok(inner.remainingAtStart! > 0 && inner.remainingAtStart! <= 400, `remaining ${inner.remainingAtStart}`);
      assert.ok(
        inner.elapsedMs < 1000,
        `the inner call gave up with its caller (${inner.elapsedMs} ms), not after 5 s`,
      );
    } finally {
      client.close();
      downstream.close();
      await running.shutdown(100);
    }
  });
});
