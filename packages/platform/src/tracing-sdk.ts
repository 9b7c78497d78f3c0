// The OpenTelemetry SDK of every process (gateway and services), installed by tracing-register.ts
// before any application module loads: the sampler, the exporter and the context manager. The spans of
// the fleet's own hops (the gateway's HTTP requests, every gRPC call made and served) and their W3C
// trace context are made by trace.ts; the event bus is traced by bus/instrumented.ts with the same
// API; the maintained instrumentations add PostgreSQL (pg) and Redis (node-redis) spans when exporting.
//
// Export is on when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set:
// spans go in batches over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`. Unset, the SDK still runs so
// that trace ids propagate (logs carry trace_id, the gateway answers traceresponse), but new traces are
// not sampled and nothing is recorded or sent (nor are PostgreSQL and Redis instrumented); a caller
// that sends a sampled traceparent still gets its trace id carried through.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TracerProvider,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingSettings {
  serviceName: string;
  /** OTLP/HTTP base URL (…:4318); undefined = no export. */
  endpoint: string | undefined;
  /** Batch delay (OTEL_BSP_SCHEDULE_DELAY), ms. */
  batchDelayMs: number;
  /** Tests: processors beside the OTLP one (an in-memory exporter); any of them turns sampling on. */
  extraProcessors?: SpanProcessor[];
}

/** Settings from the standard OTEL_* variables; the service name falls back to the entry file's folder. */
export function tracingSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  entry = process.argv[1] ?? '',
): TracingSettings {
  const fromPath =
    /[/\\]services[/\\]([^/\\]+)[/\\]/.exec(entry)?.[1] ?? (/[/\\]gateway[/\\]/.test(entry) ? 'gateway' : 'astro');
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return {
    serviceName: env.OTEL_SERVICE_NAME?.trim() || fromPath,
    endpoint: traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined),
    batchDelayMs: Number(env.OTEL_BSP_SCHEDULE_DELAY) > 0 ? Number(env.OTEL_BSP_SCHEDULE_DELAY) : 5000,
  };
}

export interface StartedTracing {
  exporting: boolean;
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  /** Flushes and stops (call before exiting). */
  shutdown(): Promise<void>;
}

export function startTracing(s: TracingSettings): StartedTracing {
  const processors: SpanProcessor[] = [
    ...(s.endpoint
      ? [
          new BatchSpanProcessor({
            exporter: new OTLPTraceExporter({ url: s.endpoint }),
            scheduledDelayMillis: s.batchDelayMs,
          }),
        ]
      : []),
    ...(s.extraProcessors ?? []),
  ];
  const exporting = processors.length > 0;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: s.serviceName }),
    sampler: new ParentBasedSampler({ root: exporting ? new AlwaysOnSampler() : new AlwaysOffSampler() }),
    spanProcessors: processors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  trace.setGlobalTracerProvider(provider);
  // The gateway's HTTP spans and every gRPC span are made by trace.ts on the fleet's own hops. The
  // database and cache spans carry no context onward, so they are only worth their cost when exported:
  // the pg wrapper and its pool bookkeeping were ~4 % of the chart service's CPU per chart creation
  // (issue 18 profile).
  if (exporting)
    registerInstrumentations({
      tracerProvider: provider,
      instrumentations: [
        // No span for the bus's background polls: only queries made on behalf of a traced operation.
        new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
        // Command names only: keys and arguments can carry tenant ids, hashes or idempotency keys.
        new RedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (cmd) => cmd }),
      ],
    });
  return {
    exporting,
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
