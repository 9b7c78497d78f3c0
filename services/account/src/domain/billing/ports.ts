// Billing ports: the payment provider (Stripe or the local one) and the billing repository.
import type { BillingInterval, BillingItem } from './catalog.ts';

export interface CheckoutRecord {
  id: string;
  tenant_id: string;
  provider: string;
  provider_ref: string | null;
  local_token: string | null;
  item: BillingItem;
  quantity: number;
  interval: BillingInterval | null;
  amount_cents: number;
  credits: number;
  status: 'pending' | 'paid' | 'expired';
  checkout_url: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
}

export interface CheckoutDraft {
  id: string;
  tenantId: string;
  item: BillingItem;
  quantity: number;
  interval: BillingInterval | null;
  amountCents: number;
  credits: number;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** The provider's customer of this tenant, when one exists. */
  customerRef: string | null;
}

/** What a verified provider event means for us. */
export type ProviderEvent =
  | {
      id: string;
      type: string;
      kind: 'checkout_paid';
      checkoutId: string;
      providerRef: string;
      customerRef: string | null;
      subscriptionRef: string | null;
    }
  | { id: string; type: string; kind: 'checkout_expired'; checkoutId: string }
  | { id: string; type: string; kind: 'subscription_ended'; subscriptionRef: string }
  | { id: string; type: string; kind: 'ignored' };

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Opens a payment page; nothing is granted until the payment is confirmed. */
  createCheckout(d: CheckoutDraft): Promise<{ url: string; providerRef: string | null; localToken: string | null }>;
  /** A link to the provider's portal for this tenant's customer. */
  createPortal(customerRef: string | null, returnUrl: string): Promise<string>;
  /** Verifies a webhook delivery's signature and reads it; throws invalid_webhook_signature. */
  parseEvent(payload: Buffer, signature: string): ProviderEvent;
  /**
   * Providers whose payment is confirmed on our own page (local): whether `secret` is the operator's
   * confirmation secret. Absent on providers that confirm through a verified webhook.
   */
  acceptsConfirmation?(secret: string): boolean;
}

export type FulfilOutcome =
  | { status: 'granted'; checkout: CheckoutRecord }
  | { status: 'already_paid'; checkout: CheckoutRecord }
  | { status: 'expired'; checkout: CheckoutRecord }
  | { status: 'not_found' };

export interface BillingRepository {
  createCheckout(row: CheckoutRecord): Promise<void>;
  findCheckout(id: string): Promise<CheckoutRecord | null>;
  findByLocalToken(token: string): Promise<CheckoutRecord | null>;
  listCheckouts(tenantId: string, limit: number): Promise<CheckoutRecord[]>;
  /**
   * Marks a pending checkout paid and grants it (credits added, or the plan set) in one transaction;
   * a checkout already paid is not granted twice. An expired one (past expires_at, when
   * `enforceExpiry`) is marked expired instead.
   */
  fulfil(checkoutId: string, at: Date, enforceExpiry: boolean): Promise<FulfilOutcome>;
  markExpired(checkoutId: string): Promise<void>;
  credits(tenantId: string): Promise<number>;
  /** Takes one credit if there is one; remaining = balance after it. */
  consumeCredit(tenantId: string, at: Date): Promise<{ ok: boolean; remaining: number }>;
  addCredits(tenantId: string, credits: number, at: Date): Promise<number>;
  customerOf(
    tenantId: string,
  ): Promise<{ provider: string; customer_ref: string; subscription_ref: string | null } | null>;
  saveCustomer(
    tenantId: string,
    provider: string,
    customerRef: string,
    subscriptionRef: string | null,
    at: Date,
  ): Promise<void>;
  /** The tenant whose subscription this is, when known. */
  tenantOfSubscription(provider: string, subscriptionRef: string): Promise<string | null>;
  /** Records a provider event id; false when it was seen before (deliveries repeat). */
  recordEvent(provider: string, eventId: string, type: string, at: Date): Promise<boolean>;
}
