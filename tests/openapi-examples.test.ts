// Examples of the OpenAPI document, recorded from real calls through the gateway (issue 19, item 1):
// a tenant signs up, verifies, creates a key and two charts, and calls a set of routes of every
// service, plus every GET route (/v1/vedic/charts/{id}/..., /v1/western/charts/{id}/...)
// with its required parameters filled from the document (enum values, defaults, a fixed instant).
// Each 2xx request and body must validate against the document's schema of its operation; with
// RECORD_OPENAPI_EXAMPLES=1 they are written to gateway/src/openapi/examples.json (arrays cut to three
// items, which keeps them valid), which the document embeds and tests/openapi-document.test.ts checks.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import prettier from 'prettier';
import { describe, it } from 'node:test';
import { EXAMPLES_FILE, type OperationExamples } from '../gateway/src/openapi/examples.ts';
import { api, expectStatus, operator, verificationCode } from './helpers/client.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const AT = '2026-03-20T12:00:00+00:00';
const BIRTH = { moment: '1990-05-17T08:30:00+05:30', latitude: 19.076, longitude: 72.8777 };

/** Arrays cut to three items, recursively: a short example that is still the real answer's shape. */
function trim(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, 3).map(trim);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x)]));
  return v;
}

function queryValue(p: any): string | undefined {
  const s = p.schema;
  if (s.default !== undefined) return String(s.default);
  if (s.enum?.length) return String(s.enum[0]);
  if (s.format === 'date-time') return AT;
  if (s.format === 'date') return AT.slice(0, 10);
  if (s.type === 'integer' || s.type === 'number') return String(s.minimum ?? 1);
  if (s.type === 'boolean') return 'false';
  return undefined;
}

