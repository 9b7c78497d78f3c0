// The OpenAPI document as a client generator reads it (issue 19, item 1): exact path parameter names
// (routes.tsv), request schemas that require only what the protos mark required (with defaults and
// bounds), every error a route can answer with its codes as an enum, the headers the gateway sends,
// tag descriptions, the SSE events, committed examples that still validate, and Redocly's linter
// with zero problems under redocly.yaml. Built from the protos in-process, and compared with what the
// fleet serves.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll as before, describe, it } from '@jest/globals';
import { buildOpenApi } from '../gateway/src/openapi.ts';
import { loadExamples } from '../gateway/src/openapi/examples.ts';
import { collectRoutes, loadProtoRoot } from '../gateway/src/proto-registry.ts';
import { api, expectStatus, ROOT } from './helpers/client.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';
import { ISSUE_AYANAMSHAS } from './helpers/spec-values.ts';

const routes = collectRoutes(loadProtoRoot(path.join(ROOT, 'protos')));
const doc: any = buildOpenApi(routes, 'http://127.0.0.1:8080');
const validator = new OpenApiValidator(doc);
const ops: { path: string; method: string; op: any }[] = Object.entries<any>(doc.paths).flatMap(([p, item]) =>
  Object.entries<any>(item).map(([method, op]) => ({ path: p, method, op })),
);

