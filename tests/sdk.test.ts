// @astro/sdk against the running fleet (issue 19, item 2): the README's quick-start through the SDK
// (sign-up, the mailed code, verify, key, charts, a Vedic and a Western calculation, a template
// interpretation, usage) and at least one route of every service: account, chart, vedic-calc,
// western-calc, feedback (interpretation and feedback), llm (sync and the SSE helper). Every answer
// is also checked against the OpenAPI document the SDK's types come from; idempotency replay and a
// typed error go through the real gateway.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { ApiError, createAstroClient, type AstroClient, type StreamEvent } from '@astro/sdk';
import { api, BASE_URL, operator, verificationCode } from './helpers/client.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const birth = { moment: '1990-05-17T08:30:00+05:30', latitude: 19.076, longitude: 72.8777 };
const SCOPES = ['charts:read', 'charts:write', 'interpretations:write', 'feedback:write', 'keys:manage'];

let v: OpenApiValidator;
let astro: AstroClient;
let email: string;
let chartId: string;
let westernId: string;

/** The SDK's answer also validates against the served document. */
function conforms(operationId: string, status: number, body: unknown) {
  assert.deepEqual(v.response(operationId, status, body), [], `${operationId} answer conforms`);
}

before(async () => {
  v = new OpenApiValidator((await api('GET', '/v1/openapi.json')).json);
  astro = createAstroClient({ baseUrl: BASE_URL });
});

describe('@astro/sdk against the fleet', () => {
  it('runs the quick-start: sign-up, mailed code, verify, key, charts, calculations, interpretation, usage', async () => {
    email = `sdk-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const password = 'Correct-Horse-Battery-Staple-42!sdk';
    const startedAt = Date.now();
    const signedUp = await astro.unwrap(
      astro.POST('/v1/auth/signup', { body: { email, password, accept_terms: true } }),
    );
    conforms('AccountService_Signup', 201, signedUp);
    astro.setToken(signedUp.session!.access_token);
    const code = await verificationCode(email, startedAt);
    const verified = await astro.unwrap(astro.POST('/v1/auth/verify-email', { body: { code } }));
    assert.equal(verified.user?.email_verified, true);
    await operator(['set-plan', email, 'pro']); // the LLM routes below are for paid plans
    const login = await astro.unwrap(astro.POST('/v1/auth/login', { body: { email, password } }));
    astro.setToken(login.session!.access_token);

    const key = await astro.unwrap(astro.POST('/v1/api-keys', { body: { name: 'sdk', scopes: SCOPES } }));
    conforms('AccountService_CreateApiKey', 201, key);
    assert.match(key.plaintext!, /^ak_live_/);
    astro.setToken(key.plaintext!);

    const chart = await astro.unwrap(astro.POST('/v1/charts', { body: { birth } }));
    conforms('ChartService_CreateChart', 201, chart);
    assert.equal(chart.system, 'vedic', 'system defaults to vedic');
    chartId = chart.id!;
    const western = await astro.unwrap(
      astro.POST('/v1/charts', { body: { birth, system: 'western', ayanamsha: null } }),
    );
    westernId = western.id!;
    assert.equal(western.ayanamsha, null);

    const current = await astro.unwrap(
      astro.GET('/v1/vedic/charts/{id}/dashas/vimshottari/current', {
        params: { path: { id: chartId }, query: { at: '2026-01-01T00:00:00Z' } },
      }),
    );
    conforms('DashaService_GetVimshottariCurrent', 200, current);
    assert.ok(current.md?.lord);
    const aspects = await astro.unwrap(
      astro.GET('/v1/western/charts/{id}/aspects', { params: { path: { id: westernId } } }),
    );
    assert.ok(aspects.length > 0 && aspects[0]!.aspect);

    const interpretation = await astro.unwrap(astro.POST('/v1/interpretations', { body: { chart_id: chartId } }));
    conforms('InterpretationService_CreateInterpretation', 201, interpretation);
    assert.ok(interpretation.statements.length > 0);
    const feedback = await astro.unwrap(
      astro.POST('/v1/feedback', { body: { statement_id: interpretation.statements[0]!.id, verdict: 'correct' } }),
    );
    assert.equal(feedback.verdict, 'correct');

    // Usage is folded in asynchronously (gateway batch, then the account service): poll briefly.
    let paths: string[] = [];
    for (let i = 0; i < 40 && !paths.includes('/v1/vedic/charts/{chart_id}/dashas/vimshottari/current'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      const usage = await astro.unwrap(astro.GET('/v1/tenant/usage/endpoints', {}));
      paths = usage.buckets.map((b) => b.endpoint_path!);
    }
    assert.ok(paths.includes('/v1/charts'), JSON.stringify(paths));
    assert.ok(paths.includes('/v1/vedic/charts/{chart_id}/dashas/vimshottari/current'), JSON.stringify(paths));
  });

  it('gives POSTs an idempotency key (an explicit one is replayed by the gateway) and throws typed errors', async () => {
    const headers = { 'idempotency-key': `sdk-${Date.now()}` };
    const a = await astro.POST('/v1/charts', { body: { birth }, headers });
    const b = await astro.POST('/v1/charts', { body: { birth }, headers });
    assert.equal(b.response.headers.get('idempotent-replayed'), 'true');
    assert.equal(b.data!.id, a.data!.id);
    const other = await astro.unwrap(astro.POST('/v1/charts', { body: { birth } }));
    assert.notEqual(other.id, a.data!.id, 'automatic keys differ per call');

    const err = await astro
      .unwrap(
        astro.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: '00000000-0000-7000-8000-000000000000' } } }),
      )
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 404);
    assert.equal(err.code, 'chart_not_found');
    assert.equal(typeof err.requestId, 'string');
    const unauth = createAstroClient({ baseUrl: BASE_URL, token: 'ak_live_nope' });
    const e401 = await unauth
      .unwrap(unauth.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: chartId } } }))
      .catch((e: unknown) => e);
    assert.ok(e401 instanceof ApiError && e401.status === 401 && e401.code === 'unauthorized');
  });

  it('calls the llm service synchronously and through the SSE helper', async () => {
    const sync = await astro.unwrap(
      astro.POST('/v1/llm/theme/{theme}', {
        params: { path: { theme: 'career' }, query: { chart_id: chartId, language: 'en', tier: 'basic' } },
      }),
    );
    assert.ok(JSON.stringify(sync).length > 50);
    const events: StreamEvent[] = [];
    for await (const e of astro.stream('/v1/llm/theme/{theme}/stream', {
      params: {
        path: { theme: 'career' },
        query: { chart_id: chartId, language: 'en', tier: 'standard', fresh: true },
      },
    }))
      events.push(e);
    assert.equal(events[0]!.event, 'meta');
    assert.equal(events.at(-1)!.event, 'done');
    for (const e of events) {
      const schema = { meta: 'SseMetaEvent', delta: 'SseDeltaEvent', done: 'SseDoneEvent', error: 'SseErrorEvent' }[
        e.event
      ];
      assert.deepEqual(v.component(schema, e.data), [], `${e.event} event conforms`);
    }
    const text = events.flatMap((e) => (e.event === 'delta' ? [e.data.content] : [])).join('');
    assert.ok(text.length > 20);
  });
});
