// Pure rules of the llm service: token buckets, spend caps, cache keys, prices, the offline writer.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError, PLANS } from '@astro/platform';
import { checkBudgets, nextMonthStartUtc } from '../src/domain/budget.ts';
import { cacheKey, type CacheKeyInput } from '../src/domain/cache-key.ts';
import { costUsd, DEFAULT_PRICES } from '../src/domain/pricing.ts';
import { DEFAULT_BUCKETS, take } from '../src/domain/token-bucket.ts';

describe('token bucket', () => {
  it('spec defaults: basic 30 / 0.5, standard 10 / 0.1, premium 5 / 0.02', () => {
    assert.deepEqual(DEFAULT_BUCKETS, {
      basic: { capacity: 30, refill_per_second: 0.5 },
      standard: { capacity: 10, refill_per_second: 0.1 },
      premium: { capacity: 5, refill_per_second: 0.02 },
    });
  });

  it('a full bucket serves its capacity, then refuses with the wait rounded up', () => {
    const cfg = DEFAULT_BUCKETS.premium;
    let state = null;
    for (let i = 0; i < 5; i++) {
      const r = take(cfg, state, 1000);
      assert.equal(r.allowed, true);
      state = r.state;
    }
    const refused = take(cfg, state, 1000);
    assert.equal(refused.allowed, false);
    // One token at 0.02 per second takes 50 s.
    assert.equal(!refused.allowed && refused.retryAfterSeconds, 50);
    // 10.5 s later 0.21 tokens are there: (1 - 0.21) / 0.02 = 39.5 -> 40.
    const later = take(cfg, refused.state, 11_500);
    assert.equal(!later.allowed && later.retryAfterSeconds, 40);
    // After 50 s one token is back, never more than the capacity after a long pause.
    assert.equal(take(cfg, refused.state, 51_000).allowed, true);
    const rested = take(cfg, refused.state, 10_000_000);
    assert.equal(rested.allowed && Math.round(rested.state.tokens), 4);
  });
});

describe('spend caps', () => {
  const hobby = PLANS.hobby;
  const at = Date.parse('2026-11-21T19:00:00Z');

  it('under both caps: nothing thrown', () => {
    checkBudgets(hobby, 't', { lastHourUsd: 0.99, thisMonthUsd: 4.99 }, at);
  });

  it('hourly cap reached: 429 llm_budget_exceeded {tenant_id, cap_usd, spent_usd}', () => {
    assert.throws(
      () => checkBudgets(hobby, 't1', { lastHourUsd: 1, thisMonthUsd: 1 }, at),
      (e: AppError) =>
        e.code === 'llm_budget_exceeded' &&
        JSON.stringify(e.details) === JSON.stringify({ tenant_id: 't1', cap_usd: 1, spent_usd: 1 }),
    );
  });

  it('monthly budget reached: 429 llm_budget_exhausted, resets at the next UTC month, Retry-After to it', () => {
    assert.throws(
      () => checkBudgets(hobby, 't1', { lastHourUsd: 5, thisMonthUsd: 5.5 }, at),
      (e: AppError) => {
        assert.equal(e.code, 'llm_budget_exhausted');
        assert.deepEqual(e.details, { budget_usd: 5, spent_usd: 5.5, resets_at: '2026-12-01T00:00:00.000Z' });
        // 2026-11-21T19:00Z to 2026-12-01T00:00Z: 9 days 5 hours = 795600 s.
        assert.equal(e.headers['Retry-After'], '795600');
        return true;
      },
    );
  });

  it('the month after December is January of the next year', () => {
    assert.equal(nextMonthStartUtc(Date.parse('2026-12-31T23:59:59Z')).toISOString(), '2027-01-01T00:00:00.000Z');
  });
});

describe('cache key', () => {
  const base = {
    tenantId: 't',
    chartId: 'c',
    interpretationType: 'theme',
    theme: 'career',
    language: 'en',
    tier: 'basic',
    params: { at: 'x' },
  };
  it('a SHA-256 hex digest, stable, and different when any key field differs', () => {
    const k = cacheKey(base);
    assert.match(k, /^[0-9a-f]{64}$/);
    assert.equal(cacheKey({ ...base, params: { at: 'x' } }), k);
    const variants: Partial<CacheKeyInput>[] = [
      { tenantId: 'u' },
      { chartId: 'd' },
      { interpretationType: 'chart_reading' },
      { theme: 'wealth' },
      { language: 'hi' },
      { tier: 'premium' },
      { params: { at: 'y' } },
      { params: {} },
    ];
    const keys = new Set(variants.map((v) => cacheKey({ ...base, ...v })));
    assert.equal(keys.size, variants.length);
    assert.ok(!keys.has(k));
  });
  it('the theme counts only for the theme type', () => {
    const other = { ...base, interpretationType: 'chart_reading' };
    assert.equal(cacheKey({ ...other, theme: 'a' }), cacheKey({ ...other, theme: 'b' }));
  });
});

describe('prices', () => {
  it('cost = input x in-price + output x out-price per 1000 tokens; relative prices about 1x / 8x / 50x', () => {
    assert.equal(costUsd({ ...DEFAULT_PRICES, basic: { input: 1, output: 2 } }, 'basic', 1500, 250), 2);
    const r = (t: 'standard' | 'premium') => DEFAULT_PRICES[t].output / DEFAULT_PRICES.basic.output;
    assert.equal(r('standard'), 8);
    assert.equal(r('premium'), 50);
  });
});
