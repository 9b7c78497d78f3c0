// W3C Trace Context on OpenTelemetry. Header examples are the specification's own
// (https://www.w3.org/TR/trace-context/#examples-of-http-traceparent-headers). The SDK is installed
// in-process before @grpc/grpc-js is first required, as tracing-register.ts does for the fleet, so the
// gRPC instrumentation patches it (this file therefore imports grpc only after startTracing).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { startTracing } from './tracing-sdk.ts';
import {
  activeTrace,
  formatTraceparent,
  parseTraceparent,
  TRACEPARENT,
  traceHeaders,
  withTraceHeaders,
} from './trace.ts';

const SPEC_EXAMPLE = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const exporter = new InMemorySpanExporter();

before(() => {
  startTracing({
    serviceName: 'trace-test',
    endpoint: undefined,
    batchDelayMs: 100,
    extraProcessors: [new SimpleSpanProcessor({ exporter })],
  });
});

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

  it('stored headers (an event, an outbox row) resume their trace; outside any span there is none', () => {
    assert.equal(activeTrace(), undefined);
    withTraceHeaders({ traceparent: SPEC_EXAMPLE }, () => {
      assert.deepEqual(activeTrace(), parseTraceparent(SPEC_EXAMPLE));
      assert.equal(traceHeaders().traceparent, SPEC_EXAMPLE);
    });
  });

  it('crosses a gRPC hop through the instrumentation: the handler runs in a child span of the caller', async () => {
    const grpc = createRequire(import.meta.url)('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
    const { service, startGrpcServer } = await import('./grpc-server.ts');
    const { createLogger } = await import('./logger.ts');
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
      services: [service('Trace', Def, { echo: async (_req, ctx) => ({ seen: ctx.trace, active: activeTrace() }) })],
    });
    const client = new grpc.Client(`127.0.0.1:${running.port}`, grpc.credentials.createInsecure());
    try {
      const res: any = await withTraceHeaders({ traceparent: SPEC_EXAMPLE }, () => {
        const md = new grpc.Metadata();
        return new Promise((resolve, reject) =>
          client.makeUnaryRequest(Def.echo.path, json.requestSerialize, json.responseDeserialize, {}, md, {}, (e, r) =>
            e ? reject(e) : resolve(r),
          ),
        );
      });
      assert.equal(res.seen.traceId, '4bf92f3577b34da6a3ce929d0e0e4736', 'same trace on the server side');
      assert.notEqual(res.seen.spanId, '00f067aa0ba902b7', 'the server runs in its own span');
      assert.deepEqual(res.active, res.seen);
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === res.seen.traceId);
      const server = spans.find((s) => s.spanContext().spanId === res.seen.spanId);
      assert.ok(server, 'the server span is recorded');
      const clientSpan = spans.find((s) => s.spanContext().spanId === server.parentSpanContext?.spanId);
      assert.ok(clientSpan, 'its parent is the client span');
      assert.equal(clientSpan.parentSpanContext?.spanId, '00f067aa0ba902b7', 'which continues the caller');
      assert.equal(TRACEPARENT, 'traceparent');
    } finally {
      client.close();
      await running.shutdown(100);
    }
  });
});
