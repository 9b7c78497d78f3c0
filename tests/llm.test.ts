// LLM routes through the gateway on the default fleet, whose llm service has no provider configured
// and so writes with the offline writer: plans (Free 403 before anything), validation codes, the four
// Vedic routes sync and streamed, the Western LLM-ready routes with grounding, the Vedic LLM-ready 501,
// cache hit / miss / fresh, stored rows (list, filters, paging, by id, cross-tenant 404), usage summary
// arithmetic, tier buckets per tier and per tenant, the ten languages, erasure on chart deletion.
// Provider behaviour (real OpenAI-compatible server, failures, disconnects, budgets) is in
// llm-providers.test.ts.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import {
  api,
  createKey,
  expectError,
  expectStatus,
  invalidFields,
  operator,
  signup,
  sleep,
  UUID_V7,
} from './helpers/client.ts';
import { parseSse } from './helpers/sse.ts';
import { SIGNS } from './helpers/spec-values.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const birthB = { moment: '1988-11-02T06:15:00+00:00', latitude: 51.5074, longitude: -0.1278 };
const SCOPES = ['charts:read', 'charts:write', 'interpretations:write'];
const RESPONSE_KEYS = [
  'cached',
  'content',
  'cost_usd',
  'engine_context',
  'input_tokens',
  'interpretation_id',
  'interpretation_type',
  'language',
  'latency_ms',
  'output_tokens',
  'tier',
];
const ROW_KEYS = [
  'chart_id',
  'content',
  'cost_usd',
  'created_at',
  'engine_context',
  'id',
  'input_tokens',
  'interpretation_type',
  'language',
  'latency_ms',
  'output_tokens',
  'request_params',
  'theme',
  'tier',
];
const GROUNDING_KEYS = ['features_used', 'grounding', 'sources'];
const RECENT = () => ({
  from: new Date(Date.now() - 86_400_000).toISOString(),
  to: new Date(Date.now() + 86_400_000).toISOString(),
});
// Unicode blocks (The Unicode Standard, code charts) of each language's script.
const SCRIPT: Record<string, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  kn: /[\u0C80-\u0CFF]/,
  ml: /[\u0D00-\u0D7F]/,
  bn: /[\u0980-\u09FF]/,
  gu: /[\u0A80-\u0AFF]/,
  es: /[a-z]/,
  en: /[a-z]/,
};

interface Tenant {
  key: string;
  vedic: string;
  western: string;
  westernB: string;
}

async function tenant(plan: 'free' | 'hobby' | 'pro'): Promise<Tenant> {
  const u = await signup();
  if (plan !== 'free') await operator(['set-plan', u.email, plan]);
  const key = (await createKey(u.accessToken, SCOPES)).plaintext;
  const chart = async (body: unknown) => {
    const r = await api('POST', '/v1/charts', { token: key, body });
    expectStatus(r, 201);
    return r.json.id as string;
  };
  return {
    key,
    vedic: await chart({ birth }),
    western: await chart({ birth, system: 'western' }),
    westernB: await chart({ birth: birthB, system: 'western' }),
  };
}

