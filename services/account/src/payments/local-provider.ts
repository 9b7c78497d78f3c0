// The payment provider of the single-machine setup: no money moves. A checkout gets a secret URL on
// the gateway (GET shows the checkout, POST .../confirm is the "pay" button); confirming it is the
// confirmed payment. There is no webhook and no hosted portal (the portal link is the status route).
import { randomBytes } from 'node:crypto';
import { AppError } from '@astro/platform';
import type { CheckoutDraft, PaymentProvider, ProviderEvent } from '../domain/billing/ports.ts';

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly publicBaseUrl: string) {}

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
}
