// The MCP server (packages/mcp-server, issue 21 item 6) driven by the MCP SDK's own Client, as an agent
// would: the server is started as a child over stdio with a real API key of an account created here,
// and every tool call goes through the public gateway. The gateway is the reference: a tool's numbers
// are the gateway's JSON for the same chart and moment. Independent values (Einstein's published
// chart) pin the calculations themselves; the usage route proves each call is metered on the key;
// a gateway with the real limit machinery proves 429 reaches the agent as a tool error; a bad key is
// `unauthorized`; the Streamable HTTP transport takes the key per session from Authorization.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { api, BASE_URL, createKey, expectStatus, operator, ROOT, signup, sleep } from './helpers/client.ts';
import { startGateway, stopStartedGateways } from './helpers/gateway-process.ts';
import { freePort } from '../scripts/fleet.ts';
import {
  recordSession,
  renderTranscript,
  SERVER_ENTRY,
  stdioTransport,
  toolJson,
  TRANSCRIPT_FILE,
} from '../scripts/mcp-transcript.ts';

// Albert Einstein, 14 March 1879 11:30 LMT Ulm (Astro-Databank, Rodden rating AA) = 10:50:04 UTC.
const einstein = { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 };
const MISSING = '00000000-0000-7000-8000-000000000000';
const EXPECTED_TOOLS = [
  'ashtakoota_match',
  'create_chart',
  'delete_chart',
  'find_place',
  'get_chart',
  'interpret_chart',
  'panchanga',
  'vedic_divisional_chart',
  'vedic_vargas',
  'vimshottari_current',
  'vimshottari_periods',
  'western_aspects',
  'western_transits',
];

interface Account {
  session: string;
  /** The key the MCP server runs with: only tool calls use it, so its usage is theirs alone. */
  mcpKey: { id: string; plaintext: string };
  /** A second key of the same account for the reference requests straight to the gateway. */
  refKey: string;
}

async function account(): Promise<Account> {
  const s = await signup();
  // Two keys (Free allows one): Hobby, whose only difference that matters here is the key limit.
  await operator(['set-plan', s.email, 'hobby']);
  const scopes = ['charts:read', 'charts:write', 'interpretations:write'];
  const mcpKey = await createKey(s.accessToken, scopes, { name: 'mcp' });
  const refKey = (await createKey(s.accessToken, scopes, { name: 'reference' })).plaintext;
  return { session: s.accessToken, mcpKey, refKey };
}

const clients: Client[] = [];
async function connect(baseUrl: string, apiKey: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = stdioTransport(baseUrl, apiKey);
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

/** A tool call's parsed JSON, asserting it succeeded. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = await client.callTool({ name, arguments: args });
  assert.ok(!r.isError, `${name} failed: ${JSON.stringify(r.content).slice(0, 500)}`);
  return toolJson(r);
}

/** A tool call's error body, asserting it is a tool error (isError) with this code and status. */
async function callFails(client: Client, name: string, args: Record<string, unknown>, code: string, status: number) {
  const r = await client.callTool({ name, arguments: args });
  assert.equal(r.isError, true, `${name} should fail with ${code}: ${JSON.stringify(r.content).slice(0, 300)}`);
  const body = toolJson(r);
  assert.equal(body.error.code, code, JSON.stringify(body));
  assert.equal(body.error.status, status);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  return body.error;
}

let acct: Account;
let mcp: Client;
let mcpStderr: () => string;

before(async () => {
  acct = await account();
  ({ client: mcp, stderr: mcpStderr } = await connect(BASE_URL, acct.mcpKey.plaintext));
});
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stopStartedGateways();
});

