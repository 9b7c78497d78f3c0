// Idempotency-Key semantics on a minimal Express app wired like the dispatcher (intercept before the
// handler, the error envelope after it), against both stores: the in-process one and real Redis
// (TEST_REDIS_URL), including two "gateways" sharing one Redis. The clock is injected, so the 24-hour
// lifetime is tested by moving time, not by waiting. Requests go through supertest.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { AppError, errorBody, type Principal } from '@astro/platform';
import {
  Idempotency,
  MemoryIdempotencyStore,
  RedisIdempotencyStore,
  ResponseSealer,
  type IdempotencyStore,
} from '../src/idempotency/index.ts';
import type { RouteSpec } from '../src/proto-registry.ts';
import { createRedis, type GatewayRedis } from '../src/redis.ts';
import { startRedisCluster, type RedisCluster } from './redis-cluster.ts';

const DAY_MS = 86_400_000;
const SECRET = 'unit-test-secret-0123456789';
const route = { responseStream: false, pathTemplate: '/things' } as RouteSpec;
const principal = (tenant: string): Principal => ({
  kind: 'api_key',
  tenant_id: tenant,
  user_id: '',
  key_id: 'k',
  scopes: [],
  plan_tier: 'free',
});

interface Harness {
  server: Server;
  executions: () => number;
  /** The next executions wait for this before answering. */
  hold: () => () => void;
  /** The next execution answers with this status. */
  failNextWith: (status: number) => void;
  clock: { t: number };
  close: () => Promise<void>;
}

async function startApp(
  store: IdempotencyStore,
  clock = { t: Date.parse('2026-11-21T10:00:00Z') },
  secret = SECRET,
): Promise<Harness> {
  const idem = new Idempotency(
    store,
    new ResponseSealer(secret),
    { ttlMs: DAY_MS, claimMs: 30_000, now: () => clock.t },
    { warn: () => undefined } as never,
  );
  let count = 0;
  let gate: Promise<void> | null = null;
  let failStatus = 0;
  const app = express();
  app.use(express.json());
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const tenant = String(req.headers['x-tenant'] ?? 't1');
      res.setHeader('X-Request-Id', String(req.headers['x-request-id'] ?? randomBytes(4).toString('hex')));
      res.setHeader('X-RateLimit-Remaining', String(100 - count)); // per request: never replayed
      if (await idem.intercept(req, res, route, principal(tenant), req.body)) return;
      count++;
      const n = count;
      if (gate) await gate;
      if (failStatus) {
        const s = failStatus;
        failStatus = 0;
        throw new AppError(s === 503 ? 'service_unavailable' : 'invalid_scope');
      }
      if (req.method === 'DELETE') return void res.status(204).end();
      res
        .status(201)
        .setHeader('Location', `/things/${n}`)
        .json({ n, secret: `sk_${n}`, echo: req.body ?? null });
    } catch (err) {
      next(err);
    }
  };
  app.post('/things', handler);
  app.delete('/things/:id', handler);
  app.get('/things', handler);
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err instanceof AppError ? err : new AppError('internal_error');
    for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
    res.status(e.httpStatus).json(errorBody(e, null));
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    server,
    executions: () => count,
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
    failNextWith: (s) => (failStatus = s),
    clock,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function call(
  h: Harness,
  opts: { key?: string; body?: unknown; tenant?: string; method?: string; path?: string; rawBody?: string },
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-tenant': opts.tenant ?? 't1' };
  if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
  const path = opts.path ?? '/things';
  const method = opts.method ?? 'POST';
  const req = request(h.server)[method.toLowerCase() as 'post' | 'get' | 'delete'](path).set(headers);
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const res = await (body === undefined ? req : req.send(body));
  return {
    status: res.status,
    headers: new Headers(res.headers as Record<string, string>),
    text: res.text,
    json: res.text ? JSON.parse(res.text) : null,
  };
}

const newKey = () => `key-${randomBytes(6).toString('hex')}`;

