// Key format: CRC32 against the standard check value, base62, and keys pinned to values computed
// independently with Python's zlib.crc32 and a hand-written base62 (same alphabet, 0-9A-Za-z).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { describe, it } from '@jest/globals';
import {
  API_KEY_LENGTH,
  checksumOf,
  displayParts,
  generateApiKey,
  isWellFormedApiKey,
} from '../src/domain/api-key-format.ts';
import { bytesToBigInt, decodeBase62, encodeBase62 } from '../src/domain/base62.ts';
import { crc32 } from '../src/domain/crc32.ts';

describe('crc32', () => {
  it('matches the CRC-32/ISO-HDLC check value: crc32("123456789") = 0xCBF43926', () => {
    assert.equal(crc32('123456789'), 0xcbf43926);
  });

  it('is 0 for the empty input', () => {
    assert.equal(crc32(''), 0);
  });

  // zlib.crc32 arrived in Node 20.15; on an older Node this comparison is skipped, not failed.
  const zcrc = (zlib as unknown as { crc32?: (b: Uint8Array) => number }).crc32;
  (zcrc ? it : it.skip)('agrees with zlib on random inputs', () => {
    for (let i = 0; i < 200; i++) {
      const b = randomBytes(i);
      assert.equal(crc32(b), zcrc!(b));
    }
  });
});

describe('base62', () => {
  it('pads to a fixed width and round-trips', () => {
    assert.equal(encodeBase62(0n, 6), '000000');
    assert.equal(encodeBase62(61n, 2), '0z');
    assert.equal(encodeBase62(62n, 2), '10');
    for (let i = 0; i < 50; i++) {
      const v = bytesToBigInt(randomBytes(32));
      assert.equal(decodeBase62(encodeBase62(v, 43)), v);
    }
  });

  it('fits the largest 32-byte value in 43 characters (Python reference)', () => {
    assert.equal(encodeBase62(2n ** 256n - 1n, 43), 'yhjskwdA6OZ1AL1YmHWZWm8LLG7HjnuCA2j5rOw8Xp1');
  });

  it('refuses values wider than the field and characters outside the alphabet', () => {
    assert.throws(() => encodeBase62(62n ** 6n, 6), RangeError);
    assert.equal(decodeBase62('ab-c'), undefined);
  });
});

describe('API key format', () => {
  it('builds the all-zero key with the checksum computed by Python zlib', () => {
    const k = generateApiKey(new Uint8Array(32));
    // zlib.crc32(b'ak_live_' + b'0' * 43) = 137974681 = base62 '09KvW5'
    assert.equal(k.plaintext, `ak_live_${'0'.repeat(43)}09KvW5`);
    assert.equal(checksumOf(`ak_live_${'0'.repeat(43)}`), '09KvW5');
  });

  it('builds the all-zero test key with the checksum computed by Python zlib', () => {
    const k = generateApiKey(new Uint8Array(32), 'test');
    // zlib.crc32(b'ak_test_' + b'0' * 43) = 289470105 = base62 '0JaaOf' (Python 3, hand-written base62)
    assert.equal(k.plaintext, `ak_test_${'0'.repeat(43)}0JaaOf`);
    assert.equal(k.key_prefix, 'ak_test_0000');
    assert.ok(isWellFormedApiKey(k.plaintext));
    // The checksum covers the prefix: the live key's body under the test prefix is not a key.
    assert.equal(isWellFormedApiKey(`ak_test_${'0'.repeat(43)}09KvW5`), false);
  });

  it('builds the bytes 0..31 key exactly as the Python reference does', () => {
    const k = generateApiKey(Uint8Array.from({ length: 32 }, (_, i) => i));
    assert.equal(k.plaintext, 'ak_live_003aUlTJC7tjlCTQj2uNU3MFagCXG9LRKRcwGkBIDlf0gEjkH');
  });

  it('has the fixed shape, prefix, last4 and display', () => {
    const k = generateApiKey();
    assert.equal(k.plaintext.length, API_KEY_LENGTH);
    assert.equal(API_KEY_LENGTH, 57);
    assert.match(k.plaintext, /^ak_live_[0-9A-Za-z]{49}$/);
    assert.equal(k.key_prefix, k.plaintext.slice(0, 12));
    assert.ok(k.key_prefix.startsWith('ak_live_'));
    assert.equal(k.key_last4, k.plaintext.slice(-4));
    assert.equal(k.display, `${k.key_prefix}…${k.key_last4}`);
    assert.deepEqual(displayParts(k.plaintext), {
      key_prefix: k.key_prefix,
      key_last4: k.key_last4,
      display: k.display,
    });
  });

  it('accepts generated keys and two different generations differ', () => {
    const a = generateApiKey().plaintext;
    const b = generateApiKey().plaintext;
    assert.notEqual(a, b);
    assert.ok(isWellFormedApiKey(a));
    assert.ok(isWellFormedApiKey(b));
  });

  it('rejects any single-character change (checksum), wrong lengths, prefixes and alphabets', () => {
    const key = generateApiKey().plaintext;
    for (let i = 8; i < key.length; i++) {
      const ch = key[i] === 'a' ? 'b' : 'a';
      assert.equal(isWellFormedApiKey(key.slice(0, i) + ch + key.slice(i + 1)), false, `position ${i}`);
    }
    assert.equal(isWellFormedApiKey(key.slice(0, -1)), false);
    assert.equal(isWellFormedApiKey(`${key}0`), false);
    assert.equal(isWellFormedApiKey(key.replace('ak_live_', 'ak_test_')), false);
    assert.equal(isWellFormedApiKey(`${key.slice(0, 20)}-${key.slice(21)}`), false);
    assert.equal(isWellFormedApiKey(''), false);
  });
});
