// Plans end to end (spec 1-platform.md: Plan, States and transitions "Tenant plan", Plans and usage,
// Limits): the public catalog with the Limits-table values, the tenant plan read with any credential,
// and the switch rules (free self-service, paid tiers only for admins).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  api,
  assertIso,
  createKey,
  expectError,
  expectStatus,
  expectUnauthorized,
  login,
  operator,
  signup,
  UUID,
} from './helpers/client.ts';

const PLAN_FIELDS = [
  'display_name',
  'features',
  'llm_cost_cap_per_hour_usd',
  'monthly_price_usd',
  'rate_limit_capacity',
  'rate_limit_refill_per_second',
  'status',
  'tier',
];

// Limits table: burst, sustained refill, monthly price, LLM hourly cap.
const EXPECTED = {
  free: {
    rate_limit_capacity: 60,
    rate_limit_refill_per_second: 2,
    monthly_price_usd: 0,
    llm_cost_cap_per_hour_usd: 0,
  },
  hobby: {
    rate_limit_capacity: 300,
    rate_limit_refill_per_second: 10,
    monthly_price_usd: 9,
    llm_cost_cap_per_hour_usd: 1,
  },
  pro: {
    rate_limit_capacity: 1500,
    rate_limit_refill_per_second: 50,
    monthly_price_usd: 49,
    llm_cost_cap_per_hour_usd: 10,
  },
} as const;

function assertPlan(p: any): void {
  assert.deepEqual(Object.keys(p).sort(), PLAN_FIELDS);
  assert.ok(['free', 'hobby', 'pro'].includes(p.tier), `tier ${p.tier}`);
  assert.equal(typeof p.display_name, 'string');
  assert.ok(p.display_name.length > 0);
  for (const f of ['monthly_price_usd', 'rate_limit_capacity', 'rate_limit_refill_per_second'] as const)
    assert.equal(typeof p[f], 'number', f);
  assert.ok(p.llm_cost_cap_per_hour_usd === null || typeof p.llm_cost_cap_per_hour_usd === 'number');
  assert.ok(['available', 'coming_soon'].includes(p.status), `status ${p.status}`);
  assert.ok(Array.isArray(p.features) && p.features.every((x: unknown) => typeof x === 'string'));
}

function assertTenantPlan(body: any, tenantId: string, tier: string): void {
  assert.deepEqual(Object.keys(body).sort(), ['created_at', 'display_name', 'plan', 'plan_updated_at', 'tenant_id']);
  assert.match(body.tenant_id, UUID);
  assert.equal(body.tenant_id, tenantId);
  assert.equal(typeof body.display_name, 'string');
  assertPlan(body.plan);
  assert.equal(body.plan.tier, tier);
  assertIso(body.plan_updated_at, 'plan_updated_at');
  assertIso(body.created_at, 'created_at');
}

describe('GET /v1/plans', () => {
  it('public: free, hobby, pro in order with the Limits-table values and free_limits_change_at', async () => {
    const res = await api('GET', '/v1/plans');
    expectStatus(res, 200);
    assert.ok(Array.isArray(res.json.plans));
    assert.deepEqual(
      res.json.plans.map((p: { tier: string }) => p.tier),
      ['free', 'hobby', 'pro'],
    );
    for (const p of res.json.plans) {
      assertPlan(p);
      const want = EXPECTED[p.tier as keyof typeof EXPECTED];
      for (const [k, v] of Object.entries(want)) assert.equal(p[k], v, `${p.tier}.${k}`);
    }
    assert.equal(res.json.plans[0].status, 'available', 'Free can always be switched to');
    // Compared as instants: '2026-11-17T00:00:00Z' and '2026-11-17T00:00:00.000Z' are the same date.
    assertIso(res.json.free_limits_change_at, 'free_limits_change_at');
    assert.equal(Date.parse(res.json.free_limits_change_at), Date.parse('2026-11-17T00:00:00Z'));
  });
});

