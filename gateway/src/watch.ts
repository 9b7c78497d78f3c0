// The gateway's invalidation streams (the account service's WatchInvalidations, the chart service's
// WatchErasures): unrouted RPCs called through Backends, followed with the platform's followStream.
import { followStream, uuidv7, type FollowedStream, type Logger } from '@astro/platform';
import type { Backends, CallTarget } from './backends.ts';

/** Follows an unrouted server-streaming RPC of a service with followStream (@astro/platform). */
export function follow<M>(
  backends: Backends,
  target: CallTarget,
  h: { what: string; onMessage(msg: M): void; onBroken(): void },
  logger: Logger,
): () => void {
  const open = () =>
    backends.stream(target, {}, { requestId: uuidv7(), deadlineMs: 24 * 3600_000 }) as unknown as FollowedStream<M>;
  return followStream(open, { ...h, stream: target.grpcPath }, logger);
}
