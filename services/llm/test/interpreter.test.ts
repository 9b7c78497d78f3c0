// The use case with an in-memory store and scripted providers: when meta is sent, what is stored after
// a failure or a cancellation, cache TTL 0, and that the plan check precedes everything.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError, type Principal } from '@astro/platform';
import { DEFAULT_PRICES } from '../src/domain/pricing.ts';
import { DEFAULT_BUCKETS } from '../src/domain/token-bucket.ts';
import { Interpreter, type Job } from '../src/domain/interpreter.ts';
import { OfflineWriter } from '../src/clients/providers/offline-provider.ts';
import { CallCancelledError, ProviderError, type ModelProvider } from '../src/domain/model-provider.ts';
import type { InterpretationRow } from '../src/store/interpretation-store.ts';

function memoryStore() {
  const rows: InterpretationRow[] = [];
  const calls = { findCached: 0, insert: 0 };
  const usage: { interpretation_type: string; tier: string; output_tokens: number }[] = [];
  return {
    rows,
    calls,
    usage,
    insertUsage: async (u: { interpretation_type: string; tier: string; output_tokens: number }) => {
      usage.push(u);
    },
    takeToken: async () => ({ allowed: true as const, state: { tokens: 1, updatedAtMs: 0 } }),
    findCached: async (_t: string, key: string, since: Date) => {
      calls.findCached++;
      return rows.filter((r) => r.cache_key === key && r.created_at >= since).at(-1) ?? null;
    },
    spendSince: async () => ({ lastHourUsd: 0, thisMonthUsd: 0 }),
    insert: async (r: InterpretationRow) => {
      calls.insert++;
      rows.push(r);
    },
  };
}

const script = (parts: (string | Error)[]): ModelProvider => ({
  name: 'scripted',
  async *stream() {
    for (const p of parts) {
      if (p instanceof Error) throw p;
      yield p;
    }
  },
});

const principal = (plan: string): Principal => ({
  kind: 'api_key',
  tenant_id: '01a1ff9d-fec5-759c-a285-fdd958c8fc68',
  user_id: '',
  key_id: 'k',
  scopes: ['charts:read'],
  plan_tier: plan,
});

let built = 0;
const job = (plan = 'pro', fresh = false): Job => ({
  principal: principal(plan),
  type: 'chart_reading',
  chartId: '01a1ff9d-fec5-759c-a285-fdd958c8fc69',
  theme: null,
  language: 'en',
  tier: 'basic',
  fresh,
  params: {},
  build: async () => {
    built++;
    return { context: { highlights: [] } };
  },
});

function make(provider: ModelProvider, ttl = 60, testProvider: ModelProvider = script(['offline'])) {
  const store = memoryStore();
  const interp = new Interpreter({
    store: store as any,
    provider,
    testProvider,
    prices: DEFAULT_PRICES,
    buckets: DEFAULT_BUCKETS,
    cacheTtlSeconds: ttl,
  });
  return { store, interp };
}

