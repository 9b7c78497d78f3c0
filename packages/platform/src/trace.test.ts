// W3C Trace Context propagation. Header examples are the specification's own
// (https://www.w3.org/TR/trace-context/#examples-of-http-traceparent-headers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { currentContext } from './context.ts';
import { outgoingMetadata } from './grpc-client.ts';
import { service, startGrpcServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';
import { childSpan, formatTraceparent, parseTraceparent, TRACEPARENT } from './trace.ts';

const SPEC_EXAMPLE = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('traceparent', () => {
  it('parses the specification example and formats it back', () => {
    const t = parseTraceparent(SPEC_EXAMPLE);
    assert.deepEqual(t, { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', flags: '01' });
    assert.equal(formatTraceparent(t!), SPEC_EXAMPLE);
  });

  it('rejects malformed headers and the all-zero ids the specification forbids', () => {
    for (const bad of [
      undefined,
      '',
      'garbage',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
    ])
      assert.equal(parseTraceparent(bad), undefined, String(bad));
  });

  it('a child span keeps the trace id and flags, with a fresh span id; no parent starts a trace', () => {
    const parent = parseTraceparent(SPEC_EXAMPLE)!;
    const child = childSpan(parent);
    assert.equal(child.traceId, parent.traceId);
    assert.equal(child.flags, '01');
    assert.notEqual(child.spanId, parent.spanId);
    const root = childSpan();
    assert.match(formatTraceparent(root), /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('crosses a gRPC hop: the handler sees the caller span and its own outgoing calls continue the trace', async () => {
    const json = {
      requestSerialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
      requestDeserialize: (b: Buffer) => JSON.parse(b.toString()),
      responseSerialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
      responseDeserialize: (b: Buffer) => JSON.parse(b.toString()),
    };
    const Def = {
      echo: { path: '/test.Trace/Echo', requestStream: false as const, responseStream: false as const, ...json },
    };
    const running = await startGrpcServer({
      port: 0,
      logger: createLogger('test', 'error'),
      services: [
        service('Trace', Def, {
          echo: async () => ({
            seen: currentContext()?.trace,
            outgoing: outgoingMetadata().get(TRACEPARENT)[0],
          }),
        }),
      ],
    });
    const client = new grpc.Client(`127.0.0.1:${running.port}`, grpc.credentials.createInsecure());
    try {
      const md = new grpc.Metadata();
      md.set(TRACEPARENT, SPEC_EXAMPLE);
      const res: any = await new Promise((resolve, reject) =>
        client.makeUnaryRequest(Def.echo.path, json.requestSerialize, json.responseDeserialize, {}, md, {}, (e, r) =>
          e ? reject(e) : resolve(r),
        ),
      );
      assert.equal(res.seen.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
      assert.equal(res.seen.spanId, '00f067aa0ba902b7');
      const next = parseTraceparent(res.outgoing)!;
      assert.equal(next.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
      assert.notEqual(next.spanId, '00f067aa0ba902b7');
    } finally {
      client.close();
      await running.shutdown(100);
    }
  });
});