const q = (params: Record<string, string | number | boolean | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const post = (t: Tenant, path: string, params: Record<string, string | number | boolean | undefined>) =>
  api('POST', `${path}?${q(params)}`, { token: t.key });

let pro: Tenant;
let other: Tenant;
let free: Tenant;

before(async () => {
  [pro, other, free] = await Promise.all([tenant('pro'), tenant('pro'), tenant('free')]);
});

function checkResponse(r: any, type: string, language: string, tier: string, extra: string[] = []) {
  assert.deepEqual(Object.keys(r).sort(), [...RESPONSE_KEYS, ...extra].sort());
  assert.equal(r.interpretation_type, type);
  assert.equal(r.language, language);
  assert.equal(r.tier, tier);
  assert.equal(typeof r.content, 'string');
  assert.ok(r.content.length > 0);
  assert.match(r.interpretation_id, UUID_V7);
  for (const k of ['input_tokens', 'output_tokens', 'latency_ms']) assert.ok(Number.isInteger(r[k]) && r[k] >= 0, k);
  assert.ok(r.input_tokens > 0 && r.output_tokens > 0);
  assert.ok(typeof r.cost_usd === 'number' && r.cost_usd > 0);
  assert.ok(Array.isArray(r.engine_context.highlights));
}

describe('plans', () => {
  const routes: [string, string, Record<string, string>][] = [
    ['POST', '/v1/llm/theme/career', {}],
    ['POST', '/v1/llm/theme/career/stream', {}],
    ['POST', '/v1/llm/chart-reading', {}],
    ['POST', '/v1/llm/chart-reading/stream', {}],
    ['POST', '/v1/llm/dasha-forecast', {}],
    ['POST', '/v1/llm/dasha-forecast/stream', {}],
    ['POST', '/v1/llm/muhurta-reasoning', {}],
    ['POST', '/v1/llm/muhurta-reasoning/stream', {}],
  ];
  for (const [method, path] of routes)
    it(`Free: ${path} answers 403 plan_feature_unavailable (a real HTTP status on streams)`, async () => {
      const r = await api(method, `${path}?${q({ chart_id: free.vedic, language: 'en' })}`, { token: free.key });
      const e = expectError(r, 403, 'plan_feature_unavailable');
      assert.equal(e.details!.plan, 'free');
      assert.equal(typeof e.details!.feature, 'string');
      assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    });

  it('Free: the Western LLM-ready routes answer 403 too, even with bad input (plan first)', async () => {
    for (const [path, body] of [
      ['/v1/interpretations/natal', { chart_id: free.western, language: 'en' }],
      ['/v1/interpretations/relationship', { chart_a_id: free.western, chart_b_id: free.westernB, language: 'en' }],
      [
        '/v1/interpretations/forecast',
        { chart_id: free.western, language: 'xx', starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' },
      ],
    ] as const) {
      const r = await api('POST', path, { token: free.key, body });
      expectError(r, 403, 'plan_feature_unavailable');
    }
  });

  it('Free: nothing is stored and the usage summary stays empty', async () => {
    const r = await api('GET', `/v1/llm/interpretations`, { token: free.key });
    expectStatus(r, 200);
    assert.equal(r.json.total, 0);
  });
});

describe('validation', () => {
  it('language is required and must be one of the ten codes; tier one of three', async () => {
    let r = await post(pro, '/v1/llm/chart-reading', { chart_id: pro.vedic });
    assert.deepEqual(invalidFields(expectError(r, 422, 'invalid_request')), ['language']);
    r = await post(pro, '/v1/llm/chart-reading', { chart_id: pro.vedic, language: 'fr' });
    assert.deepEqual(invalidFields(expectError(r, 422, 'invalid_request')), ['language']);
    r = await post(pro, '/v1/llm/chart-reading', { chart_id: pro.vedic, language: 'en', tier: 'gold' });
    assert.deepEqual(invalidFields(expectError(r, 422, 'invalid_request')), ['tier']);
    r = await post(pro, '/v1/llm/chart-reading', { language: 'en' });
    assert.deepEqual(invalidFields(expectError(r, 422, 'invalid_request')), ['chart_id']);
  });

  it('unknown theme: 422 unknown_theme; naive at: 422 at_must_be_timezone_aware', async () => {
    let r = await post(pro, '/v1/llm/theme/astrology_apis', { chart_id: pro.vedic, language: 'en' });
    expectError(r, 422, 'unknown_theme');
    r = await post(pro, '/v1/llm/theme/career', { chart_id: pro.vedic, language: 'en', at: '2026-01-01T10:00:00' });
    expectError(r, 422, 'at_must_be_timezone_aware');
    r = await post(pro, '/v1/llm/dasha-forecast', { chart_id: pro.vedic, language: 'en', at: '2026-01-01T10:00' });
    expectError(r, 422, 'at_must_be_timezone_aware');
    r = await post(pro, '/v1/llm/dasha-forecast', { chart_id: pro.vedic, language: 'en', at: 'tomorrow' });
    expectError(r, 422, 'invalid_request');
  });

  it('muhurta bounds: interval_minutes 5-1440, top_n 1-20, naive window, inverted window', async () => {
    let r = await post(pro, '/v1/llm/muhurta-reasoning', {
      chart_id: pro.vedic,
      language: 'en',
      interval_minutes: 4,
      top_n: 21,
    });
    assert.deepEqual(invalidFields(expectError(r, 422, 'invalid_request')).sort(), ['interval_minutes', 'top_n']);
    r = await post(pro, '/v1/llm/muhurta-reasoning', {
      chart_id: pro.vedic,
      language: 'en',
      window_start: '2026-03-01T00:00:00',
    });
    expectError(r, 422, 'invalid_datetime_timezone');
    r = await post(pro, '/v1/llm/muhurta-reasoning', {
      chart_id: pro.vedic,
      language: 'en',
      window_start: '2026-03-02T00:00:00Z',
      window_end: '2026-03-01T00:00:00Z',
    });
    expectError(r, 422, 'invalid_window');
  });

  it('charts: another tenant’s chart is 404 chart_not_found; the wrong system is 422', async () => {
    let r = await post(pro, '/v1/llm/chart-reading', { chart_id: other.vedic, language: 'en' });
    expectError(r, 404, 'chart_not_found');
    r = await post(pro, '/v1/llm/chart-reading', { chart_id: pro.western, language: 'en' });
    expectError(r, 422, 'unsupported_astrology_system');
    r = await api('POST', '/v1/interpretations/natal', {
      token: pro.key,
      body: { chart_id: pro.vedic, language: 'en' },
    });
    expectError(r, 422, 'unsupported_astrology_system');
    r = await api('POST', '/v1/interpretations/natal', {
      token: pro.key,
      body: { chart_id: other.western, language: 'en' },
    });
    expectError(r, 404, 'chart_not_found');
  });

  it('a key without charts:read gets 403 missing_scope', async () => {
    const u = await signup();
    await operator(['set-plan', u.email, 'pro']);
    const k = (await createKey(u.accessToken, ['interpretations:write'])).plaintext;
    const r = await api('POST', `/v1/llm/chart-reading?${q({ chart_id: pro.vedic, language: 'en' })}`, { token: k });
    expectError(r, 403, 'missing_scope');
  });
});

describe('Vedic LLM routes (offline writer)', () => {
  it('theme: engine_context carries theme, complete_factor, probability, top_transit_contacts (5 at most)', async () => {
    const r = await post(pro, '/v1/llm/theme/career', {
      chart_id: pro.vedic,
      language: 'en',
      tier: 'basic',
      at: '2026-01-15T12:00:00+05:30',
    });
    expectStatus(r, 200);
    checkResponse(r.json, 'theme', 'en', 'basic');
    const c = r.json.engine_context;
    for (const k of ['theme', 'complete_factor', 'probability', 'top_transit_contacts']) assert.ok(k in c, k);
    // Career is the 10th house (BPHS ch. 20, karma bhava) with Saturn, the significator of work and
    // livelihood (BPHS ch. 32 lists Sun, Mercury, Jupiter and Saturn for the 10th), as vedic-calc's table has it.
    assert.deepEqual(c.theme, { name: 'career', karaka: 'saturn', house: 10 });
    assert.ok(c.top_transit_contacts.length <= 5);
    // vedic-calc's probability engine: seven sources (spec 2-vedic.md), a final probability in 0..1
    // that the writer states as a percentage.
    assert.equal(c.complete_factor.sources.length, 7);
    assert.equal(c.complete_factor.karaka, 'saturn');
    assert.equal(c.complete_factor.house_number, 10);
    assert.ok(c.probability.final >= 0 && c.probability.final <= 1);
    assert.ok(r.json.content.includes(`${Math.round(c.probability.final * 100)}%`));
    for (const t of c.top_transit_contacts) assert.ok(t.orb_degrees >= 0 && t.strength >= 0 && t.strength <= 1);
    // basic tier: 3-5 paragraphs (fewer only when there are fewer facts).
    const paragraphs = r.json.content.split('\n\n');
    assert.ok(paragraphs.length >= 1 && paragraphs.length <= 5, `${paragraphs.length} paragraphs`);
    // Every sign the writer names is a sign of the context (it writes only from the context).
    const contextText = JSON.stringify(c);
    for (const s of SIGNS) {
      const name = s.charAt(0).toUpperCase() + s.slice(1);
      if (r.json.content.includes(` ${name}`)) assert.ok(contextText.includes(`"${s}"`), `${s} traces to the context`);
    }
  });

  it('chart-reading: meta factors, yogas, corrected natures, five headline areas; standard = 6-10 paragraphs', async () => {
    const r = await post(pro, '/v1/llm/chart-reading', { chart_id: pro.vedic, language: 'en' });
    expectStatus(r, 200);
    checkResponse(r.json, 'chart_reading', 'en', 'standard');
    const c = r.json.engine_context;
    assert.equal(c.headline_areas.length, 5);
    assert.ok(Array.isArray(c.top_yogas) && Array.isArray(c.corrected_natures));
    assert.equal(c.corrected_natures.length, 9);
    assert.ok(['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'].includes(c.chara_karakas.atmakaraka));
    // Meta factors over the ten default themes (spec 2-vedic.md).
    assert.equal(c.meta_factors.themes_analysed.length, 10);
    for (const m of c.meta_factors.meta_factors) assert.ok(m.total_appearances >= 2);
    const n = r.json.content.split('\n\n').length;
    assert.ok(n >= 6 && n <= 10, `${n} paragraphs`);
  });

  it('dasha-forecast: the current chain (maha, antar, pratyantar) with period and transit modifiers', async () => {
    const at = '2026-01-15T12:00:00+05:30';
    const r = await post(pro, '/v1/llm/dasha-forecast', { chart_id: pro.vedic, language: 'en', tier: 'premium', at });
    expectStatus(r, 200);
    checkResponse(r.json, 'dasha_forecast', 'en', 'premium');
    const chain = r.json.engine_context.current_chain;
    assert.ok(
      r.json.engine_context.period_modifiers.scores && Array.isArray(r.json.engine_context.transit_modifiers.planets),
    );
    assert.deepEqual(
      chain.map((x: any) => x.level),
      ['maha', 'antar', 'pratyantar'],
    );
    for (const p of chain) {
      assert.ok(Date.parse(p.starts_at) <= Date.parse(at) && Date.parse(at) < Date.parse(p.ends_at));
      assert.ok('period_modifiers' in p && 'transit_modifiers' in p);
      assert.ok(r.json.content.includes(p.starts_at.slice(0, 10)), 'the writer names each period start');
    }
    // The same chain as the public dasha route.
    const cur = await api(
      'GET',
      `/v1/vedic/charts/${pro.vedic}/dashas/vimshottari/current?at=${encodeURIComponent(at)}`,
      { token: pro.key },
    );
    expectStatus(cur, 200);
    assert.deepEqual(
      chain.map((x: any) => x.lord),
      [cur.json.md.lord, cur.json.ad.lord, cur.json.pd.lord],
    );
  });

  it('muhurta-reasoning: top candidates ranked by tara and day lord, best first', async () => {
    const r = await post(pro, '/v1/llm/muhurta-reasoning', {
      chart_id: pro.vedic,
      language: 'en',
      tier: 'basic',
      window_start: '2026-03-01T00:00:00+05:30',
      window_end: '2026-03-03T00:00:00+05:30',
      interval_minutes: 120,
      top_n: 3,
    });
    expectStatus(r, 200);
    checkResponse(r.json, 'muhurta', 'en', 'basic');
    const cands = r.json.engine_context.candidates;
    assert.equal(cands.length, 3);
    for (let i = 1; i < cands.length; i++) assert.ok(cands[i - 1].score >= cands[i].score);
  });
});

describe('streams', () => {
  it('meta first, deltas, done with the id; the deltas rebuild the stored content', async () => {
    const r = await post(pro, '/v1/llm/theme/wealth/stream', { chart_id: pro.vedic, language: 'en', tier: 'basic' });
    expectStatus(r, 200);
    assert.match(r.headers.get('content-type') ?? '', /text\/event-stream/);
    const events = parseSse(r.text);
    assert.equal(events[0]!.event, 'meta');
    assert.deepEqual(Object.keys(events[0]!.data).sort(), [
      'engine_context',
      'interpretation_type',
      'kind',
      'language',
      'tier',
    ]);
    assert.equal(events[0]!.data.kind, 'meta');
    const deltas = events.slice(1, -1);
    assert.ok(deltas.length > 1, 'the offline writer streams in pieces');
    for (const d of deltas) assert.equal(d.event, 'delta');
    const done = events.at(-1)!;
    assert.equal(done.event, 'done');
    assert.equal(done.data.kind, 'done');
    assert.equal(done.data.cached, false);
    assert.match(done.data.interpretation_id, UUID_V7);
    const row = await api('GET', `/v1/llm/interpretations/${done.data.interpretation_id}`, { token: pro.key });
    expectStatus(row, 200);
    assert.equal(deltas.map((d) => d.data.content).join(''), row.json.content);
    assert.equal(row.json.input_tokens, done.data.input_tokens);
    assert.equal(row.json.output_tokens, done.data.output_tokens);
    assert.equal(row.json.cost_usd, done.data.cost_usd);
  });

  it('a cached row replays as one meta, one delta with the whole text, one done with cached true', async () => {
    const params = { chart_id: pro.vedic, language: 'en', tier: 'basic' };
    const first = await post(pro, '/v1/llm/theme/mother', params);
    expectStatus(first, 200);
    const r = await post(pro, '/v1/llm/theme/mother/stream', params);
    const events = parseSse(r.text);
    assert.deepEqual(
      events.map((e) => e.event),
      ['meta', 'delta', 'done'],
    );
    assert.equal(events[1]!.data.content, first.json.content);
    assert.equal(events[2]!.data.cached, true);
    assert.equal(events[2]!.data.interpretation_id, first.json.interpretation_id);
  });

  it('stream validation and chart errors are plain HTTP errors', async () => {
    let r = await post(pro, '/v1/llm/theme/nothing/stream', { chart_id: pro.vedic, language: 'en' });
    expectError(r, 422, 'unknown_theme');
    r = await post(pro, '/v1/llm/chart-reading/stream', { chart_id: other.vedic, language: 'en' });
    expectError(r, 404, 'chart_not_found');
  });
});

describe('cache', () => {
  it('identical request: cached true, same row; fresh=true: a new row that the cache then serves', async () => {
    const t = await tenant('pro');
    const params = { chart_id: t.vedic, language: 'en', tier: 'basic' };
    const a = await post(t, '/v1/llm/chart-reading', params);
    const b = await post(t, '/v1/llm/chart-reading', params);
    assert.equal(a.json.cached, false);
    assert.equal(b.json.cached, true);
    assert.equal(b.json.interpretation_id, a.json.interpretation_id);
    assert.equal(b.json.content, a.json.content);
    assert.equal(b.json.cost_usd, a.json.cost_usd);
    const c = await post(t, '/v1/llm/chart-reading', { ...params, fresh: true });
    assert.equal(c.json.cached, false);
    assert.notEqual(c.json.interpretation_id, a.json.interpretation_id);
    const d = await post(t, '/v1/llm/chart-reading', params);
    assert.equal(d.json.cached, true);
    assert.equal(d.json.interpretation_id, c.json.interpretation_id);
    // Any key field differing is a miss: language, tier, chart.
    for (const changed of [{ language: 'es' }, { tier: 'standard' }]) {
      const m = await post(t, '/v1/llm/chart-reading', { ...params, ...changed });
      assert.equal(m.json.cached, false, JSON.stringify(changed));
    }
    // Another tenant never shares the cache.
    const o = await post(other, '/v1/llm/chart-reading', { ...params, chart_id: other.vedic });
    assert.notEqual(o.json.interpretation_id, a.json.interpretation_id);
    // Usage counts model calls only: 2 (a, c) + es + standard = 4, cache hits add none.
    const u = await api('GET', `/v1/llm/usage-summary?${q({ ...RECENT(), interpretation_type: 'chart_reading' })}`, {
      token: t.key,
    });
    expectStatus(u, 200);
    assert.equal(u.json.total.call_count, 4);
  });

  it('the theme and the applicable parameters are part of the key', async () => {
    const t = await tenant('pro');
    const a = await post(t, '/v1/llm/theme/spouse', { chart_id: t.vedic, language: 'en', tier: 'basic' });
    const b = await post(t, '/v1/llm/theme/father', { chart_id: t.vedic, language: 'en', tier: 'basic' });
    const c = await post(t, '/v1/llm/theme/spouse', {
      chart_id: t.vedic,
      language: 'en',
      tier: 'basic',
      at: '2026-02-01T00:00:00Z',
    });
    const d = await post(t, '/v1/llm/theme/spouse', {
      chart_id: t.vedic,
      language: 'en',
      tier: 'basic',
      at: '2026-02-01T00:00:00Z',
    });
    assert.deepEqual([a.json.cached, b.json.cached, c.json.cached, d.json.cached], [false, false, false, true]);
  });
});

describe('Western LLM-ready routes', () => {
  const checkGrounding = (r: any, type: string) => {
    assert.deepEqual(Object.keys(r).sort(), [...RESPONSE_KEYS, 'features_used', 'grounding', 'sources'].sort());
    assert.equal(r.grounding.interpretation_type, type);
    assert.deepEqual(r.grounding.features_used, r.features_used);
    assert.deepEqual(r.grounding.sources, r.sources);
    assert.ok(r.features_used.length > 0 && r.sources.length > 0);
    for (const f of [...r.features_used, ...r.sources]) assert.deepEqual(Object.keys(f).sort(), ['kind', 'name']);
  };

  it('natal: summary grounding (placements, aspects, dignities, balance, houses)', async () => {
    const r = await api('POST', '/v1/interpretations/natal', {
      token: pro.key,
      body: { chart_id: pro.western, language: 'en', tier: 'basic' },
    });
    expectStatus(r, 200);
    checkResponse(r.json, 'western_natal', 'en', 'basic', GROUNDING_KEYS);
    checkGrounding(r.json, 'western_natal');
    const c = r.json.engine_context;
    assert.equal(c.placements.length, 10);
    // The spec's natal grounding, from western-calc.
    for (const k of ['summary', 'aspects', 'dignities', 'balance', 'houses', 'dispositors', 'patterns'])
      assert.ok(k in c, k);
    assert.equal(c.houses.length, 12);
    assert.equal(c.summary.aspect_count, c.aspects.length);
    // The same aspects as the public route.
    const pub = await api('GET', `/v1/western/charts/${pro.western}/aspects`, { token: pro.key });
    expectStatus(pub, 200);
    assert.deepEqual(c.aspects, pub.json);
    // Tropical Sun of 1990-05-15 is in Taurus (ingress about Apr 20, Gemini about May 21: any ephemeris).
    assert.equal(c.placements.find((p: any) => p.planet === 'sun').sign, 'taurus');
    const again = await api('POST', '/v1/interpretations/natal', {
      token: pro.key,
      body: { chart_id: pro.western, language: 'en', tier: 'basic' },
    });
    assert.equal(again.json.cached, true);
    checkGrounding(again.json, 'western_natal');
  });

  it('relationship: synastry, overlays both ways, composite, Davison; same chart twice is 422', async () => {
    const body = { chart_a_id: pro.western, chart_b_id: pro.westernB, language: 'es', tier: 'basic' };
    const r = await api('POST', '/v1/interpretations/relationship', { token: pro.key, body });
    expectStatus(r, 200);
    checkResponse(r.json, 'western_relationship', 'es', 'basic', GROUNDING_KEYS);
    checkGrounding(r.json, 'western_relationship');
    const c = r.json.engine_context;
    assert.ok(
      Array.isArray(c.synastry_contacts) &&
        c.house_overlays.a_in_b.length === 10 &&
        c.house_overlays.b_in_a.length === 10,
    );
    assert.equal(c.composite.length, 4);
    const row = await api('GET', `/v1/llm/interpretations/${r.json.interpretation_id}`, { token: pro.key });
    assert.equal(row.json.request_params.chart_b_id, pro.westernB);
    const dup = await api('POST', '/v1/interpretations/relationship', {
      token: pro.key,
      body: { ...body, chart_b_id: pro.western },
    });
    expectError(dup, 422, 'duplicate_relationship_charts');
  });

  it('forecast: transit windows, profection, progressed lunation; range and datetime errors', async () => {
    const body = {
      chart_id: pro.western,
      language: 'en',
      tier: 'basic',
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2026-04-01T00:00:00Z',
    };
    const r = await api('POST', '/v1/interpretations/forecast', { token: pro.key, body });
    expectStatus(r, 200);
    checkGrounding(r.json, 'western_forecast');
    const c = r.json.engine_context;
    // Profections: age 35 on 2026-01-01 for a 1990-05-15 birth -> 35 mod 12 = 11 -> the 12th house.
    assert.equal(c.annual_profection.age_years, 35);
    assert.equal(c.annual_profection.house, 12);
    assert.ok(
      ['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic'].includes(
        c.progressed_lunation.phase_name,
      ),
    );
    // The strongest sixteen windows: basic states three, standard eight, premium all of them.
    assert.ok(c.transit_windows.length <= 16);
    for (const x of c.transit_windows) assert.ok(x.peak_strength >= 0 && x.peak_strength <= 1);
    let e = await api('POST', '/v1/interpretations/forecast', {
      token: pro.key,
      body: { ...body, ends_at: '2025-12-01T00:00:00Z' },
    });
    expectError(e, 422, 'invalid_date_range');
    e = await api('POST', '/v1/interpretations/forecast', {
      token: pro.key,
      body: { ...body, ends_at: '2027-03-01T00:00:00Z' },
    });
    expectError(e, 422, 'range_too_long');
    e = await api('POST', '/v1/interpretations/forecast', {
      token: pro.key,
      body: { ...body, starts_at: '2026-01-01T00:00:00' },
    });
    expectError(e, 422, 'naive_datetime');
    e = await api('POST', '/v1/interpretations/forecast', {
      token: pro.key,
      body: { chart_id: pro.western, language: 'en' },
    });
    assert.deepEqual(invalidFields(expectError(e, 422, 'invalid_request')).sort(), ['ends_at', 'starts_at']);
  });

  it('POST /v1/interpretations/vedic/{kind} answers 501 not_implemented', async () => {
    const r = await api('POST', '/v1/interpretations/vedic/natal', { token: pro.key, body: { chart_id: pro.vedic } });
    expectError(r, 501, 'not_implemented');
  });
});

describe('languages', () => {
  it('the offline writer writes each of the ten languages in its own script', async () => {
    const t = await tenant('pro');
    for (const language of Object.keys(SCRIPT)) {
      const r = await post(t, '/v1/llm/theme/self', { chart_id: t.vedic, language, tier: 'basic' });
      expectStatus(r, 200);
      assert.equal(r.json.language, language);
      assert.match(r.json.content, SCRIPT[language]!, language);
    }
    const es = await post(t, '/v1/llm/theme/self', { chart_id: t.vedic, language: 'es', tier: 'basic' });
    assert.match(es.json.content, /casa/);
  });
});

describe('stored interpretations', () => {
  let t: Tenant;
  const ids: string[] = [];
  before(async () => {
    t = await tenant('pro');
    for (const [path, params] of [
      ['/v1/llm/theme/children', { language: 'en', tier: 'basic' }],
      ['/v1/llm/chart-reading', { language: 'hi', tier: 'basic' }],
      ['/v1/llm/dasha-forecast', { language: 'en', tier: 'standard', at: '2026-06-01T00:00:00Z' }],
    ] as const) {
      const r = await post(t, path, { chart_id: t.vedic, ...params });
      expectStatus(r, 200);
      ids.push(r.json.interpretation_id);
      await sleep(5);
    }
  });

  it('list: newest first, total unpaginated, filters, limit and offset', async () => {
    let r = await api('GET', '/v1/llm/interpretations', { token: t.key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json).sort(), ['items', 'limit', 'offset', 'total']);
    assert.equal(r.json.total, 3);
    assert.equal(r.json.limit, 50);
    assert.equal(r.json.offset, 0);
    assert.deepEqual(
      r.json.items.map((x: any) => x.id),
      [...ids].reverse(),
    );
    for (const row of r.json.items) assert.deepEqual(Object.keys(row).sort(), ROW_KEYS);
    const theme = r.json.items.find((x: any) => x.interpretation_type === 'theme');
    assert.equal(theme.theme, 'children');
    assert.equal(r.json.items.find((x: any) => x.interpretation_type === 'chart_reading').theme, null);
    const dasha = r.json.items.find((x: any) => x.interpretation_type === 'dasha_forecast');
    assert.deepEqual(dasha.request_params, {
      at: '2026-06-01T00:00:00Z',
      window_start: null,
      window_end: null,
      interval_minutes: null,
      top_n: null,
    });
    r = await api('GET', '/v1/llm/interpretations?limit=1&offset=1', { token: t.key });
    assert.equal(r.json.total, 3);
    assert.deepEqual(
      r.json.items.map((x: any) => x.id),
      [ids[1]],
    );
    r = await api('GET', '/v1/llm/interpretations?language=hi', { token: t.key });
    assert.deepEqual(
      r.json.items.map((x: any) => x.id),
      [ids[1]],
    );
    r = await api('GET', '/v1/llm/interpretations?interpretation_type=dasha_forecast&tier=standard', { token: t.key });
    assert.deepEqual(
      r.json.items.map((x: any) => x.id),
      [ids[2]],
    );
    r = await api('GET', `/v1/llm/interpretations?chart_id=${pro.vedic}`, { token: t.key });
    assert.equal(r.json.total, 0);
  });

  it('list bounds: limit 1-200, offset >= 0, enum filters', async () => {
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'tier=gold', 'interpretation_type=poem', 'chart_id=abc'])
      expectError(await api('GET', `/v1/llm/interpretations?${bad}`, { token: t.key }), 422, 'invalid_request');
    expectStatus(await api('GET', '/v1/llm/interpretations?limit=200', { token: t.key }), 200);
  });

  it('by id; another tenant’s id is 404 interpretation_not_found', async () => {
    const r = await api('GET', `/v1/llm/interpretations/${ids[0]}`, { token: t.key });
    expectStatus(r, 200);
    assert.equal(r.json.id, ids[0]);
    assert.match(r.json.created_at, /Z$/);
    expectError(
      await api('GET', `/v1/llm/interpretations/${ids[0]}`, { token: other.key }),
      404,
      'interpretation_not_found',
    );
    expectError(
      await api('GET', '/v1/llm/interpretations/not-a-uuid', { token: t.key }),
      404,
      'interpretation_not_found',
    );
  });
});

