// Per-request context carried through async calls (AsyncLocalStorage), so every log line and every
// outgoing gRPC call gets the request id without threading it through function arguments.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceParent } from './trace.ts';

export interface RequestContext {
  requestId: string;
  tenantId?: string;
  route?: string;
  /** The current span (W3C trace context); outgoing calls carry a child of it. */
  trace?: TraceParent;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
