import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Principal } from '@astro/platform';
import { ApiKeyCache } from '../src/api-key-cache.ts';

const p = (key_id: string, tenant_id: string): Principal => ({
  kind: 'api_key',
  tenant_id,
  user_id: '',
  key_id,
  scopes: ['charts:read'],
  plan_tier: 'free',
});

describe('API-key verdict cache', () => {
  it('caches nothing until the invalidation stream said hello, and nothing after it broke', () => {
    const c = new ApiKeyCache();
    c.put('d1', p('k1', 't1'), 0, c.ticket());
    assert.equal(c.get('d1'), undefined);
    c.apply({ kind: 'hello', id: '' });
    c.put('d1', p('k1', 't1'), 0, c.ticket());
    assert.equal(c.get('d1')?.key_id, 'k1');
    c.disconnected();
    assert.equal(c.get('d1'), undefined);
  });

  it('drops the entries a revocation or a tenant change touches', () => {
    const c = new ApiKeyCache();
    c.apply({ kind: 'hello', id: '' });
    c.put('d1', p('k1', 't1'), 0, c.ticket());
    c.put('d2', p('k2', 't1'), 0, c.ticket());
    c.put('d3', p('k3', 't2'), 0, c.ticket());
    c.apply({ kind: 'api_key', id: 'k1' });
    assert.equal(c.get('d1'), undefined);
    assert.ok(c.get('d2'));
    c.apply({ kind: 'tenant', id: 't1' });
    assert.equal(c.get('d2'), undefined);
    assert.ok(c.get('d3'));
  });

  it('does not store a verdict fetched before an invalidation arrived', () => {
    const c = new ApiKeyCache();
    c.apply({ kind: 'hello', id: '' });
    const ticket = c.ticket();
    c.apply({ kind: 'api_key', id: 'k1' }); // revoked while the lookup was in flight
    c.put('d1', p('k1', 't1'), 0, ticket);
    assert.equal(c.get('d1'), undefined);
  });

  it('honours key expiry and the safety TTL', () => {
    let now = 1_000;
    const c = new ApiKeyCache(60_000, 10, () => now);
    c.apply({ kind: 'hello', id: '' });
    c.put('exp', p('k1', 't1'), 1_500, c.ticket());
    c.put('ttl', p('k2', 't1'), 0, c.ticket());
    now = 1_500;
    assert.equal(c.get('exp'), undefined, 'expired at expires_at');
    assert.ok(c.get('ttl'));
    now = 61_000;
    assert.equal(c.get('ttl'), undefined, 'aged out');
  });

  it('stays bounded', () => {
    const c = new ApiKeyCache(60_000, 3);
    c.apply({ kind: 'hello', id: '' });
    for (let i = 0; i < 5; i++) c.put(`d${i}`, p(`k${i}`, 't'), 0, c.ticket());
    assert.equal(c.size, 3);
    assert.equal(c.get('d0'), undefined);
    assert.ok(c.get('d4'));
  });
});