describe('usage summary', () => {
  it('totals before breakdown, grouped sums add up, [from, to) window, errors', async () => {
    const t = await tenant('pro');
    const made: any[] = [];
    for (const [path, params] of [
      ['/v1/llm/theme/gain', { language: 'en', tier: 'basic' }],
      ['/v1/llm/theme/gain', { language: 'en', tier: 'basic' }], // cache hit: not counted
      ['/v1/llm/chart-reading', { language: 'ta', tier: 'basic' }],
      ['/v1/llm/chart-reading', { language: 'ta', tier: 'standard' }],
    ] as const) {
      const r = await post(t, path, { chart_id: t.vedic, ...params });
      expectStatus(r, 200);
      if (!r.json.cached) made.push(r.json);
    }
    assert.equal(made.length, 3);
    const sum = (k: string) => made.reduce((a, x) => a + x[k], 0);
    const window = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
    };
    let r = await api('GET', `/v1/llm/usage-summary?${q(window)}`, { token: t.key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), ['from_', 'to', 'group_by', 'total', 'breakdown']);
    assert.equal(r.json.group_by, 'none');
    assert.deepEqual(r.json.breakdown, []);
    assert.equal(r.json.total.label, null);
    assert.equal(r.json.total.call_count, 3);
    assert.equal(r.json.total.input_tokens, sum('input_tokens'));
    assert.equal(r.json.total.output_tokens, sum('output_tokens'));
    assert.ok(Math.abs(r.json.total.cost_usd - sum('cost_usd')) < 1e-9);
    for (const g of ['interpretation_type', 'tier', 'language', 'day']) {
      r = await api('GET', `/v1/llm/usage-summary?${q({ ...window, group_by: g })}`, { token: t.key });
      expectStatus(r, 200);
      const b = r.json.breakdown;
      assert.equal(
        b.reduce((a: number, x: any) => a + x.call_count, 0),
        3,
        g,
      );
      assert.equal(
        b.reduce((a: number, x: any) => a + x.output_tokens, 0),
        sum('output_tokens'),
        g,
      );
      assert.ok(Math.abs(b.reduce((a: number, x: any) => a + x.cost_usd, 0) - r.json.total.cost_usd) < 1e-9, g);
    }
    r = await api('GET', `/v1/llm/usage-summary?${q({ ...window, group_by: 'tier' })}`, { token: t.key });
    assert.deepEqual(
      r.json.breakdown.map((x: any) => [x.label, x.call_count]),
      [
        ['basic', 2],
        ['standard', 1],
      ],
    );
    r = await api('GET', `/v1/llm/usage-summary?${q({ ...window, group_by: 'day' })}`, { token: t.key });
    assert.equal(r.json.breakdown[0].label, new Date().toISOString().slice(0, 10));
    r = await api('GET', `/v1/llm/usage-summary?${q({ ...window, language: 'ta' })}`, { token: t.key });
    assert.equal(r.json.total.call_count, 2);
    // to is exclusive: a window ending before the calls sees none.
    r = await api(
      'GET',
      `/v1/llm/usage-summary?${q({ from: window.from, to: new Date(Date.now() - 60_000).toISOString() })}`,
      { token: t.key },
    );
    expectStatus(r, 200);
    assert.equal(r.json.total.call_count, 0);
    assert.equal(r.json.total.cost_usd, 0);
    expectError(
      await api('GET', `/v1/llm/usage-summary?${q({ from: window.to, to: window.from })}`, { token: t.key }),
      422,
      'invalid_date_range',
    );
    expectError(
      await api('GET', `/v1/llm/usage-summary?${q({ from: window.from, to: window.from })}`, { token: t.key }),
      422,
      'invalid_date_range',
    );
    expectError(
      await api('GET', `/v1/llm/usage-summary?${q({ to: window.to })}`, { token: t.key }),
      422,
      'invalid_request',
    );
    const long = { from: '2020-01-01T00:00:00Z', to: '2021-01-02T00:00:01Z' };
    expectError(await api('GET', `/v1/llm/usage-summary?${q(long)}`, { token: t.key }), 422, 'range_too_long');
    expectError(
      await api('GET', `/v1/llm/usage-summary?${q({ ...window, from: '2026-01-01T00:00:00' })}`, { token: t.key }),
      422,
      'naive_datetime',
    );
    expectError(
      await api('GET', `/v1/llm/usage-summary?${q({ ...window, group_by: 'week' })}`, { token: t.key }),
      422,
      'invalid_request',
    );
    // Another tenant sees only its own usage.
    r = await api('GET', `/v1/llm/usage-summary?${q({ ...window, chart_id: t.vedic })}`, { token: other.key });
    assert.equal(r.json.total.call_count, 0);
  });
});

