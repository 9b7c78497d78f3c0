// Webhooks end to end through the gateway (docs/webhooks.md): endpoints, signed deliveries verified
// here independently (HMAC-SHA256 with node:crypto over "t.body", Stripe's documented scheme:
// https://docs.stripe.com/webhooks#verify-manually), a receiver that fails then recovers, one that
// times out, delivery listing with attempts, replay, secret roll overlap, cross-tenant 404s, SSRF
// refusals, the api_key.revoked and erasure.completed events, and a drill of many events against a
// flaky receiver (sent, retried, delivered, lost). The test fleet allows 127.0.0.1/32 only
// (scripts/fleet.ts) and retries within a second (scripts/test.ts).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  api,
  createKey,
  expectError,
  expectStatus,
  invalidFields,
  signup,
  sleep,
  UUID,
  type SignedUp,
} from './helpers/client.ts';
import { startGateway, stopStartedGateways } from './helpers/gateway-process.ts';

interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver; `answer` decides each response (status, or 'hang' to never answer in time). */
class Receiver {
  readonly received: Received[] = [];
  private server!: http.Server;
  answer: (r: Received, n: number) => number | 'hang' = () => 200;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(r);
        const a = this.answer(r, this.received.length);
        if (a === 'hang') {
          setTimeout(() => res.writeHead(200).end('late'), 4000).unref();
          return;
        }
        res.writeHead(a, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  of(eventId: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === eventId);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Stripe's documented verification: every v1 in the header against HMAC-SHA256(secret, t + "." + body). */
function signatureMatches(header: string | string[] | undefined, body: string, secret: string): boolean {
  assert.equal(typeof header, 'string', 'X-Astro-Signature present');
  const pairs = (header as string).split(',').map((p) => {
    const i = p.indexOf('=');
    return [p.slice(0, i), p.slice(i + 1)] as const;
  });
  const t = pairs.find(([k]) => k === 't')?.[1];
  assert.match(t ?? '', /^[0-9]{10}$/, 't is a unix time in seconds');
  // Stripe's default tolerance: 5 minutes between the timestamp and the receiver's clock.
  assert.ok(Math.abs(Date.now() / 1000 - Number(t)) < 300, 'timestamp within 5 minutes');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return pairs.some(([k, v]) => k === 'v1' && v === expected);
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function createHook(token: string, url: string, events = ['api_key.revoked']) {
  const res = await api('POST', '/v1/webhooks', { token, body: { url, events, description: 'test hook' } });
  expectStatus(res, 201);
  return res.json as { id: string; secret: string; url: string; events: string[] };
}

async function deliveries(token: string, hookId: string) {
  const res = await api('GET', `/v1/webhooks/${hookId}/deliveries?limit=100`, { token });
  expectStatus(res, 200);
  return res.json.deliveries as Array<{
    id: string;
    event_id: string;
    event_type: string;
    status: string;
    attempt_count: number;
    attempts: Array<{ attempted_at: string; status_code: number | null; error: string | null; duration_ms: number }>;
  }>;
}

async function ping(token: string, hookId: string) {
  const res = await api('POST', `/v1/webhooks/${hookId}/test`, { token });
  expectStatus(res, 202);
  return res.json as { id: string; event_id: string; status: string };
}

async function settled(token: string, hookId: string, deliveryId: string) {
  return until(`delivery ${deliveryId} settled`, async () => {
    const d = (await deliveries(token, hookId)).find((x) => x.id === deliveryId);
    return d && d.status !== 'pending' ? d : undefined;
  });
}

let owner: SignedUp;
let other: SignedUp;
const receiver = new Receiver();

beforeAll(async () => {
  [owner, other] = await Promise.all([signup(), signup()]);
  await receiver.start();
});
afterAll(async () => {
  await receiver.close();
});

describe('endpoints', () => {
  it('creates (secret shown once), lists, reads, updates and deletes', async () => {
    const created = await createHook(owner.accessToken, receiver.url, ['erasure.completed', 'api_key.revoked']);
    assert.match(created.id, UUID);
    assert.match(created.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(created.events, ['api_key.revoked', 'erasure.completed']);
    const list = await api('GET', '/v1/webhooks', { token: owner.accessToken });
    expectStatus(list, 200);
    const listed = list.json.webhooks.find((w: { id: string }) => w.id === created.id);
    assert.ok(listed, 'listed');
    assert.equal('secret' in listed, false, 'no secret in the list');
    assert.ok(!list.text.includes(created.secret));
    const got = await api('GET', `/v1/webhooks/${created.id}`, { token: owner.accessToken });
    expectStatus(got, 200);
    assert.equal('secret' in got.json, false, 'no secret on read');
    assert.equal(got.json.previous_secret_expires_at, null);
    const patched = await api('PATCH', `/v1/webhooks/${created.id}`, {
      token: owner.accessToken,
      body: { enabled: false, description: 'paused', events: ['erasure.completed'] },
    });
    expectStatus(patched, 200);
    assert.equal(patched.json.enabled, false);
    assert.equal(patched.json.description, 'paused');
    assert.deepEqual(patched.json.events, ['erasure.completed']);
    assert.equal(patched.json.url, receiver.url);
    const del = await api('DELETE', `/v1/webhooks/${created.id}`, { token: owner.accessToken });
    expectStatus(del, 204);
    expectError(await api('GET', `/v1/webhooks/${created.id}`, { token: owner.accessToken }), 404, 'webhook_not_found');
    expectError(
      await api('DELETE', `/v1/webhooks/${created.id}`, { token: owner.accessToken }),
      404,
      'webhook_not_found',
    );
  });

  it('refuses bad input with 422 in the envelope', async () => {
    const t = owner.accessToken;
    let e = expectError(
      await api('POST', '/v1/webhooks', { token: t, body: { events: ['api_key.revoked'] } }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(e).includes('url'));
    e = expectError(
      await api('POST', '/v1/webhooks', { token: t, body: { url: receiver.url } }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(e).includes('events'));
    e = expectError(
      await api('POST', '/v1/webhooks', { token: t, body: { url: receiver.url, events: ['chart.exploded'] } }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(e).includes('events'));
    const hook = await createHook(t, receiver.url);
    expectError(await api('GET', `/v1/webhooks/${hook.id}/deliveries?limit=0`, { token: t }), 422, 'invalid_request');
    expectError(
      await api('GET', `/v1/webhooks/${hook.id}/deliveries?status=lost`, { token: t }),
      422,
      'invalid_request',
    );
  });

  it('refuses URLs that reach private, loopback, link-local or metadata addresses (SSRF)', async () => {
    const before = receiver.received.length;
    const cases: Array<[string, string]> = [
      ['http://10.0.0.1/hook', 'private_address'],
      ['http://169.254.169.254/latest/meta-data/', 'private_address'],
      ['http://[::1]:8080/hook', 'private_address'],
      ['http://[::ffff:10.0.0.1]/hook', 'private_address'],
      ['http://127.0.0.2/hook', 'private_address'], // the test fleet allows 127.0.0.1/32 only
      ['http://192.168.0.10/hook', 'private_address'],
      ['ftp://example.com/hook', 'scheme'],
      ['http://user:pw@127.0.0.1/hook', 'credentials'],
      ['not a url', 'malformed'],
    ];
    for (const [url, reason] of cases) {
      const e = expectError(
        await api('POST', '/v1/webhooks', { token: owner.accessToken, body: { url, events: ['api_key.revoked'] } }),
        422,
        'webhook_url_not_allowed',
      );
      assert.equal(e.details?.reason, reason, url);
    }
    const hook = await createHook(owner.accessToken, receiver.url);
    expectError(
      await api('PATCH', `/v1/webhooks/${hook.id}`, {
        token: owner.accessToken,
        body: { url: 'http://169.254.169.254/' },
      }),
      422,
      'webhook_url_not_allowed',
    );
    assert.equal(receiver.received.length, before, 'no request was made');
  });

  it("answers 404 for another tenant's endpoint and delivery on every route", async () => {
    const hook = await createHook(owner.accessToken, receiver.url);
    const d = await ping(owner.accessToken, hook.id);
    const t = other.accessToken;
    for (const [method, path, body] of [
      ['GET', `/v1/webhooks/${hook.id}`, undefined],
      ['PATCH', `/v1/webhooks/${hook.id}`, { enabled: false }],
      ['DELETE', `/v1/webhooks/${hook.id}`, undefined],
      ['POST', `/v1/webhooks/${hook.id}/roll-secret`, {}],
      ['GET', `/v1/webhooks/${hook.id}/deliveries`, undefined],
      ['POST', `/v1/webhooks/${hook.id}/deliveries/${d.id}/replay`, {}],
      ['POST', `/v1/webhooks/${hook.id}/test`, {}],
    ] as const)
      expectError(await api(method, path, { token: t, body }), 404, 'webhook_not_found');
    const list = await api('GET', '/v1/webhooks', { token: t });
    assert.ok(!list.json.webhooks.some((w: { id: string }) => w.id === hook.id));
    // A delivery id of another endpoint of the same tenant is not found under this one.
    const second = await createHook(owner.accessToken, receiver.url);
    expectError(
      await api('POST', `/v1/webhooks/${second.id}/deliveries/${d.id}/replay`, { token: owner.accessToken }),
      404,
      'webhook_delivery_not_found',
    );
    expectError(await api('GET', '/v1/webhooks/not-a-uuid', { token: owner.accessToken }), 404, 'webhook_not_found');
  });

  it('needs keys:manage', async () => {
    // Free allows one active key: a fresh tenant, the first key revoked before the second.
    const u = await signup();
    const key = await createKey(u.accessToken, ['charts:read']);
    expectError(await api('GET', '/v1/webhooks', { token: key.plaintext }), 403, 'missing_scope');
    expectError(
      await api('POST', '/v1/webhooks', {
        token: key.plaintext,
        body: { url: receiver.url, events: ['api_key.revoked'] },
      }),
      403,
      'missing_scope',
    );
    expectStatus(await api('POST', `/v1/api-keys/${key.id}/revoke`, { token: u.accessToken }), 200);
    const manager = await createKey(u.accessToken, ['keys:manage']);
    expectStatus(await api('GET', '/v1/webhooks', { token: manager.plaintext }), 200);
  });
});

describe('deliveries', () => {
  it('signs a ping so that the receiver can verify it, and lists the attempt', async () => {
    const hook = await createHook(owner.accessToken, receiver.url);
    const queued = await ping(owner.accessToken, hook.id);
    assert.equal(queued.status, 'pending');
    const d = await settled(owner.accessToken, hook.id, queued.id);
    assert.equal(d.status, 'delivered');
    assert.equal(d.event_type, 'webhook.ping');
    assert.equal(d.attempts.length, 1);
    assert.equal(d.attempts[0]!.status_code, 200);
    assert.ok(d.attempts[0]!.duration_ms >= 0);
    const [got] = receiver.of(d.event_id);
    assert.ok(got, 'received');
    assert.equal(got.headers['x-astro-event'], 'webhook.ping');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.ok(signatureMatches(got.headers['x-astro-signature'], got.body, hook.secret), 'signature verifies');
    assert.ok(!signatureMatches(got.headers['x-astro-signature'], got.body, 'whsec_wrong'), 'a wrong secret fails');
    const body = JSON.parse(got.body);
    assert.equal(body.id, d.event_id);
    assert.equal(body.type, 'webhook.ping');
    assert.equal(body.tenant_id, owner.tenant.id);
    assert.deepEqual(body.data, { webhook_id: hook.id });
  });

  it('retries a receiver that answers 500, then delivers when it recovers', async () => {
    const r = new Receiver();
    let failures = 2;
    r.answer = () => (failures-- > 0 ? 500 : 204);
    await r.start();
    try {
      const hook = await createHook(owner.accessToken, r.url);
      const d = await settled(owner.accessToken, hook.id, (await ping(owner.accessToken, hook.id)).id);
      assert.equal(d.status, 'delivered');
      assert.deepEqual(
        d.attempts.map((a) => a.status_code),
        [500, 500, 204],
      );
      assert.equal(d.attempt_count, 3);
      const times = r.received.map((x) => x.at);
      // Backoff: WEBHOOK_RETRY_BASE_MS=250 in the test fleet, equal jitter -> at least 125 ms, then 250 ms.
      assert.ok(times[1]! - times[0]! >= 120 && times[2]! - times[1]! >= 240, `spacing ${times}`);
      assert.equal(new Set(r.received.map((x) => x.headers['webhook-id'])).size, 1, 'the same event id on every retry');
    } finally {
      await r.close();
    }
  });

  it('records a timeout as an attempt without status and retries', async () => {
    const r = new Receiver();
    r.answer = (_x, n) => (n === 1 ? 'hang' : 200);
    await r.start();
    try {
      const hook = await createHook(owner.accessToken, r.url);
      const d = await settled(owner.accessToken, hook.id, (await ping(owner.accessToken, hook.id)).id);
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts.length, 2);
      assert.equal(d.attempts[0]!.status_code, null);
      assert.match(d.attempts[0]!.error ?? '', /timeout/);
      // WEBHOOK_TIMEOUT_MS=1500 in the test fleet.
      assert.ok(d.attempts[0]!.duration_ms >= 1400, `duration ${d.attempts[0]!.duration_ms}`);
      assert.equal(d.attempts[1]!.status_code, 200);
    } finally {
      await r.close();
    }
  });

  it('replays a delivered delivery with the same event id', async () => {
    const hook = await createHook(owner.accessToken, receiver.url);
    const first = await settled(owner.accessToken, hook.id, (await ping(owner.accessToken, hook.id)).id);
    const res = await api('POST', `/v1/webhooks/${hook.id}/deliveries/${first.id}/replay`, {
      token: owner.accessToken,
    });
    expectStatus(res, 202);
    assert.equal(res.json.status, 'pending');
    await until('replayed', async () => receiver.of(first.event_id).length === 2);
    const again = await settled(owner.accessToken, hook.id, first.id);
    assert.equal(again.status, 'delivered');
    assert.equal(again.attempts.length, 2);
    const [a, b] = receiver.of(first.event_id);
    assert.equal(a!.body, b!.body, 'the same body');
  });

  it('signs with both secrets during a roll overlap', async () => {
    const hook = await createHook(owner.accessToken, receiver.url);
    const res = await api('POST', `/v1/webhooks/${hook.id}/roll-secret`, { token: owner.accessToken });
    expectStatus(res, 200);
    const next = res.json.secret as string;
    assert.match(next, /^whsec_/);
    assert.notEqual(next, hook.secret);
    assert.ok(Date.parse(res.json.previous_secret_expires_at) > Date.now() + 23 * 3600_000, 'overlap of 24 h');
    const d = await settled(owner.accessToken, hook.id, (await ping(owner.accessToken, hook.id)).id);
    const [got] = receiver.of(d.event_id);
    const header = got!.headers['x-astro-signature'] as string;
    assert.equal(header.split(',').filter((p) => p.startsWith('v1=')).length, 2);
    assert.ok(signatureMatches(header, got!.body, next), 'the new secret verifies');
    assert.ok(signatureMatches(header, got!.body, hook.secret), 'the old secret verifies');
    const read = await api('GET', `/v1/webhooks/${hook.id}`, { token: owner.accessToken });
    assert.equal('secret' in read.json, false);
  });

  it('sends api_key.revoked when a key is revoked, once', async () => {
    const u = await signup();
    const hook = await createHook(u.accessToken, receiver.url, ['api_key.revoked']);
    const key = await createKey(u.accessToken, ['charts:read']);
    expectStatus(await api('POST', `/v1/api-keys/${key.id}/revoke`, { token: u.accessToken }), 200);
    expectStatus(await api('POST', `/v1/api-keys/${key.id}/revoke`, { token: u.accessToken }), 200);
    const got = await until('api_key.revoked', async () =>
      receiver.received.find((r) => r.headers['x-astro-event'] === 'api_key.revoked' && r.body.includes(key.id)),
    );
    assert.ok(signatureMatches(got.headers['x-astro-signature'], got.body, hook.secret));
    const body = JSON.parse(got.body);
    assert.equal(body.tenant_id, u.tenant.id);
    assert.equal(body.data.api_key_id, key.id);
    await sleep(500);
    const list = await deliveries(u.accessToken, hook.id);
    assert.equal(list.filter((d) => d.event_type === 'api_key.revoked').length, 1, 'a repeated revoke adds none');
  });

  it('sends erasure.completed after DELETE /v1/tenant/data', async () => {
    const u = await signup();
    const hook = await createHook(u.accessToken, receiver.url, ['erasure.completed']);
    const before = await settled(u.accessToken, hook.id, (await ping(u.accessToken, hook.id)).id);
    const key = await createKey(u.accessToken, ['charts:write']);
    const res = await api('DELETE', '/v1/tenant/data', { token: key.plaintext, body: { confirm: 'DELETE ALL DATA' } });
    expectStatus(res, 200);
    const got = await until(
      'erasure.completed',
      async () =>
        receiver.received.find(
          (r) => r.headers['x-astro-event'] === 'erasure.completed' && r.body.includes(u.tenant.id),
        ),
      60_000,
    );
    assert.ok(signatureMatches(got.headers['x-astro-signature'], got.body, hook.secret));
    assert.equal(JSON.parse(got.body).data.scope, 'tenant');
    // The delivery history from before the erasure is gone; the endpoint stays (like API keys).
    const after = await deliveries(u.accessToken, hook.id);
    assert.equal(
      after.some((d) => d.id === before.id),
      false,
      'the earlier delivery was erased',
    );
    assert.ok(after.some((d) => d.event_type === 'erasure.completed'));
  });
});

describe('quota thresholds', () => {
  afterAll(() => stopStartedGateways());

  it('sends quota.threshold_reached at 80 % and 100 % of the daily quota, once each', async () => {
    // A gateway of its own with a daily quota of 5 (the shared one lifts every limit): 80 % is the
    // 4th request (ceil(5 x 0.8)), 100 % the 5th; it publishes on the fleet's bus like the shared one.
    const gw = await startGateway({
      PLAN_LIMITS_OVERRIDE: JSON.stringify({
        '*': { daily_quota: 5, monthly_quota: 100_000, burst_capacity: 1000, refill_per_second: 1000 },
      }),
      LIMITS_KEY_PREFIX: `wh-${Date.now()}:`,
    });
    const u = await signup();
    const hook = await createHook(u.accessToken, receiver.url, ['quota.threshold_reached']);
    const key = await createKey(u.accessToken, ['charts:read']);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await api('GET', '/v1/charts/00000000-0000-4000-8000-000000000000', {
            token: key.plaintext,
            baseUrl: gw.baseUrl,
          })
        ).status,
      );
    assert.deepEqual(statuses, [404, 404, 404, 404, 404, 429, 429], 'five counted requests, then the quota');
    const mine = () =>
      receiver.received.filter(
        (r) => r.headers['x-astro-event'] === 'quota.threshold_reached' && r.body.includes(u.tenant.id),
      );
    await until('both thresholds', async () => mine().length >= 2);
    await sleep(500);
    const bodies = mine().map((r) => JSON.parse(r.body));
    assert.deepEqual(bodies.map((b) => [b.data.window, b.data.percent, b.data.used, b.data.limit]).sort(), [
      ['day', 100, 5, 5],
      ['day', 80, 4, 5],
    ]);
    for (const r of mine()) assert.ok(signatureMatches(r.headers['x-astro-signature'], r.body, hook.secret));
  });
});

describe('drill: many events to a flaky receiver', () => {
  it('delivers every event: sent, retried, delivered, lost = 0', async () => {
    const N = 40;
    const r = new Receiver();
    // Deterministic flakiness: per event, the first try fails with 503 for every third event, hangs
    // past the timeout for every seventh, and answers 200 otherwise; the second try always succeeds
    // except for every fifth event, which fails twice.
    const tries = new Map<string, number>();
    const order = new Map<string, number>();
    r.answer = (x) => {
      const id = x.headers['webhook-id'] as string;
      if (!order.has(id)) order.set(id, order.size);
      const k = order.get(id)!;
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      if (n === 1 && k % 7 === 0) return 'hang';
      if (n === 1 && k % 3 === 0) return 503;
      if (n <= 2 && k % 5 === 0) return 500;
      return 200;
    };
    await r.start();
    try {
      const u = await signup();
      const hook = await createHook(u.accessToken, r.url);
      const queued = [];
      for (let i = 0; i < N; i++) queued.push(await ping(u.accessToken, hook.id));
      const final = await until(
        'every drill delivery settled',
        async () => {
          const list = await deliveries(u.accessToken, hook.id);
          return list.length === N && list.every((d) => d.status !== 'pending') ? list : undefined;
        },
        120_000,
      );
      const delivered = final.filter((d) => d.status === 'delivered').length;
      const retried = final.filter((d) => d.attempt_count > 1).length;
      const attempts = final.reduce((s, d) => s + d.attempt_count, 0);
      const verified = [...order.keys()].filter((id) =>
        r.of(id).some((x) => signatureMatches(x.headers['x-astro-signature'], x.body, hook.secret)),
      ).length;
      const lost = N - delivered;
      console.log(
        `webhook drill: sent ${N}, retried ${retried}, attempts ${attempts}, delivered ${delivered}, verified ${verified}, lost ${lost}`,
      );
      assert.equal(lost, 0);
      assert.equal(verified, N);
      assert.ok(retried > 0, 'the receiver made some deliveries retry');
      assert.deepEqual(new Set(final.map((d) => d.event_id)), new Set(queued.map((q) => q.event_id)));
    } finally {
      await r.close();
    }
  });
});
