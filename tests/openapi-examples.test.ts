// Examples of the OpenAPI document, recorded from real calls through the gateway (issue 19, item 1):
// a tenant signs up, verifies, creates a key and two charts, and calls a set of routes of every
// service, plus every GET route (/v1/vedic/charts/{id}/..., /v1/western/charts/{id}/...)
// with its required parameters filled from the document (enum values, defaults, a fixed instant).
// Each 2xx request and body must validate against the document's schema of its operation; with
// RECORD_OPENAPI_EXAMPLES=1 they are written to gateway/src/openapi/examples.json (arrays cut to three
// items, which keeps them valid), which the document embeds and tests/openapi-document.test.ts checks.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { describe, it } from '@jest/globals';
import { EXAMPLES_FILE, type OperationExamples } from '../gateway/src/openapi/examples.ts';
import { collectRoutes, loadProtoRoot } from '../gateway/src/proto-registry.ts';
import {
  api,
  checkoutToken,
  expectStatus,
  localPaymentSecret,
  operator,
  resetToken,
  ROOT,
  verificationCode,
} from './helpers/client.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const AT = '2026-03-20T12:00:00+00:00';
const BIRTH = { moment: '1990-05-17T08:30:00+05:30', latitude: 19.076, longitude: 72.8777 };

/** Arrays cut to three items, recursively: a short example that is still the real answer's shape. */
function trim(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, 3).map(trim);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x)]));
  return v;
}

const LATER = '2026-03-27T12:00:00+00:00';
/** Values for parameters the schema alone cannot fill (no enum, default or format), by name. */
const NAMED: Record<string, string> = {
  latitude: String(BIRTH.latitude),
  longitude: String(BIRTH.longitude),
  timezone: 'Asia/Kolkata',
  theme: 'career',
  planet: 'sun',
  domain: 'love',
  query: 'Mumbai',
  depth: '2', // keeps the vimshottari example small
};
/** The end of a window: a week after its start (within every route's window limit). */
const WINDOW_END = new Set(['to', 'ends_at', 'window_end']);
/**
 * Query values by route where the default week would give an empty answer. The example chart's Moon is in
 * Capricorn (BIRTH): Saturn's Sade Sati over it ran 2017-2025, so 2024 shows a phase, its stay and its cycle.
 */
const QUERY_BY_PATH: Record<string, Record<string, string>> = {
  '/v1/vedic/charts/{chart_id}/dosha/sade-sati': { from: '2024-01-01T00:00:00+05:30', to: '2024-12-31T00:00:00+05:30' },
};

// Secrets in the recorded bodies (API-key plaintext, session JWTs, refresh tokens) become obviously
// fake placeholders of the same shape: prefix kept, every other letter or digit replaced by x, so the
// example still validates (length and pattern) but carries no working credential.
const SECRET_KEYS = new Set(['plaintext', 'access_token', 'refresh_token', 'token', 'confirmation_secret', 'secret']);
function redact(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redact);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        SECRET_KEYS.has(k) && typeof x === 'string'
          ? x.replace(
              /^((?:ak_live_|rt_|whsec_|eyJ[^.]*\.)?)(.*)$/,
              (_m, p: string, rest: string) => p + rest.replace(/[A-Za-z0-9]/g, 'x'),
            )
          : redact(x),
      ]),
    );
  return v;
}

