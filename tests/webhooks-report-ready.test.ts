// The report.ready webhook end to end through the gateway (docs/webhooks.md "report.ready"): POST
// /v1/reports stores the report and its event in the feedback service's outbox; the account service
// turns the bus event into one signed delivery per subscribed endpoint. Signatures are checked here
// independently (tests/helpers/webhook-receiver.ts: node:crypto, Stripe's documented scheme). Expected
// payload values are the ones the POST /v1/reports answer itself states (id, chart_id, size_bytes...),
// never values computed by the webhook code.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { EVENTS, uuidv7 } from '@astro/platform';
import { api, createKey, expectStatus, signup, sleep, type SignedUp } from './helpers/client.ts';
import { publishEvent, serviceSql, waitUntil } from './helpers/fleet-control.ts';
import { Receiver, signatureMatches, until, type Received } from './helpers/webhook-receiver.ts';

// A birth used across the suite's tests (any valid birth serves: only ids reach the webhook).
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
// The test fleet retries a failed delivery within about a second (scripts/test.ts): a second
// delivery of the same event, were one made, would arrive within this settle time.
const SETTLE_MS = 3000;
// The data keys of report.ready (docs/webhooks.md): ids and file facts only.
const DATA_KEYS = ['chart_id', 'content_type', 'created_at', 'format', 'report_id', 'size_bytes'];

interface Tenant {
  user: SignedUp;
  key: string;
}

async function tenant(): Promise<Tenant> {
  const user = await signup();
  return { user, key: (await createKey(user.accessToken, ['charts:read', 'charts:write'])).plaintext };
}

async function chartOf(t: Tenant): Promise<string> {
  const res = await api('POST', '/v1/charts', { token: t.key, body: { birth } });
  expectStatus(res, 201);
  return res.json.id;
}

async function report(t: Tenant, chartId: string) {
  const res = await api('POST', '/v1/reports', { token: t.key, body: { chart_id: chartId } });
  expectStatus(res, 201);
  return res.json as { id: string; chart_id: string; size_bytes: number; created_at: string; format: string };
}

async function createHook(t: Tenant, url: string, events: string[]) {
  const res = await api('POST', '/v1/webhooks', { token: t.user.accessToken, body: { url, events } });
  expectStatus(res, 201);
  return res.json as { id: string; secret: string; events: string[] };
}

async function deliveries(t: Tenant, hookId: string) {
  const res = await api('GET', `/v1/webhooks/${hookId}/deliveries?limit=100`, { token: t.user.accessToken });
  expectStatus(res, 200);
  return res.json.deliveries as Array<{ id: string; event_id: string; event_type: string; status: string }>;
}

const receiver = new Receiver();
const readyFor = (reportId: string): Received[] =>
  receiver.received.filter((r) => r.headers['x-astro-event'] === 'report.ready' && r.body.includes(reportId));

beforeAll(() => receiver.start());
afterAll(() => receiver.close());

