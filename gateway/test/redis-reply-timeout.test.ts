// A Redis command waits at most REPLY_TIMEOUT_MS for its reply (a hung server must not hold the
// request), through one shared deadline timer (redis.ts ReplyDeadlines) rather than node-redis'
// per-command AbortSignal timers. The hung server is a throw-away redis-server of this test, stopped
// with SIGSTOP after the connection is up: it accepts bytes and answers nothing.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { RedisLimitStore } from '../src/limits/redis-store.ts';
import { createRedis, type GatewayRedis } from '../src/redis.ts';
import { REPLY_TIMEOUT_MS, RedisReplyTimeoutError, ReplyDeadlines } from '../src/redis-reply.ts';
import { freePort } from '../../scripts/fleet.ts';

describe('ReplyDeadlines', () => {
  it('passes replies and errors through, and rejects what waits past the timeout', async () => {
    const d = new ReplyDeadlines(100, 10);
    assert.equal(await d.within(Promise.resolve('PONG')), 'PONG');
    await assert.rejects(d.within(Promise.reject(new Error('NOSCRIPT'))), /NOSCRIPT/);
    const t0 = Date.now();
    await assert.rejects(d.within(new Promise(() => {})), RedisReplyTimeoutError);
    const waited = Date.now() - t0;
    assert.ok(waited >= 100 && waited < 1_000, `rejected after ${waited} ms`);
    assert.equal(d.size, 0, 'nothing left pending');
  });

  it('a late reply after the deadline changes nothing', async () => {
    const d = new ReplyDeadlines(50, 10);
    let answer!: (v: string) => void;
    const late = d.within(new Promise<string>((r) => (answer = r)));
    await assert.rejects(late, RedisReplyTimeoutError);
    answer('OK');
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(d.size, 0);
  });
});

describe('a hung Redis server', () => {
  let server: ChildProcess;
  let redis: GatewayRedis;

  before(async () => {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redis = createRedis({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_CLUSTER_NODES: [] })!;
    redis.on('error', () => {});
    for (let i = 0; ; i++) {
      try {
        await redis.connect();
        break;
      } catch (err) {
        if (i > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });

  after(async () => {
    redis?.destroy();
    server?.kill('SIGCONT');
    server?.kill('SIGKILL');
  });

  it(
    'the limiter store gets a timeout error after REPLY_TIMEOUT_MS instead of waiting',
    async () => {
      const store = new RedisLimitStore(redis);
      const admit = () =>
        store.admit({ nowMs: Date.now(), bucket: { key: 'b:{t}', capacity: 5, refillPerSecond: 1 }, quota: null });
      assert.equal((await admit()).allowed, true, 'answers while the server is up');
      server.kill('SIGSTOP');
      const t0 = Date.now();
      await assert.rejects(admit(), RedisReplyTimeoutError);
      const waited = Date.now() - t0;
      assert.ok(waited >= REPLY_TIMEOUT_MS && waited < REPLY_TIMEOUT_MS + 2_000, `rejected after ${waited} ms`);
    },
    REPLY_TIMEOUT_MS + 10_000,
  );
});
