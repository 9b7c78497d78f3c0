// For tests/llm-providers.test.ts: a real HTTP server speaking the OpenAI chat-completions protocol
// (streamed `data:` chunks and [DONE]), whose behaviour the test switches per call, and a second llm
// service plus a second gateway started beside the test fleet and configured to use such servers.
// The default fleet stays on the offline writer.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { waitForServing } from '@astro/platform';
import { ROOT } from './client.ts';

export type FakeMode = 'ok' | 'slow' | 'http500' | 'http429' | 'midfail' | 'trickle';

export interface FakeRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
  /** Set when the client closed the connection before the answer was complete. */
  aborted: boolean;
}

export interface FakeOpenAi {
  url: string;
  mode: FakeMode;
  /** What `ok` answers, in these chunks. */
  chunks: string[];
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    url: '',
    mode: 'ok',
    chunks: ['The ', 'Sun ', 'is ', 'in ', 'Aries.'],
    requests: [],
    close: async () => {},
  };
  const chunk = (content: string | null, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body);
      const record: FakeRequest = {
        model: parsed.model,
        stream: parsed.stream,
        messages: parsed.messages,
        aborted: false,
      };
      fake.requests.push(record);
      let done = false;
      res.on('close', () => {
        if (!done) record.aborted = true;
      });
      const sse = () => res.writeHead(200, { 'content-type': 'text/event-stream' });
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      switch (fake.mode) {
        case 'http500':
          done = true;
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
          return;
        case 'http429':
          done = true;
          res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}');
          return;
        case 'slow':
          await wait(4000);
          if (res.destroyed) return;
          sse();
          res.end(chunk('late', 'stop') + 'data: [DONE]\n\n');
          done = true;
          return;
        case 'midfail':
          sse();
          res.write(chunk(fake.chunks[0]!));
          res.write(chunk(fake.chunks[1]!));
          await wait(100);
          res.socket?.destroy();
          return;
        case 'trickle':
          sse();
          for (let i = 0; i < 100 && !res.destroyed; i++) {
            res.write(chunk(`piece${i} `));
            await wait(100);
          }
          if (!res.destroyed) res.end(chunk(null, 'stop') + 'data: [DONE]\n\n');
          done = !res.destroyed;
          return;
        default:
          sse();
          for (const c of fake.chunks) res.write(chunk(c));
          res.end(chunk(null, 'stop') + 'data: [DONE]\n\n');
          done = true;
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface SideFleet {
  baseUrl: string;
  /** gRPC address of the side llm service (internal services such as LlmRewriteService). */
  llmAddr: string;
  stop(): Promise<void>;
}

/**
 * A second llm service (own providers and settings, the test fleet's database) and a gateway on it
 * (with `gatewayEnv` besides the fleet's).
 */
export async function startSideFleet(
  env: Record<string, string>,
  gatewayEnv: Record<string, string> = {},
): Promise<SideFleet> {
  const fleetEnv = JSON.parse(process.env.FLEET_ENV ?? 'null') as Record<string, string> | null;
  assert.ok(
    fleetEnv && process.env.LLM_DATABASE_URL,
    'FLEET_ENV and LLM_DATABASE_URL are set (run through scripts/test.ts)',
  );
  const children: ChildProcess[] = [];
  const launch = (entry: string, extra: Record<string, string>) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: ROOT,
      env: { ...process.env, ...fleetEnv, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...extra },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(proc);
    return proc;
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            const t = setTimeout(() => c.kill('SIGKILL'), 8000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    const grpcPort = await freePort();
    launch('services/llm/src/main.ts', {
      ...env,
      GRPC_PORT: String(grpcPort),
      METRICS_PORT: '0',
      DATABASE_URL: process.env.LLM_DATABASE_URL!,
    });
    assert.ok(await waitForServing(`127.0.0.1:${grpcPort}`, 120_000), 'the side llm service is serving');
    const httpPort = await freePort();
    launch('gateway/src/main.ts', {
      ...gatewayEnv,
      PORT: String(httpPort),
      LLM_ADDR: `127.0.0.1:${grpcPort}`,
      METRICS_PORT: '0',
      PROTO_DIR: path.join(ROOT, 'protos'),
    });
    const baseUrl = `http://127.0.0.1:${httpPort}`;
    const until = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      assert.ok(Date.now() < until, 'the side gateway became ready');
      await new Promise((r) => setTimeout(r, 250));
    }
    return { baseUrl, llmAddr: `127.0.0.1:${grpcPort}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
