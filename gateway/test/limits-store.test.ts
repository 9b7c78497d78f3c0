// The two counter stores obey one contract: the Redis script (real Redis, TEST_REDIS_URL) and the
// in-process store (REDIS_URL unset) give the same answers for the same sequence of requests, and so
// does the script on a Redis Cluster (REDIS_CLUSTER_NODES).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { MemoryLimitStore } from '../src/limits/memory-store.ts';
import { RedisLimitStore } from '../src/limits/redis-store.ts';
import type { AdmitInput, LimitStore } from '../src/limits/store.ts';
import { createRedis, type GatewayRedis } from '../src/redis.ts';
import { startRedisCluster, type RedisCluster } from './redis-cluster.ts';

// A node-redis connection made like the gateway's (the scripts registered, EVALSHA with EVAL fallback).
const redis = createRedis({
  REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
  REDIS_CLUSTER_NODES: [],
})!;
// And a three-master Redis Cluster (REDIS_CLUSTER_NODES): the scripts run on their keys' slot.
let cluster: RedisCluster;
let clusterRedis: GatewayRedis;
before(async () => {
  await redis.connect();
  cluster = await startRedisCluster();
  clusterRedis = createRedis({ REDIS_CLUSTER_NODES: cluster.nodes })!;
  await clusterRedis.connect();
}, 60_000);
after(async () => {
  redis.destroy();
  clusterRedis?.destroy();
  await cluster?.stop();
});

function contract(name: string, make: () => LimitStore) {
  describe(`${name} store`, () => {
    // One hash tag for the whole namespace, as the limiter gives all of a principal's keys: on a cluster a
    // script's keys must share a slot (gateway/test/redis-slots.test.ts checks the limiter's own keys).
    const ns = `test:limits:{${randomBytes(6).toString('hex')}}:`;
    const input = (nowMs: number, daily = 3, monthly = 5, capacity = 4): AdmitInput => ({
      nowMs,
      bucket: { key: `${ns}bucket`, capacity, refillPerSecond: 2 },
      quota: {
        dayKey: `${ns}day:${Math.floor(nowMs / 86_400_000)}`,
        monthKey: `${ns}month`,
        dailyLimit: daily,
        monthlyLimit: monthly,
        dayTtlMs: 60_000,
        monthTtlMs: 60_000,
      },
    });

    it('burst: capacity takes, then a wait; refused retries do not shorten it', async () => {
      const s = make();
      const noQuota = (now: number): AdmitInput => ({
        ...input(now),
        bucket: { ...input(now).bucket!, key: `${ns}b2` },
        quota: null,
      });
      for (let i = 0; i < 4; i++) assert.equal((await s.admit(noQuota(1000))).allowed, true);
      const r = await s.admit(noQuota(1000));
      assert.equal(r.allowed, false);
      assert.equal(r.retryAfterMs, 500);
      assert.equal((await s.admit(noQuota(1250))).retryAfterMs, 250);
      assert.equal((await s.admit(noQuota(1499))).allowed, false);
      assert.equal((await s.admit(noQuota(1500))).allowed, true);
      assert.equal((await s.admit(noQuota(1500))).allowed, false);
    });

    it('daily quota: the last request within it passes, the next is refused and not counted', async () => {
      const s = make();
      const day0 = 10 * 86_400_000;
      for (let i = 1; i <= 3; i++) {
        const r = await s.admit(input(day0 + i * 1000));
        assert.deepEqual([r.allowed, r.exceeded, r.dayUsed, r.monthUsed], [true, null, i, i]);
      }
      const refused = await s.admit(input(day0 + 4000));
      assert.deepEqual([refused.exceeded, refused.dayUsed, refused.monthUsed], ['day', 3, 3]);
      // Next day: the daily counter starts again; the month goes on to its limit of 5.
      const day1 = day0 + 86_400_000;
      assert.equal((await s.admit(input(day1))).exceeded, null);
      assert.equal((await s.admit(input(day1 + 1000))).exceeded, null);
      const month = await s.admit(input(day1 + 2000));
      assert.deepEqual([month.exceeded, month.dayUsed, month.monthUsed], ['month', 2, 5]);
    });

    it('fixed-window hits count up', async () => {
      const s = make();
      assert.equal((await s.hit(`${ns}hit`, 60_000)).count, 1);
      assert.equal((await s.hit(`${ns}hit`, 60_000)).count, 2);
    });
  });
}

contract('in-process', () => new MemoryLimitStore());
contract('Redis', () => new RedisLimitStore(redis));
contract('Redis Cluster', () => new RedisLimitStore(clusterRedis));
