import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { checkPasswordStrength, passwordFieldError, passwordLength } from '../src/domain/password-policy.ts';

const EMAIL = 'ada.lovelace@example.com';

function reasonOf(pw: string, email = EMAIL): string | undefined {
  const v = checkPasswordStrength(pw, email);
  return v.ok ? undefined : v.reason_code;
}

describe('password field bounds (invalid_request)', () => {
  it('requires a string of 1-512 characters', () => {
    assert.equal(passwordFieldError('password', undefined)?.reason, 'required');
    assert.equal(passwordFieldError('password', 42)?.reason, 'type');
    assert.equal(passwordFieldError('password', '')?.reason, 'length');
    assert.equal(passwordFieldError('password', 'x'.repeat(513))?.reason, 'length');
    assert.equal(passwordFieldError('password', 'x'.repeat(512)), undefined);
    assert.equal(passwordFieldError('password', 'x'), undefined);
  });

  it('counts characters, not UTF-16 units', () => {
    assert.equal(passwordLength('🔑🔑'), 2);
    assert.equal(passwordFieldError('password', '🔑'.repeat(512)), undefined);
  });
});

describe('password strength (password_too_weak)', () => {
  it('refuses fewer than 10 characters as too_short, with suggestions', () => {
    const v = checkPasswordStrength('Xq9#vLm2!', EMAIL);
    assert.equal(v.ok, false);
    if (!v.ok) {
      assert.equal(v.reason_code, 'too_short');
      assert.ok(v.suggestions.length > 0);
    }
  });

  it('refuses common and patterned passwords as too_guessable', () => {
    for (const pw of ['password123', 'qwertyuiop', '1234567890', 'aaaaaaaaaaaa', 'iloveyou2024', 'P@ssw0rd2024']) {
      assert.equal(reasonOf(pw), 'too_guessable', pw);
    }
  });

  it('gives zxcvbn feedback as suggestions', () => {
    const v = checkPasswordStrength('password123', EMAIL);
    assert.ok(!v.ok && v.suggestions.length > 0 && v.suggestions.every((s) => typeof s === 'string' && s.length > 0));
  });

  it('refuses passwords built on the e-mail address as contains_email', () => {
    assert.equal(reasonOf('ada.lovelace@example.com!!'), 'contains_email');
    assert.equal(reasonOf('my ada.lovelace password is long'), 'contains_email');
    assert.equal(reasonOf('ADA.LOVELACE-2024-xyz'), 'contains_email');
  });

  it('accepts long unrelated passphrases and random strings', () => {
    for (const pw of [
      'correct horse battery staple',
      'violet-tundra-marble-42',
      'q8$Vn!2pLx#7rT',
      'yet another fine passphrase',
    ]) {
      assert.equal(reasonOf(pw), undefined, pw);
    }
  });

  it('scores only a bounded prefix, so a 512-character input still gets a verdict', () => {
    assert.equal(reasonOf('p@$$w0rd'.repeat(64)), 'too_guessable');
    assert.equal(reasonOf(`${'violet-tundra-marble-42 '.repeat(3)}${'a'.repeat(400)}`), undefined);
  });
});
