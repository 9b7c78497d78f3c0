// API key format, after GitHub's tokens: a fixed prefix, 43 base62 characters holding 32 random bytes
// (256 bits), and a 6-character base62 CRC32 of everything before it. The checksum lets secret scanners
// recognise a leaked key offline and lets us reject typos and garbage before touching the database.
// Two modes share the format: `ak_live_` keys and `ak_test_` keys (docs/test-keys.md); the checksum
// covers the prefix, so a live key's body under the test prefix is not a valid key.
import { randomBytes } from 'node:crypto';
import type { KeyMode } from '@astro/platform';
import { bytesToBigInt, encodeBase62 } from './base62.ts';
import { crc32 } from './crc32.ts';

export const API_KEY_PREFIX = 'ak_live_';
export const TEST_KEY_PREFIX = 'ak_test_';

export function prefixOf(mode: KeyMode): string {
  return mode === 'test' ? TEST_KEY_PREFIX : API_KEY_PREFIX;
}
/** ceil(256 / log2(62)) = 43 characters hold any 32-byte value. */
export const RANDOM_CHARS = 43;
/** 62^6 > 2^32, so any CRC32 fits in 6 characters. */
export const CHECKSUM_CHARS = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_CHARS + CHECKSUM_CHARS; // 57
/** Stored and shown so users can tell keys apart without the secret. */
export const KEY_PREFIX_CHARS = 12;
export const KEY_LAST_CHARS = 4;

// Both prefixes have the same length, so API_KEY_LENGTH holds for either mode.
const SHAPE = new RegExp(`^(?:${API_KEY_PREFIX}|${TEST_KEY_PREFIX})[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);

export function checksumOf(body: string): string {
  return encodeBase62(BigInt(crc32(body)), CHECKSUM_CHARS);
}

export interface GeneratedKey {
  plaintext: string;
  key_prefix: string;
  key_last4: string;
  display: string;
}

/** Builds a key from 32 random bytes (injectable so tests can pin the output). */
export function generateApiKey(random: Uint8Array = randomBytes(32), mode: KeyMode = 'live'): GeneratedKey {
  if (random.length !== 32) throw new RangeError('an API key needs exactly 32 random bytes');
  const body = prefixOf(mode) + encodeBase62(bytesToBigInt(random), RANDOM_CHARS);
  const plaintext = body + checksumOf(body);
  return { plaintext, ...displayParts(plaintext) };
}

export function displayParts(plaintext: string): Omit<GeneratedKey, 'plaintext'> {
  const key_prefix = plaintext.slice(0, KEY_PREFIX_CHARS);
  const key_last4 = plaintext.slice(-KEY_LAST_CHARS);
  return { key_prefix, key_last4, display: displayOf(key_prefix, key_last4) };
}

export function displayOf(keyPrefix: string, keyLast4: string): string {
  return `${keyPrefix}…${keyLast4}`;
}

/** True when `candidate` has the key shape and its checksum matches: cheap, no I/O. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (candidate.length !== API_KEY_LENGTH || !SHAPE.test(candidate)) return false;
  const body = candidate.slice(0, -CHECKSUM_CHARS);
  return checksumOf(body) === candidate.slice(-CHECKSUM_CHARS);
}
