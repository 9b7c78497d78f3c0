// X-Forwarded-For is honoured only when the socket peer is a configured trusted proxy: the client
// address the services see (demo limits, logs) cannot be spoofed by a direct caller.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { createLogger } from '@astro/platform';
import request from 'supertest';
import { createApp } from '../src/app.ts';
import type { Backends, CallMeta } from '../src/backends.ts';
import { collectRoutes, loadProtoRoot } from '../src/proto-registry.ts';
import { Router } from '../src/router.ts';

const PROTOS = path.resolve(import.meta.dirname, '..', '..', 'protos');

function echoRoutes() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protos-'));
  fs.cpSync(PROTOS, dir, { recursive: true, filter: (src) => !/node_modules|[/\\]gen([/\\]|$)/.test(src) });
  fs.mkdirSync(path.join(dir, 'astro', 'echo', 'v1'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'astro', 'echo', 'v1', 'echo.proto'),
    `syntax = "proto3";
package astro.echo.v1;
import "astro/api/v1/options.proto";
import "google/api/annotations.proto";
message EchoRequest {}
message EchoResponse { string client_ip = 1; }
service EchoService {
  rpc Echo(EchoRequest) returns (EchoResponse) {
    option (google.api.http) = {get: "/v1/echo"};
    option (astro.api.v1.route) = {access: ACCESS_PUBLIC};
  }
}`,
  );
  return collectRoutes(loadProtoRoot(dir)).filter((r) => r.pathTemplate === '/v1/echo');
}

async function clientIpSeen(trustedProxies: string[], forwardedFor: string): Promise<string> {
  const routes = echoRoutes();
  const backends = {
    unary: async (_t: unknown, _req: unknown, meta: CallMeta) => ({ client_ip: meta.extra?.['x-client-ip'] ?? '' }),
  } as unknown as Backends;
  const app = createApp({
    logger: createLogger('test', 'error'),
    router: new Router(routes),
    backends,
    auth: {} as never,
    bodyLimitBytes: 1024,
    deadlineMs: 1000,
    streamDeadlineMs: 1000,
    trustedProxies,
    openapi: {},
    readiness: async () => ({ ready: true, checks: {} }),
  });
  // supertest serves the app on an ephemeral loopback port: the peer address is 127.0.0.1.
  const res = await request(app).get('/v1/echo').set('x-forwarded-for', forwardedFor);
  return (res.body as { client_ip: string }).client_ip;
}

describe('client address', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    assert.match(await clientIpSeen([], '203.0.113.9'), /127\.0\.0\.1$/);
  });

  it('honours X-Forwarded-For from a trusted proxy', async () => {
    assert.equal(await clientIpSeen(['127.0.0.1'], '203.0.113.9'), '203.0.113.9');
  });
});
