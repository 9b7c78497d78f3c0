import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { successorPath } from '../src/dispatch.ts';

it('fills the successor path with the request path parameters', () => {
  assert.equal(successorPath('/v1/vedic/charts/{id}/dashas/chara', { id: 'abc' }), '/v1/vedic/charts/abc/dashas/chara');
  assert.equal(
    successorPath('/v1/vedic/charts/{chart_id}/divisional/{varga}', { id: 'c1', varga: 'D9' }),
    '/v1/vedic/charts/c1/divisional/D9',
  );
  assert.equal(successorPath('POST /v1/vedic/muhurta/search', { id: 'x' }), 'POST /v1/vedic/muhurta/search');
});
