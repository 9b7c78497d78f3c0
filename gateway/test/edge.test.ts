// The HTTP edge, on the real Express app with a stub backend: CORS preflights, security headers,
// bounded metric labels, no /metrics on the public port, and parser errors in the JSON envelope
// (raw sockets, since no HTTP client sends an oversized or malformed request); the rest through supertest.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { createLogger, registry } from '@astro/platform';
import express from 'express';
import request from 'supertest';
import { createApp } from '../src/app.ts';
import type { Backends } from '../src/backends.ts';
import { answerClientErrors } from '../src/edge/client-error.ts';
import { collectRoutes, loadProtoRoot } from '../src/proto-registry.ts';
import { Router } from '../src/router.ts';

const PROTOS = path.resolve(import.meta.dirname, '..', '..', 'protos');
const ALLOWED = 'https://app.example.com';

function edgeRoutes() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protos-'));
  fs.cpSync(PROTOS, dir, { recursive: true, filter: (src) => !/node_modules|[/\\]gen([/\\]|$)/.test(src) });
  fs.mkdirSync(path.join(dir, 'astro', 'edge', 'v1'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'astro', 'edge', 'v1', 'edge.proto'),
    `syntax = "proto3";
package astro.edge.v1;
import "astro/api/v1/options.proto";
import "google/api/annotations.proto";
message PingRequest {}
message PingResponse { string ok = 1; }
service EdgeService {
  rpc Ping(PingRequest) returns (PingResponse) {
    option (google.api.http) = {get: "/v1/edge-ping"};
    option (astro.api.v1.route) = {access: ACCESS_PUBLIC};
  }
}`,
  );
  return collectRoutes(loadProtoRoot(dir)).filter((r) => r.pathTemplate === '/v1/edge-ping');
}

let server: http.Server;
let port: number;

/** The gateway app over the edge route; `onCall` sees each backend call's client address. */
function edgeApp(opts: { corsOrigins?: string[]; trustedProxies?: string[]; onCall?: (clientIp: unknown) => void }) {
  const backends = {
    unary: async (_t: unknown, _r: unknown, meta: { extra: Record<string, unknown> }) => {
      opts.onCall?.(meta.extra['x-client-ip']);
      return { ok: 'yes' };
    },
  } as unknown as Backends;
  return createApp({
    logger: createLogger('test', 'error'),
    router: new Router(edgeRoutes()),
    backends,
    auth: {} as never,
    bodyLimitBytes: 1024,
    deadlineMs: 1000,
    streamDeadlineMs: 1000,
    trustedProxies: opts.trustedProxies ?? [],
    corsOrigins: opts.corsOrigins ?? [ALLOWED],
    openapi: {},
    readiness: async () => ({ ready: true, checks: {} }),
  });
}

function start(opts: { corsOrigins?: string[]; trustedProxies?: string[] } = {}) {
  const s = http.createServer({ maxHeaderSize: 8192 }, edgeApp(opts));
  answerClientErrors(s, createLogger('test', 'error'));
  return new Promise<http.Server>((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

/** Sends raw bytes and returns the whole answer (the server closes the connection). */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let out = '';
    sock.on('data', (d) => (out += d.toString()));
    sock.on('end', () => resolve(out));
    sock.on('error', reject);
    sock.write(bytes);
  });
}

function parseRaw(answer: string): { status: number; headers: string; body: Record<string, any> } {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]), headers: head!, body: JSON.parse(body!) };
}

