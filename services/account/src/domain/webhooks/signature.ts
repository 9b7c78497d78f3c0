// Webhook signatures, Stripe's documented scheme (https://docs.stripe.com/webhooks#verify-manually):
// the header `X-Astro-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with one
// `v1=` per secret in force (during a roll's overlap the new and the previous secret both sign), so a
// receiver accepts the request when any `v1` matches one secret it knows.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: whsec_ + 32 random bytes in base64url (256 bits). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** Hex HMAC-SHA256 of `<t>.<body>` keyed by the whole secret string (prefix included, as Stripe does). */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header value: `t=...` then one `v1=...` per secret, newest first. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  if (secrets.length === 0) throw new RangeError('a signature needs at least one secret');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(',');
}