describe('report.ready', () => {
  it('one signed delivery naming the report, only to the subscribed endpoint of the same tenant', async () => {
    const [a, b] = await Promise.all([tenant(), tenant()]);
    const hook = await createHook(a, receiver.url, ['report.ready']);
    assert.deepEqual(hook.events, ['report.ready']);
    // Same tenant, another event type: gets nothing. Another tenant, same event type: gets nothing.
    const other = await createHook(a, receiver.url, ['erasure.completed']);
    const foreign = await createHook(b, receiver.url, ['report.ready']);

    const r = await report(a, await chartOf(a));
    const got = await until('report.ready', async () => readyFor(r.id)[0], 60_000);
    await sleep(SETTLE_MS);
    assert.equal(readyFor(r.id).length, 1, 'exactly one delivery');
    assert.ok(signatureMatches(got.headers['x-astro-signature'], got.body, hook.secret), 'signed with the secret');

    const body = JSON.parse(got.body);
    assert.deepEqual(Object.keys(body).sort(), ['created_at', 'data', 'id', 'tenant_id', 'type']);
    assert.equal(body.type, 'report.ready');
    assert.equal(body.tenant_id, a.user.tenant.id);
    assert.equal(body.id, got.headers['webhook-id']);
    assert.deepEqual(Object.keys(body.data).sort(), DATA_KEYS);
    // Every value is the one POST /v1/reports answered.
    assert.deepEqual(
      {
        report_id: body.data.report_id,
        chart_id: body.data.chart_id,
        format: body.data.format,
        content_type: body.data.content_type,
        size_bytes: body.data.size_bytes,
        created_at: body.data.created_at,
      },
      {
        report_id: r.id,
        chart_id: r.chart_id,
        format: 'pdf',
        content_type: 'application/pdf',
        size_bytes: r.size_bytes,
        created_at: r.created_at,
      },
    );
    assert.equal(body.created_at, r.created_at, 'the event time is the report time');

    const list = await deliveries(a, hook.id);
    assert.deepEqual(
      list.filter((d) => d.event_type === 'report.ready').map((d) => [d.event_id, d.status]),
      [[body.id, 'delivered']],
    );
    assert.deepEqual(await deliveries(a, other.id), [], 'not subscribed: no delivery');
    assert.deepEqual(await deliveries(b, foreign.id), [], "another tenant's endpoint: no delivery");
  });

  it('a redelivered report.ready adds no second delivery (apply-once, event id from the report)', async () => {
    const t = await tenant();
    const hook = await createHook(t, receiver.url, ['report.ready']);
    const r = await report(t, await chartOf(t));
    const got = await until('report.ready', async () => readyFor(r.id)[0], 60_000);
    const payload = JSON.parse(got.body).data;
    // The same fact published again under a new bus event id (a producer retry after a lost ack),
    // then the exact same bus event again (a redelivery).
    const republished = {
      '@type': EVENTS.ReportReady.type,
      tenant_id: t.user.tenant.id,
      report_id: payload.report_id,
      chart_id: payload.chart_id,
      format: payload.format,
      content_type: payload.content_type,
      size_bytes: payload.size_bytes,
      created_at: payload.created_at,
    };
    const busId = uuidv7();
    await publishEvent(EVENTS.ReportReady.topic, t.user.tenant.id, republished);
    await publishEvent(EVENTS.ReportReady.topic, t.user.tenant.id, republished, busId);
    await publishEvent(EVENTS.ReportReady.topic, t.user.tenant.id, republished, busId);
    // The consumer applied the explicit bus id once (its ledger row) before we look at the deliveries.
    await waitUntil(
      async () =>
        (
          await serviceSql('ACCOUNT_DATABASE_URL', 'SELECT 1 FROM usage_processed_events WHERE event_id = $1', [
            `webhooks:${busId}`,
          ])
        ).length === 1,
      60_000,
      'the republished event consumed',
    );
    await sleep(SETTLE_MS);
    assert.equal(readyFor(r.id).length, 1, 'still exactly one delivery');
    assert.equal((await deliveries(t, hook.id)).filter((d) => d.event_type === 'report.ready').length, 1);
  });

  it('a report erased before delivery is announced by ids only (no chart data), then answers 404', async () => {
    const t = await tenant();
    const hook = await createHook(t, receiver.url, ['report.ready']);
    const chartId = await chartOf(t);
    // The receiver refuses until the erasure is through, so the delivery is still pending meanwhile.
    let erased = false;
    const previous = receiver.answer;
    receiver.answer = (rec, n) => (rec.body.includes(t.user.tenant.id) && !erased ? 503 : previous(rec, n));
    try {
      const r = await report(t, chartId);
      await until('a refused attempt', async () => readyFor(r.id)[0], 60_000);
      const del = await api('DELETE', '/v1/tenant/data', { token: t.key, body: { confirm: 'DELETE ALL DATA' } });
      expectStatus(del, 200);
      await waitUntil(
        async () =>
          (await serviceSql('FEEDBACK_DATABASE_URL', 'SELECT 1 FROM reports WHERE id = $1', [r.id])).length === 0,
        60_000,
        'the report row erased',
      );
      erased = true;
      const done = await until(
        'the delivery after the erasure',
        async () =>
          (await deliveries(t, hook.id)).find((d) => d.event_type === 'report.ready' && d.status === 'delivered'),
        60_000,
      );
      assert.equal(readyFor(r.id).length >= 2, true, 'refused while the report existed, accepted after');
      const last = readyFor(r.id).at(-1)!;
      assert.ok(signatureMatches(last.headers['x-astro-signature'], last.body, hook.secret));
      const body = JSON.parse(last.body);
      assert.equal(body.id, done.event_id);
      assert.deepEqual(Object.keys(body.data).sort(), DATA_KEYS, 'ids and file facts only');
      assert.equal(body.data.report_id, r.id);
      assert.equal(JSON.stringify(body).includes(birth.moment), false, 'no birth data in the body');
      // The chart behind it is gone: its id answers 404.
      expectStatus(await api('GET', `/v1/charts/${chartId}`, { token: t.key }), 404);
    } finally {
      receiver.answer = previous;
    }
  });
});
