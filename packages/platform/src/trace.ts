// W3C Trace Context (https://www.w3.org/TR/trace-context/) on top of OpenTelemetry's API. The SDK
// (tracing-sdk.ts, installed by tracing-register.ts) samples, records and exports; this module makes the
// spans of the fleet's own hops and carries `traceparent` over them: the gateway's HTTP request
// (traceHttpRequest), every gRPC call made (traceGrpcCall) and served (traceGrpcServe), and a context
// stored with an event or an outbox row. The rest of the code reads the active trace here for log lines
// and `traceresponse`.
//
// Why by hand and not OpenTelemetry's HTTP and gRPC instrumentations: they wrap every emitter, callback
// and listener of each request and call, and when nothing is exported (the default) that cost about a
// fifth of the gateway's CPU and a tenth of the chart service's per chart creation (issue 18 A/B: 667
// against 544 and 627 against 579 µs; 830 against 952 creations/s). Here an unsampled request costs
// one non-recording span, one context switch and one header per hop.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { status, type Metadata } from '@grpc/grpc-js';

export const TRACEPARENT = 'traceparent';

export interface TraceParent {
  traceId: string;
  spanId: string;
  flags: string;
}

const FORMAT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The parsed header, or undefined when absent or invalid (all-zero ids are invalid by the spec). */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== 'string') return undefined;
  const m = FORMAT.exec(value.trim().toLowerCase());
  if (!m || /^0+$/.test(m[1]!) || /^0+$/.test(m[2]!)) return undefined;
  return { traceId: m[1]!, spanId: m[2]!, flags: m[3]! };
}

export function formatTraceparent(t: TraceParent): string {
  return `00-${t.traceId}-${t.spanId}-${t.flags}`;
}

/** The active span as a traceparent, or undefined outside any span (or with no SDK installed). */
export function activeTrace(ctx: Context = context.active()): TraceParent | undefined {
  const sc = trace.getSpanContext(ctx);
  if (!sc || !trace.isSpanContextValid(sc)) return undefined;
  return { traceId: sc.traceId, spanId: sc.spanId, flags: sc.traceFlags.toString(16).padStart(2, '0') };
}

/** The propagation headers of the active context (traceparent, tracestate, baggage): store or send them. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context described by stored propagation headers (an event's, an outbox row's). */
export function contextFromHeaders(headers: Record<string, string> | undefined): Context {
  return headers ? propagation.extract(context.active(), headers) : context.active();
}

/** Runs `fn` as a continuation of the trace in `headers` (for example a relay publishing a stored row). */
export function withTraceHeaders<T>(headers: Record<string, string> | undefined, fn: () => T): T {
  return context.with(contextFromHeaders(headers), fn);
}

/**
 * Names the current HTTP server span after the route template (`POST /v1/charts`), the same bounded
 * label the metrics use (traceHttpRequest starts it named after the method alone).
 */
export function recordHttpRoute(method: string, template: string): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.setAttribute('http.route', template);
  span.updateName(`${method} ${template}`);
}

// The tracers' names are the spans' instrumentation scope in the export.
const grpcTracer = trace.getTracer('@astro/platform/grpc');
const httpTracer = trace.getTracer('@astro/platform/http');

const metadataSetter: TextMapSetter<Metadata> = { set: (md, key, value) => md.set(key, value) };
const metadataGetter: TextMapGetter<Metadata> = {
  keys: (md) => Object.keys(md.getMap()),
  get: (md, key) => {
    const v = md.get(key);
    return v.length ? v.map(String) : undefined;
  },
};

/** The span of a gRPC method path (`/astro.chart.v1.ChartService/CreateChart`), RPC attributes included. */
function startRpcSpan(path: string, kind: SpanKind, parent: Context): Span {
  const span = grpcTracer.startSpan(`grpc.${path.slice(1)}`, { kind }, parent);
  if (span.isRecording()) {
    const slash = path.lastIndexOf('/');
    span.setAttributes({
      'rpc.system': 'grpc',
      'rpc.service': path.slice(1, slash),
      'rpc.method': path.slice(slash + 1),
    });
  }
  return span;
}

/** gRPC status codes that make a server span an error (the others are the caller's doing). */
const SERVER_FAULTS = new Set<number>([
  status.UNKNOWN,
  status.DEADLINE_EXCEEDED,
  status.UNIMPLEMENTED,
  status.INTERNAL,
  status.UNAVAILABLE,
  status.DATA_LOSS,
]);

function endRpcSpan(span: Span, code: number, server: boolean): void {
  if (!span.isRecording()) return;
  span.setAttribute('rpc.grpc.status_code', code);
  if (code !== status.OK && (!server || SERVER_FAULTS.has(code))) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * A gRPC call this process is about to make: a CLIENT span under the active context, its traceparent
 * written into the call's metadata. Call the returned function with the call's status code when it ends.
 */
export function traceGrpcCall(path: string, md: Metadata): (code: number) => void {
  const parent = context.active();
  const span = startRpcSpan(path, SpanKind.CLIENT, parent);
  propagation.inject(trace.setSpan(parent, span), md, metadataSetter);
  return (code) => endRpcSpan(span, code, false);
}

/**
 * Serves a gRPC call in a SERVER span that continues the caller's traceparent (from the metadata): `fn`
 * runs in its context and calls `end` with the status code it answered.
 */
export function traceGrpcServe<T>(path: string, md: Metadata, fn: (end: (code: number) => void) => T): T {
  const parent = propagation.extract(ROOT_CONTEXT, md, metadataGetter);
  const span = startRpcSpan(path, SpanKind.SERVER, parent);
  return context.with(trace.setSpan(parent, span), fn, undefined, (code: number) => endRpcSpan(span, code, true));
}

/** The parts of an incoming HTTP request a span reads. */
interface HttpRequestFacts {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Handles an incoming HTTP request in a SERVER span that continues the caller's traceparent: `fn` runs in
 * its context and, when the span is recorded (`end` is given), calls `end` once with the response status.
 * Named after the method until the dispatcher knows the route (recordHttpRoute); the raw path is never
 * recorded (a calendar feed's is a credential).
 */
export function traceHttpRequest<T>(req: HttpRequestFacts, fn: (end?: (status: number) => void) => T): T {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const method = req.method ?? 'GET';
  const span = httpTracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
  let end: ((httpStatus: number) => void) | undefined;
  if (span.isRecording()) {
    span.setAttribute('http.request.method', method);
    end = (httpStatus) => {
      span.setAttribute('http.response.status_code', httpStatus);
      if (httpStatus >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
  }
  return context.with(trace.setSpan(parent, span), fn, undefined, end);
}
