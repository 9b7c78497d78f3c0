// Per-request context carried through async calls (AsyncLocalStorage), so every log line and every
// outgoing gRPC call gets the request id (the trace context is OpenTelemetry's own, trace.ts) without threading it through function arguments.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  tenantId?: string;
  route?: string;
  /** The incoming gRPC call's deadline (epoch ms), when its caller set one. */
  deadline?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Milliseconds left before the incoming call's deadline; undefined outside a call or without one. */
export function remainingMs(): number | undefined {
  const deadline = storage.getStore()?.deadline;
  return deadline === undefined ? undefined : deadline - Date.now();
}
