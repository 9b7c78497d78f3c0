// Hostile input against every route of the OpenAPI document the running gateway serves: requests
// generated from each operation's own schemas (tests/helpers/openapi-fuzz.ts) with hostile mutations
// (characters PostgreSQL cannot store, unpaired surrogates, sub-millisecond and naive date-times, deep
// nesting, long strings and arrays, wrong types, repeated parameters) in the path, the query, the
// headers and the body: FUZZ_CASES in total (10,000 by default), sent concurrently. Every answer must be
// below 500 (501 only where the route says not_implemented, 503 only for the documented upstream codes)
// and every error must be in the envelope; the run prints its case count. Then two matrices over the
// same document: every chart-scoped route called with another tenant's chart answers 404, and an API
// key holding one scope reaches only the routes of that scope.
//
// Routes left out of the fuzz, on purpose: the anonymous auth routes and the demo, whose per-address
// brute-force and demo limits are shared with the other test files running beside this one (they have
// their own validation tests). The fuzz runs as its own tenant; DELETE routes are never given a real
// id and run last (they would erase the fixtures the other routes need).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import fc from 'fast-check';
import { api, createKey, operator, signup, type ApiResponse } from './helpers/client.ts';
import { listOps, pool, requestArb, type FuzzRequest, type Op } from './helpers/openapi-fuzz.ts';

const CASES = Number(process.env.FUZZ_CASES || 10_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY || 12);
const SEED = Number(process.env.HOSTILE_SEED || 20261121);
const SKIP_FUZZ = new Set([
  'POST /v1/auth/signup',
  'POST /v1/auth/login',
  'POST /v1/auth/password/forgot',
  'POST /v1/auth/password/reset',
  'POST /v1/demo/charts',
]);
const UPSTREAM_5XX = new Set([
  'not_implemented',
  'llm_all_providers_failed',
  'llm_timeout',
  'llm_unavailable',
  'llm_rate_limited',
  'gazetteer_unavailable',
]);
const ALL_SCOPES = [
  'charts:read',
  'charts:write',
  'compatibility:read',
  'interpretations:read',
  'interpretations:write',
  'feedback:read',
  'feedback:write',
  'keys:manage',
];
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

interface Tenant {
  jwt: string;
  key: string;
  vedic: string;
  western: string;
}

let doc: any;
let ops: Op[] = [];
let a: Tenant;
let b: Tenant;
let fuzzer: Tenant;

async function tenant(): Promise<Tenant> {
  const s = await signup();
  const key = (await createKey(s.accessToken, ALL_SCOPES)).plaintext;
  const vedic = await api('POST', '/v1/charts', { token: key, body: { birth } });
  const western = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
  assert.equal(vedic.status, 201);
  assert.equal(western.status, 201);
  return { jwt: s.accessToken, key, vedic: vedic.json.id, western: western.json.id };
}

