import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { redact } from './logger.ts';

describe('log redaction', () => {
  it('masks secret-bearing fields at any depth', () => {
    const out = redact({
      body: { email: 'a@b.c', password: 'hunter2', nested: { refresh_token: 'rt_x' } },
      authorization: 'Bearer x',
    });
    assert.deepEqual(out, {
      body: { email: 'a@b.c', password: '[redacted]', nested: { refresh_token: '[redacted]' } },
      authorization: '[redacted]',
    });
  });

  it('masks API keys and JWTs inside free text', () => {
    const s = redact('key ak_live_abcDEF123 and eyJhbGciOi.eyJzdWIiOi.sig here') as string;
    assert.doesNotMatch(s, /abcDEF123/);
    assert.doesNotMatch(s, /eyJzdWIiOi/);
  });
});
