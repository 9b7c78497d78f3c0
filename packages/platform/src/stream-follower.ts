// Follows a server stream of invalidations for as long as the process lives: the gateway follows the
// account service's WatchInvalidations and the chart service's WatchErasures, the calc services the
// latter too. Each message goes to `onMessage`; when the stream breaks or ends, `onBroken` runs (the
// cache it feeds stops trusting itself) and the stream is opened again a second later. One warning
// per outage, not one per failed attempt.
import type { Logger } from './logger.ts';

/** What `open` returns: a grpc-js ClientReadableStream, or anything with its events and cancel(). */
export interface FollowedStream<M> {
  on(event: 'data', fn: (msg: M) => void): unknown;
  on(event: 'error', fn: (err: unknown) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
  cancel(): void;
}

export interface FollowHandlers<M> {
  /** For the warning: the stream, and what is off while it is down ("API-key cache"). */
  stream: string;
  what: string;
  onMessage(msg: M): void;
  onBroken(): void;
}

/** Starts following; the returned function stops for good (shutdown). */
export function followStream<M>(open: () => FollowedStream<M>, h: FollowHandlers<M>, logger: Logger): () => void {
  let stopped = false;
  let warned = false;
  let current: FollowedStream<M> | undefined;
  const connect = () => {
    if (stopped) return;
    const stream = open();
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
        logger.warn(`${h.stream} stream broke; ${h.what} off until it is back`, { err: String(err) });
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
