// The llm service on real OpenAI-compatible HTTP servers (tests/helpers/llm-fleet.ts): a second llm
// service and gateway, configured with two providers in failover order, a 1.5 s call timeout, a 3 s
// cache TTL and a price table that makes basic and premium calls expensive (for the spend caps).
// Covers: the prompt carries exactly the engine context, streaming deltas pass through, failover,
// every 503 code, a mid-stream failure (error event, nothing stored), a client disconnect stopping the
// model call, Free refused before any model call, hourly and monthly caps, cache TTL expiry.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { fromGrpcError } from '@astro/platform';
import {
  LlmRewriteServiceClient,
  type RewriteStatementsRequest,
  type RewriteStatementsResponse,
} from '@astro/protos/astro/llm/v1/rewrite';
import { createKey, operator, signup, sleep, UUID_V7 } from './helpers/client.ts';
import { startFakeOpenAi, startSideFleet, type FakeOpenAi, type SideFleet } from './helpers/llm-fleet.ts';
import { parseSse } from './helpers/sse.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const MODELS_A = { basic: 'a-small-model', standard: 'a-medium-model', premium: 'a-large-model' };
const MODELS_B = { basic: 'b-small-model', standard: 'b-medium-model', premium: 'b-large-model' };
// USD per 1000 tokens; input free so that a call's cost is output tokens x price.
const PRICES = {
  basic: { input: 0, output: 300 },
  standard: { input: 0.0012, output: 0.0048 },
  premium: { input: 0, output: 1000 },
};

let A: FakeOpenAi;
let B: FakeOpenAi;
let side: SideFleet;