describe('MCP server over stdio', () => {
  let vedicId: string;
  let westernId: string;

  it('lists the tools, each with a description and a JSON schema of its input', async () => {
    const { tools } = await mcp.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), EXPECTED_TOOLS);
    for (const t of tools) {
      assert.ok((t.description ?? '').length > 60, `${t.name} has a description an LLM can act on`);
      assert.equal(t.inputSchema.type, 'object');
      assert.ok(Object.keys(t.inputSchema.properties ?? {}).length > 0, `${t.name} declares its inputs`);
    }
    const get = tools.find((t) => t.name === 'get_chart')!;
    assert.deepEqual(get.inputSchema.required, ['chart_id']);
    assert.equal(get.annotations?.readOnlyHint, true);
    assert.equal(tools.find((t) => t.name === 'delete_chart')!.annotations?.destructiveHint, true);
  });

  it('create_chart -> get_chart -> dashas: the gateway\u2019s numbers, and the published ones', async () => {
    const created = await call(mcp, 'create_chart', { birth: einstein });
    vedicId = created.id;
    const positions = await call(mcp, 'get_chart', { chart_id: vedicId });
    const ref = await api('GET', `/v1/charts/${vedicId}`, { token: acct.refKey });
    expectStatus(ref, 200);
    // The reference of the contract: the gateway's answer for the same chart, number for number.
    assert.deepEqual(positions, ref.json);
    assert.deepEqual(created.planets, ref.json.planets);

    const at = '1905-06-30T12:00:00+01:00'; // inside his 120 Vimshottari years, age 26
    const current = await call(mcp, 'vimshottari_current', { chart_id: vedicId, at });
    const refCurrent = await api(
      'GET',
      `/v1/vedic/charts/${vedicId}/dashas/vimshottari/current?at=${encodeURIComponent(at)}`,
      {
        token: acct.refKey,
      },
    );
    expectStatus(refCurrent, 200);
    assert.deepEqual(current, refCurrent.json);

    const periods = await call(mcp, 'vimshottari_periods', { chart_id: vedicId, depth: 1 });
    const refPeriods = await api('GET', `/v1/vedic/charts/${vedicId}/dashas/vimshottari?depth=1`, {
      token: acct.refKey,
    });
    expectStatus(refPeriods, 200);
    assert.deepEqual(periods, refPeriods.json);
    // Einstein's Moon is in Jyeshtha (sidereal Scorpio, Lahiri), whose lord Mercury rules his first
    // Vimshottari period (B.V. Raman's and most published Jyotish readings of his chart).
    assert.equal(periods.mahadashas.length, 9);
    assert.equal(periods.mahadashas[0].lord, 'mercury');
    // BPHS's Vimshottari order and years: Mercury (17) -> Ketu (7) -> Venus (20). Whatever the balance of
    // the first (Mercury) period at birth (0-17 years), Venus rules from age 7-24 to age 27-44, so at 26
    // (30 June 1905) the mahadasha is Venus's, and the reference answer says so too.
    assert.equal(current.md.lord, 'venus');
    assert.equal(current.ad.parents[0], 'venus');
    const moon = positions.planets.find((p: { planet: string }) => p.planet === 'moon');
    assert.equal(moon.sign, 'scorpio');
  });

  it('Western chart, aspects and transits equal the gateway\u2019s; Astrodienst\u2019s published values', async () => {
    const western = await call(mcp, 'create_chart', { birth: einstein, system: 'western' });
    westernId = western.id;
    assert.equal(western.ayanamsha, null);
    // Astrodienst's chart of Einstein: Sun 23°30' Pisces = 353.5° tropical.
    const sun = western.planets.find((p: { planet: string }) => p.planet === 'sun');
    assert.ok(Math.abs(sun.longitude - 353.5) < 0.05, `sun ${sun.longitude}`);

    const aspects = await call(mcp, 'western_aspects', { chart_id: westernId });
    const refAspects = await api('GET', `/v1/western/charts/${westernId}/aspects`, { token: acct.refKey });
    assert.deepEqual(aspects, refAspects.json);
    // Astrodienst: Mercury 3°09' Aries conjunct Saturn 4°11' Aries (orb 1°02').
    const mercSat = aspects.find(
      (a: { planet_a: string; planet_b: string }) => [a.planet_a, a.planet_b].sort().join() === 'mercury,saturn',
    );
    assert.equal(mercSat?.aspect, 'conjunction');
    assert.ok(Math.abs(mercSat.orb_degrees - 1.03) < 0.1, `orb ${mercSat.orb_degrees}`);

    const at = '2026-03-20T12:00:00Z';
    const transits = await call(mcp, 'western_transits', { chart_id: westernId, at });
    const refTransits = await api('GET', `/v1/western/charts/${westernId}/transits?at=${encodeURIComponent(at)}`, {
      token: acct.refKey,
    });
    assert.deepEqual(transits, refTransits.json);
  });

  it('vargas, panchanga, matching, places and interpretation answer what the gateway answers', async () => {
    const d9 = await call(mcp, 'vedic_divisional_chart', { chart_id: vedicId, varga: 'D9' });
    assert.deepEqual(d9, (await api('GET', `/v1/vedic/charts/${vedicId}/divisional/D9`, { token: acct.refKey })).json);
    const vargas = await call(mcp, 'vedic_vargas', { chart_id: vedicId });
    assert.deepEqual(vargas, (await api('GET', `/v1/vedic/charts/${vedicId}/vargas`, { token: acct.refKey })).json);

    const day = { day: '2026-01-14', latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' };
    const panchanga = await call(mcp, 'panchanga', day);
    const q = new URLSearchParams(Object.entries(day).map(([k, v]) => [k, String(v)] as [string, string]));
    assert.deepEqual(panchanga, (await api('GET', `/v1/vedic/panchanga?${q}`, { token: acct.refKey })).json);

    const pair = {
      groom: { chart_id: vedicId },
      bride: { birth: { moment: '1876-12-01T12:00:00+01:00', latitude: 48.4, longitude: 9.9833 } },
    };
    const match = await call(mcp, 'ashtakoota_match', pair);
    const refMatch = await api('POST', '/v1/vedic/matching/ashtakoota', { token: acct.refKey, body: pair });
    expectStatus(refMatch, 200);
    assert.deepEqual(match, refMatch.json);
    assert.equal(match.kootas.length, 8, 'eight kootas');

    const places = await call(mcp, 'find_place', { query: 'Ulm', limit: 3 });
    assert.deepEqual(
      places,
      (await api('GET', '/v1/geolocation/places?query=Ulm&limit=3', { token: acct.refKey })).json,
    );
    // Ulm, Baden-Württemberg: 48.40° N, 9.99° E (GeoNames 2820256), zone Europe/Berlin.
    const ulm = places.candidates.find((c: { name: string }) => c.name === 'Ulm');
    assert.ok(
      ulm && Math.abs(ulm.latitude - 48.4) < 0.05 && Math.abs(ulm.longitude - 9.99) < 0.05,
      JSON.stringify(ulm),
    );
    assert.equal(ulm.timezone, 'Europe/Berlin');

    const text = await call(mcp, 'interpret_chart', { chart_id: vedicId });
    assert.equal(text.chart_id, vedicId);
    assert.ok(text.statements.length > 0);
  });

  it('API errors are tool errors with the envelope\u2019s code: not found, cross-tenant, invalid input, deleted', async () => {
    await callFails(mcp, 'get_chart', { chart_id: MISSING }, 'chart_not_found', 404);
    // Another account's chart is not found through this key (tenancy holds through the MCP server).
    const other = await account();
    const theirs = await api('POST', '/v1/charts', { token: other.refKey, body: { birth: einstein } });
    expectStatus(theirs, 201);
    await callFails(mcp, 'get_chart', { chart_id: theirs.json.id }, 'chart_not_found', 404);
    await callFails(mcp, 'vimshottari_current', { chart_id: theirs.json.id }, 'chart_not_found', 404);
    // A moment without an offset: the API's 422 (spec: naive_datetime) names the field.
    const e = await callFails(
      mcp,
      'create_chart',
      { birth: { moment: '1990-05-17T08:30:00', latitude: 19.076, longitude: 72.8777 } },
      'naive_datetime',
      422,
    );
    assert.equal(e.details.field, 'birth.moment');
    // Aspects of a Vedic chart: the Western service's own error code.
    await callFails(mcp, 'western_aspects', { chart_id: vedicId }, 'unsupported_astrology_system', 422);
    // The SDK validates the input schema before any request: a malformed id never reaches the API.
    const bad = await mcp.callTool({ name: 'get_chart', arguments: { chart_id: 'not-a-uuid' } });
    assert.equal(bad.isError, true);
    assert.match(JSON.stringify(bad.content), /chart_id/);

    const gone = await call(mcp, 'create_chart', { birth: einstein });
    assert.deepEqual(await call(mcp, 'delete_chart', { chart_id: gone.id }), { deleted: true, chart_id: gone.id });
    expectStatus(await api('GET', `/v1/charts/${gone.id}`, { token: acct.refKey }), 404);
    await callFails(mcp, 'get_chart', { chart_id: gone.id }, 'chart_not_found', 404);
  });

  it('every tool call is metered on the key: the key\u2019s usage by route equals the calls made', async () => {
    // Only the MCP server used this key; tool calls reached the API above (the schema-invalid one did not).
    const expected = new Map([
      ['/v1/charts/{chart_id}', [5, 3]], // get_chart x4 (3 of them 404) + delete_chart (204)
      ['/v1/charts', [4, 1]], // create_chart x4, one 422
      ['/v1/vedic/charts/{chart_id}/dashas/vimshottari/current', [2, 1]],
      ['/v1/vedic/charts/{chart_id}/dashas/vimshottari', [1, 0]],
      ['/v1/western/charts/{chart_id}/aspects', [2, 1]],
      ['/v1/western/charts/{chart_id}/transits', [1, 0]],
      ['/v1/vedic/charts/{chart_id}/divisional/{varga}', [1, 0]],
      ['/v1/vedic/charts/{chart_id}/vargas', [1, 0]],
      ['/v1/vedic/panchanga', [1, 0]],
      ['/v1/vedic/matching/ashtakoota', [1, 0]],
      ['/v1/geolocation/places', [1, 0]],
      ['/v1/interpretations', [1, 0]],
    ]);
    let seen = new Map<string, number[]>();
    // Usage is folded in asynchronously (gateway batch, then the account service): poll briefly.
    for (let i = 0; i < 60; i++) {
      const ep = await api('GET', `/v1/api-keys/${acct.mcpKey.id}/usage/endpoints?limit=100`, { token: acct.session });
      expectStatus(ep, 200);
      seen = new Map(ep.json.buckets.map((b: any) => [b.endpoint_path, [b.requests, b.errors_4xx]]));
      if ([...expected].every(([p, v]) => JSON.stringify(seen.get(p)) === JSON.stringify(v))) break;
      await sleep(250);
    }
    assert.deepEqual(Object.fromEntries(seen), Object.fromEntries(expected));
  });

  it('the key never appears in what the server writes', () => {
    assert.ok(!mcpStderr().includes(acct.mcpKey.plaintext));
    assert.ok(!mcpStderr().includes(acct.mcpKey.plaintext.slice(-12)));
  });

  it('the transcript session: initialize, tools, results and a tool error, in order (file with RECORD_MCP_TRANSCRIPT=1)', async () => {
    const messages = await recordSession(BASE_URL, acct.refKey);
    const methods = messages.flatMap((m) => ('method' in m.message ? [m.message.method] : []));
    assert.deepEqual(methods.slice(0, 3), ['initialize', 'notifications/initialized', 'tools/list']);
    assert.equal(methods.filter((m) => m === 'tools/call').length, 6);
    const results = messages.filter((m) => m.direction === 'server -> client' && 'result' in m.message);
    assert.equal(results.length, 8, 'initialize, tools/list and six tool calls answered');
    const errors = results.filter((m) => (m.message as { result: { isError?: boolean } }).result.isError);
    assert.equal(errors.length, 1, 'the missing chart is the one tool error');
    assert.match(JSON.stringify(errors[0]!.message), /chart_not_found/);
    const text = renderTranscript(BASE_URL, messages);
    assert.ok(!text.includes(acct.refKey), 'the key is not in the transcript');
    if (process.env.RECORD_MCP_TRANSCRIPT === '1') fs.writeFileSync(TRANSCRIPT_FILE, text);
  });
});