describe('tier buckets', () => {
  it('premium: 5 then 429 llm_tier_rate_limited with Retry-After; basic and another tenant unaffected', async () => {
    const t = await tenant('pro');
    const params = { chart_id: t.vedic, language: 'en', tier: 'premium' };
    for (let i = 0; i < 5; i++) expectStatus(await post(t, '/v1/llm/chart-reading', params), 200);
    const r = await post(t, '/v1/llm/chart-reading', params);
    const e = expectError(r, 429, 'llm_tier_rate_limited');
    assert.deepEqual(Object.keys(e.details!).sort(), ['reason', 'retry_after_seconds', 'tier']);
    assert.equal(e.details!.tier, 'premium');
    const retry = Number(r.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry === e.details!.retry_after_seconds);
    // One token refills in 1 / 0.02 = 50 s (spec "Limits"); rounded up, at most 50.
    assert.ok(retry >= 1 && retry <= 50, String(retry));
    // The stream sibling shares the bucket and answers a real 429.
    expectError(await post(t, '/v1/llm/chart-reading/stream', params), 429, 'llm_tier_rate_limited');
    expectStatus(await post(t, '/v1/llm/chart-reading', { ...params, tier: 'basic' }), 200);
    expectStatus(await post(other, '/v1/llm/chart-reading', { ...params, chart_id: other.vedic }), 200);
    // Reads are never rate limited.
    expectStatus(await api('GET', '/v1/llm/interpretations', { token: t.key }), 200);
  });

  it('standard: 10 then 429; the Western routes share the tenant’s buckets', async () => {
    const t = await tenant('pro');
    for (let i = 0; i < 10; i++)
      expectStatus(
        await api('POST', '/v1/interpretations/natal', { token: t.key, body: { chart_id: t.western, language: 'en' } }),
        200,
      );
    const e = expectError(
      await post(t, '/v1/llm/chart-reading', { chart_id: t.vedic, language: 'en' }),
      429,
      'llm_tier_rate_limited',
    );
    assert.equal(e.details!.tier, 'standard');
    // 1 / 0.1 = 10 s per token.
    assert.ok(e.details!.retry_after_seconds >= 1 && e.details!.retry_after_seconds <= 10);
  });
});

