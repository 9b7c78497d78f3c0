// W3C Trace Context (https://www.w3.org/TR/trace-context/): the gateway continues the caller's
// `traceparent` (or starts a trace), and every gRPC hop carries a child span of it in metadata, so
// log lines of one request share a trace_id across the fleet and an external tracer can join them.
import { randomBytes } from 'node:crypto';

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

/** A new span under `parent` (same trace, fresh span id), or the root of a new sampled trace. */
export function childSpan(parent?: TraceParent): TraceParent {
  return {
    traceId: parent?.traceId ?? randomBytes(16).toString('hex'),
    spanId: randomBytes(8).toString('hex'),
    flags: parent?.flags ?? '01',
  };
}