describe('GET /v1/tenant/plan', () => {
  it('200 with a session and with an API key (any scope): tenant_id, display_name, plan, plan_updated_at, created_at', async () => {
    const u = await signup();
    const bySession = await api('GET', '/v1/tenant/plan', { token: u.accessToken });
    expectStatus(bySession, 200);
    assertTenantPlan(bySession.json, u.tenant.id, 'free');
    assert.equal(bySession.json.display_name, u.tenant.display_name);

    const key = await createKey(u.accessToken, ['charts:read']);
    const byKey = await api('GET', '/v1/tenant/plan', { token: key.plaintext });
    expectStatus(byKey, 200);
    assertTenantPlan(byKey.json, u.tenant.id, 'free');
    assert.deepEqual(byKey.json, bySession.json);
  });

  it('401 unauthorized without a credential', async () => {
    expectUnauthorized(await api('GET', '/v1/tenant/plan'), 'missing');
  });
});

describe('POST /v1/tenant/plan', () => {
  it('200 to free (self-service)', async () => {
    const u = await signup();
    const res = await api('POST', '/v1/tenant/plan', { token: u.accessToken, body: { plan_tier: 'free' } });
    expectStatus(res, 200);
    assertTenantPlan(res.json, u.tenant.id, 'free');
  });

  it('422 invalid_plan_tier for an unknown tier', async () => {
    const u = await signup();
    expectError(
      await api('POST', '/v1/tenant/plan', { token: u.accessToken, body: { plan_tier: 'gold' } }),
      422,
      'invalid_plan_tier',
    );
  });

  it('403 plan_not_available for a paid tier without admin (session and key)', async () => {
    const u = await signup();
    expectError(
      await api('POST', '/v1/tenant/plan', { token: u.accessToken, body: { plan_tier: 'pro' } }),
      403,
      'plan_not_available',
    );
    expectError(
      await api('POST', '/v1/tenant/plan', { token: u.accessToken, body: { plan_tier: 'hobby' } }),
      403,
      'plan_not_available',
    );
    const key = await createKey(u.accessToken, ['keys:manage']);
    expectError(
      await api('POST', '/v1/tenant/plan', { token: key.plaintext, body: { plan_tier: 'pro' } }),
      403,
      'plan_not_available',
    );
    const after = await api('GET', '/v1/tenant/plan', { token: u.accessToken });
    expectStatus(after, 200);
    assert.equal(after.json.plan.tier, 'free', 'unchanged');
  });

  it('an admin (operator grant-admin, then a new login) switches to pro and back to free', async () => {
    const u = await signup();
    const before = await api('GET', '/v1/tenant/plan', { token: u.accessToken });
    expectStatus(before, 200);
    await operator(['grant-admin', u.email]);
    const admin = await login(u.email, u.password);
    const res = await api('POST', '/v1/tenant/plan', { token: admin.session.access_token, body: { plan_tier: 'pro' } });
    expectStatus(res, 200);
    assertTenantPlan(res.json, u.tenant.id, 'pro');
    assert.ok(
      Date.parse(res.json.plan_updated_at) >= Date.parse(before.json.plan_updated_at),
      'plan_updated_at moves forward',
    );
    assert.equal(res.json.created_at, before.json.created_at);
    const read = await api('GET', '/v1/tenant/plan', { token: u.accessToken });
    expectStatus(read, 200);
    assert.equal(read.json.plan.tier, 'pro');
    const back = await api('POST', '/v1/tenant/plan', { token: u.accessToken, body: { plan_tier: 'free' } });
    expectStatus(back, 200);
    assert.equal(back.json.plan.tier, 'free');
  });

  it('401 unauthorized without a credential', async () => {
    expectUnauthorized(await api('POST', '/v1/tenant/plan', { body: { plan_tier: 'free' } }), 'missing');
  });
});
