// The SDK's own behaviour against a scripted fetch: Idempotency-Key on mutating calls (the same key on
// every retry), retries that wait what Retry-After says and stop at the bounds, typed errors carrying
// the envelope, and the SSE reader. The fleet tests are tests/sdk.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ApiError, createAstroClient, readEvents, retryAfterMs } from './index.ts';

type Seen = { method: string; url: string; headers: Headers; body: string };

function scripted(answers: (() => Response)[]) {
  const seen: Seen[] = [];
  const fetch = (async (input: Request) => {
    seen.push({ method: input.method, url: input.url, headers: input.headers, body: await input.text() });
    const next = answers.shift();
    assert.ok(next, 'no more scripted answers');
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const envelope = (code: string) => ({
  error: { code, message_key: `errors.${code}`, message: code, details: { reason: 'x' }, request_id: 'req-1' },
});

describe('@astro/sdk client', () => {
  it('sends the token and one Idempotency-Key per POST, the same on each retry, honouring Retry-After', async () => {
    const waits: number[] = [];
    const { fetch, seen } = scripted([
      json(503, envelope('service_unavailable'), { 'retry-after': '2' }),
      json(201, { id: 'c1' }),
      json(201, { id: 'c2' }),
    ]);
    const astro = createAstroClient({
      baseUrl: 'http://api.test/',
      token: 'ak_live_x',
      fetch,
      retry: { sleep: async (ms) => void waits.push(ms) },
    });
    const body = { birth: { moment: '1990-05-17T08:30:00+05:30', latitude: 1, longitude: 2 } };
    const first = await astro.unwrap(astro.POST('/v1/charts', { body }));
    assert.equal(first.id, 'c1');
    await astro.POST('/v1/charts', { body });
    assert.deepEqual(waits, [2000]);
    assert.equal(seen.length, 3);
    assert.equal(seen[0]!.url, 'http://api.test/v1/charts');
    assert.equal(seen[0]!.headers.get('authorization'), 'Bearer ak_live_x');
    assert.deepEqual(JSON.parse(seen[1]!.body), body, 'the retry sends the body again');
    const keys = seen.map((s) => s.headers.get('idempotency-key'));
    assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
    assert.equal(keys[1], keys[0], 'a retry keeps its key');
    assert.notEqual(keys[2], keys[0], 'a new call has a new key');
  });

  it('stops retrying at maxRetries and when Retry-After is longer than maxDelayMs; GETs carry no key', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const limited = json(429, envelope('rate_limited'), { 'retry-after': '1' });
    const a = scripted([limited, limited, limited]);
    const astro = createAstroClient({ baseUrl: 'http://api.test', fetch: a.fetch, retry: { maxRetries: 2, sleep } });
    const res = await astro.GET('/v1/plans');
    assert.equal(res.response.status, 429);
    assert.equal(a.seen.length, 3);
    assert.deepEqual(waits, [1000, 1000]);
    assert.equal(a.seen[0]!.headers.get('idempotency-key'), null);

    const b = scripted([json(429, envelope('too_many_requests'), { 'retry-after': '36000' })]);
    const quota = createAstroClient({
      baseUrl: 'http://api.test',
      fetch: b.fetch,
      retry: { maxDelayMs: 10_000, sleep },
    });
    await assert.rejects(quota.unwrap(quota.GET('/v1/plans')), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.status, 429);
      assert.equal(err.code, 'too_many_requests');
      return true;
    });
    assert.equal(b.seen.length, 1, 'a quota reset hours away is not waited for');
  });

  it('throws ApiError with the whole envelope; a 422 is not retried', async () => {
    const { fetch, seen } = scripted([json(422, envelope('invalid_request'))]);
    const astro = createAstroClient({ baseUrl: 'http://api.test', fetch });
    const err = await astro.unwrap(astro.POST('/v1/charts', { body: {} as never })).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 422);
    assert.equal(err.code, 'invalid_request');
    assert.equal(err.requestId, 'req-1');
    assert.deepEqual(err.details, { reason: 'x' });
    assert.deepEqual(err.envelope, envelope('invalid_request'));
    assert.equal(seen.length, 1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(retryAfterMs('3'), 3000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(retryAfterMs(null), null);
    assert.equal(retryAfterMs('soon'), null);
  });

  it('parses SSE events split across chunks', async () => {
    const text =
      'event: meta\ndata: {"kind":"meta","tier":"basic"}\n\nevent: delta\ndata: {"kind":"delta","content":"Hi"}\n\nevent: done\ndata: {"kind":"done"}\n\n';
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < text.length; i += 7) c.enqueue(enc.encode(text.slice(i, i + 7)));
        c.close();
      },
    });
    const events = [];
    for await (const e of readEvents(body)) events.push(e);
    assert.deepEqual(
      events.map((e) => e.event),
      ['meta', 'delta', 'done'],
    );
    assert.deepEqual(events[1]!.data, { kind: 'delta', content: 'Hi' });
  });
});