function specRows(): { method: string; path: string }[] {
  const file = path.join(ROOT, '..', 'shared', 'spec', 'routes.tsv');
  const alt = '/work/shared/spec/routes.tsv';
  const text = fs.readFileSync(fs.existsSync(file) ? file : alt, 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .map(([method, p]) => ({ method: method!, path: p! }));
}

describe('OpenAPI document: paths and parameters', () => {
  it('names every path parameter exactly as routes.tsv writes it', () => {
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const byShape = new Map(ops.map((o) => [`${o.method.toUpperCase()} ${shape(o.path)}`, o.path]));
    const wrong: string[] = [];
    for (const r of specRows()) {
      const mine = byShape.get(`${r.method} ${shape(r.path)}`);
      assert.ok(mine, `${r.method} ${r.path} is documented`);
      if (mine !== r.path) wrong.push(`${r.method} ${r.path} documented as ${mine}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('documents each path parameter with the request field it binds', () => {
    for (const { path: p, op } of ops)
      for (const name of [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]))
        assert.ok(
          op.parameters.some((x: any) => x.in === 'path' && x.name === name && x.required === true),
          `${op.operationId}: path parameter ${name}`,
        );
  });
});

describe('OpenAPI document: request schemas', () => {
  it('requires only the fields the protos mark required: the minimal chart request is valid', () => {
    // The README's quick-start chart: birth only (system, house_system and ayanamsha take defaults).
    const minimal = { birth: { moment: '1990-05-17T08:30:00+05:30', latitude: 19.076, longitude: 72.8777 } };
    assert.deepEqual(validator.request('ChartService_CreateChart', minimal), []);
    assert.deepEqual(
      validator.request('AccountService_Signup', {
        email: 'a@example.com',
        password: 'x'.repeat(20),
        accept_terms: true,
      }),
      [],
    );
    assert.notDeepEqual(validator.request('ChartService_CreateChart', {}), [], 'birth is required');
    assert.notDeepEqual(
      validator.request('ChartService_CreateChart', { birth: { ...minimal.birth, latitude: 91 } }),
      [],
      'latitude is bounded -90..90',
    );
    const create = doc.components.schemas['astro.chart.v1.CreateChartRequest'];
    assert.deepEqual(create.required, ['birth']);
    assert.equal(create.properties.system.default, 'vedic');
    assert.equal(create.properties.house_system.default, 'placidus');
    // The supported ayanamshas (docs/ayanamshas.md), Lahiri first, and null (Western charts only).
    assert.deepEqual(create.properties.ayanamsha.enum, [
      ...ISSUE_AYANAMSHAS,
      'true_mula',
      'lahiri_icrc',
      'lahiri_1940',
      'krishnamurti_vp291',
      'ushashashi',
      'deluce',
      'djwhal_khul',
      'aryabhata',
      'ss_revati',
      'ss_citra',
      null,
    ]);
  });

  it('shows defaults and bounds of query parameters', () => {
    const depth = validator.operation('DashaService_GetVimshottari').op.parameters.find((p: any) => p.name === 'depth');
    assert.deepEqual(
      { required: depth.required, ...depth.schema },
      { required: false, type: 'integer', format: 'int32', minimum: 1, maximum: 4, default: 4 },
    );
  });
});

describe('OpenAPI document: responses', () => {
  it('documents 400/431 (parser), 401, 403, 429 and 503/504 wherever the gateway can answer them, codes as an enum', () => {
    for (const { op } of ops) {
      const id = op.operationId;
      const r = op.responses;
      const codes = (status: string) =>
        r[status]?.content['application/json'].schema.allOf[1].properties.error.properties.code.enum ?? [];
      if (op['x-access'] !== 'public') assert.ok(codes('401').includes('unauthorized'), `${id} 401`);
      if (op['x-required-scope']) assert.ok(codes('403').includes('missing_scope'), `${id} 403`);
      if (op['x-access'] === 'api_key' || op['x-access'] === 'credential') {
        assert.ok(codes('429').includes('rate_limited'), `${id} 429 rate_limited`);
        assert.ok(r['429'].headers['Retry-After'], `${id} 429 Retry-After`);
      }
      assert.ok(codes('503').includes('service_unavailable'), `${id} 503`);
      assert.ok(codes('504').includes('gateway_timeout'), `${id} 504`);
      // Node's HTTP parser refuses these before routing (gateway/src/edge/client-error.ts): on every route.
      assert.ok(codes('431').includes('request_header_fields_too_large'), `${id} 431`);
      assert.ok(codes('400').includes('malformed_http_request'), `${id} 400`);
      const hasInput = op.parameters.some((p: any) => p.in !== 'header') || op.requestBody;
      if (op['x-access'] !== 'public' || hasInput)
        assert.ok(
          Object.keys(r).some((s) => s.startsWith('4')),
          `${id} documents a 4xx`,
        );
      for (const [status, resp] of Object.entries<any>(r)) {
        assert.ok(resp.headers['X-Request-Id'], `${id} ${status}: X-Request-Id`);
        if (Number(status) >= 400) assert.deepEqual(codes(status), resp.description.split(', '), `${id} ${status}`);
      }
      if (op.deprecated) assert.ok(Object.values<any>(r).every((x) => x.headers.Deprecation && x.headers.Link));
    }
  });

  it('documents the quota headers on counted routes and the replay header on idempotent ones', () => {
    const create = validator.operation('ChartService_CreateChart').op;
    for (const h of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'RateLimit',
      'Idempotent-Replayed',
    ])
      assert.ok(create.responses['201'].headers[h], h);
    assert.ok(create.parameters.some((p: any) => p.name === 'Idempotency-Key' && p.in === 'header'));
    assert.ok(create.responses['409'].description.includes('idempotency_conflict'));
  });

  it('documents the streaming routes as text/event-stream with one schema per event', () => {
    const streams = ops.filter((o) => o.path.endsWith('/stream'));
    assert.equal(streams.length, 4);
    for (const { op } of streams) {
      const media = op.responses['200'].content['text/event-stream'];
      assert.ok(media, `${op.operationId} answers text/event-stream`);
      assert.deepEqual(
        media.schema.oneOf.map((s: any) => [s.properties.event.const, s.properties.data.$ref]),
        [
          ['meta', '#/components/schemas/SseMetaEvent'],
          ['delta', '#/components/schemas/SseDeltaEvent'],
          ['done', '#/components/schemas/SseDoneEvent'],
          ['error', '#/components/schemas/SseErrorEvent'],
        ],
      );
    }
  });

  it('describes every tag', () => {
    const used = new Set(ops.flatMap((o) => o.op.tags));
    for (const t of doc.tags) assert.ok(t.description.length > 20, `tag ${t.name} has a description`);
    assert.deepEqual(new Set(doc.tags.map((t: any) => t.name)), used);
  });
});

describe('OpenAPI document: examples', () => {
  it('every committed example validates against its operation (gateway/src/openapi/examples.json)', () => {
    const examples = loadExamples();
    const problems: string[] = [];
    for (const [id, ex] of Object.entries(examples)) {
      const { op } = validator.operation(id);
      const status = Number(Object.keys(op.responses)[0]);
      if (ex.request !== undefined)
        problems.push(...validator.request(id, ex.request).map((p) => `${id} request ${p}`));
      if (ex.response !== undefined)
        problems.push(...validator.response(id, status, ex.response).map((p) => `${id} response ${p}`));
      const media = op.responses[String(status)].content?.['application/json'];
      if (ex.response !== undefined) assert.deepEqual(media.example, ex.response, `${id}: the document embeds it`);
    }
    assert.deepEqual(problems, []);
    assert.ok(Object.keys(examples).length >= 10, 'examples were recorded');
  });

  it('every operation carries its examples: JSON request body, JSON success body, event stream', () => {
    // The spec (1-platform.md) has POST /v1/interpretations/vedic/* answer 501 not_implemented: no
    // success to record.
    const unanswerable = new Set(['LlmInterpretationService_VedicInterpretation']);
    const missing: string[] = [];
    for (const { op } of ops) {
      const id = op.operationId as string;
      if (unanswerable.has(id)) continue;
      const success = Object.keys(op.responses)[0]!;
      const content = op.responses[success].content ?? {};
      const hasRequest = op.requestBody?.content?.['application/json']?.schema?.$ref !== undefined;
      if (hasRequest && op.requestBody.content['application/json'].example === undefined) missing.push(`${id} request`);
      if (content['application/json'] && content['application/json'].example === undefined)
        missing.push(`${id} response`);
      if (content['text/event-stream'] && typeof content['text/event-stream']['x-stream-example'] !== 'string')
        missing.push(`${id} stream`);
      // A 204 route has no body to show; its recorded entry (the request, or none) still counts.
      if (success === '204' && !loadExamples()[id]) missing.push(`${id} (204) not recorded`);
    }
    assert.deepEqual(missing, [], `${missing.length} examples missing; record them with RECORD_OPENAPI_EXAMPLES=1`);
  });
});

describe('OpenAPI document: served and linted', () => {
  let served: any;
  before(async () => {
    const res = await api('GET', '/v1/openapi.json');
    expectStatus(res, 200);
    served = res.json;
  });

  it('the fleet serves the same document', () => {
    assert.deepEqual(served.paths, doc.paths);
    assert.deepEqual(served.components, doc.components);
  });

  it('Redocly CLI reports zero errors and zero warnings under redocly.yaml', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(served));
    const bin = path.join(ROOT, 'tests', 'node_modules', '.bin', 'redocly');
    let out: string;
    try {
      out = execFileSync(bin, ['lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', file], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err: any) {
      out = String(err.stdout ?? '');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const report = JSON.parse(out.slice(out.indexOf('{')));
    const problems = (report.problems ?? []).map((p: any) => `${p.severity} ${p.ruleId}: ${p.message}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
  });
});