const tokenFor = (op: Op, t: Tenant) => (op.access === 'public' ? undefined : op.access === 'session' ? t.jwt : t.key);
const isChartParam = (op: Op, name: string) =>
  ['id', 'chart_id'].includes(name) && /\/(charts|vedic\/charts|western\/charts)\/\{/.test(op.path);

function checkAnswer(op: Op, res: ApiResponse, url: string) {
  const where = `${op.method} ${url.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status >= 500) {
    const code = res.json?.error?.code;
    assert.ok(UPSTREAM_5XX.has(code), `5xx: ${where}`);
  }
  if (res.status >= 400 && !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const e = res.json?.error;
    assert.ok(e && typeof e.code === 'string' && typeof e.message === 'string', `envelope: ${where}`);
    assert.ok('details' in e && 'message_key' in e && 'request_id' in e, `envelope fields: ${where}`);
  }
}

before(async () => {
  doc = (await api('GET', '/v1/openapi.json')).json;
  ops = listOps(doc);
  [a, b, fuzzer] = await Promise.all([tenant(), tenant(), tenant()]);
});

describe('hostile input against every route of the OpenAPI document', () => {
  it('no 5xx (beyond documented upstream codes), every error in the envelope', async () => {
    const fuzzed = ops.filter((op) => !SKIP_FUZZ.has(`${op.method} ${op.path}`));
    const perOp = Math.ceil(CASES / fuzzed.length);
    const ctx = { doc, ids: [fuzzer.vedic, fuzzer.western] };
    // Deterministic cases (seeded), generated up front; destructive routes go last.
    const cases: Array<{ op: Op; req: FuzzRequest }> = [];
    for (const [i, op] of [...fuzzed]
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))
      .entries())
      for (const req of fc.sample(requestArb(ctx, op), { numRuns: perOp, seed: SEED + i })) cases.push({ op, req });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    // Failure classes (status, route) and time per route, printed so a failing or slow run says where.
    const classes = new Map<string, number>();
    const spent = new Map<string, number>();
    const started = Date.now();
    const run = (part: typeof cases) =>
      pool(part, CONCURRENCY, async ({ op, req }) => {
        const opts: Parameters<typeof api>[2] = { token: tokenFor(op, fuzzer), headers: req.headers };
        if (req.body !== undefined) opts.body = req.body;
        let res: ApiResponse;
        const t0 = Date.now();
        const route = `${op.method} ${op.path}`;
        try {
          res = await api(op.method, req.url, opts);
          spent.set(route, (spent.get(route) ?? 0) + Date.now() - t0);
        } catch (err) {
          failures.push(`${op.method} ${req.url.slice(0, 200)}: no answer (${(err as Error).message})`);
          return;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        try {
          checkAnswer(op, res, req.url);
        } catch (err) {
          const body = req.body === undefined ? '' : ` body ${JSON.stringify(req.body).slice(0, 300)}`;
          classes.set(`${res.status} ${route}`, (classes.get(`${res.status} ${route}`) ?? 0) + 1);
          failures.push(`${(err as Error).message.split('\n')[0]}${body}`);
        }
      });
    await run(cases.filter((c) => c.op.method !== 'DELETE'));
    await run(cases.filter((c) => c.op.method === 'DELETE'));
    const sent = [...statuses.values()].reduce((x, y) => x + y, 0);
    const byStatus = [...statuses].sort((x, y) => x[0] - y[0]).map(([k, v]) => `${k}:${v}`);
    console.log(
      `hostile input fuzz: ${cases.length} cases over ${fuzzed.length} routes, ${sent} answered in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s (concurrency ${CONCURRENCY}); statuses ${byStatus.join(' ')}; ` +
        `${failures.length} failures`,
    );
    const slowest = [...spent].sort((x, y) => y[1] - x[1]).slice(0, 5);
    console.log(`slowest routes (total ms): ${slowest.map(([r, ms]) => `${r} ${ms}`).join('; ')}`);
    if (classes.size) console.log(`failure classes: ${[...classes].map(([k, n]) => `${k} x${n}`).join('; ')}`);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${cases.length} cases failed`);
    assert.ok(fuzzed.length >= 40, `fuzzed ${fuzzed.length} routes`);
    assert.ok(cases.length >= CASES, `${cases.length} cases`);
  });

  it('malformed JSON, wrong content types and oversized bodies are 4xx in the envelope', async () => {
    const posts = ops.filter((o) => o.method === 'POST' && o.bodySchema && !SKIP_FUZZ.has(`POST ${o.path}`));
    for (const op of posts.slice(0, 20)) {
      const url = op.path.replace(/\{[^}]+\}/g, a.vedic);
      for (const [body, type] of [
        ['{"unterminated": ', 'application/json'],
        ['plain text', 'text/plain'],
        ['x'.repeat(2 * 1024 * 1024), 'application/json'],
      ] as const) {
        const res = await api('POST', url, {
          token: tokenFor(op, a),
          rawBody: body,
          headers: { 'content-type': type },
        });
        assert.ok(res.status >= 400 && res.status < 500, `${op.path} ${type} -> ${res.status}`);
        checkAnswer(op, res, url);
      }
    }
  });
});

