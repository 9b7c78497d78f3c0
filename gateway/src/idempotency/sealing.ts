// Stored responses are encrypted (AES-256-GCM): some carry secrets the client sees once — the plaintext
// of a new API key, session tokens — and a replay must be able to return them without Redis (or a dump
// of it) ever holding them readable. The key is derived from the gateway's JWT secret with HKDF; the
// storage key is the associated data, so a sealed response cannot be moved to another tenant's key.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class ResponseSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'astro-gateway', 'idempotency-response-v1', 32));
  }

  seal(plain: Buffer, aad: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(aad));
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
  }

  /** Throws when the data was tampered with or sealed under another key or aad. */
  open(sealed: string, aad: string): Buffer {
    const raw = Buffer.from(sealed, 'base64');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAAD(Buffer.from(aad));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]);
  }
}
