// API answers -> MCP tool results: the envelope's code, message, status and request id are kept; a
// body that is not the envelope (a proxy's 502 page) and an unreachable gateway get codes of their own.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { createAstroClient } from '@astro/sdk';
import { callApi } from './api-call.ts';

const text = (r: { content: unknown }) => JSON.parse((r.content as { text: string }[])[0]!.text);

function clientAnswering(res: () => Response) {
  return createAstroClient({
    baseUrl: 'http://api.test',
    token: 'ak_live_t',
    retry: { maxRetries: 0 },
    fetch: async () => res(),
  });
}

describe('callApi', () => {
  it('a 2xx answer is the JSON as text; a 204 is {"ok":true}', async () => {
    const api = clientAnswering(() => Response.json({ id: 'c1', planets: [] }));
    const r = await callApi(() =>
      api.unwrap(api.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: 'c1' } } })),
    );
    assert.equal(r.isError, undefined);
    assert.deepEqual(text(r), { id: 'c1', planets: [] });
    const ok = await callApi(async () => undefined);
    assert.deepEqual(text(ok), { ok: true });
  });

  it('an error envelope becomes isError with its code, message, status, details and request id', async () => {
    const envelope = {
      error: {
        code: 'rate_limited',
        message_key: 'errors.rate_limited',
        message: 'Too many requests.',
        details: { capacity: 60 },
        request_id: 'req-1',
      },
    };
    const api = clientAnswering(() => Response.json(envelope, { status: 429, headers: { 'retry-after': '30' } }));
    const r = await callApi(() =>
      api.unwrap(api.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: 'c1' } } })),
    );
    assert.equal(r.isError, true);
    assert.deepEqual(text(r), {
      error: {
        code: 'rate_limited',
        message: 'Too many requests.',
        status: 429,
        details: { capacity: 60 },
        request_id: 'req-1',
      },
    });
  });

  it('a body that is not the envelope is http_<status>; a network failure is upstream_unreachable', async () => {
    const proxy = clientAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const r = await callApi(() =>
      proxy.unwrap(proxy.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: 'c' } } })),
    );
    assert.equal(r.isError, true);
    assert.equal(text(r).error.code, 'http_502');
    assert.equal(text(r).error.status, 502);

    const down = createAstroClient({
      baseUrl: 'http://api.test',
      retry: { maxRetries: 0 },
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
      },
    });
    const d = await callApi(() =>
      down.unwrap(down.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: 'c' } } })),
    );
    assert.equal(d.isError, true);
    assert.deepEqual(text(d).error, {
      code: 'upstream_unreachable',
      message: 'the Astrology API could not be reached (ECONNREFUSED)',
      status: 0,
      details: null,
      request_id: null,
    });
  });
});
