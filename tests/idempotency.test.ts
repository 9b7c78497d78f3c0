// Idempotency-Key through the gateway (spec 1-platform.md "Errors": Idempotency): replay, conflict,
// concurrent duplicates, per-tenant keys, and the decision on secrets (a replayed key creation hands
// back the same key, which is stored encrypted). The 24-hour lifetime is covered with an injected clock
// in gateway/test/idempotency.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, operator, rand, signup } from './helpers/client.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const idem = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key', () => {
  it('replays the first response (status, body) with Idempotent-Replayed: true; the chart is created once', async () => {
    const u = await signup();
    const k = await createKey(u.accessToken, ['charts:read', 'charts:write']);
    const key = `create-${rand(8)}`;
    const first = await api('POST', '/v1/charts', { token: k.plaintext, body: { birth }, headers: idem(key) });
    expectStatus(first, 201);
    const again = await api('POST', '/v1/charts', { token: k.plaintext, body: { birth }, headers: idem(key) });
    expectStatus(again, 201);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(first.headers.get('idempotent-replayed'), null);
    // Without the key the same body creates another chart: the replay did not go to the service.
    const fresh = await api('POST', '/v1/charts', { token: k.plaintext, body: { birth } });
    assert.notEqual(fresh.json.id, first.json.id);
  });

  it('the same key with another body is 409 idempotency_conflict', async () => {
    const u = await signup();
    const k = await createKey(u.accessToken, ['charts:read', 'charts:write']);
    const key = `conflict-${rand(8)}`;
    expectStatus(await api('POST', '/v1/charts', { token: k.plaintext, body: { birth }, headers: idem(key) }), 201);
    const other = { birth: { ...birth, latitude: 19.076 } };
    const e = expectError(
      await api('POST', '/v1/charts', { token: k.plaintext, body: other, headers: idem(key) }),
      409,
      'idempotency_conflict',
    );
    assert.equal(e.details?.reason, 'parameters_mismatch');
  });

  it('a replayed DELETE answers 204 again instead of 404', async () => {
    const u = await signup();
    const k = await createKey(u.accessToken, ['charts:read', 'charts:write']);
    const chart = await api('POST', '/v1/charts', { token: k.plaintext, body: { birth } });
    const key = `delete-${rand(8)}`;
    expectStatus(await api('DELETE', `/v1/charts/${chart.json.id}`, { token: k.plaintext, headers: idem(key) }), 204);
    const again = await api('DELETE', `/v1/charts/${chart.json.id}`, { token: k.plaintext, headers: idem(key) });
    expectStatus(again, 204);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    expectError(await api('DELETE', `/v1/charts/${chart.json.id}`, { token: k.plaintext }), 404, 'chart_not_found');
  });

  it('parallel duplicates execute once: one 201, the others 409 idempotency_in_progress or the replay', async () => {
    const u = await signup();
    await operator(['set-plan', u.email, 'pro']); // no active-key limit, so a double execution would show
    const key = `parallel-${rand(8)}`;
    const body = { name: `parallel-${rand(4)}`, scopes: ['charts:read'] };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', '/v1/api-keys', { token: u.accessToken, body, headers: idem(key) })),
    );
    const created = answers.filter((r) => r.status === 201);
    assert.ok(created.length >= 1, answers.map((r) => r.status).join(','));
    for (const r of answers) if (r.status !== 201) expectError(r, 409, 'idempotency_in_progress');
    assert.equal(new Set(created.map((r) => r.json.id)).size, 1, 'every 201 is the same key');
    const list = await api('GET', '/v1/api-keys', { token: u.accessToken });
    assert.equal(list.json.keys.filter((x: { name: string }) => x.name === body.name).length, 1, 'one key was created');
  });

  it('a replayed key creation returns the same plaintext, which works (stored encrypted, see README)', async () => {
    const u = await signup();
    const key = `mint-${rand(8)}`;
    const body = { name: 'retry-safe', scopes: ['charts:read', 'charts:write'] };
    const first = await api('POST', '/v1/api-keys', { token: u.accessToken, body, headers: idem(key) });
    expectStatus(first, 201);
    const again = await api('POST', '/v1/api-keys', { token: u.accessToken, body, headers: idem(key) });
    expectStatus(again, 201);
    assert.equal(again.json.plaintext, first.json.plaintext);
    // Free allows one active key: a second execution would have been 403 api_key_limit_reached.
    expectStatus(await api('POST', '/v1/charts', { token: again.json.plaintext, body: { birth } }), 201);
  });

  it('keys are per tenant: another tenant using the same key and body gets its own execution', async () => {
    const key = `shared-${rand(8)}`;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const u = await signup();
      const k = await createKey(u.accessToken, ['charts:read', 'charts:write']);
      const r = await api('POST', '/v1/charts', { token: k.plaintext, body: { birth }, headers: idem(key) });
      expectStatus(r, 201);
      assert.equal(r.headers.get('idempotent-replayed'), null);
      ids.push(r.json.id);
      expectStatus(await api('GET', `/v1/charts/${r.json.id}`, { token: k.plaintext }), 200);
    }
    assert.notEqual(ids[0], ids[1]);
  });

  it('the OpenAPI document lists the header and the 409s on mutating routes, not on reads', async () => {
    const doc = (await api('GET', '/v1/openapi.json')).json;
    const post = doc.paths['/v1/charts'].post;
    assert.ok(post.parameters.some((p: any) => p.name === 'Idempotency-Key' && p.in === 'header'));
    assert.match(post.responses['409'].description, /idempotency_conflict/);
    const get = doc.paths['/v1/charts/{chart_id}'].get;
    assert.ok(!get.parameters.some((p: any) => p.name === 'Idempotency-Key'));
  });

  it('a key longer than 255 characters is 422 invalid_request', async () => {
    const u = await signup();
    const e = expectError(
      await api('POST', '/v1/api-keys', {
        token: u.accessToken,
        body: { name: 'x', scopes: ['charts:read'] },
        headers: idem('k'.repeat(256)),
      }),
      422,
      'invalid_request',
    );
    assert.equal(e.details?.errors?.[0]?.field, 'Idempotency-Key');
  });
});
