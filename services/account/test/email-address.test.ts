import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainBlocklist, domainOf, isValidEmail, localPartOf, normalizeEmail } from '../src/domain/email-address.ts';

describe('e-mail addresses', () => {
  it('normalise by trimming and lower-casing', () => {
    assert.equal(normalizeEmail('  Ada.Lovelace@Example.COM '), 'ada.lovelace@example.com');
  });

  it('accept ordinary addresses', () => {
    for (const e of ['a@b.co', 'first.last+tag@sub.example.org', "o'brien@example.ie", 'x_y-z@ex-ample.com'])
      assert.ok(isValidEmail(e), e);
  });

  it('refuse malformed ones', () => {
    for (const e of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@localhost',
      'a b@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a@-x.com',
      'a@example.123',
      `${'a'.repeat(65)}@example.com`,
      'a@b@c.com',
    ]) {
      assert.ok(!isValidEmail(e), e);
    }
  });

  it('split into local part and domain', () => {
    assert.equal(domainOf('ada@example.com'), 'example.com');
    assert.equal(localPartOf('ada@example.com'), 'ada');
  });
});

describe('domain blocklist', () => {
  const list = new DomainBlocklist(['mailinator.com', '*.trashmail.example'], ['Corp-Denied.test']);

  it('matches the domain and its subdomains', () => {
    assert.ok(list.isBlocked('mailinator.com'));
    assert.ok(list.isBlocked('x.y.mailinator.com'));
    assert.ok(list.isBlocked('corp-denied.test'));
    assert.ok(list.isBlocked('a.trashmail.example'));
  });

  it('does not match look-alikes or the bare TLD', () => {
    assert.ok(!list.isBlocked('notmailinator.com'));
    assert.ok(!list.isBlocked('mailinator.com.example.org'));
    assert.ok(!list.isBlocked('com'));
    assert.ok(!new DomainBlocklist(['com']).isBlocked('example.com'));
  });
});
