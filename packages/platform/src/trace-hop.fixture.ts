// One gRPC hop under the OpenTelemetry SDK, run by trace.test.ts in a plain Node child (a process of
// its own, as the fleet's are): a call made with traceGrpcCall to a server of grpc-server.ts. Prints
// what the handler saw and the finished spans as JSON.
import { createRequire } from 'node:module';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { activeTrace, traceGrpcCall, withTraceHeaders } from './trace.ts';
import { jsonCodec, jsonUnaryMethod } from './testing/json-method.ts';
import { startTracing } from './tracing-sdk.ts';

const exporter = new InMemorySpanExporter();
startTracing({
  serviceName: 'trace-test',
  endpoint: undefined,
  batchDelayMs: 100,
  extraProcessors: [new SimpleSpanProcessor({ exporter })],
});
const grpc = createRequire(import.meta.url)('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
const { service, startGrpcServer } = await import('./grpc-server.ts');
const { createLogger } = await import('./logger.ts');

const json = jsonCodec;
const Def = { echo: jsonUnaryMethod('/test.Trace/Echo') };
const running = await startGrpcServer({
  port: 0,
  logger: createLogger('test', 'error'),
  services: [service('Trace', Def, { echo: async (_req, ctx) => ({ seen: ctx.trace, active: activeTrace() }) })],
});
const client = new grpc.Client(`127.0.0.1:${running.port}`, grpc.credentials.createInsecure());
try {
  const res = await withTraceHeaders({ traceparent: process.env.TRACEPARENT_IN ?? '' }, () => {
    const md = new grpc.Metadata();
    const endSpan = traceGrpcCall(Def.echo.path, md);
    return new Promise<object>((resolve, reject) =>
      client.makeUnaryRequest(Def.echo.path, json.requestSerialize, json.responseDeserialize, {}, md, {}, (e, r) => {
        endSpan(e ? e.code : grpc.status.OK);
        if (e) reject(e);
        else resolve(r as object);
      }),
    );
  });
  const spans = exporter.getFinishedSpans().map((s) => ({
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parentSpanId: s.parentSpanContext?.spanId,
    name: s.name,
    kind: s.kind,
    attributes: s.attributes,
  }));
  process.stdout.write(JSON.stringify({ ...res, spans }));
} finally {
  client.close();
  await running.shutdown(100);
}
process.exit(0);
