// The gateway answers GET /v1/charts/{id} from memory (gateway/src/chart-answers.ts) while the chart
// service's deletion stream (ChartReaderService/WatchErasures) is up. What a kept answer can miss is the
// chart's deletion, so every test here deletes somewhere else than where it reads: through a second
// gateway, whose deletions reach the first only over the chart service's stream. Runs alone (scripts/
// test.ts SERIAL): the last test stops the chart service.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup, sleep, type ApiResponse } from './helpers/client.ts';
import { fleetService } from './helpers/fleet-control.ts';
import { startGateway, stopStartedGateways, type GatewayProcess } from './helpers/gateway-process.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
/** Deletions heard over the stream arrive within milliseconds of the commit; this bounds a slow CI. */
const HEARD_WITHIN_MS = 1000;

let key: string;
let otherKey: string;
let second: GatewayProcess;

async function hits(): Promise<number> {
  const text = await (await fetch(process.env.GATEWAY_METRICS_URL!)).text();
  const line = text.split('\n').find((l) => l.startsWith('gateway_chart_answers_total{result="hit"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function newChart(): Promise<{ id: string; res: ApiResponse }> {
  const res = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(res, 201);
  return { id: res.json.id, res };
}

/** GETs on the fleet's gateway until the chart is gone; the time it took. */
async function goneWithin(id: string, ms: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const res = await api('GET', `/v1/charts/${id}`, { token: key });
    if (res.status === 404) {
      expectError(res, 404, 'chart_not_found');
      return Date.now() - t0;
    }
    expectStatus(res, 200);
    if (Date.now() - t0 > ms) assert.fail(`chart ${id} still answered ${ms} ms after its deletion elsewhere`);
    await sleep(5);
  }
}

/** The fleet's gateway keeps answers once its stream has said hello: read until a read is a hit. */
async function kept(id: string): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    const before = await hits();
    expectStatus(await api('GET', `/v1/charts/${id}`, { token: key }), 200);
    if ((await hits()) > before) return;
    if (Date.now() > until) assert.fail('the gateway never answered a chart from memory');
    await sleep(100);
  }
}

describe('stored charts answered by the gateway from memory', () => {
  before(async () => {
    const a = await signup();
    key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
    const b = await signup();
    otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
    second = await startGateway({});
  });

  after(async () => {
    await stopStartedGateways();
  });

  it('answers repeated reads from memory with the same body as the chart service', async () => {
    const { id, res: created } = await newChart();
    const first = await api('GET', `/v1/charts/${id}`, { token: key });
    expectStatus(first, 200);
    await kept(id);
    const again = await api('GET', `/v1/charts/${id.toUpperCase()}`, { token: key });
    expectStatus(again, 200);
    assert.equal(again.text, first.text, 'byte for byte');
    assert.deepEqual(again.json, created.json);
    assert.equal(again.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(again.headers.get('cache-control'), 'no-store');
    assert.ok(again.headers.get('x-ratelimit-remaining'), 'limits are applied to a kept answer too');
  });

  it('another tenant gets 404 for a chart kept for its owner (cross-tenant)', async () => {
    const { id } = await newChart();
    await kept(id);
    expectError(await api('GET', `/v1/charts/${id}`, { token: otherKey }), 404, 'chart_not_found');
  });

  it('a chart deleted through another gateway is 404 here once the deletion commits', async () => {
    const { id } = await newChart();
    await kept(id);
    expectStatus(await api('GET', `/v1/charts/${id}`, { token: key, baseUrl: second.baseUrl }), 200);
    expectStatus(await api('DELETE', `/v1/charts/${id}`, { token: key, baseUrl: second.baseUrl }), 204);
    expectError(await api('GET', `/v1/charts/${id}`, { token: key, baseUrl: second.baseUrl }), 404, 'chart_not_found');
    await goneWithin(id, HEARD_WITHIN_MS);
  });

  it('a chart deleted through this gateway is 404 at once, in any spelling', async () => {
    const { id } = await newChart();
    await kept(id);
    expectStatus(await api('DELETE', `/v1/charts/${id.toUpperCase()}`, { token: key }), 204);
    expectError(await api('GET', `/v1/charts/${id}`, { token: key }), 404, 'chart_not_found');
  });

  it('a tenant erasure through another gateway makes every kept chart of the tenant 404', async () => {
    const charts = [(await newChart()).id, (await newChart()).id];
    for (const id of charts) await kept(id);
    const res = await api('DELETE', '/v1/tenant/data', {
      token: key,
      baseUrl: second.baseUrl,
      body: { confirm: 'DELETE ALL DATA' },
    });
    expectStatus(res, 200);
    for (const id of charts) await goneWithin(id, HEARD_WITHIN_MS);
  });

  it('with the chart service down nothing is answered from memory (a deletion could go unheard)', async () => {
    const { id } = await newChart();
    await kept(id);
    await fleetService('chart', 'stop');
    try {
      const res = await api('GET', `/v1/charts/${id}`, { token: key });
      assert.notEqual(res.status, 200, 'a kept answer while the deletion stream is down');
      expectError(res, 503, 'service_unavailable');
    } finally {
      await fleetService('chart', 'start');
    }
    await kept(id); // the stream is back: answers are kept again
  });
});
