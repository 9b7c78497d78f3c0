// W3C Trace Context on OpenTelemetry. Header examples are the specification's own
// (https://www.w3.org/TR/trace-context/#examples-of-http-traceparent-headers).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll as before, describe, it } from '@jest/globals';
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

before(() => {
  startTracing({
    serviceName: 'trace-test',
    endpoint: undefined,
    batchDelayMs: 100,
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

  it('crosses a gRPC hop: the handler runs in a server span, child of the call span, child of the caller', () => {
    // In a plain Node child, a process of its own with the SDK installed first, as the fleet's are.
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'trace-hop.fixture.ts')],
      {
        encoding: 'utf8',
        env: { ...process.env, TRACEPARENT_IN: SPEC_EXAMPLE },
      },
    );
    const res = JSON.parse(out) as {
      seen: { traceId: string; spanId: string };
      active: unknown;
      spans: {
        traceId: string;
        spanId: string;
        parentSpanId: string | undefined;
        name: string;
        kind: number;
        attributes: Record<string, unknown>;
      }[];
    };
    assert.equal(res.seen.traceId, '4bf92f3577b34da6a3ce929d0e0e4736', 'same trace on the server side');
    assert.notEqual(res.seen.spanId, '00f067aa0ba902b7', 'the server runs in its own span');
    assert.deepEqual(res.active, res.seen);
    const spans = res.spans.filter((s) => s.traceId === res.seen.traceId);
    const server = spans.find((s) => s.spanId === res.seen.spanId);
    assert.ok(server, 'the server span is recorded');
    const clientSpan = spans.find((s) => s.spanId === server.parentSpanId);
    assert.ok(clientSpan, 'its parent is the client span');
    assert.equal(clientSpan.parentSpanId, '00f067aa0ba902b7', 'which continues the caller');
    // OpenTelemetry's RPC conventions: SpanKind SERVER = 1, CLIENT = 2 in the SDK's enum.
    assert.deepEqual(
      [server.name, server.kind, clientSpan.name, clientSpan.kind],
      ['grpc.test.Trace/Echo', 1, 'grpc.test.Trace/Echo', 2],
    );
    assert.deepEqual(server.attributes, {
      'rpc.system': 'grpc',
      'rpc.service': 'test.Trace',
      'rpc.method': 'Echo',
      'rpc.grpc.status_code': 0,
    });
    assert.equal(TRACEPARENT, 'traceparent');
  });
});