interface Res {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

async function call(method: string, path: string, token: string, body?: unknown): Promise<Res> {
  const res = await fetch(`${side.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* SSE or empty */
  }
  return { status: res.status, headers: res.headers, text, json };
}

function expectCode(r: Res, status: number, code: string) {
  assert.equal(r.status, status, r.text.slice(0, 400));
  assert.equal(r.json?.error?.code, code, r.text.slice(0, 400));
  return r.json.error;
}

const q = (p: Record<string, string | number | boolean>) =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

async function tenant(plan: 'free' | 'hobby' | 'pro') {
  const u = await signup();
  if (plan !== 'free') await operator(['set-plan', u.email, plan]);
  const key = (await createKey(u.accessToken, ['charts:read', 'charts:write', 'interpretations:write'])).plaintext;
  const c = await call('POST', '/v1/charts', key, { birth });
  assert.equal(c.status, 201, c.text);
  return { key, chart: c.json.id as string, tenantId: u.tenant.id as string };
}

const reading = (
  t: { key: string; chart: string },
  extra: Record<string, string | number | boolean> = {},
  stream = false,
) =>
  call(
    'POST',
    `/v1/llm/chart-reading${stream ? '/stream' : ''}?${q({ chart_id: t.chart, language: 'en', ...extra })}`,
    t.key,
  );

const stored = async (t: { key: string }) => (await call('GET', '/v1/llm/interpretations', t.key)).json.total as number;

before(async () => {
  [A, B] = await Promise.all([startFakeOpenAi(), startFakeOpenAi()]);
  side = await startSideFleet({
    LLM_PROVIDERS: JSON.stringify([
      { name: 'primary', base_url: A.url, api_key: 'sk-test-a', models: MODELS_A },
      { name: 'secondary', base_url: B.url, models: MODELS_B },
    ]),
    LLM_CALL_TIMEOUT_MS: '1500',
    LLM_CONNECT_RETRIES: '1',
    LLM_CACHE_TTL_SECONDS: '3',
    LLM_PRICES: JSON.stringify(PRICES),
  });
});

after(async () => {
  await side?.stop();
  await A?.close();
  await B?.close();
});

function reset(a: FakeOpenAi['mode'], b: FakeOpenAi['mode'] = 'ok') {
  A.mode = a;
  B.mode = b;
  A.requests = [];
  B.requests = [];
}

describe('OpenAI-compatible provider', () => {
  it('the model gets the engine context and writes the answer; the model name is never revealed', async () => {
    reset('ok');
    const t = await tenant('pro');
    const r = await reading(t);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.content, A.chunks.join(''));
    assert.equal(A.requests.length, 1);
    assert.equal(B.requests.length, 0);
    const req = A.requests[0]!;
    assert.equal(req.model, MODELS_A.standard);
    assert.equal(req.stream, true);
    assert.equal(req.messages[0]!.role, 'system');
    assert.match(req.messages[0]!.content, /only from the json engine context/i);
    // The user message carries exactly the engine context the response shows.
    const sent = JSON.parse(req.messages[1]!.content.split('Engine context:\n')[1]!);
    assert.deepEqual(sent, r.json.engine_context);
    assert.ok(!r.text.includes('model'), 'no model name or field in the answer');
    assert.match(r.json.interpretation_id, UUID_V7);
  });

  it('tokens are counted with the o200k tokenizer: "hello world" is 2 tokens (OpenAI tokenizer)', async () => {
    reset('ok');
    A.chunks = ['hello', ' world'];
    try {
      const t = await tenant('pro');
      const r = await reading(t);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.content, 'hello world');
      assert.equal(r.json.output_tokens, 2);
      // standard tier: 0.0012 / 0.0048 USD per 1000 tokens (LLM_PRICES of this fleet).
      const expected = (r.json.input_tokens * 0.0012 + 2 * 0.0048) / 1000;
      assert.ok(Math.abs(r.json.cost_usd - expected) < 1e-6, `${r.json.cost_usd} vs ${expected}`);
    } finally {
      A.chunks = ['The ', 'Sun ', 'is ', 'in ', 'Aries.'];
    }
  });

  it('a stream passes the model’s deltas through, then done; the row equals the sync shape', async () => {
    reset('ok');
    const t = await tenant('pro');
    const r = await reading(t, {}, true);
    assert.equal(r.status, 200, r.text);
    const events = parseSse(r.text);
    assert.deepEqual(
      events.map((e) => e.event),
      ['meta', ...A.chunks.map(() => 'delta'), 'done'],
    );
    assert.deepEqual(
      events.slice(1, -1).map((e) => e.data.content),
      A.chunks,
    );
    const id = events.at(-1)!.data.interpretation_id;
    const row = await call('GET', `/v1/llm/interpretations/${id}`, t.key);
    assert.equal(row.json.content, A.chunks.join(''));
  });

  it('failover: the first provider fails before writing, the second answers', async () => {
    reset('http500', 'ok');
    const t = await tenant('pro');
    const r = await reading(t);
    assert.equal(r.status, 200, r.text);
    assert.equal(A.requests.length, 1);
    assert.equal(B.requests.length, 1);
    assert.equal(B.requests[0]!.model, MODELS_B.standard);
  });

  const failures: [FakeOpenAi['mode'], FakeOpenAi['mode'], string][] = [
    ['slow', 'slow', 'llm_timeout'],
    ['http429', 'http429', 'llm_rate_limited'],
    ['http500', 'http500', 'llm_unavailable'],
    ['http500', 'http429', 'llm_all_providers_failed'],
  ];
  for (const [a, b, code] of failures)
    it(`${a} + ${b}: 503 ${code}, sync and stream (a real HTTP status), nothing stored`, async () => {
      reset(a, b);
      const t = await tenant('pro');
      expectCode(await reading(t), 503, code);
      expectCode(await reading(t, { tier: 'basic' }, true), 503, code);
      assert.equal(await stored(t), 0);
      assert.ok(A.requests.length >= 2 && B.requests.length >= 2);
    });

  it('mid-stream failure: meta, deltas, an error event; no row is stored; no failover after output', async () => {
    reset('midfail', 'ok');
    const t = await tenant('pro');
    const r = await reading(t, {}, true);
    assert.equal(r.status, 200);
    const events = parseSse(r.text);
    assert.equal(events[0]!.event, 'meta');
    assert.ok(events.some((e) => e.event === 'delta'));
    const last = events.at(-1)!;
    assert.equal(last.event, 'error');
    assert.equal(last.data.error.code, 'llm_unavailable');
    assert.ok(!events.some((e) => e.event === 'done'));
    assert.equal(B.requests.length, 0);
    assert.equal(await stored(t), 0);
    // The sync sibling answers 503 and stores nothing either.
    reset('midfail', 'ok');
    expectCode(await reading(t, { tier: 'basic' }), 503, 'llm_unavailable');
    assert.equal(await stored(t), 0);
  });

  it('a client that disconnects mid-stream stops the model call; nothing is stored', async () => {
    reset('trickle');
    const t = await tenant('pro');
    const ac = new AbortController();
    const res = await fetch(`${side.baseUrl}/v1/llm/chart-reading/stream?${q({ chart_id: t.chart, language: 'en' })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.key}` },
      signal: ac.signal,
    });
    assert.equal(res.status, 200);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: delta')) text += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    let aborted = false;
    for (let i = 0; i < 40 && !aborted; i++) {
      aborted = A.requests[0]?.aborted ?? false;
      if (!aborted) await sleep(100);
    }
    assert.ok(aborted, 'the provider saw its request closed');
    await sleep(500);
    assert.equal(await stored(t), 0);
  });

  it('Free: 403 before any model call', async () => {
    reset('ok');
    const t = await tenant('free');
    expectCode(await reading(t), 403, 'plan_feature_unavailable');
    expectCode(await reading(t, {}, true), 403, 'plan_feature_unavailable');
    expectCode(
      await call('POST', '/v1/interpretations/natal', t.key, { chart_id: t.chart, language: 'en' }),
      403,
      'plan_feature_unavailable',
    );
    assert.equal(A.requests.length + B.requests.length, 0);
  });
});

describe('spend caps (Hobby: 1 USD per hour, 5 USD per month)', () => {
  it('hourly: a call that spends more than the cap; the next one is 429 llm_budget_exceeded', async () => {
    reset('ok');
    const t = await tenant('hobby');
    const first = await reading(t, { tier: 'basic' });
    assert.equal(first.status, 200, first.text);
    // basic: 300 USD per 1000 output tokens, input free.
    assert.ok(Math.abs(first.json.cost_usd - first.json.output_tokens * 0.3) < 1e-6);
    assert.ok(first.json.cost_usd >= 1 && first.json.cost_usd < 5, String(first.json.cost_usd));
    const e = expectCode(await reading(t, { tier: 'standard' }), 429, 'llm_budget_exceeded');
    assert.deepEqual(Object.keys(e.details).sort(), ['cap_usd', 'spent_usd', 'tenant_id']);
    assert.equal(e.details.cap_usd, 1);
    assert.equal(e.details.spent_usd, first.json.cost_usd);
    expectCode(await reading(t, { tier: 'standard' }, true), 429, 'llm_budget_exceeded');
    // A cached replay costs nothing and is still served.
    const again = await reading(t, { tier: 'basic' });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.cached, true);
    assert.equal(A.requests.length, 1, 'one model call in all');
  });

  it('monthly: spent above the budget -> 429 llm_budget_exhausted with resets_at and Retry-After; reads keep working', async () => {
    reset('ok');
    const t = await tenant('hobby');
    const first = await reading(t, { tier: 'premium' });
    assert.equal(first.status, 200, first.text);
    assert.ok(first.json.cost_usd >= 5, String(first.json.cost_usd));
    const r = await reading(t, { tier: 'basic' });
    const e = expectCode(r, 429, 'llm_budget_exhausted');
    assert.deepEqual(Object.keys(e.details).sort(), ['budget_usd', 'resets_at', 'spent_usd']);
    assert.equal(e.details.budget_usd, 5);
    assert.equal(e.details.spent_usd, first.json.cost_usd);
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    assert.equal(e.details.resets_at, next.toISOString());
    const retry = Number(r.headers.get('retry-after'));
    assert.ok(Math.abs(retry - (next.getTime() - Date.now()) / 1000) < 120, String(retry));
    expectCode(await reading(t, { tier: 'basic' }, true), 429, 'llm_budget_exhausted');
    assert.equal((await call('GET', '/v1/llm/interpretations', t.key)).status, 200);
    assert.equal((await call('GET', `/v1/charts/${t.chart}`, t.key)).status, 200);
    const u = await call(
      'GET',
      `/v1/llm/usage-summary?${q({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() })}`,
      t.key,
    );
    assert.equal(u.json.total.call_count, 1);
    assert.equal(u.json.total.cost_usd, first.json.cost_usd);
  });
});

describe('cache TTL (3 s on this fleet)', () => {
  it('a hit within the TTL, a new model call after it', async () => {
    reset('ok');
    const t = await tenant('pro');
    const a = await reading(t);
    const b = await reading(t);
    assert.equal(b.json.cached, true);
    assert.equal(b.json.interpretation_id, a.json.interpretation_id);
    await sleep(3200);
    const c = await reading(t);
    assert.equal(c.json.cached, false);
    assert.notEqual(c.json.interpretation_id, a.json.interpretation_id);
    assert.equal(A.requests.length, 2);
  });
});

function rewrite(addr: string, req: RewriteStatementsRequest): Promise<RewriteStatementsResponse> {
  const client = new LlmRewriteServiceClient(addr, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) =>
    client.rewriteStatements(req, (err, res) => {
      client.close();
      if (err) reject(fromGrpcError(err));
      else resolve(res);
    }),
  );
}

describe('statement rewrites (LlmRewriteService, for use_llm_rewrite)', () => {
  const items = [
    { statement_id: 's1', text: 'The Sun in the 10th house supports a public career.' },
    { statement_id: 's2', text: 'Jupiter aspects the 7th house.' },
  ];

  it('one completion per statement, told to keep every fact; recorded in the usage ledger', async () => {
    reset('ok');
    const t = await tenant('pro');
    const res = await rewrite(side.llmAddr, {
      tenant_id: t.tenantId,
      chart_id: t.chart,
      tone: 'coach',
      language: 'en',
      items,
    });
    assert.deepEqual(
      res.items.map((i) => i.statement_id),
      ['s1', 's2'],
    );
    for (const i of res.items) assert.equal(i.text, A.chunks.join(''));
    assert.equal(A.requests.length, 2);
    assert.match(A.requests[0]!.messages[0]!.content, /Keep every fact/);
    assert.match(A.requests[0]!.messages[0]!.content, /Tone: coach/);
    assert.equal(A.requests[0]!.messages[1]!.content, items[0]!.text);
    const u = await call(
      'GET',
      `/v1/llm/usage-summary?${q({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), group_by: 'interpretation_type' })}`,
      t.key,
    );
    assert.deepEqual(
      u.json.breakdown.map((b: any) => [b.label, b.call_count]),
      [['statement_rewrite', 2]],
    );
  });

  it('more than ten statements: invalid_request; provider failures keep their 503 codes', async () => {
    const t = await tenant('pro');
    const many = Array.from({ length: 11 }, (_, i) => ({ statement_id: `s${i}`, text: 'x' }));
    await assert.rejects(
      rewrite(side.llmAddr, { tenant_id: t.tenantId, chart_id: t.chart, tone: '', language: 'en', items: many }),
      (e: any) => e.code === 'invalid_request',
    );
    reset('http429', 'http429');
    await assert.rejects(
      rewrite(side.llmAddr, { tenant_id: t.tenantId, chart_id: t.chart, tone: '', language: 'en', items }),
      (e: any) => e.code === 'llm_rate_limited',
    );
  });

  it('the default fleet (offline writer) rewrites each statement in the tone, keeping every word of it', async () => {
    const fleetEnv = JSON.parse(process.env.FLEET_ENV!) as Record<string, string>;
    const t = await tenant('pro');
    const res = await rewrite(fleetEnv.LLM_ADDR!, {
      tenant_id: t.tenantId,
      chart_id: t.chart,
      tone: 'plain',
      language: 'en',
      items,
    });
    assert.deepEqual(
      res.items.map((i) => i.statement_id),
      ['s1', 's2'],
    );
    res.items.forEach((i, n) => {
      assert.notEqual(i.text, items[n]!.text);
      const have = new Set(i.text.toLowerCase().match(/[a-z0-9]+/g));
      for (const w of items[n]!.text.toLowerCase().match(/[a-z0-9]+/g)!) assert.ok(have.has(w), w);
    });
  });
});
