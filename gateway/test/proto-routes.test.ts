// "Adding a public route needs no gateway code": a new annotated RPC in a proto file becomes a route
// and an OpenAPI operation with nothing else changed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import type { Principal } from '@astro/platform';
import { authorize, buildRequest } from '../src/dispatch.ts';
import { buildOpenApi } from '../src/openapi.ts';
import { collectRoutes, loadProtoRoot } from '../src/proto-registry.ts';
import { Router } from '../src/router.ts';

const PROTOS = path.resolve(import.meta.dirname, '..', '..', 'protos');

function withExtraProto(text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protos-'));
  fs.cpSync(PROTOS, dir, { recursive: true, filter: (src) => !/node_modules|[/\\]gen([/\\]|$)/.test(src) });
  fs.mkdirSync(path.join(dir, 'astro', 'demo', 'v1'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'astro', 'demo', 'v1', 'demo.proto'), text);
  return loadProtoRoot(dir);
}

const DEMO = `syntax = "proto3";
package astro.demo.v1;
import "astro/api/v1/options.proto";
import "google/api/annotations.proto";
message EchoRequest { string chart_id = 1; optional int32 depth = 2; }
message EchoResponse { string chart_id = 1; int32 depth = 2; }
service DemoService {
  rpc Echo(EchoRequest) returns (EchoResponse) {
    option (google.api.http) = {get: "/v1/demo/{chart_id}/echo"};
    option (astro.api.v1.route) = {access: ACCESS_API_KEY scope: "charts:read" rate_limit: RATE_LIMIT_CLASS_HEAVY
      deprecation: {deprecated_at: 1791936000 successor: "/v1/demo/{chart_id}/echo2"}};
  }
}`;

const key: Principal = {
  kind: 'api_key',
  tenant_id: 't',
  user_id: '',
  key_id: 'k',
  scopes: ['charts:read'],
  plan_tier: 'free',
};
const session: Principal = { ...key, kind: 'session', key_id: '', user_id: 'u', scopes: ['keys:manage'] };

describe('routes come from the proto annotations', () => {
  const routes = collectRoutes(withExtraProto(DEMO));
  const echo = routes.find((r) => r.pathTemplate === '/v1/demo/{chart_id}/echo')!;

  it('a new annotated RPC is routed with its options', () => {
    assert.ok(echo);
    assert.equal(echo.httpMethod, 'GET');
    assert.equal(echo.access, 'api_key');
    assert.equal(echo.scope, 'charts:read');
    assert.equal(echo.rateLimitClass, 'heavy');
    assert.deepEqual(echo.deprecation, { deprecatedAt: 1791936000, successor: '/v1/demo/{chart_id}/echo2' });
    assert.equal(echo.grpcPath, '/astro.demo.v1.DemoService/Echo');
    const m = new Router(routes).match('GET', '/v1/demo/abc/echo');
    assert.equal(m.kind === 'found' && m.route, echo);
  });

  it('and documented in OpenAPI with its parameters', () => {
    const doc = buildOpenApi(routes, 'http://x') as any;
    const op = doc.paths['/v1/demo/{chart_id}/echo'].get;
    assert.equal(op.deprecated, true);
    assert.equal(op['x-required-scope'], 'charts:read');
    assert.deepEqual(
      op.parameters.map((p: any) => [p.name, p.in]),
      [
        ['chart_id', 'path'],
        ['depth', 'query'],
      ],
    );
  });

  it('binds path and query parameters into the request message', () => {
    assert.deepEqual(buildRequest(echo, { chart_id: 'abc' }, { depth: '3' }, undefined), { chart_id: 'abc', depth: 3 });
    assert.throws(() => buildRequest(echo, { chart_id: 'abc' }, { depth: 'deep' }, undefined), /invalid/);
  });

  it('enforces the access kind and the scope', () => {
    assert.doesNotThrow(() => authorize(echo, key));
    assert.throws(
      () => authorize(echo, session),
      (e: any) => e.code === 'unauthorized' && e.details.reason === 'api_key_required',
    );
    assert.throws(
      () => authorize(echo, { ...key, scopes: ['charts:write'] }),
      (e: any) => e.code === 'missing_scope' && e.details.required === 'charts:read',
    );
    const me = routes.find((r) => r.pathTemplate === '/v1/auth/me')!;
    assert.throws(
      () => authorize(me, key),
      (e: any) => e.code === 'no_principal',
    );
  });

  it('refuses an annotated RPC without an access option at boot', () => {
    const bad = DEMO.replace('access: ACCESS_API_KEY ', '');
    assert.throws(() => collectRoutes(withExtraProto(bad)), /access is required/);
  });
});
