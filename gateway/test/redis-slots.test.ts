// Redis Cluster runs a Lua script on the node of its first key and refuses keys of other slots
// (CROSSSLOT), so every key one script call touches must hash to one slot. The calls are made by the
// real limiter and stores; their keys are read back through the scripts' own parseCommand, and hashed
// with the slot function node-redis' cluster client routes by.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import type { CommandParser } from '@redis/client';
import type { Principal } from '@astro/platform';
import { RedisIdempotencyStore } from '../src/idempotency/store.ts';
import { Limiter } from '../src/limits/limiter.ts';
import { RedisLimitStore } from '../src/limits/redis-store.ts';
import { collectRoutes, loadProtoRoot, type RouteSpec } from '../src/proto-registry.ts';
import { gatewayScripts, type GatewayRedis } from '../src/redis.ts';

// node-redis vendors cluster-key-slot (CRC16/XMODEM of the hash tag, mod 16384) and does not export it.
const calculateSlot = (
  createRequire(import.meta.url)('@redis/client/dist/lib/utils/calculate-slot.js') as {
    default: (key: string) => number;
  }
).default;

type ScriptName = keyof typeof gatewayScripts;
interface Call {
  script: ScriptName;
  keys: string[];
}

/** A stand-in client that records each script call's keys and answers like the script would. */
function recordingRedis(calls: Call[]): GatewayRedis {
  const replies: Record<ScriptName, unknown> = {
    limitsAdmit: [1, 0, 0, 1, 1],
    limitsHit: 1,
    idemClaim: null,
    idemSettle: 1,
  };
  const fake = Object.fromEntries(
    Object.keys(gatewayScripts).map((name) => [
      name,
      async (...args: unknown[]) => {
        const keys: string[] = [];
        const parser = { pushKey: (k: string) => keys.push(k), push: () => {} } as unknown as CommandParser;
        const script = gatewayScripts[name as ScriptName] as unknown as {
          parseCommand(p: CommandParser, ...a: unknown[]): void;
        };
        script.parseCommand(parser, ...args);
        calls.push({ script: name as ScriptName, keys });
        return replies[name as ScriptName];
      },
    ]),
  );
  return fake as unknown as GatewayRedis;
}

const ROUTES = collectRoutes(loadProtoRoot(path.join(import.meta.dirname, '..', '..', 'protos')));
const route = (pathTemplate: string, httpMethod: string): RouteSpec => {
  const r = ROUTES.find((x) => x.pathTemplate === pathTemplate && x.httpMethod === httpMethod);
  assert.ok(r, `${httpMethod} ${pathTemplate} is a route`);
  return r;
};
const res = { setHeader: () => {} };

/** Every script call the gateway makes: the limiter's (each principal and route kind) and the store's. */
async function allCalls(): Promise<Call[]> {
  const calls: Call[] = [];
  const redis = recordingRedis(calls);
  const limiter = new Limiter(
    new RedisLimitStore(redis),
    () => Date.parse('2026-11-21T10:00:00Z'),
    async () => ({
      ok: false,
      remaining: 0,
    }),
    {
      keyPrefix: 'astro:limits:',
      overrides: {},
      authAttemptLimit: 10,
      authAttemptWindowSeconds: 300,
      testKeyBucket: { capacity: 10, refillPerSecond: 1 },
      feedFetchLimit: 60,
      feedFetchWindowSeconds: 3600,
    },
  );
  const tenant = '0190a000-0000-7000-8000-000000000001';
  const apiKey: Principal = {
    kind: 'api_key',
    tenant_id: tenant,
    user_id: '',
    key_id: 'k1',
    scopes: [],
    plan_tier: 'free',
  };
  const session: Principal = { ...apiKey, kind: 'session', user_id: 'u1', key_id: '' };
  const admit = (r: RouteSpec, principal?: Principal) =>
    limiter.admit({
      req: { ip: '192.0.2.1' } as never,
      res: res as never,
      route: r,
      principal,
      body: {},
      requestId: 'r',
    });
  const counted = route('/v1/charts/{chart_id}', 'GET');
  await admit(counted, apiKey); // bucket + day + month
  await admit(route('/v1/tenant/plan', 'GET'), apiKey); // bucket only
  await admit(counted, session); // day + month
  await admit(route('/v1/auth/login', 'POST')); // the auth-attempt window
  const idem = new RedisIdempotencyStore(redis);
  const entry = { state: 'running' as const, fp: 'f', owner: 'o', expires_at: 2 };
  await idem.claim('idem:v1:t:k', entry, 1);
  await idem.complete('idem:v1:t:k', 'o', { state: 'done', fp: 'f', expires_at: 2, sealed: 's' }, 1);
  await idem.release('idem:v1:t:k', 'o');
  return calls;
}

describe('Redis Cluster: one slot per script call', () => {
  it("node-redis' slot function gives the slots the Redis manual shows for CLUSTER KEYSLOT", () => {
    // redis.io, command reference "CLUSTER KEYSLOT": somekey -> 11058; foo{hash_tag}, bar{hash_tag} -> 2515.
    assert.equal(calculateSlot('somekey'), 11058);
    assert.equal(calculateSlot('foo{hash_tag}'), 2515);
    assert.equal(calculateSlot('bar{hash_tag}'), 2515);
  });

  it('every multi-key script call keeps its keys in one slot, and every multi-key script is exercised', async () => {
    const calls = await allCalls();
    const multiKey = Object.entries(gatewayScripts)
      .filter(([, s]) => (s.NUMBER_OF_KEYS ?? 0) > 1)
      .map(([name]) => name);
    assert.ok(multiKey.length > 0);
    for (const name of multiKey)
      assert.ok(
        calls.some((c) => c.script === name),
        `${name} was called`,
      );
    for (const c of calls) {
      assert.equal(c.keys.length, gatewayScripts[c.script].NUMBER_OF_KEYS, `${c.script} pushes its keys`);
      const slots = new Set(c.keys.map(calculateSlot));
      assert.equal(slots.size, 1, `${c.script} keys ${c.keys.join(' ')} span slots ${[...slots].join(',')}`);
    }
    // The admit script ran with its three keys distinct for an API key on a counted route.
    assert.ok(calls.some((c) => c.script === 'limitsAdmit' && new Set(c.keys).size === 3));
  });
});