describe('interpreter', () => {
  it('Free: 403 before the bucket, the cache, the context or the model', async () => {
    const { store, interp } = make(script(['x']));
    const before = built;
    await assert.rejects(
      interp.run(job('free'), new AbortController().signal),
      (e: AppError) => e.code === 'plan_feature_unavailable',
    );
    assert.equal(store.calls.findCached + store.calls.insert, 0);
    assert.equal(built, before);
  });

  it('meta is sent with the first delta, then each delta; the row holds their concatenation', async () => {
    const { store, interp } = make(script(['a', 'b', 'c']));
    const events: string[] = [];
    const out = await interp.run(job(), new AbortController().signal, {
      meta: () => events.push('meta'),
      delta: (t) => events.push(t),
    });
    assert.deepEqual(events, ['meta', 'a', 'b', 'c']);
    assert.equal(out.row.content, 'abc');
    assert.equal(store.rows.length, 1);
  });

  it('a failure before output: no meta (the route can still answer an HTTP error), no row', async () => {
    const { store, interp } = make(script([new ProviderError('timeout', 'slow')]));
    const events: string[] = [];
    await assert.rejects(
      interp.run(job(), new AbortController().signal, {
        meta: () => events.push('meta'),
        delta: (t) => events.push(t),
      }),
      (e: AppError) => e.code === 'llm_timeout',
    );
    assert.deepEqual(events, []);
    assert.equal(store.rows.length, 0);
  });

  it('a failure after output: the deltas went out, the error is the spec code, no row', async () => {
    const { store, interp } = make(script(['a', new ProviderError('unavailable', 'cut', true)]));
    const events: string[] = [];
    await assert.rejects(
      interp.run(job(), new AbortController().signal, {
        meta: () => events.push('meta'),
        delta: (t) => events.push(t),
      }),
      (e: AppError) => e.code === 'llm_unavailable',
    );
    assert.deepEqual(events, ['meta', 'a']);
    assert.equal(store.rows.length, 0);
  });

  it('a cancelled call stores nothing', async () => {
    const ac = new AbortController();
    const { store, interp } = make({
      name: 'cancel',
      async *stream() {
        yield 'a';
        ac.abort();
        yield 'b';
      },
    });
    await assert.rejects(interp.run(job(), ac.signal), (e: unknown) => e instanceof CallCancelledError);
    assert.equal(store.rows.length, 0);
  });

  it('TTL > 0: a hit replays the row; fresh bypasses it; TTL 0: never looked up', async () => {
    const cached = make(script(['x']));
    const a = await cached.interp.run(job(), new AbortController().signal);
    const b = await cached.interp.run(job(), new AbortController().signal);
    assert.equal(b.cached, true);
    assert.equal(b.row.id, a.row.id);
    const c = await cached.interp.run(job('pro', true), new AbortController().signal);
    assert.equal(c.cached, false);
    const off = make(script(['x']), 0);
    const d = await off.interp.run(job(), new AbortController().signal);
    const e = await off.interp.run(job(), new AbortController().signal);
    assert.equal(e.cached, false);
    assert.notEqual(d.row.id, e.row.id);
    assert.equal(off.store.calls.findCached, 0);
  });

  it('a test key: the test provider writes, the paid one is never called, nothing is spent, no shared cache', async () => {
    let paidCalls = 0;
    const paid: ModelProvider = {
      name: 'paid',
      async *stream() {
        paidCalls++;
        yield 'paid answer';
      },
    };
    const { store, interp } = make(paid, 60, script(['offline answer']));
    // Over both caps: a live call would be refused before the model (llm_budget_exceeded).
    (store as any).spendSince = async () => ({ lastHourUsd: 1e6, thisMonthUsd: 1e6 });
    const testJob = { ...job(), principal: { ...principal('pro'), key_mode: 'test' as const } };
    const t = await interp.run(testJob, new AbortController().signal);
    assert.equal(t.row.content, 'offline answer');
    assert.equal(t.row.cost_usd, 0);
    assert.equal(paidCalls, 0);
    await assert.rejects(
      interp.run(job(), new AbortController().signal),
      (e: AppError) => e.code === 'llm_budget_exceeded' || e.code === 'llm_budget_exhausted',
      'the live key is still under the caps, and is not answered from the test row in the cache',
    );
    (store as any).spendSince = async () => ({ lastHourUsd: 0, thisMonthUsd: 0 });
    const live = await interp.run(job(), new AbortController().signal);
    assert.equal(live.cached, false);
    assert.equal(live.row.content, 'paid answer');
    assert.equal(paidCalls, 1);
  });
});

describe('interpreter: statement rewrites (use_llm_rewrite)', () => {
  const items = [
    { statement_id: 's1', text: 'Drive is a dependable strength, supported by Mars.' },
    { statement_id: 's2', text: 'Empathy is present but uneven; deliberate practice will make it reliable (Moon).' },
  ];
  const rewriteJob = {
    tenantId: principal('pro').tenant_id,
    plan: 'pro' as const,
    chartId: null,
    tone: 'coach',
    language: 'en',
    items,
    testMode: false,
  };

  it('the offline writer really rewrites each statement (never the template text back), one usage row each', async () => {
    const { store, interp } = make(new OfflineWriter(0));
    const out = await interp.rewrite(rewriteJob, new AbortController().signal);
    assert.deepEqual(
      out.map((o) => o.statement_id),
      ['s1', 's2'],
    );
    out.forEach((o, i) => {
      assert.notEqual(o.text, items[i]!.text);
      assert.ok(o.text.includes('Mars') || o.text.includes('Moon'));
    });
    assert.deepEqual(
      store.usage.map((u) => [u.interpretation_type, u.tier]),
      [
        ['statement_rewrite', 'basic'],
        ['statement_rewrite', 'basic'],
      ],
    );
    assert.ok(store.usage.every((u) => u.output_tokens > 0));
  });

  it('the same bucket and spend checks as the interpretations: an empty basic bucket answers 429 before any call', async () => {
    let called = 0;
    const { store, interp } = make({
      name: 'count',
      async *stream() {
        called++;
        yield 'x';
      },
    });
    (store as any).takeToken = async () => ({ allowed: false, retryAfterSeconds: 3 });
    await assert.rejects(
      interp.rewrite(rewriteJob, new AbortController().signal),
      (e: AppError) => e.code === 'llm_tier_rate_limited' && e.details?.tier === 'basic',
    );
    assert.equal(called, 0);
    assert.equal(store.usage.length, 0);
  });

  it('a provider failure keeps its 503 code', async () => {
    const { interp } = make(script([new ProviderError('rate_limited', 'busy')]));
    await assert.rejects(
      interp.rewrite(rewriteJob, new AbortController().signal),
      (e: AppError) => e.code === 'llm_rate_limited',
    );
  });
});
