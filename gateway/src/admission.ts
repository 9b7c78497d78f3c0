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
// Parked connections: a waiting request still costs the heap its request, response and span (some kB),
// and at 200 connections ~190 of them waited through young-generation GCs that copied them. So once
// `parkAbove` parsed requests wait, a connection whose answer has gone out is paused (its next request
// stays unread in the kernel's buffer, at no cost here) and resumed, oldest first, as the queue
// shortens: about one per answer, or as many as there are free places when nothing waits. Interleaved
// fleets, mixed workload at 200 connections (issue 18): scavenges 5.3-6.6 against 6.8-7.5 ms, the
// gateway's event-loop delay p99 19.5-21.7 against 19.7-25.0 ms (at 16 connections scavenges take 2.5
// ms: what else survives at 200 is not established). A client sees the same wait; the gateway's log
// and metrics count only the part after its request was read. A parked connection is resumed after
// `maxParkMs` whatever the queue (a resumed client that sent nothing leaves no answer to wake the next).
//
// Requests per turn: a request answered from memory (a stored chart's answer, chart-answers.ts) is
// done within the turn that read it, so it never counted against the bound for long, and a turn with
// 100 connections ready ran all 100 (chart GET at 100 connections, issue 18: ~200 µs each, the
// gateway's event-loop delay p99 27-42 ms). So at most `limit` requests start per turn of the event
// loop; the rest wait their turn in the same queue, and the next ones start from a setImmediate, which
// runs after the turn's I/O: timers and other sockets get their turn between every `limit` requests.
//
// The bound is on work, not on waiting: a request still in progress after `holdMs` (its backend is slow,
// an LLM call, a 400-day search) gives its place up, so a few slow calls never hold back the rest.
// Streams (SSE) are not counted at all; ops and docs paths never come here (app.ts's front sends only
// proto routes), so health checks answer under any load.
import { AsyncResource } from 'node:async_hooks';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { requestsWaiting } from '@astro/platform';
import { Expiring } from './expiring.ts';

export interface Admission {
  (req: Request, res: Response, next: NextFunction): void;
  /** Requests holding a place and waiting for one, and connections parked, now (tests). */
  readonly counts: () => { active: number; waiting: number; parked: number };
}

export interface AdmissionOptions {
  /** Requests in progress at once; 0 = no bound. */
  limit: number;
  /** How long a request keeps its place, ms. */
  holdMs?: number;
  /** Requests that are never counted (streams). */
  exempt?: (req: Request) => boolean;
  /** Parsed requests that may wait before connections are parked (default: limit). */
  parkAbove?: number;
  /** Longest a connection stays parked, ms (default 1000). */
  maxParkMs?: number;
  now?: () => number;
}

export function admission({
  limit,
  holdMs = 50,
  exempt = () => false,
  parkAbove = limit,
  maxParkMs = 1_000,
  now = Date.now,
}: AdmissionOptions): Admission {
  // A FIFO as an array with a moving head: shift() on a long array copies it.
  let waiting: (() => void)[] = [];
  let head = 0;
  // Requests started this turn (see top: requests per turn), and whether the first of them was started
  // by newTurn, in a setImmediate: then a timer phase has passed since, and the next setImmediate may
  // start the next ones. Ones started by I/O (a socket read, an answer's 'close') ran in this turn's
  // poll phase, so its setImmediate only opens the next turn and starts nothing itself.
  let startedThisTurn = 0;
  let turnOpenedByImmediate = false;
  let inNewTurn = false;
  let nextTurn: NodeJS.Immediate | undefined;
  const newTurn = () => {
    nextTurn = undefined;
    const startedByIo = startedThisTurn > 0 && !turnOpenedByImmediate;
    startedThisTurn = 0;
    if (startedByIo) {
      if (waitingCount() > 0) nextTurn = setImmediate(newTurn);
      return;
    }
    inNewTurn = true;
    try {
      admitNext();
    } finally {
      inNewTurn = false;
    }
  };
  const hasRoom = () => active.size < limit && startedThisTurn < limit;
  const admitNext = () => {
    if (head === waiting.length) return;
    while (head < waiting.length && hasRoom()) {
      const start = waiting[head]!;
      waiting[head++] = undefined as never;
      start();
    }
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    }
    requestsWaiting.set(waitingCount());
  };
  /** Places taken, by each request's start function; one held past holdMs is freed (expiring.ts). */
  const active = new Expiring<() => void>(holdMs, admitNext, Math.max(1, holdMs / 2), now);
  const waitingCount = () => waiting.length - head;

  /** Connections whose next request is left unread, oldest first (see top). */
  const parked = new Expiring<Socket>(maxParkMs, (socket) => socket.resume(), Math.max(1, maxParkMs / 4), now);
  const unparkOldest = (): boolean => {
    const socket = parked.oldest();
    if (!socket) return false;
    parked.delete(socket);
    socket.resume();
    return true;
  };
  /** After an answer on `socket`: park it while enough requests wait, then wake the ones there is room for. */
  const afterAnswer = (socket: Socket) => {
    // Behind the ones parked already while every place is taken (first come, first served); never a
    // connection that closes after this answer (Connection: close), which has no next request to hold.
    const long = waitingCount() >= parkAbove || (parked.size > 0 && active.size >= limit);
    if (long && socket.writable) {
      socket.pause();
      parked.add(socket);
    }
    const room = waitingCount() === 0 ? Math.max(1, limit - active.size) : waitingCount() < parkAbove ? 1 : 0;
    for (let i = 0; i < room && unparkOldest(); i++);
  };

  const admit = ((req: Request, res: Response, next: NextFunction) => {
    if (limit <= 0 || exempt(req)) return next();
    let gone = false;
    const start = (): void => {
      if (gone) return; // its caller went away while it waited
      active.add(start);
      if (startedThisTurn++ === 0) {
        turnOpenedByImmediate = inNewTurn;
        nextTurn ??= setImmediate(newTurn);
      }
      next();
    };
    // 'close' follows every response, answered or abandoned (Node emits it after 'finish' too).
    const socket = req.socket;
    res.once('close', () => {
      gone = true;
      if (active.delete(start)) admitNext();
      if (parkAbove > 0 && socket) afterAnswer(socket);
    });
    if (hasRoom() && head === waiting.length) return start();
    // Started later from another request's callback: run in this one's async context (its request id
    // and trace span), or it would run in the other's. A resource and runInAsyncScope, not
    // AsyncResource.bind, which also defines a deprecated getter on every bound function.
    const scope = new AsyncResource('admission-wait');
    waiting.push(() => scope.runInAsyncScope(start));
    requestsWaiting.set(waitingCount());
  }) as Admission;
  Object.defineProperty(admit, 'counts', {
    value: () => ({ active: active.size, waiting: waitingCount(), parked: parked.size }),
  });
  return admit;
}