describe('OpenAPI examples from real calls', () => {
  it('records a validated example for the quick-start routes and every chart route that answers 2xx', async () => {
    const doc = (await api('GET', '/v1/openapi.json')).json;
    const v = new OpenApiValidator(doc);
    const recorded: Record<string, OperationExamples> = {};
    const problems: string[] = [];
    const record = (id: string, status: number, body: unknown, request?: unknown) => {
      const shown = trim(body);
      problems.push(...v.response(id, status, body).map((p) => `${id} response ${p}`));
      problems.push(...v.response(id, status, shown).map((p) => `${id} trimmed response ${p}`));
      if (request !== undefined) problems.push(...v.request(id, request).map((p) => `${id} request ${p}`));
      recorded[id] = { ...(request !== undefined ? { request } : {}), ...(body !== null ? { response: shown } : {}) };
    };
    const call = async (id: string, method: string, url: string, opts: Parameters<typeof api>[2] = {}) => {
      const res = await api(method, url, opts);
      assert.ok(res.status < 300, `${id}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
      if (res.status !== 204) record(id, res.status, res.json, opts.body);
      return res.json;
    };

    // Accounts: sign-up, verify, key (the signup helper asserts 201; record its body too).
    const signupBody = {
      email: `examples-${Date.now()}@example.com`,
      password: 'Correct-Horse-Battery-Staple-42!x',
      accept_terms: true,
    };
    const startedAt = Date.now();
    const su = await call('AccountService_Signup', 'POST', '/v1/auth/signup', { body: signupBody });
    const jwt = su.session.access_token as string;
    const code = await verificationCode(signupBody.email, startedAt);
    await call('AccountService_VerifyEmail', 'POST', '/v1/auth/verify-email', { token: jwt, body: { code } });
    const login = await call('AccountService_Login', 'POST', '/v1/auth/login', {
      body: { email: signupBody.email, password: signupBody.password },
    });
    const session = login.session.access_token as string;
    await call('AccountService_ListPlans', 'GET', '/v1/plans');
    const keyBody = {
      name: 'my app',
      scopes: [
        'charts:read',
        'charts:write',
        'interpretations:write',
        'compatibility:read',
        'feedback:write',
        'keys:manage',
      ],
    };
    await operator(['set-plan', signupBody.email, 'pro']); // the LLM routes are for paid plans
    const key = await call('AccountService_CreateApiKey', 'POST', '/v1/api-keys', { token: session, body: keyBody });
    const ak = key.plaintext as string;
    await call('AccountService_ListApiKeys', 'GET', '/v1/api-keys', { token: session });

    // Charts, one of each system.
    const vedic = await call('ChartService_CreateChart', 'POST', '/v1/charts', { token: ak, body: { birth: BIRTH } });
    const western = (
      await api('POST', '/v1/charts', { token: ak, body: { birth: BIRTH, system: 'western', ayanamsha: null } })
    ).json;
    await call('ChartService_GetChart', 'GET', `/v1/charts/${vedic.id}`, { token: ak });

    // A few more writes of other services, so their GETs below have something to read.
    const interp = await call('InterpretationService_CreateInterpretation', 'POST', '/v1/interpretations', {
      token: ak,
      body: { chart_id: vedic.id },
    });
    const statement = interp.statements[0];
    const fb = await call('FeedbackService_SubmitFeedback', 'POST', '/v1/feedback', {
      token: ak,
      body: { statement_id: statement.id, verdict: 'correct', role: 'subject', confidence: 0.8 },
    });
    await call('AccountService_Refresh', 'POST', '/v1/auth/refresh', {
      body: { refresh_token: login.session.refresh_token },
    });
    await call('ChartService_CreateDemoChart', 'POST', '/v1/demo/charts', { body: { birth: BIRTH } });
    const spare = (
      await api('POST', '/v1/api-keys', { token: session, body: { name: 'spare', scopes: ['charts:read'] } })
    ).json;
    await call('AccountService_RevokeApiKey', 'POST', `/v1/api-keys/${spare.id}/revoke`, { token: session });
    await call(
      'LlmService_ThemeInterpretation',
      'POST',
      `/v1/llm/theme/career?chart_id=${vedic.id}&language=en&tier=basic`,
      {
        token: ak,
      },
    );

    // Every GET, required parameters filled from the document and path ids from the calls above.
    const ids: Record<string, string> = {
      key_id: key.id,
      chart_id: vedic.id,
      feedback_id: fb.id,
      template_id: statement.template_id,
    };
    let tried = 0;
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      const op = item.get;
      if (!op || op.deprecated) continue;
      const chart = p.startsWith('/v1/western') ? western : vedic;
      let ok = true;
      const url = p.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        if (name === 'id') return p.startsWith('/v1/interpretations/') ? interp.id : chart.id;
        if (ids[name]) return ids[name];
        const param = op.parameters.find((x: any) => x.name === name);
        const value = param && queryValue(param);
        if (value === undefined) ok = false;
        return encodeURIComponent(value ?? '');
      });
      const qs = new URLSearchParams();
      for (const param of op.parameters.filter((x: any) => x.in === 'query' && x.required)) {
        const value = param.name === 'chart_id' ? vedic.id : queryValue(param);
        if (value === undefined) ok = false;
        else qs.set(param.name, value);
      }
      if (!ok) continue;
      tried++;
      const token = op['x-access'] === 'public' ? undefined : op['x-access'] === 'session' ? session : ak;
      const res = await api('GET', qs.size ? `${url}?${qs}` : url, { token });
      if (res.status === 200 && res.text.length < 2_000_000) record(op.operationId, 200, res.json);
    }

    // Usage, after the traffic above.
    await call('AccountService_GetTenantUsageEndpoints', 'GET', '/v1/tenant/usage/endpoints', { token: session });

    assert.deepEqual(problems, []);
    const count = Object.keys(recorded).length;
    assert.ok(tried > 60 && count > 60, `examples recorded: ${count} (${tried} GET routes tried)`);
    console.log(`# examples recorded: ${count} operations (${tried} GET routes tried)`);
    if (process.env.RECORD_OPENAPI_EXAMPLES) {
      const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
      fs.writeFileSync(
        EXAMPLES_FILE,
        await prettier.format(JSON.stringify(sorted), {
          ...(await prettier.resolveConfig(EXAMPLES_FILE)),
          filepath: EXAMPLES_FILE,
        }),
      );
    }
    expectStatus(await api('GET', '/v1/plans'), 200);
  });
});
