import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  CODE_TTL_MS,
  codeExpiry,
  codeInputError,
  codeMatches,
  deriveCodeKey,
  generateCode,
  hashCode,
  isCodeLive,
  MAX_CODE_ATTEMPTS,
  resendWaitSeconds,
} from '../src/domain/email-codes.ts';

const KEY = deriveCodeKey('test-secret');
const USER = '01900000-0000-7000-8000-000000000001';
const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('verification codes', () => {
  it('are 6 digits', () => {
    for (let i = 0; i < 200; i++) assert.match(generateCode(), /^\d{6}$/);
  });

  it('are stored as a keyed hash bound to the user', () => {
    const h = hashCode(KEY, USER, '123456');
    assert.match(h, /^[0-9a-f]{64}$/);
    assert.ok(!h.includes('123456'));
    assert.equal(h, hashCode(KEY, USER, '123456'), 'deterministic');
    assert.notEqual(h, hashCode(KEY, '01900000-0000-7000-8000-000000000002', '123456'), 'per user');
    assert.notEqual(h, hashCode(deriveCodeKey('other-secret'), USER, '123456'), 'per server key');
    assert.ok(codeMatches(KEY, USER, '123456', h));
    assert.ok(!codeMatches(KEY, USER, '123457', h));
  });

  it('derive their key from the server secret, not equal to it', () => {
    assert.equal(deriveCodeKey('s').length, 32);
    assert.notDeepEqual(deriveCodeKey('s'), Buffer.from('s'));
  });

  it('expire after 15 minutes', () => {
    assert.equal(CODE_TTL_MS, 15 * 60 * 1000);
    assert.equal(codeExpiry(NOW).toISOString(), '2026-11-21T10:15:00.000Z');
  });

  it('are live only while unconsumed, unexpired and under 5 attempts', () => {
    const base = { expires_at: codeExpiry(NOW), attempts: 0, consumed_at: null };
    assert.equal(MAX_CODE_ATTEMPTS, 5);
    assert.ok(isCodeLive(base, NOW));
    assert.ok(isCodeLive({ ...base, attempts: 4 }, NOW));
    assert.ok(!isCodeLive({ ...base, attempts: 5 }, NOW));
    assert.ok(!isCodeLive({ ...base, consumed_at: NOW }, NOW));
    assert.ok(!isCodeLive(base, new Date(base.expires_at.getTime())), 'dead at the expiry instant');
    assert.ok(isCodeLive(base, new Date(base.expires_at.getTime() - 1)));
  });

  it('input must be a string of 4-12 characters', () => {
    assert.equal(codeInputError(undefined), 'required');
    assert.equal(codeInputError(123456), 'type');
    assert.equal(codeInputError('123'), 'length');
    assert.equal(codeInputError('1234567890123'), 'length');
    assert.equal(codeInputError('1234'), undefined);
    assert.equal(codeInputError(' 123456 '), undefined);
  });
});

describe('resend cooldown', () => {
  it('is free when nothing was sent or the cooldown passed', () => {
    assert.equal(resendWaitSeconds(null, NOW, 60), 0);
    assert.equal(resendWaitSeconds(new Date(NOW.getTime() - 60_000), NOW, 60), 0);
  });

  it('rounds the remaining wait up to whole seconds', () => {
    assert.equal(resendWaitSeconds(new Date(NOW.getTime() - 59_500), NOW, 60), 1);
    assert.equal(resendWaitSeconds(NOW, NOW, 60), 60);
    assert.equal(resendWaitSeconds(new Date(NOW.getTime() - 10_000), NOW, 60), 50);
  });
});