describe('HTTP edge', () => {
  before(async () => {
    server = await start();
    port = (server.address() as AddressInfo).port;
  });
  after(() => void server.close());

  it('answers a preflight from an allowed origin 204 with the allowed methods and headers', async () => {
    const res = await request(server).options('/v1/edge-ping').set({
      origin: ALLOWED,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization',
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers['access-control-allow-origin'], ALLOWED);
    assert.match(res.headers['access-control-allow-methods'] ?? '', /\bPOST\b/);
    assert.match(res.headers['access-control-allow-headers'] ?? '', /\bAuthorization\b/);
    assert.match(res.headers.vary ?? '', /Origin/);
  });

  it('answers a preflight from another origin 204 without any CORS header (never 405)', async () => {
    for (const p of ['/v1/edge-ping', '/v1/no-such-route']) {
      const res = await request(server)
        .options(p)
        .set({ origin: 'https://evil.example', 'access-control-request-method': 'DELETE' });
      assert.equal(res.status, 204, p);
      for (const k of Object.keys(res.headers)) assert.doesNotMatch(k, /^access-control-/, `${p}: ${k}`);
    }
  });

  it('lets an allowed origin read the response and its rate-limit headers', async () => {
    const res = await request(server).get('/v1/edge-ping').set('origin', ALLOWED);
    assert.equal(res.status, 200);
    assert.equal(res.headers['access-control-allow-origin'], ALLOWED);
    assert.match(res.headers['access-control-expose-headers'] ?? '', /RateLimit-Policy/);
    const other = await request(server).get('/v1/edge-ping').set('origin', 'https://evil.example');
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });

  it('with no CORS_ORIGINS no origin is allowed', async () => {
    const s = await start({ corsOrigins: [] });
    try {
      const res = await request(s)
        .options('/v1/edge-ping')
        .set({ origin: ALLOWED, 'access-control-request-method': 'GET' });
      assert.equal(res.status, 204);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
    } finally {
      s.close();
    }
  });

  it('sends nosniff, no X-Powered-By, and no-store when the request carries credentials', async () => {
    const anon = await request(server).get('/v1/edge-ping');
    assert.equal(anon.headers['x-content-type-options'], 'nosniff');
    assert.equal(anon.headers['x-powered-by'], undefined);
    assert.equal(anon.headers['cache-control'], undefined);
    assert.equal(anon.headers['strict-transport-security'], undefined, 'plain HTTP: no HSTS');
    const authed = await request(server).get('/v1/edge-ping').set('authorization', 'Bearer x');
    assert.equal(authed.headers['cache-control'], 'no-store');
    const err = await request(server).get('/v1/nothing-here').set('authorization', 'Bearer x');
    assert.equal(err.status, 404);
    assert.equal(err.headers['cache-control'], 'no-store');
    assert.equal(err.headers['x-content-type-options'], 'nosniff');
  });

  it('sends HSTS for TLS reported by a trusted proxy only', async () => {
    const spoofed = await request(server).get('/v1/edge-ping').set('x-forwarded-proto', 'https');
    assert.equal(spoofed.headers['strict-transport-security'], undefined, 'untrusted peer cannot claim TLS');
    const s = await start({ trustedProxies: ['127.0.0.1'] });
    try {
      const res = await request(s).get('/v1/edge-ping').set('x-forwarded-proto', 'https');
      assert.match(res.headers['strict-transport-security'] ?? '', /^max-age=\d+/);
    } finally {
      s.close();
    }
  });

  it("answers a proto route alike through the front and through Express's router", async () => {
    // app.ts serves proto routes on Node's own request objects; a mounted app is always routed by
    // Express (with its prototypes), so the same app mounted in another gives the reference answer.
    const ips: unknown[] = [];
    const app = edgeApp({ trustedProxies: ['127.0.0.1'], onCall: (ip) => ips.push(ip) });
    const mounted = express();
    mounted.disable('x-powered-by');
    mounted.use(app);
    const cases: { method: 'get' | 'head'; path: string; headers: Record<string, string> }[] = [
      { method: 'get', path: '/v1/edge-ping', headers: {} },
      { method: 'get', path: '/v1/edge-ping?unknown_field=1', headers: {} },
      { method: 'get', path: '/v1/edge-ping', headers: { origin: ALLOWED, 'x-request-id': 'req-parity-1' } },
      {
        method: 'get',
        path: '/v1/edge-ping/',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer x' },
      },
      { method: 'head', path: '/v1/edge-ping', headers: {} },
    ];
    const comparable = (h: Record<string, string>) => {
      const { date: _d, 'x-request-id': _r, connection: _c, 'keep-alive': _k, ...rest } = h;
      return rest;
    };
    for (const c of cases) {
      const front = await request(app)[c.method](c.path).set(c.headers);
      const routed = await request(mounted)[c.method](c.path).set(c.headers);
      const what = `${c.method} ${c.path} ${JSON.stringify(c.headers)}`;
      assert.equal(front.status, routed.status, what);
      assert.deepEqual(front.body, routed.body, what);
      assert.deepEqual(comparable(front.headers), comparable(routed.headers), what);
      if (c.headers['x-request-id']) assert.equal(front.headers['x-request-id'], c.headers['x-request-id']);
    }
    // The client address each path handed the backend, the proxy's X-Forwarded-For included.
    assert.equal(ips.length, 2 * cases.length);
    for (let i = 0; i < ips.length; i += 2) assert.equal(ips[i], ips[i + 1]);
    assert.ok(ips.includes('203.0.113.7'));
    assert.ok(ips.filter((ip) => ip !== '203.0.113.7').every((ip) => /127\.0\.0\.1/.test(String(ip))));
  });

  it('does not serve /metrics on the public port (404 in the error envelope)', async () => {
    const res = await request(server).get('/metrics');
    assert.equal(res.status, 404);
    const body = res.body as { error: { code: string; request_id: string } };
    assert.equal(body.error.code, 'not_found');
    assert.equal(body.error.request_id, res.headers['x-request-id']);
  });

  it('labels metrics by route template or `unmatched`, never by the raw path (404 and 405 alike)', async () => {
    const marker = `probe${Date.now()}`;
    assert.equal((await request(server).delete('/v1/edge-ping')).status, 405);
    assert.equal((await request(server).delete(`/v1/${marker}`)).status, 404);
    assert.equal((await request(server).get(`/v1/edge-ping?${marker}=1`)).status, 200);
    await new Promise((r) => setTimeout(r, 20)); // 'finish' handlers run after the body is sent
    const text = await registry.metrics();
    assert.doesNotMatch(text, new RegExp(marker));
    assert.doesNotMatch(text, /route="\/v1\/edge-ping",method="DELETE"/);
    assert.match(text, /http_requests_total\{route="unmatched",method="DELETE",status="405"\}/);
    assert.match(text, /http_requests_total\{route="unmatched",method="DELETE",status="404"\}/);
    assert.match(text, /http_requests_total\{route="\/v1\/edge-ping",method="GET",status="200"\}/);
    for (const m of text.matchAll(/route="([^"]*)"/g))
      assert.ok(m[1] === 'unmatched' || m[1]!.startsWith('/'), `route label ${m[1]}`);
  });

  it('answers oversized headers 431 in the JSON error envelope', async () => {
    const answer = parseRaw(await raw(`GET /v1/edge-ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    assert.equal(answer.status, 431);
    assert.match(answer.headers, /content-type: application\/json/i);
    assert.equal(answer.body.error.code, 'request_header_fields_too_large');
    assert.equal(answer.body.error.message_key, 'errors.request_header_fields_too_large');
    assert.match(answer.body.error.request_id, /^[0-9a-f-]{36}$/);
    assert.match(answer.headers, new RegExp(`X-Request-Id: ${answer.body.error.request_id}`));
  });

  it('answers a malformed request 400 in the JSON error envelope', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET /v1/edge-ping HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n']) {
      const answer = parseRaw(await raw(bytes));
      assert.equal(answer.status, 400, bytes);
      assert.equal(answer.body.error.code, 'malformed_http_request');
      assert.deepEqual(Object.keys(answer.body.error).sort(), [
        'code',
        'details',
        'message',
        'message_key',
        'request_id',
      ]);
    }
  });
});
