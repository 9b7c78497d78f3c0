// The payment provider of the single-machine setup: no money moves. A checkout gets a secret URL on
// the gateway (GET shows the checkout, POST .../confirm is the "pay" button). Because nothing is paid,
// the confirmation needs what a tenant cannot produce on its own: the buyer's own dashboard session
// (checked by Billing) and the operator's confirmation secret, compared here in constant time. There
// is no webhook and no hosted portal (the portal link is the status route). Never in production.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@astro/platform';
import type { CheckoutDraft, PaymentProvider, ProviderEvent } from '../../domain/billing/ports.ts';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  private readonly secretDigest: Buffer;

  constructor(
    private readonly publicBaseUrl: string,
    confirmationSecret: string,
    nodeEnv: string | undefined = process.env.NODE_ENV,
  ) {
    // A free "payment" page must never face real customers (BILLING_PROVIDER=stripe there).
    if (nodeEnv === 'production')
      throw new Error(
        'the local payment provider refuses to run with NODE_ENV=production; set BILLING_PROVIDER=stripe',
      );
    if (confirmationSecret.length < 16) throw new Error('the local payment confirmation secret is too short');
    this.secretDigest = digest(confirmationSecret);
  }

  async createCheckout(_d: CheckoutDraft) {
    const token = randomBytes(24).toString('base64url');
    return {
      url: `${this.publicBaseUrl.replace(/\/+$/, '')}/v1/billing/local/checkouts/${token}`,
      providerRef: null,
      localToken: token,
    };
  }

  async createPortal(): Promise<string> {
    return `${this.publicBaseUrl.replace(/\/+$/, '')}/v1/billing/status`;
  }

  parseEvent(): ProviderEvent {
    throw new AppError('invalid_webhook_signature', 'The local payment provider receives no webhooks.');
  }

  acceptsConfirmation(secret: string): boolean {
    // Digests of equal length, so the comparison time says nothing about the secret.
    return typeof secret === 'string' && timingSafeEqual(digest(secret), this.secretDigest);
  }
}

/**
 * The operator's confirmation secret: LOCAL_PAYMENT_SECRET when configured; otherwise the one in
 * `file`, created with a random value (mode 0600) the first time. The secret itself is never logged
 * nor sent to a tenant; the log names the file the operator reads it from.
 */
export function localConfirmationSecret(
  configured: string | undefined,
  file: string,
): { secret: string; source: string } {
  if (configured) return { secret: configured, source: 'LOCAL_PAYMENT_SECRET' };
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    fs.writeFileSync(target, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another replica (or an earlier start) wrote it first: everyone uses that one.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { secret: fs.readFileSync(target, 'utf8').trim(), source: target };
}
