// API key use cases and the per-request authenticator over in-memory ports.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError, type Principal } from '@astro/platform';
import { generateApiKey } from '../src/domain/api-key-format.ts';
import { LastUsedThrottle } from '../src/domain/last-used-throttle.ts';
import { tenantRecord } from './fakes.ts';
import { makeAccount } from './harness.ts';

const TENANT = '01900000-0000-7000-8000-0000000000a1';
const OTHER = '01900000-0000-7000-8000-0000000000b2';
const user = (tenant = TENANT, scopes = ['keys:manage']): Principal => ({
  kind: 'session',
  tenant_id: tenant,
  user_id: '01900000-0000-7000-8000-0000000000c3',
  key_id: '',
  scopes,
  plan_tier: 'free',
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err.code;
  }
}

describe('API key management', () => {
  it('creates a key once with plaintext, then lists it without', async () => {
    const a = makeAccount();
    a.db.tenants.set(TENANT, tenantRecord(TENANT, 'hobby'));
    const k = await a.apiKeys.create(user(), {
      name: 'ci',
      scopes: ['charts:write', 'charts:read', 'charts:read'],
      metadata: { team: 'x' },
    });
    assert.ok(k.plaintext?.startsWith('ak_live_'));
    assert.deepEqual(k.scopes, ['charts:read', 'charts:write']);
    assert.equal(k.created_by, 'user:01900000-0000-7000-8000-0000000000c3');
    assert.deepEqual(k.metadata, { team: 'x' });
    assert.equal(k.display, `${k.key_prefix}…${k.key_last4}`);
    assert.match(k.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [listed] = await a.apiKeys.list(user(), false);
    assert.equal(listed!.id, k.id);
    assert.equal(listed!.plaintext, undefined);
    const stored = a.db.keys.get(k.id)!;
    assert.ok(!JSON.stringify(stored).includes(k.plaintext!), 'only the digest is stored');
  });

  it('validates name, scopes, expires_at and admin', async () => {
    const a = makeAccount();
    assert.equal(await code(a.apiKeys.create(user(), { name: '', scopes: ['charts:read'] })), 'invalid_request');
    assert.equal(
      await code(a.apiKeys.create(user(), { name: 'x'.repeat(256), scopes: ['charts:read'] })),
      'invalid_request',
    );
    assert.equal(await code(a.apiKeys.create(user(), { name: 'x', scopes: [] })), 'invalid_request');
    assert.equal(
      await code(a.apiKeys.create(user(), { name: 'x', scopes: ['charts:read'], expires_at: '2030-01-01T00:00:00' })),
      'naive_datetime', // the API-wide code for a datetime without an offset (platform aware-instant.ts)
    );
    assert.equal(
      await code(a.apiKeys.create(user(), { name: 'x', scopes: ['charts:read'], expires_at: '2020-01-01T00:00:00Z' })),
      'invalid_request',
    );
    try {
      await a.apiKeys.create(user(), { name: 'x', scopes: ['charts:read', 'nope', 'zap'] });
      assert.fail();
    } catch (err) {
      assert.ok(err instanceof AppError);
      assert.equal(err.code, 'invalid_scope');
      assert.deepEqual(err.details, { invalid: ['nope', 'zap'] });
    }
    assert.equal(await code(a.apiKeys.create(user(), { name: 'x', scopes: ['admin'] })), 'admin_scope_forbidden');
    assert.equal(
      await code(a.apiKeys.create(user(TENANT, ['admin', 'keys:manage']), { name: 'x', scopes: ['admin'] })),
      'ok',
    );
  });

  it('enforces the plan limit on active keys; revoked and expired keys free a slot', async () => {
    const a = makeAccount();
    a.db.tenants.set(TENANT, tenantRecord(TENANT, 'free'));
    const first = await a.apiKeys.create(user(), {
      name: 'a',
      scopes: ['charts:read'],
      expires_at: new Date(a.clock.t + 60_000).toISOString(),
    });
    try {
      await a.apiKeys.create(user(), { name: 'b', scopes: ['charts:read'] });
      assert.fail();
    } catch (err) {
      assert.ok(err instanceof AppError);
      assert.equal(err.code, 'api_key_limit_reached');
      assert.deepEqual(err.details, { plan: 'free', limit: 1 });
    }
    a.clock.advance(60_000);
    const second = await a.apiKeys.create(user(), { name: 'b', scopes: ['charts:read'] });
    await a.apiKeys.revoke(user(), second.id);
    assert.equal(await code(a.apiKeys.create(user(), { name: 'c', scopes: ['charts:read'] })), 'ok');
    assert.ok(first.id);
  });

  it('mode test: an ak_test_ key, listed with its mode, verdict test; a bad mode is 422', async () => {
    const a = makeAccount();
    a.db.tenants.set(TENANT, tenantRecord(TENANT, 'free'));
    const live = await a.apiKeys.create(user(), { name: 'prod', scopes: ['charts:read'] });
    assert.equal(live.mode, 'live', 'mode defaults to live');
    // Free allows one active key per mode: the test key does not take the live key's slot.
    const t = await a.apiKeys.create(user(), { name: 'sandbox', scopes: ['charts:read'], mode: 'test' });
    assert.match(t.plaintext!, /^ak_test_[0-9A-Za-z]{49}$/);
    assert.equal(t.mode, 'test');
    assert.ok(t.key_prefix.startsWith('ak_test_'));
    assert.equal(
      await code(a.apiKeys.create(user(), { name: 'x', scopes: ['charts:read'], mode: 'test' })),
      'api_key_limit_reached',
    );
    assert.deepEqual(
      (await a.apiKeys.list(user(), false)).map((k) => [k.name, k.mode]),
      [
        ['sandbox', 'test'],
        ['prod', 'live'],
      ],
    );
    const v = await a.authenticator.authenticateApiKey(t.plaintext!);
    assert.equal(v.ok && v.principal.key_mode, 'test');
    assert.equal(
      await code(a.apiKeys.create(user(), { name: 'y', scopes: ['charts:read'], mode: 'sandbox' })),
      'invalid_request',
    );
    await a.apiKeys.revoke(user(), t.id);
    assert.deepEqual(await a.authenticator.authenticateApiKey(t.plaintext!), { ok: false, reason: 'revoked' });
  });

  it('revokes idempotently and hides other tenants', async () => {
    const a = makeAccount();
    const k = await a.apiKeys.create(user(), { name: 'a', scopes: ['charts:read'] });
    const r1 = await a.apiKeys.revoke(user(), k.id);
    a.clock.advance(1000);
    const r2 = await a.apiKeys.revoke(user(), k.id);
    assert.equal(r1.revoked_at, r2.revoked_at);
    assert.equal(await code(a.apiKeys.revoke(user(OTHER), k.id)), 'api_key_not_found');
    assert.equal(await code(a.apiKeys.revoke(user(), 'not-a-uuid')), 'api_key_not_found');
    assert.equal((await a.apiKeys.list(user(), false)).length, 0);
    assert.equal((await a.apiKeys.list(user(), true)).length, 1);
    assert.equal((await a.apiKeys.list(user(OTHER), true)).length, 0);
  });
});

describe('API key authentication', () => {
  it('says why a key fails', async () => {
    const a = makeAccount();
    const k = await a.apiKeys.create(user(), {
      name: 'a',
      scopes: ['charts:read'],
      expires_at: new Date(a.clock.t + 120_000).toISOString(),
    });
    const ok = await a.authenticator.authenticateApiKey(k.plaintext!);
    assert.deepEqual(ok, {
      ok: true,
      expiresAtMs: a.clock.t + 120_000,
      principal: {
        kind: 'api_key',
        tenant_id: TENANT,
        user_id: '',
        key_id: k.id,
        scopes: ['charts:read'],
        plan_tier: 'free',
        key_mode: 'live',
      },
    });
    assert.deepEqual(await a.authenticator.authenticateApiKey(''), { ok: false, reason: 'missing' });
    assert.deepEqual(await a.authenticator.authenticateApiKey('ak_live_short'), { ok: false, reason: 'malformed' });
    assert.deepEqual(await a.authenticator.authenticateApiKey(generateApiKey().plaintext), {
      ok: false,
      reason: 'unknown_key',
    });
    a.db.tenants.get(TENANT)!.status = 'paused';
    assert.deepEqual(await a.authenticator.authenticateApiKey(k.plaintext!), { ok: false, reason: 'tenant_paused' });
    a.db.tenants.get(TENANT)!.status = 'active';
    a.clock.advance(120_000);
    assert.deepEqual(await a.authenticator.authenticateApiKey(k.plaintext!), { ok: false, reason: 'expired' });
    await a.apiKeys.revoke(user(), k.id);
    assert.deepEqual(await a.authenticator.authenticateApiKey(k.plaintext!), { ok: false, reason: 'revoked' });
  });

  it('writes last_used_at at most once a minute per key', async () => {
    const a = makeAccount();
    const k = await a.apiKeys.create(user(), { name: 'a', scopes: ['charts:read'] });
    for (let i = 0; i < 5; i++) await a.authenticator.authenticateApiKey(k.plaintext!);
    assert.equal(a.apiKeyRepo.touches.length, 1);
    a.clock.advance(60_000);
    await a.authenticator.authenticateApiKey(k.plaintext!);
    assert.equal(a.apiKeyRepo.touches.length, 2);
  });

  it('throttle keeps keys independent', () => {
    const t = new LastUsedThrottle(1000);
    assert.ok(t.shouldWrite('a', 0));
    assert.ok(t.shouldWrite('b', 0));
    assert.ok(!t.shouldWrite('a', 999));
    assert.ok(t.shouldWrite('a', 1000));
  });
});

describe('session check', () => {
  it('reports unknown users, sign-outs and pauses', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({
      email: 'p@example.com',
      password: 'correct horse battery staple',
      accept_terms: true,
    });
    const u = [...a.db.users.values()][0]!;
    const iat = a.clock.t;
    assert.equal((await a.authenticator.checkSession(u.id, u.tenant_id, iat)).ok, true);
    assert.deepEqual(await a.authenticator.checkSession('nope', u.tenant_id, iat), {
      ok: false,
      reason: 'unknown_user',
    });
    assert.deepEqual(await a.authenticator.checkSession(u.id, OTHER, iat), { ok: false, reason: 'unknown_user' });
    a.db.users.set(u.id, { ...u, sessions_revoked_at: new Date(iat + 1) });
    assert.deepEqual(await a.authenticator.checkSession(u.id, u.tenant_id, iat), { ok: false, reason: 'signed_out' });
    assert.equal(
      (await a.authenticator.checkSession(u.id, u.tenant_id, iat + 1)).ok,
      true,
      'issued at the revocation instant survives',
    );
    a.db.users.set(u.id, { ...u, status: 'paused' });
    assert.deepEqual(await a.authenticator.checkSession(u.id, u.tenant_id, iat), { ok: false, reason: 'user_paused' });
    a.db.users.set(u.id, { ...u });
    a.db.tenants.get(u.tenant_id)!.status = 'paused';
    assert.deepEqual(await a.authenticator.checkSession(u.id, u.tenant_id, iat), {
      ok: false,
      reason: 'tenant_paused',
    });
    assert.ok(env);
  });
});
