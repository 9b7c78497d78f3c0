// W3C Trace Context (https://www.w3.org/TR/trace-context/) on top of OpenTelemetry. The SDK and its
// instrumentations (tracing-sdk.ts, installed by tracing-register.ts) make the spans and carry
// `traceparent` over HTTP and gRPC; this module is the small API the rest of the code uses: the active
// trace for log lines and `traceresponse`, naming the gateway's span after its route, and carrying a
// context where no instrumentation does (the event bus, an outbox row).
import { context, propagation, trace, type Context } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';

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
 * label the metrics use; the HTTP instrumentation reads the route when the response ends.
 */
export function recordHttpRoute(method: string, template: string): void {
  const rpc = getRPCMetadata(context.active());
  if (rpc?.type === RPCType.HTTP) rpc.route = template;
  const span = trace.getActiveSpan();
  span?.setAttribute('http.route', template);
  span?.updateName(`${method} ${template}`);
}
