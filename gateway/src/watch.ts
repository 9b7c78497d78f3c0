// Follows a service's server stream of invalidations for as long as the process lives (the account
// service's WatchInvalidations, the chart service's WatchErasures): each message goes to `onMessage`;
// when the stream breaks or ends, `onBroken` runs (the cache it feeds stops trusting itself) and the
// stream is opened again a second later. One warning per outage, not one per failed attempt.
import type protobuf from 'protobufjs';
import { uuidv7, type Logger } from '@astro/platform';
import type { Backends, CallTarget } from './backends.ts';

/** The call target of an unrouted RPC, `Service/Method` under a fully-qualified service name. */
export function internalTarget(root: protobuf.Root, service: string, method: string): CallTarget {
  const m = root.lookupService(service).methods[method]!;
  m.resolve();
  return {
    protoPackage: service.split('.').slice(0, -1).join('.'),
    grpcPath: `/${service}/${method}`,
    requestType: m.resolvedRequestType!,
    responseType: m.resolvedResponseType!,
  };
}

export interface WatchHandlers<M> {
  /** For the warning: what is off while the stream is down ("API-key cache"). */
  what: string;
  onMessage(msg: M): void;
  onBroken(): void;
}

/** Starts following; the returned function stops for good (shutdown). */
export function follow<M>(backends: Backends, target: CallTarget, h: WatchHandlers<M>, logger: Logger): () => void {
  let stopped = false;
  let warned = false;
  let current: { cancel(): void } | undefined;
  const connect = () => {
    if (stopped) return;
    const stream = backends.stream(target, {}, { requestId: uuidv7(), deadlineMs: 24 * 3600_000 });
    current = stream;
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      h.onBroken();
      if (!stopped) setTimeout(connect, 1000).unref();
    };
    stream.on('data', (msg: M) => {
      warned = false; // the first message (hello) says it is back
      h.onMessage(msg);
    });
    stream.on('error', (err: unknown) => {
      if (!stopped && !warned) {
        warned = true;
        logger.warn(`${target.grpcPath} stream broke; ${h.what} off until it is back`, { err: String(err) });
      }
      retry();
    });
    stream.on('end', retry);
  };
  connect();
  return () => {
    stopped = true;
    current?.cancel();
  };
}