describe('erasure', () => {
  it('deleting a chart removes its LLM interpretations (chart.deleted on the bus)', async () => {
    const t = await tenant('pro');
    const a = await post(t, '/v1/llm/chart-reading', { chart_id: t.vedic, language: 'en', tier: 'basic' });
    const b = await api('POST', '/v1/interpretations/natal', {
      token: t.key,
      body: { chart_id: t.western, language: 'en', tier: 'basic' },
    });
    expectStatus(a, 200);
    expectStatus(b, 200);
    expectStatus(await api('DELETE', `/v1/charts/${t.vedic}`, { token: t.key }), 204);
    let gone = false;
    for (let i = 0; i < 60 && !gone; i++) {
      gone = (await api('GET', `/v1/llm/interpretations/${a.json.interpretation_id}`, { token: t.key })).status === 404;
      if (!gone) await sleep(250);
    }
    assert.ok(gone, 'the deleted chart’s interpretation is gone');
    expectStatus(await api('GET', `/v1/llm/interpretations/${b.json.interpretation_id}`, { token: t.key }), 200);
    // Spend already incurred still counts in the usage summary.
    const u = await api('GET', `/v1/llm/usage-summary?${q(RECENT())}`, { token: t.key });
    assert.equal(u.json.total.call_count, 2);
  });
});
