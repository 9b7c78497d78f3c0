// At most N unary API requests in progress in this gateway; the rest wait their turn in arrival order.
//
// Why: the gateway works one event-loop turn at a time, and a turn runs every callback that is ready
// (sockets read, Redis replies, gRPC answers, each with the request work that follows). At 200
// connections all 200 requests were in progress at once, so turns ran dozens of requests' work:
// 80-120 ms during which no timer fired and no other socket was read (issue 18's mixed workload,
// event-loop delay p99 of the gateway; the services behind it saw the same bursts). With the bound a
// turn runs at most about N requests' work whatever the number of connections, and a waiting request
// costs only its parsed headers. The order of answers stays first come, first served.
//
// The bound is on work, not on waiting: a request still in progress after `holdMs` (its backend is slow,
// an LLM call, a 400-day search) gives its place up, so a few slow calls never hold back the rest.
// Streams (SSE) are not counted at all; ops and docs paths never come here (app.ts's front sends only
// proto routes), so health checks answer under any load.
import { AsyncResource } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { requestsWaiting } from '@astro/platform';
import { Expiring } from './expiring.ts';

export interface Admission {
  (req: Request, res: Response, next: NextFunction): void;
  /** Requests holding a place and waiting for one now (tests). */
  readonly counts: () => { active: number; waiting: number };
}

export interface AdmissionOptions {
  /** Requests in progress at once; 0 = no bound. */
  limit: number;
  /** How long a request keeps its place, ms. */
  holdMs?: number;
  /** Requests that are never counted (streams). */
  exempt?: (req: Request) => boolean;
  now?: () => number;
}

export function admission({ limit, holdMs = 50, exempt = () => false, now = Date.now }: AdmissionOptions): Admission {
  // A FIFO as an array with a moving head: shift() on a long array copies it.
  let waiting: (() => void)[] = [];
  let head = 0;
  const admitNext = () => {
    if (head === waiting.length) return;
    while (head < waiting.length && active.size < limit) {
      const start = waiting[head]!;
      waiting[head++] = undefined as never;
      start();
    }
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    }
    requestsWaiting.set(waiting.length - head);
  };
  /** Places taken, by each request's start function; one held past holdMs is freed (expiring.ts). */
  const active = new Expiring<() => void>(holdMs, admitNext, Math.max(1, holdMs / 2), now);

  const admit = ((req: Request, res: Response, next: NextFunction) => {
    if (limit <= 0 || exempt(req)) return next();
    let gone = false;
    const start = (): void => {
      if (gone) return; // its caller went away while it waited
      active.add(start);
      next();
    };
    // 'close' follows every response, answered or abandoned (Node emits it after 'finish' too).
    res.once('close', () => {
      gone = true;
      if (active.delete(start)) admitNext();
    });
    if (active.size < limit && head === waiting.length) return start();
    // Started later from another request's callback: run in this one's async context (its request id
    // and trace span), or it would run in the other's. A resource and runInAsyncScope, not
    // AsyncResource.bind, which also defines a deprecated getter on every bound function.
    const scope = new AsyncResource('admission-wait');
    waiting.push(() => scope.runInAsyncScope(start));
    requestsWaiting.set(waiting.length - head);
  }) as Admission;
  Object.defineProperty(admit, 'counts', { value: () => ({ active: active.size, waiting: waiting.length - head }) });
  return admit;
}
