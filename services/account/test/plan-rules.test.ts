import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError, FREE_LIMITS_CHANGE_AT, PLANS } from '@astro/platform';
import {
  activeKeyLimit,
  assertSwitchAllowed,
  isKeyActive,
  keyLimitReached,
  planCatalog,
  requireTier,
  validateComingSoon,
} from '../src/domain/plan-rules.ts';

const NONE = new Set<string>();

function appError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError);
    return err;
  }
  assert.fail('expected an AppError');
}

describe('plan catalog', () => {
  it('lists free, hobby, pro in order with the spec numbers', () => {
    const c = planCatalog(NONE);
    assert.deepEqual(
      c.plans.map((p) => p.tier),
      ['free', 'hobby', 'pro'],
    );
    const [free, hobby, pro] = c.plans;
    assert.equal(free!.monthly_price_usd, 0);
    assert.equal(free!.llm_cost_cap_per_hour_usd, 0);
    assert.equal(free!.rate_limit_capacity, 60);
    assert.equal(free!.rate_limit_refill_per_second, 2);
    assert.equal(hobby!.monthly_price_usd, 9);
    assert.equal(hobby!.rate_limit_capacity, 300);
    assert.equal(pro!.monthly_price_usd, 49);
    assert.equal(pro!.rate_limit_refill_per_second, 50);
    assert.ok(c.plans.every((p) => p.status === 'available'));
    assert.equal(c.free_limits_change_at, FREE_LIMITS_CHANGE_AT);
  });

  it('marks configured tiers coming_soon', () => {
    const c = planCatalog(new Set(['pro']));
    assert.deepEqual(
      c.plans.map((p) => p.status),
      ['available', 'available', 'coming_soon'],
    );
  });

  it('does not let configuration make free coming_soon or name unknown tiers', () => {
    assert.deepEqual(validateComingSoon(['hobby', 'pro']), []);
    assert.equal(validateComingSoon(['free']).length, 1);
    assert.equal(validateComingSoon(['gold']).length, 1);
  });
});

describe('plan switching', () => {
  it('accepts exactly free, hobby and pro', () => {
    assert.equal(requireTier('hobby'), 'hobby');
    for (const bad of [undefined, '', 'gold', 'Hobby', ' pro']) {
      const e = appError(() => requireTier(bad));
      assert.equal(e.code, 'invalid_plan_tier');
      assert.equal(e.details?.reason, 'invalid_plan_tier');
    }
  });

  it('lets anyone switch to free', () => {
    assert.doesNotThrow(() => assertSwitchAllowed('free', [], new Set(['hobby', 'pro'])));
  });

  it('needs admin for a paid tier', () => {
    const e = appError(() => assertSwitchAllowed('hobby', ['keys:manage'], NONE));
    assert.equal(e.code, 'plan_not_available');
    assert.deepEqual(e.details, { tier: 'hobby', reason: 'admin_required' });
    assert.doesNotThrow(() => assertSwitchAllowed('hobby', ['admin', 'keys:manage'], NONE));
  });

  it('refuses a coming_soon tier even to an admin', () => {
    const e = appError(() => assertSwitchAllowed('pro', ['admin'], new Set(['pro'])));
    assert.deepEqual(e.details, { tier: 'pro', reason: 'coming_soon' });
  });
});

describe('active key limits', () => {
  it('follow the catalog: Free 1, Hobby 5, Pro unlimited', () => {
    assert.equal(activeKeyLimit('free'), 1);
    assert.equal(activeKeyLimit('hobby'), 5);
    assert.equal(activeKeyLimit('pro'), null);
    assert.equal(activeKeyLimit('free'), PLANS.free.active_api_key_limit);
    assert.ok(!keyLimitReached('free', 0));
    assert.ok(keyLimitReached('free', 1));
    assert.ok(!keyLimitReached('hobby', 4));
    assert.ok(keyLimitReached('hobby', 5));
    assert.ok(!keyLimitReached('pro', 10_000));
  });

  it('count keys that are neither revoked nor expired', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    assert.ok(isKeyActive({ revoked_at: null, expires_at: null }, now));
    assert.ok(isKeyActive({ revoked_at: null, expires_at: new Date(now.getTime() + 1) }, now));
    assert.ok(!isKeyActive({ revoked_at: null, expires_at: now }, now));
    assert.ok(!isKeyActive({ revoked_at: now, expires_at: null }, now));
  });
});