function suite(name: string, makeStore: () => IdempotencyStore) {
  describe(`Idempotency-Key (${name})`, () => {
    let h: Harness;
    before(async () => {
      h = await startApp(makeStore());
    });
    after(() => h.close());

    it('replays the first response: status, body and its headers, marked Idempotent-Replayed', async () => {
      const key = newKey();
      const first = await call(h, { key, body: { a: 1 } });
      assert.equal(first.status, 201);
      const before = h.executions();
      const again = await call(h, { key, body: { a: 1 } });
      assert.equal(h.executions(), before, 'not executed again');
      assert.equal(again.status, 201);
      assert.equal(again.text, first.text, 'byte-identical body');
      assert.equal(again.headers.get('location'), first.headers.get('location'));
      assert.equal(again.headers.get('content-type'), first.headers.get('content-type'));
      assert.equal(
        again.headers.get('x-request-id'),
        first.headers.get('x-request-id'),
        'the original request id, as in the body of an error',
      );
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(first.headers.get('idempotent-replayed'), null);
    });

    it('member order and spacing of the body do not matter; another body, path or method is 409 idempotency_conflict', async () => {
      const key = newKey();
      assert.equal((await call(h, { key, rawBody: '{"a":1,"b":[1,2]}' })).status, 201);
      assert.equal(
        (await call(h, { key, rawBody: '{ "b": [1, 2], "a": 1 }' })).headers.get('idempotent-replayed'),
        'true',
      );
      const before = h.executions();
      const other = await call(h, { key, body: { a: 2, b: [1, 2] } });
      assert.equal(other.status, 409);
      assert.equal(other.json.error.code, 'idempotency_conflict');
      assert.equal(
        (await call(h, { key, method: 'DELETE', path: '/things/1' })).json.error.code,
        'idempotency_conflict',
      );
      assert.equal(h.executions(), before);
    });

    it('two concurrent requests with one key execute once: the second gets 409 idempotency_in_progress', async () => {
      const key = newKey();
      const before = h.executions();
      const release = h.hold();
      const first = call(h, { key, body: { c: 1 } });
      while (h.executions() === before) await new Promise((r) => setTimeout(r, 5));
      const second = await call(h, { key, body: { c: 1 } });
      assert.equal(second.status, 409);
      assert.equal(second.json.error.code, 'idempotency_in_progress');
      assert.equal(second.headers.get('retry-after'), '1');
      release();
      const done = await first;
      assert.equal(done.status, 201);
      const third = await call(h, { key, body: { c: 1 } });
      assert.equal(third.text, done.text, 'after the first finished, the duplicate is a replay');
      assert.equal(h.executions(), before + 1);
    });

    it('keys are per tenant: the same key in another tenant is a new request', async () => {
      const key = newKey();
      const a = await call(h, { key, body: { x: 1 }, tenant: 't1' });
      const b = await call(h, { key, body: { x: 1 }, tenant: 't2' });
      assert.equal(b.status, 201);
      assert.notEqual(a.json.n, b.json.n);
      assert.equal(b.headers.get('idempotent-replayed'), null);
    });

    it('a response lives 24 hours from the first request', async () => {
      const key = newKey();
      const first = await call(h, { key, body: {} });
      h.clock.t += DAY_MS - 1;
      assert.equal((await call(h, { key, body: {} })).text, first.text, 'replayed 1 ms before the 24 hours end');
      h.clock.t += 1;
      const later = await call(h, { key, body: {} });
      assert.equal(later.status, 201);
      assert.notEqual(later.json.n, first.json.n, 'executed again once 24 hours passed');
      assert.equal(later.headers.get('idempotent-replayed'), null);
    });

    it('4xx answers of an executed request are stored; 5xx are not (a retry runs again)', async () => {
      const k4 = newKey();
      h.failNextWith(422);
      const e1 = await call(h, { key: k4, body: { e: 4 } });
      assert.equal(e1.status, 422);
      const e2 = await call(h, { key: k4, body: { e: 4 } });
      assert.equal(e2.text, e1.text);
      assert.equal(e2.headers.get('idempotent-replayed'), 'true');
      const k5 = newKey();
      h.failNextWith(503);
      assert.equal((await call(h, { key: k5, body: { e: 5 } })).status, 503);
      assert.equal((await call(h, { key: k5, body: { e: 5 } })).status, 201, 'the retry is executed');
    });

    it('a 204 without a body is replayed as 204', async () => {
      const key = newKey();
      const first = await call(h, { key, method: 'DELETE', path: '/things/7' });
      assert.equal(first.status, 204);
      const before = h.executions();
      const again = await call(h, { key, method: 'DELETE', path: '/things/7' });
      assert.equal(again.status, 204);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(h.executions(), before);
    });

    it('GET and requests without the header are not affected; an over-long key is 422', async () => {
      const before = h.executions();
      await call(h, { method: 'GET', key: 'same' });
      await call(h, { method: 'GET', key: 'same' });
      await call(h, { body: {} });
      await call(h, { body: {} });
      assert.equal(h.executions(), before + 4);
      const long = await call(h, { key: 'x'.repeat(256), body: {} });
      assert.equal(long.status, 422);
      assert.equal(long.json.error.details.errors[0].field, 'Idempotency-Key');
      assert.equal((await call(h, { key: 'x'.repeat(255), body: {} })).status, 201);
    });
  });
}

