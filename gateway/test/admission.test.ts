// The gateway's bound on requests in progress (src/admission.ts), on a real HTTP server: requests past
// the bound wait in arrival order (each in its own async context), a caller that leaves while waiting
// is skipped, a request that holds its place past holdMs gives it up, and exempt requests (streams) are
// never counted.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { currentContext, requestsWaiting, runWithContext } from '@astro/platform';
import { admission, type AdmissionOptions } from '../src/admission.ts';

interface Harness {
  /** Paths that reached the handler, in order. */
  started: string[];
  /** The request id of the async context each path's handler ran in (each request runs in its own). */
  contexts: Map<string, string | undefined>;
  /** Answers the request of that path (it waits until then). */
  answer(path: string): void;
  get(path: string): { done: Promise<number>; abort(): void };
  counts(): { active: number; waiting: number };
  close(): Promise<void>;
}

const servers: Harness[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function harness(opts: AdmissionOptions): Promise<Harness> {
  const admit = admission(opts);
  const started: string[] = [];
  const contexts = new Map<string, string | undefined>();
  const pending = new Map<string, http.ServerResponse>();
  const server = http.createServer((req, res) =>
    runWithContext({ requestId: req.url! }, () =>
      admit(req as Request, res as Response, () => {
        started.push(req.url!);
        contexts.set(req.url!, currentContext()?.requestId);
        pending.set(req.url!, res);
      }),
    ),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const h: Harness = {
    started,
    contexts,
    answer: (path) => pending.get(path)!.end('ok'),
    get(path) {
      const req = http.get({ host: '127.0.0.1', port, path, agent });
      const done = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
      });
      return { done, abort: () => req.destroy() };
    },
    counts: () => admit.counts(),
    close: async () => {
      for (const res of pending.values()) if (!res.writableEnded) res.destroy();
      agent.destroy();
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

describe('admission', () => {
  it('keeps at most `limit` requests in progress and starts the rest in arrival order', async () => {
    const h = await harness({ limit: 2, holdMs: 60_000 });
    const calls = [];
    for (const p of ['/a', '/b', '/c', '/d']) {
      calls.push(h.get(p));
      await until(() => h.counts().active + h.counts().waiting === calls.length, `${p} to arrive`);
    }
    assert.deepEqual(h.started, ['/a', '/b']);
    assert.deepEqual(h.counts(), { active: 2, waiting: 2 });
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
    assert.deepEqual(h.counts(), { active: 0, waiting: 0 });
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
    assert.deepEqual(h.counts(), { active: 1, waiting: 0 });
    for (const p of ['/a', '/stream/1', '/stream/2']) h.answer(p);
    await Promise.all(calls.map((c) => c.done));

    const open = await harness({ limit: 0 });
    const many = ['/1', '/2', '/3'].map((p) => open.get(p));
    await until(() => open.started.length === 3, 'all three to start');
    for (const p of ['/1', '/2', '/3']) open.answer(p);
    await Promise.all(many.map((c) => c.done));
  });
});