function queryValue(p: any): string | undefined {
  const s = p.schema;
  if (NAMED[p.name] !== undefined) return NAMED[p.name];
  if (WINDOW_END.has(p.name)) return s.format === 'date' ? LATER.slice(0, 10) : LATER;
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
      const shown = redact(trim(body));
      problems.push(...v.response(id, status, body).map((p) => `${id} response ${p}`));
      problems.push(...v.response(id, status, shown).map((p) => `${id} trimmed response ${p}`));
      if (request !== undefined) request = redact(request);
      if (request !== undefined) problems.push(...v.request(id, request).map((p) => `${id} request ${p}`));
      recorded[id] = { ...(request !== undefined ? { request } : {}), ...(body !== null ? { response: shown } : {}) };
    };
    const call = async (id: string, method: string, url: string, opts: Parameters<typeof api>[2] = {}) => {
      const res = await api(method, url, opts);
      assert.ok(res.status < 300, `${id}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
      if (res.status === 204) recorded[id] = opts.body !== undefined ? { request: opts.body } : {};
      else if (res.headers.get('content-type')?.startsWith('text/event-stream')) recorded[id] = { stream: res.text };
      else record(id, res.status, res.json, opts.body);
      return res.json;
    };
    // For routes whose valid input is less settled here: a failure is logged, and the document test
    // (tests/openapi-document.test.ts) then fails on the missing example.
    const soft = async (id: string, method: string, url: string, opts: Parameters<typeof api>[2] = {}) => {
      try {
        return await call(id, method, url, opts);
      } catch (e) {
        console.log(`# no example: ${id}: ${(e as Error).message}`);
        return undefined;
      }
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
    await call('AccountService_RevokeApiKey', 'POST', `/v1/api-keys/${spare.id}/revoke`, { token: session });
    await call(
      'LlmService_ThemeInterpretation',
      'POST',
      `/v1/llm/theme/career?chart_id=${vedic.id}&language=en&tier=basic`,
      {
        token: ak,
      },
    );

    // The other writes: LLM readings (fake provider of the test fleet), streams, relationships,
    // muhurta, reports, a chart deleted, password and billing flows.
    const llmQ = `chart_id=${vedic.id}&language=en`;
    const llmIds: Record<string, any> = {};
    for (const [id, route] of [
      ['LlmService_ChartReading', 'chart-reading'],
      ['LlmService_DashaForecast', 'dasha-forecast'],
      ['LlmService_MuhurtaReasoning', 'muhurta-reasoning'],
      ['LlmService_StreamChartReading', 'chart-reading/stream'],
      ['LlmService_StreamDashaForecast', 'dasha-forecast/stream'],
      ['LlmService_StreamMuhurtaReasoning', 'muhurta-reasoning/stream'],
      ['LlmService_StreamThemeInterpretation', 'theme/career/stream'],
    ] as const)
      llmIds[id] = await soft(id, 'POST', `/v1/llm/${route}?${llmQ}`, {
        token: ak,
        ...(route.endsWith('/stream') ? { headers: { accept: 'text/event-stream' } } : {}),
      });
    const western2 = (
      await api('POST', '/v1/charts', {
        token: ak,
        body: {
          birth: { moment: '1961-07-01T19:45:00+01:00', latitude: 52.8245, longitude: 0.5123 },
          system: 'western',
          ayanamsha: null,
        },
      })
    ).json;
    const pair = { chart_a_id: western.id, chart_b_id: western2.id };
    await soft('WesternRelationshipService_CreateRelationship', 'POST', '/v1/western/relationships', {
      token: ak,
      body: pair,
    });
    await soft('WesternRelationshipService_GetPairFacts', 'POST', '/v1/compatibility/pair-facts', {
      token: ak,
      body: pair,
    });
    await soft(
      'WesternRelationshipService_GetBestCompatibilityTopics',
      'POST',
      '/v1/western/ux/best-compatibility-topics',
      {
        token: ak,
        body: pair,
      },
    );
    await soft(
      'WesternRelationshipService_GetRelationshipHighlights',
      'POST',
      '/v1/western/ux/relationship-highlights',
      {
        token: ak,
        body: pair,
      },
    );
    const place = { latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' }; // as tests/vedic-muhurta.test.ts
    await soft('MuhurtaService_ScoreMuhurta', 'POST', '/v1/vedic/muhurta/score', {
      token: ak,
      body: { natal_chart_id: vedic.id, activity_type: 'travel', proposed_at: '2026-03-16T10:00:00+05:30', ...place },
    });
    await soft('MuhurtaService_SearchMuhurta', 'POST', '/v1/vedic/muhurta/search', {
      token: ak,
      body: {
        natal_chart_id: vedic.id,
        activity_type: 'marriage',
        window_start: '2026-03-16T00:00:00+05:30',
        window_end: '2026-03-16T12:00:00+05:30',
        interval_minutes: 60,
        top_n: 3,
        ...place,
      },
    });
    const couple = {
      groom: { chart_id: vedic.id },
      bride: { birth: { moment: '1992-11-03T06:15:00+05:30', latitude: 13.0827, longitude: 80.2707 } },
    };
    await soft('MatchingService_GetAshtakoota', 'POST', '/v1/vedic/matching/ashtakoota', { token: ak, body: couple });
    await soft('MatchingService_GetPorutham', 'POST', '/v1/vedic/matching/porutham', { token: ak, body: couple });
    await soft('LlmInterpretationService_NatalInterpretation', 'POST', '/v1/interpretations/natal', {
      token: ak,
      body: { chart_id: western.id, language: 'en' },
    });
    await soft('LlmInterpretationService_VedicInterpretation', 'POST', '/v1/interpretations/vedic/natal', {
      token: ak,
      body: { chart_id: vedic.id },
    });
    await soft('LlmInterpretationService_RelationshipInterpretation', 'POST', '/v1/interpretations/relationship', {
      token: ak,
      body: { ...pair, language: 'en' },
    });
    await soft('LlmInterpretationService_ForecastInterpretation', 'POST', '/v1/interpretations/forecast', {
      token: ak,
      body: { chart_id: western.id, starts_at: AT, ends_at: LATER, language: 'en' },
    });
    await soft('ReportService_CreateReport', 'POST', '/v1/reports', { token: ak, body: { chart_id: vedic.id } });
    const doomed = (await api('POST', '/v1/charts', { token: ak, body: { birth: BIRTH } })).json;
    await soft('ChartService_DeleteChart', 'DELETE', `/v1/charts/${doomed.id}`, { token: ak });
    // Calendar feeds (docs/calendar-feeds.md): the .ics answer itself is text/calendar, not JSON.
    const feedsPath = `/v1/charts/${vedic.id}/calendar-feeds`;
    const feed = await soft('CalendarFeedService_CreateCalendarFeed', 'POST', feedsPath, {
      token: ak,
      body: { kind: 'vimshottari', depth: 1, name: 'Dashas' },
    });
    await soft('CalendarFeedService_ListCalendarFeeds', 'GET', feedsPath, { token: ak });
    if (feed) await soft('CalendarFeedService_DeleteCalendarFeed', 'DELETE', `${feedsPath}/${feed.id}`, { token: ak });
    const unverified = (
      await api('POST', '/v1/auth/signup', {
        body: { ...signupBody, email: `examples-unverified-${Date.now()}@example.com` },
      })
    ).json;
    const checkout = await soft('BillingService_CreateCheckout', 'POST', '/v1/billing/checkout', {
      token: session,
      body: { item: 'credits', quantity: 2 },
    });
    if (checkout) {
      const ct = checkoutToken(checkout.checkout_url);
      await soft('BillingService_GetLocalCheckout', 'GET', `/v1/billing/local/checkouts/${ct}`);
      await soft('BillingService_ConfirmLocalCheckout', 'POST', `/v1/billing/local/checkouts/${ct}/confirm`, {
        token: session,
        // The test fleet's local payment secret, not a credential of any real provider.
        body: { confirmation_secret: localPaymentSecret() },
      });
    }
    await soft('BillingService_CreatePortal', 'POST', '/v1/billing/portal', { token: session, body: {} });

    // Webhooks (docs/webhooks.md): an endpoint on the test fleet's allowed loopback (nothing listens on
    // port 9, so the ping's attempt records a refused connection), its ping, deliveries and replay.
    const hookBody = {
      url: 'http://127.0.0.1:9/astro-webhooks',
      events: ['api_key.revoked', 'erasure.completed'],
      description: 'Order system',
    };
    const hook = await call('WebhookService_CreateWebhook', 'POST', '/v1/webhooks', { token: session, body: hookBody });
    await call('WebhookService_ListWebhooks', 'GET', '/v1/webhooks', { token: session });
    await call('WebhookService_GetWebhook', 'GET', `/v1/webhooks/${hook.id}`, { token: session });
    await call('WebhookService_UpdateWebhook', 'PATCH', `/v1/webhooks/${hook.id}`, {
      token: session,
      body: { description: 'Order system (production)' },
    });
    await call('WebhookService_RollWebhookSecret', 'POST', `/v1/webhooks/${hook.id}/roll-secret`, {
      token: session,
      body: {},
    });
    const hookPing = await call('WebhookService_TestWebhook', 'POST', `/v1/webhooks/${hook.id}/test`, {
      token: session,
      body: {},
    });
    for (let i = 0; i < 100; i++) {
      const list = await api('GET', `/v1/webhooks/${hook.id}/deliveries`, { token: session });
      if (list.json?.deliveries?.[0]?.attempts?.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await call('WebhookService_ListWebhookDeliveries', 'GET', `/v1/webhooks/${hook.id}/deliveries`, { token: session });
    await call(
      'WebhookService_ReplayWebhookDelivery',
      'POST',
      `/v1/webhooks/${hook.id}/deliveries/${hookPing.id}/replay`,
      {
        token: session,
        body: {},
      },
    );
    await call('WebhookService_DeleteWebhook', 'DELETE', `/v1/webhooks/${hook.id}`, { token: session });

    // Every GET, required parameters filled from the document and path ids from the calls above.
    const ids: Record<string, string> = {
      key_id: key.id,
      chart_id: vedic.id,
      feedback_id: fb.id,
      template_id: statement.template_id,
      interpretation_id: llmIds.LlmService_ChartReading?.interpretation_id,
    };
    let tried = 0;
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      const op = item.get;
      if (!op) continue; // deprecated routes too: their document entry needs an example as well
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
      for (const param of op.parameters.filter((x: any) => x.in === 'query' && (x.required || x.name === 'depth'))) {
        const value = param.name === 'chart_id' ? vedic.id : queryValue(param);
        if (value === undefined) ok = false;
        else qs.set(param.name, value);
      }
      for (const [name, value] of Object.entries(QUERY_BY_PATH[p] ?? {})) qs.set(name, value);
      if (!ok) continue;
      tried++;
      const token = op['x-access'] === 'public' ? undefined : op['x-access'] === 'session' ? session : ak;
      const res = await api('GET', qs.size ? `${url}?${qs}` : url, { token });
      // Image answers (chart images) have no JSON to record: tests/chart-images.test.ts checks them.
      if (res.status === 200 && !/^application\/json/.test(res.headers.get('content-type') ?? '')) continue;
      if (res.status === 200 && res.text.length < 2_000_000) record(op.operationId, 200, res.json);
      else console.log(`# no example: GET ${p} -> ${res.status} ${res.text.slice(0, 200)}`);
    }

    // The sign-up above mailed a code moments ago: resending waits out its short cool-down.
    await new Promise((r) => setTimeout(r, 3000));
    await soft('AccountService_ResendVerification', 'POST', '/v1/auth/resend-verification', {
      token: unverified.session.access_token,
      body: {},
    });

    // Usage, after the traffic above.
    await call('AccountService_GetTenantUsageEndpoints', 'GET', '/v1/tenant/usage/endpoints', { token: session });

    // Last, as they downgrade the plan, erase the charts and end the sessions.
    await soft('AccountService_SetTenantPlan', 'POST', '/v1/tenant/plan', {
      token: session,
      body: { plan_tier: 'free' },
    });
    await soft('ChartService_EraseTenantData', 'DELETE', '/v1/tenant/data', {
      token: ak,
      body: { confirm: 'DELETE ALL DATA' },
    });
    await soft('AccountService_ChangePassword', 'POST', '/v1/auth/password/change', {
      token: session,
      body: { current_password: signupBody.password, new_password: 'Another-Horse-Battery-Staple-43!y' },
    });

    const forgotAt = Date.now();
    await soft('AccountService_ForgotPassword', 'POST', '/v1/auth/password/forgot', {
      body: { email: signupBody.email },
    });
    await soft('AccountService_ResetPassword', 'POST', '/v1/auth/password/reset', {
      body: { token: await resetToken(signupBody.email, forgotAt), new_password: 'Third-Horse-Battery-Staple-44!z' },
    });

    assert.deepEqual(problems, []);
    // The services write the JSON of google.api.HttpBody routes themselves and the gateway passes it
    // through unchecked: here each of them has answered and its whole body met the documented schema.
    const passthrough = collectRoutes(loadProtoRoot(path.join(ROOT, 'protos')))
      // Routes answering other media types (images, text/calendar) have no JSON schema: their own tests
      // (chart-images, calendar-feeds) check them.
      .filter((r) => r.passthrough && !r.responseMediaTypes.length)
      .map((r) => `${r.serviceName.split('.').pop()}_${r.methodName}`);
    assert.ok(passthrough.length >= 20, `HttpBody routes: ${passthrough.length}`);
    assert.deepEqual(
      passthrough.filter((id) => !recorded[id]?.response),
      [],
      'every HttpBody route answered and validated',
    );
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
