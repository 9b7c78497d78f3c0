// Hostile input against every route of the OpenAPI document (fast-check): wrong types, huge values,
// unicode, missing fields, long strings, bad dates and bad ids in the path, the query and the body.
// Every answer must be below 500 (501 only where the route says not_implemented, 503 only for the
// documented upstream codes) and every error must be in the envelope. Then two matrices over the same
// document: every chart-scoped route called with another tenant's chart answers 404, and an API key
// holding one scope reaches only the routes of that scope.
//
// Routes left out of the fuzz, on purpose: the anonymous auth routes and the demo, whose per-address
// brute-force and demo limits are shared with the other test files running beside this one (they have
// their own validation tests), and DELETE routes are never given a real id (they would erase the
// fixtures the other routes need).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { api, createKey, operator, signup, type ApiResponse } from './helpers/client.ts';

const RUNS = Number(process.env.HOSTILE_RUNS || 6);
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

interface Op {
  method: string;
  path: string;
  access: string;
  scope?: string;
  params: Array<{ name: string; in: string; required?: boolean; schema?: any }>;
  bodySchema?: any;
}

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

async function tenant(): Promise<Tenant> {
  const s = await signup();
  const key = (await createKey(s.accessToken, ALL_SCOPES)).plaintext;
  const vedic = await api('POST', '/v1/charts', { token: key, body: { birth } });
  const western = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
  assert.equal(vedic.status, 201);
  assert.equal(western.status, 201);
  return { jwt: s.accessToken, key, vedic: vedic.json.id, western: western.json.id };
}

function resolveSchema(s: any): any {
  if (s?.$ref) return doc.components.schemas[s.$ref.split('/').pop()];
  return s;
}

function listOps(): Op[] {
  const out: Op[] = [];
  for (const [p, methods] of Object.entries<any>(doc.paths)) {
    for (const [m, op] of Object.entries<any>(methods)) {
      const content = op.requestBody?.content?.['application/json'];
      out.push({
        method: m.toUpperCase(),
        path: p,
        access: op['x-access'],
        scope: op['x-required-scope'],
        params: op.parameters ?? [],
        bodySchema: content ? resolveSchema(content.schema) : undefined,
      });
    }
  }
  return out;
}

const tokenFor = (op: Op, t: Tenant) => (op.access === 'public' ? undefined : op.access === 'session' ? t.jwt : t.key);
const isChartParam = (op: Op, name: string) =>
  ['id', 'chart_id'].includes(name) && /\/(charts|vedic\/charts|western\/charts)\/\{/.test(op.path);

// ---------------------------------------------------------------- hostile values

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ ज्योतिष',
    '2024-13-45T99:99:99Z',
    '2024-01-01T00:00:00',
    '0000-00-00',
    '9999-12-31T23:59:59+14:00',
    '-271821-04-20T00:00:00Z',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.constant('x'.repeat(10_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 53), 1e308, -1e308, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

function bodyArb(schema: any): fc.Arbitrary<unknown> {
  const props = Object.keys(schema?.properties ?? {});
  const object = fc
    .record(Object.fromEntries(props.map((p) => [p, hostileValue])), { requiredKeys: [] })
    .map((o) => o as unknown);
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function requestArb(op: Op, t: Tenant) {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      isChartParam(op, p.name) && op.method !== 'DELETE'
        ? fc.oneof(fc.constantFrom(t.vedic, t.western), hostileString)
        : p.schema?.enum
          ? fc.oneof(fc.constantFrom(...(p.schema.enum as string[])), hostileString)
          : hostileString,
    ),
  );
  const queryArb = fc.tuple(...queryParams.map(() => fc.option(hostileValue, { nil: undefined })));
  const body = op.bodySchema ? fc.option(bodyArb(op.bodySchema), { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, body).map(([pv, qv, bv]) => {
    let url = op.path;
    pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, encodeURIComponent(String(pv[i])) || '%20');
    });
    const q = new URLSearchParams();
    queryParams.forEach((p, i) => {
      if (qv[i] !== undefined) q.set(p.name, typeof qv[i] === 'string' ? (qv[i] as string) : JSON.stringify(qv[i]));
    });
    const qs = q.toString();
    return { url: qs ? `${url}?${qs}` : url, body: bv };
  });
}

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
  ops = listOps();
  a = await tenant();
  b = await tenant();
});

describe('hostile input against every route of the OpenAPI document', () => {
  it('no 5xx (beyond documented upstream codes), every error in the envelope', async () => {
    const fuzzed: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of ops) {
      if (SKIP_FUZZ.has(`${op.method} ${op.path}`)) continue;
      fuzzed.push(`${op.method} ${op.path}`);
      await fc.assert(
        fc.asyncProperty(requestArb(op, a), async ({ url, body }) => {
          const opts: Parameters<typeof api>[2] = { token: tokenFor(op, a) };
          if (body !== undefined) opts.body = body;
          const res = await api(op.method, url, opts);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          checkAnswer(op, res, url);
        }),
        { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED || 20261121), endOnFailure: true },
      );
    }
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    const byStatus = [...statuses].sort((x, y) => x[0] - y[0]).map(([k, v]) => `${k}:${v}`);
    console.log(`hostile input: ${fuzzed.length} routes, ${sent} requests; statuses ${byStatus.join(' ')}`);
    assert.ok(fuzzed.length >= 40, `fuzzed ${fuzzed.length} routes`);
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
