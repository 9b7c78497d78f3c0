// Spec 1-platform.md "Versioning" rule 2: every response from a deprecated route carries
// `Deprecation: @1791936000` (2026-10-14) and `Link: <successor>; rel="successor-version"`, error
// responses included (401, 403, 404, 422 and the limits' 429 alike).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup, type ApiResponse } from './helpers/client.ts';

// 2026-10-14T00:00:00Z as Unix seconds (spec: "Deprecation: @1791936000", deprecation date 2026-10-14).
const DEPRECATION = '@1791936000';
let key: string;
let noScopeKey: string;
let chartId: string;

before(async () => {
  const s = await signup();
  key = (await createKey(s.accessToken, ['charts:read', 'charts:write'])).plaintext;
  noScopeKey = (await createKey((await signup()).accessToken, ['feedback:read'])).plaintext;
  const c = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 } },
  });
  expectStatus(c, 201);
  chartId = c.json.id;
});

function expectDeprecated(res: ApiResponse, successor: string) {
  assert.equal(res.headers.get('deprecation'), DEPRECATION, `Deprecation on HTTP ${res.status}`);
  assert.equal(res.headers.get('link'), `<${successor}>; rel="successor-version"`, `Link on HTTP ${res.status}`);
  // Rule 3: "Removal date of deprecated routes: not shown", so no Sunset header (RFC 8594).
  assert.equal(res.headers.get('sunset'), null, `no Sunset on HTTP ${res.status}`);
}

describe('deprecated routes carry Deprecation and Link on every response', () => {
  const chara = (id: string) => `/v1/vedic/charts/${id}/dasha/chara`;
  const successor = (id: string) => `/v1/vedic/charts/${id}/dashas/chara`;

  it('200', async () => {
    const r = await api('GET', chara(chartId), { token: key });
    expectStatus(r, 200);
    expectDeprecated(r, successor(chartId));
  });
  it('401 unauthorized (no credential)', async () => {
    const r = await api('GET', chara(chartId));
    expectError(r, 401, 'unauthorized');
    expectDeprecated(r, successor(chartId));
  });
  it('403 missing_scope', async () => {
    const r = await api('GET', chara(chartId), { token: noScopeKey });
    expectError(r, 403, 'missing_scope');
    expectDeprecated(r, successor(chartId));
  });
  it('404 chart_not_found', async () => {
    const id = '0190a000-0000-7000-8000-00000000dead';
    const r = await api('GET', chara(id), { token: key });
    expectError(r, 404, 'chart_not_found');
    expectDeprecated(r, successor(id));
  });
  it('422 invalid_request from the gateway (deprecated muhurta with a non-integer top_n)', async () => {
    const r = await api('GET', `/v1/vedic/charts/${chartId}/muhurta?top_n=abc`, { token: key });
    assert.equal(r.status, 422, r.text.slice(0, 300));
    expectDeprecated(r, '/v1/vedic/muhurta/search');
  });
});
