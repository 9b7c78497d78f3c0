// The gateway's bound on requests in progress (src/admission.ts), on a real HTTP server: requests past
// the bound wait in arrival order (each in its own async context), a caller that leaves while waiting
// is skipped, a request that holds its place past holdMs gives it up, exempt requests (streams) are
// never counted, a keep-alive connection's next request is left unread while the queue is long, and
// requests answered at once start at most `limit` per event-loop turn.
import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { currentContext, requestsWaiting, runWithContext } from '@astro/platform';
import { admission, type AdmissionOptions } from '../src/admission.ts';

interface Harness {
  /** Paths the server read, in order (before admission). */
  arrived: string[];
  /** Paths that reached the handler, in order. */
  started: string[];
  /** The request id of the async context each path's handler ran in (each request runs in its own). */
  contexts: Map<string, string | undefined>;
  /** Answers the request of that path (it waits until then). */
  answer(path: string): void;
  get(path: string, agent?: http.Agent): { done: Promise<number>; abort(): void };
  /** A client with one keep-alive connection of its own: its requests go one after the other on it. */
  client(): http.Agent;
  counts(): { active: number; waiting: number; parked: number };
  close(): Promise<void>;
}

const servers: Harness[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function harness(opts: AdmissionOptions): Promise<Harness> {
  const admit = admission(opts);
  const arrived: string[] = [];
  const started: string[] = [];
  const contexts = new Map<string, string | undefined>();
  const pending = new Map<string, http.ServerResponse>();
  const agents: http.Agent[] = [];
  const server = http.createServer((req, res) => {
    arrived.push(req.url!);
    runWithContext({ requestId: req.url! }, () =>
      admit(req as Request, res as Response, () => {
        started.push(req.url!);
        contexts.set(req.url!, currentContext()?.requestId);
        pending.set(req.url!, res);
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const h: Harness = {
    arrived,
    started,
    contexts,
    answer: (path) => pending.get(path)!.end('ok'),
    get(path, via = agent) {
      const req = http.get({ host: '127.0.0.1', port, path, agent: via });
      const done = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
      });
      return { done, abort: () => req.destroy() };
    },
    client() {
      const a = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(a);
      return a;
    },
    counts: () => admit.counts(),
    close: async () => {
      for (const res of pending.values()) if (!res.writableEnded) res.destroy();
      agent.destroy();
      for (const a of agents) a.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  servers.push(h);
  return h;
}

const until = async (cond: () => boolean, what: string, ms = 2_000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Three keep-alive clients a, b, c with one place (parkAbove 1): /a1 runs while /b1 and /c1 wait; once
 * /a1 is answered, /b1 runs, /c1 waits and a's connection is parked.
 */
async function parkedAfterFirst(maxParkMs: number) {
  const h = await harness({ limit: 1, parkAbove: 1, holdMs: 60_000, maxParkMs });
  const [a, b, c] = [h.client(), h.client(), h.client()];
  const a1 = h.get('/a1', a);
  await until(() => h.started.length === 1, '/a1 to start');
  const b1 = h.get('/b1', b);
  const c1 = h.get('/c1', c);
  await until(() => h.counts().waiting === 2, '/b1 and /c1 to wait');
  h.answer('/a1');
  assert.equal(await a1.done, 200);
  await until(() => h.counts().parked === 1, "a's connection to be parked");
  assert.deepEqual(h.counts(), { active: 1, waiting: 1, parked: 1 });
  return { h, a, b, b1, c1 };
}

describe('admission', () => {
  it('keeps at most `limit` requests in progress and starts the rest in arrival order', async () => {
    const h = await harness({ limit: 2, holdMs: 60_000 });
    const calls = [];
    for (const p of ['/a', '/b', '/c', '/d']) {
      calls.push(h.get(p));
      await until(() => h.counts().active + h.counts().waiting === calls.length, `${p} to arrive`);
    }
    assert.deepEqual(h.started, ['/a', '/b']);
    assert.deepEqual(h.counts(), { active: 2, waiting: 2, parked: 0 });
    const gauge = async () => (await requestsWaiting.get()).values[0]?.value;
    assert.equal(await gauge(), 2, 'gateway_requests_waiting');
    h.answer('/b');
    assert.equal(await calls[1]!.done, 200);
    await until(() => h.started.length === 3, '/c to start');
    assert.deepEqual(h.started, ['/a', '/b', '/c']);
    h.answer('/a');
    await until(() => h.started.length === 4, '/d to start');
    h.answer('/c');
    h.answer('/d');
    assert.deepEqual(await Promise.all(calls.map((c) => c.done)), [200, 200, 200, 200]);
    assert.deepEqual(h.counts(), { active: 0, waiting: 0, parked: 0 });
    assert.equal(await gauge(), 0);
    // /c and /d were started from another request's callback, yet ran in their own context (request
    // id, trace span).
    assert.deepEqual(Object.fromEntries(h.contexts), { '/a': '/a', '/b': '/b', '/c': '/c', '/d': '/d' });
  });

  it('skips a caller that went away while it waited', async () => {
    const h = await harness({ limit: 1, holdMs: 60_000 });
    const a = h.get('/a');
    await until(() => h.started.length === 1, '/a to start');
    const b = h.get('/b');
    b.done.catch(() => {});
    await until(() => h.counts().waiting === 1, '/b to wait');
    const c = h.get('/c');
    await until(() => h.counts().waiting === 2, '/c to wait');
    b.abort();
    await sleep(50); // the server hears the reset
    h.answer('/a');
    await a.done;
    await until(() => h.started.length === 2, '/c to start');
    assert.deepEqual(h.started, ['/a', '/c'], '/b never reached the handler');
    h.answer('/c');
    assert.equal(await c.done, 200);
  });

  it('a request in progress longer than holdMs gives its place up', async () => {
    const h = await harness({ limit: 1, holdMs: 40 });
    const a = h.get('/slow');
    await until(() => h.started.length === 1, '/slow to start');
    const t0 = Date.now();
    const b = h.get('/next');
    await until(() => h.started.length === 2, '/next to start');
    const waited = Date.now() - t0;
    assert.ok(waited < 1_000, `started after ${waited} ms`);
    h.answer('/next');
    h.answer('/slow');
    assert.deepEqual(await Promise.all([a.done, b.done]), [200, 200]);
  });

  it('never counts exempt requests, and a limit of 0 bounds nothing', async () => {
    const h = await harness({ limit: 1, holdMs: 60_000, exempt: (req) => req.url!.startsWith('/stream') });
    const calls = [h.get('/a'), h.get('/stream/1'), h.get('/stream/2')];
    await until(() => h.started.length === 3, 'the streams to start beside /a');
    assert.deepEqual(h.counts(), { active: 1, waiting: 0, parked: 0 });
    for (const p of ['/a', '/stream/1', '/stream/2']) h.answer(p);
    await Promise.all(calls.map((c) => c.done));

    const open = await harness({ limit: 0 });
    const many = ['/1', '/2', '/3'].map((p) => open.get(p));
    await until(() => open.started.length === 3, 'all three to start');
    for (const p of ['/1', '/2', '/3']) open.answer(p);
    await Promise.all(many.map((c) => c.done));
  });

  it('starts at most `limit` requests per event-loop turn, even when each is answered at once', async () => {
    // Ten requests ready on ten connections in the same turn, each answered within its own callback
    // after 3 ms of work (an answer from memory): without the per-turn bound one turn runs all ten
    // and no timer fires in between. A timer of 1 ms counts the turns: 3 ms of work makes it due at
    // every turn's timer phase.
    const admit = admission({ limit: 2, holdMs: 60_000 });
    let ticks = 0;
    const startedAtTick: number[] = [];
    const server = http.createServer((req, res) =>
      admit(req as Request, res as Response, () => {
        startedAtTick.push(ticks);
        const until = performance.now() + 3;
        while (performance.now() < until); // the request's synchronous work
        res.end('ok');
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const sockets = await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    const answered = sockets.map(
      (s) =>
        new Promise<string>((resolve) => {
          let text = '';
          s.on('data', (d) => (text += d)).on('end', () => resolve(text));
        }),
    );
    await sleep(20); // the server has accepted every connection
    const timer = setInterval(() => ticks++, 1);
    try {
      for (const s of sockets) s.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const until = performance.now() + 20;
      while (performance.now() < until); // all ten requests reach the server's socket buffers meanwhile
      const texts = await Promise.all(answered);
      assert.ok(
        texts.every((t) => t.startsWith('HTTP/1.1 200')),
        texts.join('\n'),
      );
    } finally {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
    assert.equal(startedAtTick.length, 10);
    const perTick = new Map<number, number>();
    for (const t of startedAtTick) perTick.set(t, (perTick.get(t) ?? 0) + 1);
    assert.ok(Math.max(...perTick.values()) <= 2, `requests started per turn: ${JSON.stringify([...perTick])}`);
    assert.ok(perTick.size >= 5, `ten requests over at least five turns: ${JSON.stringify([...perTick])}`);
  });

  it("leaves a connection's next request unread while the queue is long, and reads it in its turn", async () => {
    const { h, a, b, b1, c1 } = await parkedAfterFirst(60_000);
    // a's next request stays unread while /c1 waits.
    const a2 = h.get('/a2', a);
    await sleep(100);
    assert.deepEqual(h.arrived, ['/a1', '/b1', '/c1'], '/a2 is not read while the queue is long');
    // /b1's answer starts /c1; nothing waits, so the oldest parked connection (a) is read again, and b,
    // answered while a was parked, waits behind it.
    h.answer('/b1');
    assert.equal(await b1.done, 200);
    await until(() => h.arrived.includes('/a2'), '/a2 to be read');
    const b2 = h.get('/b2', b);
    await until(() => h.counts().waiting === 1, '/a2 to wait for /c1');
    h.answer('/c1');
    assert.equal(await c1.done, 200);
    await until(() => h.started.includes('/a2'), '/a2 to start');
    h.answer('/a2');
    assert.equal(await a2.done, 200);
    await until(() => h.started.includes('/b2'), '/b2 to start');
    h.answer('/b2');
    assert.equal(await b2.done, 200);
    assert.deepEqual(h.started, ['/a1', '/b1', '/c1', '/a2', '/b2'], 'first come, first served');
    await until(() => h.counts().parked === 0, 'every connection to be read again');
    assert.deepEqual(h.counts(), { active: 0, waiting: 0, parked: 0 });
  });

  it('reads a parked connection again after maxParkMs when no answer wakes it', async () => {
    const { h, a, b1, c1 } = await parkedAfterFirst(100);
    // /b1 holds the one place and nobody answers it: only the time limit reads /a2.
    const t0 = Date.now();
    const a2 = h.get('/a2', a);
    await until(() => h.arrived.includes('/a2'), '/a2 to be read');
    assert.ok(Date.now() - t0 >= 50, 'read once the connection was let go, not at once');
    assert.deepEqual(h.counts(), { active: 1, waiting: 2, parked: 0 });
    for (const p of ['/b1', '/c1', '/a2']) {
      await until(() => h.started.includes(p), `${p} to start`);
      h.answer(p);
    }
    assert.deepEqual(await Promise.all([b1.done, c1.done, a2.done]), [200, 200, 200]);
    assert.deepEqual(h.started, ['/a1', '/b1', '/c1', '/a2']);
  });
});