// ---------------------------------------------------------------- isolation and scopes

/** Plausible values for the required query parameters, so a call reaches the chart lookup. */
function plausibleQuery(op: Op): string {
  const q = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === 'query' && x.required)) {
    const s = p.schema ?? {};
    if (s.enum) q.set(p.name, s.enum[0]);
    else if (s.format === 'date-time') q.set(p.name, '2030-01-01T00:00:00Z');
    else if (s.type === 'integer' || s.type === 'number') q.set(p.name, '1');
    else if (/date/.test(p.name)) q.set(p.name, '2030-01-01T00:00:00Z');
    else q.set(p.name, 'x');
  }
  const qs = q.toString();
  return qs ? `?${qs}` : '';
}

/** Documented values of the non-id path parameters (spec tables and README reference section). */
const PATH_VALUES: Record<string, string> = {
  varga: 'D9',
  theme: 'career',
  planet: 'sun',
  area: 'career',
  domain: 'career',
};

function plausiblePath(op: Op, chartId: string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (isChartParam(op, name)) return chartId;
    const param = op.params.find((p) => p.name === name);
    return param?.schema?.enum?.[0] ?? PATH_VALUES[name] ?? name;
  });
}

describe('tenant isolation matrix', () => {
  it('every chart-scoped GET that answers the owner answers 404 chart_not_found to another tenant', async () => {
    const checked: string[] = [];
    const unchecked: string[] = [];
    for (const op of ops.filter(
      (o) => o.method === 'GET' && o.params.some((p) => p.in === 'path' && isChartParam(o, p.name)),
    )) {
      let ownerOk = false;
      for (const chart of [a.vedic, a.western]) {
        const url = plausiblePath(op, chart) + plausibleQuery(op);
        const own = await api('GET', url, { token: a.key });
        if (own.status !== 200) continue;
        ownerOk = true;
        const other = await api('GET', url, { token: b.key });
        assert.equal(other.status, 404, `${url} as another tenant -> ${other.status} ${other.text.slice(0, 200)}`);
        assert.equal(other.json?.error?.code, 'chart_not_found', url);
        break;
      }
      (ownerOk ? checked : unchecked).push(op.path);
    }
    // Routes whose required parameters this generic caller cannot fill have their own cross-tenant tests.
    if (unchecked.length)
      console.log(`isolation matrix: ${checked.length} routes checked; own tests cover: ${unchecked.join(', ')}`);
    assert.ok(checked.length >= 0.75 * (checked.length + unchecked.length), `checked ${checked.length} chart routes`);
  });
});

describe('scope matrix', () => {
  it('a key holding one scope reaches only the routes of that scope', async () => {
    const s = await signup();
    // Free allows one active key; the matrix needs one per scope.
    await operator(['set-plan', s.email, 'pro']);
    const keys = new Map<string, string>();
    for (const scope of ALL_SCOPES) keys.set(scope, (await createKey(s.accessToken, [scope])).plaintext);
    const scoped = ops.filter((o) => o.scope && o.access !== 'session' && o.method === 'GET');
    assert.ok(scoped.length >= 20, `only ${scoped.length} scoped GET routes`);
    for (const op of scoped) {
      const url = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') + plausibleQuery(op);
      for (const [scope, key] of keys) {
        const res = await api(op.method, url, { token: key });
        if (scope === op.scope)
          assert.notEqual(res.json?.error?.code, 'missing_scope', `${scope} on ${op.method} ${op.path}`);
        else {
          assert.equal(res.status, 403, `${scope} on ${op.method} ${op.path} -> ${res.status}`);
          assert.equal(res.json.error.code, 'missing_scope');
          assert.deepEqual(res.json.error.details.required, op.scope);
        }
      }
    }
  });
});
