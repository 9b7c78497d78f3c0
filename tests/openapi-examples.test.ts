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
import { api, checkoutToken, expectStatus, operator, verificationCode } from './helpers/client.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const AT = '2026-03-20T12:00:00+00:00';
const BIRTH = { moment: '1990-05-17T08:30:00+05:30', latitude: 19.076, longitude: 72.8777 };

/** Arrays cut to three items, recursively: a short example that is still the real answer's shape. */
function trim(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, 3).map(trim);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x)]));
  return v;
}

/** Values for parameters the document gives no enum, default or format for, by name (valid inputs). */
const PARAM_VALUES: Record<string, string> = {
  theme: 'career',
  planet: 'sun',
  domain: 'love',
  day: '2026-03-20',
  latitude: '19.076',
  longitude: '72.8777',
  timezone: 'Asia/Kolkata',
  at: AT,
  starts_at: AT,
  ends_at: '2026-04-19T12:00:00+00:00',
  window_start: AT,
  window_end: '2026-03-21T12:00:00+00:00',
  query: 'Mumbai',
  from: '2026-03-01T00:00:00+00:00',
  to: '2026-04-01T00:00:00+00:00',
};

/** Per operation, where a parameter means something else there or its default makes a huge example. */
const OP_VALUES: Record<string, () => Record<string, string>> = {
  ReadingsService_GetVaishnavaCalendar: () => ({ from: '2026-03-20', days: '10' }),
  DashaService_GetVimshottari: () => ({ depth: '2' }),
  // Usage of the calls made above: a window around now.
  LlmService_GetUsageSummary: () => ({
    from: new Date(Date.now() - 86_400_000).toISOString(),
    to: new Date(Date.now() + 86_400_000).toISOString(),
  }),
};

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
      // A 204 has no body to show: the request (if any) is the example, and the operation is covered.
      else recorded[id] = opts.body !== undefined ? { request: opts.body } : {};
      return res.json;
    };
    // The later write routes: recorded when they answer 2xx; a refusal is printed and counted instead
    // of failing the whole recording (the coverage count at the end says how many are left).
    const missed: string[] = [];
    const tryCall = async (id: string, method: string, url: string, opts: Parameters<typeof api>[2] = {}) => {
      const res = await api(method, url, opts);
      if (res.status >= 300) {
        missed.push(`${id}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
        return undefined;
      }
      if (res.status !== 204) record(id, res.status, res.json, opts.body);
      else recorded[id] = opts.body !== undefined ? { request: opts.body } : {};
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
        'feedback:read',
        'interpretations:read',
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
    await call('AccountService_RevokeApiKey', 'POST', `/v1/api-keys/${spare.id}/revoke`, { token: session, body: {} });
    const theme = await call(
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
      interpretation_id: theme.interpretation_id ?? theme.id,
    };
    let tried = 0;
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      const op = item.get;
      if (!op) continue;
      const given = { ...PARAM_VALUES, ...OP_VALUES[op.operationId]?.() };
      const valueOf = (param: any) => (param ? (given[param.name] ?? queryValue(param)) : undefined);
      const chart = p.startsWith('/v1/western') ? western : vedic;
      let ok = true;
      const url = p.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        if (name === 'id') return p.startsWith('/v1/interpretations/') ? interp.id : chart.id;
        if (ids[name]) return ids[name];
        const value = valueOf(op.parameters.find((x: any) => x.name === name));
        if (value === undefined) ok = false;
        return encodeURIComponent(value ?? '');
      });
      const qs = new URLSearchParams();
      // Required query parameters, and optional ones an operation sets on purpose (OP_VALUES).
      const wanted = (x: any) =>
        x.in === 'query' && (x.required || OP_VALUES[op.operationId]?.()[x.name] !== undefined);
      for (const param of op.parameters.filter(wanted)) {
        const value = param.name === 'chart_id' ? vedic.id : valueOf(param);
        if (value === undefined) ok = false;
        else qs.set(param.name, value);
      }
      if (!ok) continue;
      tried++;
      const token = op['x-access'] === 'public' ? undefined : op['x-access'] === 'session' ? session : ak;
      const res = await api('GET', qs.size ? `${url}?${qs}` : url, { token });
      if (res.status === 200 && res.text.length < 2_000_000) record(op.operationId, 200, res.json);
    }

    // The other write routes, each with a valid request (the shapes of their end-to-end tests).
    const westernB = (
      await api('POST', '/v1/charts', {
        token: ak,
        body: {
          birth: { moment: '1961-07-01T19:45:00+01:00', latitude: 52.8245, longitude: 0.5127 },
          system: 'western',
        },
      })
    ).json;
    const pair = { chart_a_id: western.id, chart_b_id: westernB.id };
    const rel = (id: string, path: string) => tryCall(id, 'POST', path, { token: ak, body: pair });
    await rel('WesternRelationshipService_CreateRelationship', '/v1/western/relationships');
    await rel('WesternRelationshipService_GetBestCompatibilityTopics', '/v1/western/ux/best-compatibility-topics');
    await rel('WesternRelationshipService_GetRelationshipHighlights', '/v1/western/ux/relationship-highlights');
    await rel('WesternRelationshipService_GetPairFacts', '/v1/compatibility/pair-facts');
    const place = { latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' };
    await tryCall('MuhurtaService_ScoreMuhurta', 'POST', '/v1/vedic/muhurta/score', {
      token: ak,
      body: { natal_chart_id: vedic.id, activity_type: 'travel', proposed_at: '2026-03-16T10:00:00+05:30', ...place },
    });
    await tryCall('MuhurtaService_SearchMuhurta', 'POST', '/v1/vedic/muhurta/search', {
      token: ak,
      body: {
        natal_chart_id: vedic.id,
        activity_type: 'marriage',
        window_start: '2026-03-16T00:00:00+05:30',
        window_end: '2026-03-17T00:00:00+05:30',
        interval_minutes: 60,
        top_n: 3,
        ...place,
      },
    });
    await tryCall('ReportService_CreateReport', 'POST', '/v1/reports', { token: ak, body: { chart_id: vedic.id } });
    const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
    await tryCall(
      'LlmService_ChartReading',
      'POST',
      `/v1/llm/chart-reading?${q({ chart_id: vedic.id, language: 'en' })}`,
      {
        token: ak,
      },
    );
    await tryCall(
      'LlmService_DashaForecast',
      'POST',
      `/v1/llm/dasha-forecast?${q({ chart_id: vedic.id, language: 'en', at: AT })}`,
      { token: ak },
    );
    await tryCall(
      'LlmService_MuhurtaReasoning',
      'POST',
      `/v1/llm/muhurta-reasoning?${q({
        chart_id: vedic.id,
        language: 'en',
        window_start: '2026-02-01T06:00:00+05:30',
        window_end: '2026-02-02T06:00:00+05:30',
        interval_minutes: '240',
        ...Object.fromEntries(Object.entries(place).map(([k, v]) => [k, String(v)])),
      })}`,
      { token: ak },
    );
    const interpret = (id: string, path: string, body: object) => tryCall(id, 'POST', path, { token: ak, body });
    await interpret('LlmInterpretationService_NatalInterpretation', '/v1/interpretations/natal', {
      chart_id: western.id,
      language: 'en',
    });
    await interpret('LlmInterpretationService_RelationshipInterpretation', '/v1/interpretations/relationship', {
      ...pair,
      language: 'en',
    });
    await interpret('LlmInterpretationService_ForecastInterpretation', '/v1/interpretations/forecast', {
      chart_id: western.id,
      language: 'en',
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2026-02-01T00:00:00Z',
    });
    await interpret('LlmInterpretationService_VedicInterpretation', '/v1/interpretations/vedic/natal', {
      chart_id: vedic.id,
    });
    await tryCall('AccountService_ForgotPassword', 'POST', '/v1/auth/password/forgot', {
      body: { email: signupBody.email },
    });
    const checkout = await tryCall('BillingService_CreateCheckout', 'POST', '/v1/billing/checkout', {
      token: session,
      body: { item: 'credits', quantity: 2 },
    });
    if (checkout)
      await tryCall(
        'BillingService_GetLocalCheckout',
        'GET',
        `/v1/billing/local/checkouts/${checkoutToken(checkout.checkout_url)}`,
      );
    await tryCall('BillingService_CreatePortal', 'POST', '/v1/billing/portal', { token: ak, body: {} });
    const spareChart = (await api('POST', '/v1/charts', { token: ak, body: { birth: BIRTH } })).json;
    await tryCall('ChartService_DeleteChart', 'DELETE', `/v1/charts/${spareChart.id}`, { token: ak });

    // Usage, after the traffic above.
    await call('AccountService_GetTenantUsageEndpoints', 'GET', '/v1/tenant/usage/endpoints', { token: session });

    // A second account, unverified, asks for its code again once the cooldown has passed.
    const other = await api('POST', '/v1/auth/signup', {
      body: { ...signupBody, email: `examples-resend-${Date.now()}@example.com` },
    });
    await new Promise((r) => setTimeout(r, Number(process.env.RESEND_COOLDOWN_SECONDS ?? 2) * 1000 + 200));
    await tryCall('AccountService_ResendVerification', 'POST', '/v1/auth/resend-verification', {
      token: other.json?.session?.access_token,
      body: {},
    });
    // Session changes last: back to Free, then a new password.
    await tryCall('AccountService_SetTenantPlan', 'POST', '/v1/tenant/plan', {
      token: session,
      body: { plan_tier: 'free' },
    });
    await tryCall('AccountService_ChangePassword', 'POST', '/v1/auth/password/change', {
      token: session,
      body: { current_password: signupBody.password, new_password: `${signupBody.password}-2` },
    });
    // Last: the tenant's erasure (it removes everything above).
    await tryCall('ChartService_EraseTenantData', 'DELETE', '/v1/tenant/data', {
      token: ak,
      body: { confirm: 'DELETE ALL DATA' },
    });
    if (missed.length) console.log(`# write routes without an example:\n#   ${missed.join('\n#   ')}`);
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