describe('MCP server: keys and limits', () => {
  it('a bad key: every tool answers the tool error unauthorized', async () => {
    const { client } = await connect(BASE_URL, 'ak_live_00000000000000000000000000000000');
    const e = await callFails(client, 'get_chart', { chart_id: MISSING }, 'unauthorized', 401);
    assert.equal(typeof e.details?.reason, 'string');
    await callFails(client, 'create_chart', { birth: einstein }, 'unauthorized', 401);
  });

  it('a key without the scope a tool needs: the tool error missing_scope (403)', async () => {
    const readOnly = await createKey(acct.session, ['charts:read'], { name: 'read-only' });
    const { client } = await connect(BASE_URL, readOnly.plaintext);
    await callFails(client, 'create_chart', { birth: einstein }, 'missing_scope', 403);
    await callFails(client, 'interpret_chart', { chart_id: MISSING }, 'missing_scope', 403);
  });

  it('a gateway that cannot be reached: the tool error upstream_unreachable, status 0', async () => {
    const { client } = await connect(`http://127.0.0.1:${await freePort()}`, acct.mcpKey.plaintext);
    const e = await callFails(client, 'get_chart', { chart_id: MISSING }, 'upstream_unreachable', 0);
    assert.match(e.message, /could not be reached/);
  });

  it('the gateway\u2019s rate limit applies: past the burst, 429 rate_limited reaches the agent as a tool error', async () => {
    // A gateway with the real limit machinery and a bucket of 3 that practically never refills (the
    // shared test fleet lifts limits); the same services behind it.
    const gw = await startGateway({
      PLAN_LIMITS_OVERRIDE: JSON.stringify({ '*': { burst_capacity: 3, refill_per_second: 0.001 } }),
    });
    const a = await account();
    const chart = await api('POST', '/v1/charts', { token: a.refKey, body: { birth: einstein } });
    expectStatus(chart, 201);
    const { client } = await connect(gw.baseUrl, a.mcpKey.plaintext);
    for (let i = 0; i < 3; i++) await call(client, 'get_chart', { chart_id: chart.json.id });
    const e = await callFails(client, 'get_chart', { chart_id: chart.json.id }, 'rate_limited', 429);
    assert.equal(e.details?.capacity, 3);
    // Another key's bucket is its own: the reference key still passes on the same gateway.
    expectStatus(await api('GET', `/v1/charts/${chart.json.id}`, { baseUrl: gw.baseUrl, token: a.refKey }), 200);
  });
});

