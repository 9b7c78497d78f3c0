// The OpenAI-compatible adapter and the failover chain against real local HTTP servers: streaming,
// the Authorization header, connect-error retries, the per-call timeout, HTTP errors, a cut stream,
// cancellation, and how failures map to the spec's 503 codes.
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import { afterAll as after, describe, it } from '@jest/globals';
import { AppError } from '@astro/platform';
import { FailoverProvider } from '../src/clients/providers/failover.ts';
import { OpenAiCompatibleProvider } from '../src/clients/providers/openai-compatible.ts';
import {
  CallCancelledError,
  ProviderError,
  type CompletionRequest,
  type ModelProvider,
} from '../src/domain/model-provider.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: any) => void;
const servers: http.Server[] = [];

async function serve(handler: Handler, port = 0): Promise<{ url: string; port: number; hits: any[] }> {
  const hits: any[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const parsed = body ? JSON.parse(body) : null;
      hits.push({ headers: req.headers, body: parsed, url: req.url });
      handler(req, res, parsed);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const p = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${p}/v1`, port: p, hits };
}
after(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;
const okStream: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(chunk('Hello'));
  res.write(chunk(', world'));
  res.end(chunk(null, 'stop') + 'data: [DONE]\n\n');
};
const status =
  (code: number): Handler =>
  (_req, res) =>
    res.writeHead(code).end('{}');

const models = { basic: 'm-basic', standard: 'm-standard', premium: 'm-premium' };
const request = (signal = new AbortController().signal): CompletionRequest => ({
  messages: [{ role: 'user', content: 'hi' }],
  tier: 'premium',
  language: 'en',
  maxOutputTokens: 100,
  engineContext: {},
  signal,
});
const provider = (url: string, opts: { timeoutMs?: number; connectRetries?: number; api_key?: string } = {}) =>
  new OpenAiCompatibleProvider(
    { name: 'p', base_url: url, api_key: opts.api_key, models },
    { timeoutMs: opts.timeoutMs ?? 2000, connectRetries: opts.connectRetries ?? 0 },
  );
async function collect(p: ModelProvider, req = request()): Promise<string[]> {
  const out: string[] = [];
  for await (const d of p.stream(req)) out.push(d);
  return out;
}
const quiet = { warn: () => {} } as any;

describe('OpenAI-compatible adapter', () => {
  it('streams the deltas; sends model, stream, max_tokens and the bearer key', async () => {
    const s = await serve(okStream);
    assert.deepEqual(await collect(provider(s.url, { api_key: 'sk-1' })), ['Hello', ', world']);
    assert.equal(s.hits[0].url, '/v1/chat/completions');
    assert.equal(s.hits[0].headers.authorization, 'Bearer sk-1');
    assert.equal(s.hits[0].body.model, 'm-premium');
    assert.equal(s.hits[0].body.stream, true);
    assert.equal(s.hits[0].body.max_tokens, 100);
  });

  it('retries a refused connection and succeeds once the server is up', async () => {
    const probe = await serve(okStream);
    const port = probe.port;
    await new Promise<void>((r) => servers.pop()!.close(() => r()));
    setTimeout(() => void serve(okStream, port), 150);
    const deltas = await collect(provider(`http://127.0.0.1:${port}/v1`, { connectRetries: 3 }));
    assert.deepEqual(deltas, ['Hello', ', world']);
  });

  it('without retries a refused connection is unavailable', async () => {
    const probe = await serve(okStream);
    await new Promise<void>((r) => servers.pop()!.close(() => r()));
    await assert.rejects(
      collect(provider(probe.url)),
      (e: ProviderError) => e.kind === 'unavailable' && !e.afterOutput,
    );
  });

  it('times out a slow answer; maps 429 and 5xx', async () => {
    const slow = await serve((_req, res) => setTimeout(() => okStream(_req, res, null), 1500));
    await assert.rejects(collect(provider(slow.url, { timeoutMs: 300 })), (e: ProviderError) => e.kind === 'timeout');
    await assert.rejects(
      collect(provider((await serve(status(429))).url)),
      (e: ProviderError) => e.kind === 'rate_limited',
    );
    await assert.rejects(
      collect(provider((await serve(status(502))).url)),
      (e: ProviderError) => e.kind === 'unavailable',
    );
  });

  it('a stream cut before [DONE] fails after output', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Hel'));
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const got: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const d of provider(s.url).stream(request())) got.push(d);
      })(),
      (e: ProviderError) => e.afterOutput,
    );
    assert.deepEqual(got, ['Hel']);
  });

  it('an aborted signal is a cancellation, not a provider failure', async () => {
    const s = await serve((_req, res) => setTimeout(() => okStream(_req, res, null), 1000));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    await assert.rejects(collect(provider(s.url), request(ac.signal)), (e: unknown) => e instanceof CallCancelledError);
  });
});

describe('failover', () => {
  it('hands over to the next provider when one fails before writing', async () => {
    const bad = await serve(status(500));
    const good = await serve(okStream);
    const f = new FailoverProvider([provider(bad.url), provider(good.url)], quiet);
    assert.deepEqual(await collect(f), ['Hello', ', world']);
    assert.equal(bad.hits.length, 1);
    assert.equal(good.hits.length, 1);
  });

  it('the same failure everywhere keeps its code; mixed failures are llm_all_providers_failed', async () => {
    const r429 = await serve(status(429));
    const r500 = await serve(status(500));
    const code = async (urls: string[]) => {
      try {
        await collect(
          new FailoverProvider(
            urls.map((u) => provider(u)),
            quiet,
          ),
        );
      } catch (e) {
        return (e as AppError).code;
      }
      return 'ok';
    };
    assert.equal(await code([r429.url, r429.url]), 'llm_rate_limited');
    assert.equal(await code([r500.url]), 'llm_unavailable');
    assert.equal(await code([r500.url, r429.url]), 'llm_all_providers_failed');
  });

  it('no failover once output was streamed', async () => {
    const cut = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('partial'));
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const good = await serve(okStream);
    await assert.rejects(
      collect(new FailoverProvider([provider(cut.url), provider(good.url)], quiet)),
      (e: ProviderError) => e instanceof ProviderError && e.afterOutput,
    );
    assert.equal(good.hits.length, 0);
  });
});
