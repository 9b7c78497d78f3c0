// The calc services keep the stored charts they read (platform chart-cache.ts): a chart that was read
// (and so cached) by vedic-calc and western-calc answers 404 chart_not_found on their routes as soon
// as it is deleted, or its tenant's data erased; the uppercase spelling of an id is not a way around it.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const vedicRoutes = (id: string) => [
  `/v1/vedic/charts/${id}/dashas/vimshottari?depth=1`,
  `/v1/vedic/charts/${id}/shadbala`,
];
const westernRoutes = (id: string) => [`/v1/western/charts/${id}/transits?at=2026-01-01T00:00:00Z`];

let key: string;

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
});

async function chart(system: 'vedic' | 'western'): Promise<string> {
  const c = await api('POST', '/v1/charts', { token: key, body: { birth, system } });
  expectStatus(c, 201);
  return c.json.id;
}

async function readAll(paths: string[], status: 200 | 404): Promise<void> {
  for (const p of paths)
    if (status === 200) expectStatus(await api('GET', p, { token: key }), 200);
    else expectError(await api('GET', p, { token: key }), 404, 'chart_not_found');
}

describe('calc services after a chart is deleted', () => {
  it('vedic-calc and western-calc answer 404 for a chart they have read before it was deleted', async () => {
    const v = await chart('vedic');
    const w = await chart('western');
    const paths = [...vedicRoutes(v), ...vedicRoutes(v.toUpperCase()), ...westernRoutes(w)];
    await readAll(paths, 200);
    await readAll(paths, 200); // the second round is served from the caches
    expectStatus(await api('DELETE', `/v1/charts/${v}`, { token: key }), 204);
    expectStatus(await api('DELETE', `/v1/charts/${w}`, { token: key }), 204);
    await readAll(paths, 404);
  });

  it('a tenant erasure makes every cached chart of the tenant 404', async () => {
    const v = await chart('vedic');
    const w = await chart('western');
    const paths = [...vedicRoutes(v), ...westernRoutes(w)];
    await readAll(paths, 200);
    const res = await api('DELETE', '/v1/tenant/data', { token: key, body: { confirm: 'DELETE ALL DATA' } });
    expectStatus(res, 200);
    assert.ok(res.json.charts_deleted >= 2);
    await readAll(paths, 404);
  });
});