suite('in-process store', () => new MemoryIdempotencyStore());

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Two connections, as two gateway replicas have, made like the gateway's (scripts registered).
const connection = () => createRedis({ REDIS_URL: redisUrl, REDIS_CLUSTER_NODES: [] })!;
const [redisA, redisB] = [connection(), connection()];
before(() => Promise.all([redisA.connect(), redisB.connect()]));
after(() => [redisA, redisB].forEach((c) => c.destroy()));

suite('Redis store', () => new RedisIdempotencyStore(redisA));

// The same semantics on a three-master Redis Cluster (REDIS_CLUSTER_NODES).
let cluster: RedisCluster;
let clusterRedis: GatewayRedis;
before(async () => {
  cluster = await startRedisCluster();
  clusterRedis = createRedis({ REDIS_CLUSTER_NODES: cluster.nodes })!;
  await clusterRedis.connect();
}, 60_000);
after(async () => {
  clusterRedis?.destroy();
  await cluster?.stop();
});

suite('Redis Cluster store', () => new RedisIdempotencyStore(clusterRedis));

describe('Idempotency-Key after a JWT_SECRET rotation', () => {
  it('a response sealed under the old secret is not replayed: 409 idempotency_conflict reason unreadable', async () => {
    const store = new MemoryIdempotencyStore();
    const clock = { t: Date.now() };
    const before = await startApp(store, clock);
    const key = newKey();
    assert.equal((await call(before, { key, body: {} })).status, 201);
    await before.close();
    const after = await startApp(store, clock, 'another-secret-0123456789');
    try {
      const r = await call(after, { key, body: {} });
      assert.equal(r.status, 409);
      assert.equal(r.json.error.details.reason, 'unreadable');
      assert.equal(after.executions(), 0);
    } finally {
      await after.close();
    }
  });
});

describe('Idempotency-Key across two gateways sharing Redis', () => {
  it('the second gateway replays what the first stored, and Redis holds no readable secret', async () => {
    const clock = { t: Date.now() };
    const g1 = await startApp(new RedisIdempotencyStore(redisA), clock);
    const g2 = await startApp(new RedisIdempotencyStore(redisB), clock);
    try {
      const key = newKey();
      const first = await call(g1, { key, body: { shared: true }, tenant: 'tenant-shared' });
      const again = await call(g2, { key, body: { shared: true }, tenant: 'tenant-shared' });
      assert.equal(again.text, first.text);
      assert.equal(g2.executions(), 0);
      const stored = await redisA.keys('idem:v1:tenant-shared:*');
      assert.ok(stored.length >= 1);
      for (const k of stored) {
        const v = (await redisA.get(k)) ?? '';
        assert.ok(!v.includes(first.json.secret), 'the response is stored encrypted');
        assert.ok(!v.includes(key), 'the client key is stored hashed');
      }
    } finally {
      await g1.close();
      await g2.close();
    }
  });
});
