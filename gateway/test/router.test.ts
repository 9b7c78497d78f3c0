import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { RouteSpec } from '../src/proto-registry.ts';
import { Router } from '../src/router.ts';

const r = (httpMethod: RouteSpec['httpMethod'], pathTemplate: string) => ({ httpMethod, pathTemplate }) as RouteSpec;

describe('Router', () => {
  const router = new Router([
    r('GET', '/v1/charts/{chart_id}'),
    r('DELETE', '/v1/charts/{chart_id}'),
    r('GET', '/v1/vedic/charts/{id}/dashas/vimshottari/current'),
    r('GET', '/v1/vedic/charts/{id}/dashas/{kind}/current'),
    r('POST', '/v1/api-keys/{id}/revoke'),
  ]);

  it('binds path parameters, decoded', () => {
    const m = router.match('GET', '/v1/charts/ab%20c');
    assert.equal(m.kind, 'found');
    assert.deepEqual(m.kind === 'found' && m.params, { chart_id: 'ab c' });
  });

  it('prefers literal segments over parameters', () => {
    const m = router.match('GET', '/v1/vedic/charts/x/dashas/vimshottari/current');
    assert.equal(m.kind === 'found' && m.route.pathTemplate, '/v1/vedic/charts/{id}/dashas/vimshottari/current');
  });

  it('tells 405 (with the allowed methods) from 404', () => {
    assert.deepEqual(router.match('PUT', '/v1/charts/1'), { kind: 'method_not_allowed', allow: ['DELETE', 'GET'] });
    assert.deepEqual(router.match('GET', '/v1/nothing'), { kind: 'not_found' });
    assert.deepEqual(router.match('GET', '/v1/api-keys/1/revoke'), { kind: 'method_not_allowed', allow: ['POST'] });
  });

  it('takes one trailing slash as the same path; a segment more or fewer is another path', () => {
    const m = router.match('GET', '/v1/charts/1/');
    assert.deepEqual(m.kind === 'found' && m.params, { chart_id: '1' });
    assert.deepEqual(router.match('GET', '/v1/charts/1//'), { kind: 'not_found' });
    assert.deepEqual(router.match('GET', '/v1/charts/1/x'), { kind: 'not_found' });
    assert.deepEqual(router.match('GET', '/v1/charts'), { kind: 'not_found' });
    assert.deepEqual(router.match('GET', '/v1/charts//'), { kind: 'not_found' });
    assert.equal(router.match('GET', '/v1/vedic/charts/x/dashas/yogini/current/').kind, 'found');
  });

  it('answers HEAD like GET', () => {
    assert.equal(router.match('HEAD', '/v1/charts/1').kind, 'found');
  });

  it('refuses duplicate routes at boot', () => {
    assert.throws(() => new Router([r('GET', '/v1/a/{x}'), r('GET', '/v1/a/{y}')]), /duplicate route/);
  });
});
