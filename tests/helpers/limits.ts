// Helpers of the limit tests: a Free account with a chart and an API key, requests stamped with the
// gateway's test clock (X-Test-Now), and cheap counted requests for filling quotas.
import assert from 'node:assert/strict';
import { api, createKey, expectStatus, signup, type ApiResponse } from './client.ts';

export interface LimitedCaller {
  email: string;
  tenantId: string;
  accessToken: string;
  key: string;
  chartId: string;
}

/** A new Free account with a charts key and one chart (created through the shared, unlimited fleet). */
export async function freeCaller(): Promise<LimitedCaller> {
  const s = await signup();
  const key = (await createKey(s.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const chart = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 } },
  });
  expectStatus(chart, 201);
  return { email: s.email, tenantId: s.tenant.id, accessToken: s.accessToken, key, chartId: chart.json.id };
}

export const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs).toISOString();

/** GET the caller's chart on `baseUrl` at the test-clock instant `now`: a served data request. */
export function readChart(baseUrl: string, c: LimitedCaller, now: string, headers: Record<string, string> = {}) {
  return api('GET', `/v1/charts/${c.chartId}`, { baseUrl, token: c.key, headers: { 'x-test-now': now, ...headers } });
}

/**
 * A counted data request answered by the gateway itself (422: `limit` is not an integer), so filling a
 * quota costs no service call. Data requests count whatever their outcome (spec Authentication rule 3).
 */
export async function cheapCounted(baseUrl: string, c: LimitedCaller, now: string): Promise<ApiResponse> {
  return api('GET', '/v1/geolocation/places?query=paris&limit=x', {
    baseUrl,
    token: c.key,
    headers: { 'x-test-now': now },
  });
}

/** `n` cheap counted requests, `step` ms apart from `start`, a few at a time; each must pass the limits. */
export async function fill(baseUrl: string, c: LimitedCaller, start: string, n: number, step = 1000): Promise<void> {
  const batch = 8;
  for (let i = 0; i < n; i += batch) {
    const rs = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, (_, j) => cheapCounted(baseUrl, c, at(start, (i + j) * step))),
    );
    for (const r of rs) assert.equal(r.status, 422, `request within the quota was refused: ${r.text.slice(0, 300)}`);
  }
}
