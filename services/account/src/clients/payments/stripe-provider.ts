// The Stripe adapter: Checkout Sessions (one-off payment for credit packs, a subscription for plans),
// the customer portal, and webhook events verified with the endpoint's signing secret. Our checkout id
// travels as client_reference_id and metadata, so the webhook finds what was bought.
import Stripe from 'stripe';
import { AppError } from '@astro/platform';
import type { CheckoutDraft, PaymentProvider, ProviderEvent } from '../../domain/billing/ports.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
}

const MIN_EXPIRY_S = 31 * 60; // Stripe accepts expires_at 30 minutes to 24 hours ahead
const MAX_EXPIRY_S = 23 * 3600;

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    client?: Stripe,
  ) {
    this.stripe = client ?? new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 10_000 });
  }

  async createCheckout(d: CheckoutDraft) {
    const nowS = Math.floor(Date.now() / 1000);
    const ttl = Math.min(MAX_EXPIRY_S, Math.max(MIN_EXPIRY_S, Math.floor(d.expiresAt.getTime() / 1000) - nowS));
    const plan = d.item !== 'credits';
    const session = await this.stripe.checkout.sessions.create({
      mode: plan ? 'subscription' : 'payment',
      client_reference_id: d.id,
      metadata: { checkout_id: d.id, tenant_id: d.tenantId, item: d.item },
      ...(d.customerRef ? { customer: d.customerRef } : plan ? {} : { customer_creation: 'always' as const }),
      line_items: [
        {
          quantity: d.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: Math.round(d.amountCents / d.quantity),
            product_data: {
              name: plan ? `Astrology API ${d.item} plan` : 'Astrology API credits (1000 requests, no expiry)',
            },
            ...(plan ? { recurring: { interval: d.interval ?? 'month' } } : {}),
          },
        },
      ],
      success_url: d.successUrl,
      cancel_url: d.cancelUrl,
      expires_at: nowS + ttl,
    });
    if (!session.url) throw new AppError('payment_provider_unavailable', 'Stripe returned no checkout URL.');
    return { url: session.url, providerRef: session.id, localToken: null };
  }

  async createPortal(customerRef: string | null, returnUrl: string): Promise<string> {
    if (!customerRef) throw new AppError('billing_account_not_found');
    const s = await this.stripe.billingPortal.sessions.create({ customer: customerRef, return_url: returnUrl });
    return s.url;
  }

  parseEvent(payload: Buffer, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
    } catch {
      throw new AppError('invalid_webhook_signature');
    }
    return readStripeEvent(event);
  }
}

const refOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** What a verified Stripe event means for billing. */
export function readStripeEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      // A delayed payment method completes the session unpaid; its money arrives with async_payment_succeeded.
      if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required')
        return { ...base, kind: 'ignored' };
      const checkoutId = s.client_reference_id ?? s.metadata?.checkout_id ?? '';
      return {
        ...base,
        kind: 'checkout_paid',
        checkoutId,
        providerRef: s.id,
        customerRef: refOf(s.customer),
        subscriptionRef: refOf(s.subscription),
      };
    }
    case 'checkout.session.expired': {
      const s = event.data.object;
      return { ...base, kind: 'checkout_expired', checkoutId: s.client_reference_id ?? s.metadata?.checkout_id ?? '' };
    }
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription_ended', subscriptionRef: event.data.object.id };
    default:
      return { ...base, kind: 'ignored' };
  }
}
