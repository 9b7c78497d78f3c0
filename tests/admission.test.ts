// The gateway's bound on requests in progress (gateway/src/admission.ts, MAX_IN_FLIGHT), through a
// gateway as a client meets it: a side gateway with one place and a 60 s hold (so nothing is released
// by time during a test), on a side llm service whose model is a test-driven HTTP server
// (tests/helpers/llm-fleet.ts). A unary request waits its turn behind the one in progress; health
// and readiness never wait; an SSE stream never takes the place.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { createKey, operator, signup, sleep } from './helpers/client.ts';
import { startFakeOpenAi, startSideFleet, type FakeOpenAi, type SideFleet } from './helpers/llm-fleet.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
let model: FakeOpenAi;
let side: SideFleet;

before(async () => {
  model = await startFakeOpenAi();
  side = await startSideFleet(
    {
      LLM_PROVIDERS: JSON.stringify([
        { name: 'only', base_url: model.url, models: { basic: 'm', standard: 'm', premium: 'm' } },
      ]),
      LLM_CALL_TIMEOUT_MS: '20000',
    },
    { MAX_IN_FLIGHT: '1', MAX_IN_FLIGHT_HOLD_MS: '60000' },
  );
});

after(async () => {
  await side?.stop();
  await model?.close();
});

async function proCaller(): Promise<{ key: string; chart: string }> {
  const u = await signup();
  await operator(['set-plan', u.email, 'pro']);
  const key = (await createKey(u.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const res = await fetch(`${side.baseUrl}/v1/charts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ birth }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return { key, chart: ((await res.json()) as { id: string }).id };
}

/** Resolves with the status and the moment it answered. */
const timed = (p: Promise<Response>) =>
  p.then(async (r) => {
    await r.arrayBuffer();
    return { status: r.status, at: Date.now() };
  });

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !cond(); i++) await sleep(50);
  assert.ok(cond(), what);
};

describe('MAX_IN_FLIGHT through the gateway (one place, 60 s hold)', () => {
  it('a unary request waits for the one in progress; health and readiness answer meanwhile', async () => {
    const t = await proCaller();
    model.mode = 'slow'; // the model answers after 4 s
    const seen = model.requests.length;
    const auth = { authorization: `Bearer ${t.key}` };
    const slow = timed(
      fetch(`${side.baseUrl}/v1/llm/chart-reading?chart_id=${t.chart}&language=en&fresh=true`, {
        method: 'POST',
        headers: auth,
      }),
    );
    // The model has the request: the slow call holds the only place.
    await until(() => model.requests.length > seen, 'the model received the call');
    const read = timed(fetch(`${side.baseUrl}/v1/charts/${t.chart}`, { headers: auth }));
    const health = await timed(fetch(`${side.baseUrl}/healthz`));
    const ready = await timed(fetch(`${side.baseUrl}/readyz`));
    assert.equal(health.status, 200);
    assert.equal(ready.status, 200);
    const [s, r] = await Promise.all([slow, read]);
    assert.equal(s.status, 200, 'the slow call answered');
    assert.equal(r.status, 200, 'the waiting read answered');
    assert.ok(health.at < s.at && ready.at < s.at, 'health and readiness did not wait for the place');
    assert.ok(r.at >= s.at, `the read waited its turn (read ${r.at - s.at} ms after the slow call)`);
  });

  it('an SSE stream does not take the place: a read answers while the stream goes on', async () => {
    const t = await proCaller();
    model.mode = 'trickle'; // a piece every 100 ms for 10 s
    const ac = new AbortController();
    const stream = await fetch(`${side.baseUrl}/v1/llm/chart-reading/stream?chart_id=${t.chart}&language=en`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.key}` },
      signal: ac.signal,
    });
    assert.equal(stream.status, 200);
    // Read the stream in the background and note when it ends (done event or end of body).
    const reader = stream.body!.getReader();
    let text = '';
    let ended = 0;
    const consumed = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (value) text += new TextDecoder().decode(value);
        if (done || text.includes('event: done')) return void (ended ||= Date.now());
      }
    })();
    await until(() => text.includes('event: delta'), 'the first delta');
    const read = await timed(
      fetch(`${side.baseUrl}/v1/charts/${t.chart}`, { headers: { authorization: `Bearer ${t.key}` } }),
    );
    assert.equal(read.status, 200);
    assert.equal(ended, 0, 'the read answered while the stream was still going');
    ac.abort();
    await consumed;
  });
});
