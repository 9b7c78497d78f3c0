// Base62 with the alphabet in ASCII order (digits, upper case, lower case): URL-safe, no punctuation,
// so a key survives double-click selection and every scanner's token regex.
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = 62n;

/** Encodes a non-negative integer, left-padded with '0' to `width` characters (fixed-width fields). */
export function encodeBase62(value: bigint, width: number): string {
  if (value < 0n) throw new RangeError('base62: negative value');
  let out = '';
  let v = value;
  while (v > 0n) {
    out = BASE62_ALPHABET[Number(v % BASE)] + out;
    v /= BASE;
  }
  if (out.length > width) throw new RangeError(`base62: value needs ${out.length} characters, more than ${width}`);
  return out.padStart(width, '0');
}

/** Decodes a base62 string; undefined when it holds a character outside the alphabet. */
export function decodeBase62(s: string): bigint | undefined {
  let v = 0n;
  for (const ch of s) {
    const d = BASE62_ALPHABET.indexOf(ch);
    if (d < 0) return undefined;
    v = v * BASE + BigInt(d);
  }
  return v;
}

export function bytesToBigInt(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}