describe('MCP server over Streamable HTTP (the key per session, from Authorization)', () => {
  let proc: ChildProcess;
  let url: string;
  let stderr = '';

  before(async () => {
    proc = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ASTRO_BASE_URL: BASE_URL, MCP_TRANSPORT: 'http', MCP_HTTP_PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    for (let i = 0; i < 200 && !/on (http:\S+)/.test(stderr); i++) await sleep(100);
    const m = /on (http:\S+)/.exec(stderr);
    assert.ok(m, `the HTTP server did not start: ${stderr}`);
    url = m[1]!;
  });
  after(() => {
    proc?.kill('SIGTERM');
  });

  const httpClient = async (key: string | null) => {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
    });
    const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return { client, transport };
  };

  it('a session runs the tools with its own key; another key cannot use that session; no key is refused', async () => {
    const { client, transport } = await httpClient(acct.refKey);
    const chart = await call(client, 'create_chart', { birth: einstein });
    const ref = await api('GET', `/v1/charts/${chart.id}`, { token: acct.refKey });
    assert.deepEqual(await call(client, 'get_chart', { chart_id: chart.id }), ref.json);

    // The session id alone is worth nothing: a request with another key is refused.
    const other = await account();
    const hijack = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${other.refKey}`,
        'mcp-session-id': transport.sessionId!,
        'mcp-protocol-version': '2025-06-18',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/list' }),
    });
    assert.equal(hijack.status, 403);

    await assert.rejects(httpClient(null), /401|Authorization/);
    // A bad key opens a session whose tools answer unauthorized, as over stdio.
    const { client: bad } = await httpClient('ak_live_00000000000000000000000000000000');
    await callFails(bad, 'get_chart', { chart_id: chart.id }, 'unauthorized', 401);
    assert.ok(!stderr.includes(acct.refKey), 'the key is never logged');
  });
});
