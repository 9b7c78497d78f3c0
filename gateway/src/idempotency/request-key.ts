// What identifies an idempotent request: the client's Idempotency-Key (scoped to the tenant), and a
// fingerprint of what it asked for, so the same key with another request is recognised (409).
import { createHash } from 'node:crypto';
import { invalidRequest } from '@astro/platform';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Stripe's bound (DESIGN.md §8). */
export const MAX_KEY_LENGTH = 255;

/** The header value, undefined when absent; 422 when empty, too long or not visible ASCII. */
export function readIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (value.length < 1 || value.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(value))
    throw invalidRequest([
      {
        field: 'Idempotency-Key',
        reason: 'invalid_idempotency_key',
        message: `must be 1-${MAX_KEY_LENGTH} visible ASCII characters`,
      },
    ]);
  return value;
}

/** The storage key: per tenant, the client's key hashed (any length or character set stores the same). */
export function scopedKey(tenantId: string, idempotencyKey: string): string {
  return `idem:v1:${tenantId}:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
}

/** JSON with object members sorted: two bodies that differ only in member order or spacing match. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  const members = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`);
  return `{${members.join(',')}}`;
}

/** Method, path with query, and the parsed body: the parameters a replay must match. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${body === undefined ? '' : canonicalJson(body)}`)
    .digest('base64url');
}
