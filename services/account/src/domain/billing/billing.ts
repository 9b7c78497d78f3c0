// Billing use cases: the offer, a tenant's status, checkouts, the portal, confirmations (the local
// provider's page or a verified Stripe event), and credit spending for the gateway. A plan or credit
// pack is granted only when its payment is confirmed, once per checkout.
import { AppError, isUuid, uuidv7, type Principal } from '@astro/platform';
import type { InvalidationHub } from '../invalidations.ts';
import type { Log } from '../logging.ts';
import type { Clock, TenantRepository } from '../ports.ts';
import type { TenantProvisioner } from '../tenant-provisioner.ts';
import { offer, priceOrder, type CheckoutInput } from './catalog.ts';
import type { BillingRepository, CheckoutRecord, PaymentProvider } from './ports.ts';

export interface BillingDeps {
  repo: BillingRepository;
  tenants: TenantRepository;
  provisioner: TenantProvisioner;
  provider: PaymentProvider;
  invalidations: InvalidationHub;
  clock: Clock;
  log: Log;
}

export interface BillingSettings {
  checkoutTtlMinutes: number;
  /** Default success/cancel/return URL when the caller gives none. */
  returnUrl: string;
}

export class Billing {
  constructor(
    private readonly deps: BillingDeps,
    private readonly settings: BillingSettings,
  ) {}

  offer() {
    return offer(this.deps.provider.name);
  }

  async status(caller: Principal) {
    const tenant = await this.deps.provisioner.ensure(caller, this.deps.clock.now());
    const [credits, checkouts] = await Promise.all([
      this.deps.repo.credits(caller.tenant_id),
      this.deps.repo.listCheckouts(caller.tenant_id, 20),
    ]);
    return {
      tenant_id: tenant.id,
      plan_tier: tenant.plan_tier,
      credits_remaining: credits,
      provider: this.deps.provider.name,
      checkouts,
    };
  }

  async checkout(
    caller: Principal,
    input: CheckoutInput & { success_url?: string; cancel_url?: string },
  ): Promise<CheckoutRecord> {
    const order = priceOrder(input);
    const now = this.deps.clock.now();
    await this.deps.provisioner.ensure(caller, now);
    const customer = await this.deps.repo.customerOf(caller.tenant_id);
    const id = uuidv7();
    const expiresAt = new Date(now.getTime() + this.settings.checkoutTtlMinutes * 60_000);
    const page = await this.deps.provider
      .createCheckout({
        id,
        tenantId: caller.tenant_id,
        ...order,
        expiresAt,
        successUrl: input.success_url || this.settings.returnUrl,
        cancelUrl: input.cancel_url || this.settings.returnUrl,
        customerRef: customer?.provider === this.deps.provider.name ? customer.customer_ref : null,
      })
      .catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        this.deps.log.warn('payment provider refused a checkout', { err: String(err), tenant_id: caller.tenant_id });
        throw new AppError('payment_provider_unavailable');
      });
    const row: CheckoutRecord = {
      id,
      tenant_id: caller.tenant_id,
      provider: this.deps.provider.name,
      provider_ref: page.providerRef,
      local_token: page.localToken,
      item: order.item,
      quantity: order.quantity,
      interval: order.interval,
      amount_cents: order.amountCents,
      credits: order.credits,
      status: 'pending',
      checkout_url: page.url,
      created_at: now,
      expires_at: expiresAt,
      paid_at: null,
    };
    await this.deps.repo.createCheckout(row);
    this.deps.log.info('checkout created', { tenant_id: caller.tenant_id, checkout_id: id, item: order.item });
    return row;
  }

  async portal(caller: Principal, returnUrl: string | undefined): Promise<{ url: string; provider: string }> {
    const customer = await this.deps.repo.customerOf(caller.tenant_id);
    if (this.deps.provider.name === 'stripe' && (!customer || customer.provider !== 'stripe'))
      throw new AppError('billing_account_not_found');
    const url = await this.deps.provider
      .createPortal(customer?.customer_ref ?? null, returnUrl || this.settings.returnUrl)
      .catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        this.deps.log.warn('payment provider refused a portal session', { err: String(err) });
        throw new AppError('payment_provider_unavailable');
      });
    return { url, provider: this.deps.provider.name };
  }

  private async localCheckout(token: string): Promise<CheckoutRecord> {
    const c = this.deps.provider.name === 'local' && token ? await this.deps.repo.findByLocalToken(token) : null;
    if (!c) throw new AppError('checkout_not_found');
    return c;
  }

  async getLocal(token: string): Promise<CheckoutRecord> {
    const c = await this.localCheckout(token);
    if (c.status === 'pending' && c.expires_at <= this.deps.clock.now()) {
      await this.deps.repo.markExpired(c.id);
      return { ...c, status: 'expired' };
    }
    return c;
  }

  /**
   * The local provider's "pay": the buyer's own session and the operator's confirmation secret stand
   * in for the money. Another tenant's checkout is not found (404), as if it did not exist.
   */
  async confirmLocal(caller: Principal, token: string, secret: string): Promise<CheckoutRecord> {
    const c = await this.localCheckout(token);
    if (c.tenant_id !== caller.tenant_id) throw new AppError('checkout_not_found');
    if (!this.deps.provider.acceptsConfirmation?.(secret)) {
      this.deps.log.warn('local payment confirmation refused', { tenant_id: caller.tenant_id, checkout_id: c.id });
      throw new AppError('invalid_payment_confirmation');
    }
    const r = await this.fulfil(c.id, true);
    if (r.status === 'expired') throw new AppError('checkout_expired');
    return r.checkout;
  }

  private async fulfil(checkoutId: string, enforceExpiry: boolean) {
    const r = await this.deps.repo.fulfil(checkoutId, this.deps.clock.now(), enforceExpiry);
    if (r.status === 'not_found') throw new AppError('checkout_not_found');
    if (r.status === 'granted') {
      const c = r.checkout;
      // A plan change alters the gateway's cached verdicts (plan tier): drop them before answering.
      if (c.item !== 'credits') await this.deps.invalidations.publish({ kind: 'tenant', id: c.tenant_id });
      this.deps.log.info('payment confirmed', {
        tenant_id: c.tenant_id,
        checkout_id: c.id,
        item: c.item,
        credits: c.credits,
      });
    }
    return r;
  }

  /** A provider webhook delivery: verified, deduplicated by event id, then applied. */
  async handleEvent(payload: Buffer, signature: string): Promise<{ handled: boolean; event_type: string }> {
    const ev = this.deps.provider.parseEvent(payload, signature);
    const now = this.deps.clock.now();
    if (ev.kind === 'ignored') return { handled: false, event_type: ev.type };
    if (!(await this.deps.repo.recordEvent(this.deps.provider.name, ev.id, ev.type, now)))
      return { handled: false, event_type: ev.type };
    if (ev.kind === 'checkout_paid') {
      if (!isUuid(ev.checkoutId)) return { handled: false, event_type: ev.type };
      const c = await this.deps.repo.findCheckout(ev.checkoutId);
      if (!c) return { handled: false, event_type: ev.type };
      if (ev.customerRef)
        await this.deps.repo.saveCustomer(
          c.tenant_id,
          this.deps.provider.name,
          ev.customerRef,
          ev.subscriptionRef,
          now,
        );
      // The provider took the money: grant even when our own checkout window has passed.
      await this.fulfil(c.id, false);
    } else if (ev.kind === 'checkout_expired') {
      if (isUuid(ev.checkoutId)) await this.deps.repo.markExpired(ev.checkoutId);
    } else if (ev.kind === 'subscription_ended') {
      const tenantId = await this.deps.repo.tenantOfSubscription(this.deps.provider.name, ev.subscriptionRef);
      if (tenantId) {
        await this.deps.tenants.setPlan(tenantId, 'free', now);
        await this.deps.invalidations.publish({ kind: 'tenant', id: tenantId });
        this.deps.log.info('subscription ended; back on Free', { tenant_id: tenantId });
      }
    }
    return { handled: true, event_type: ev.type };
  }

  consumeCredit(tenantId: string) {
    if (!isUuid(tenantId)) return Promise.resolve({ ok: false, remaining: 0 });
    return this.deps.repo.consumeCredit(tenantId, this.deps.clock.now());
  }

  /** Operator grant (support, refunds): adds credits without a payment; audited by the caller. */
  addCredits(tenantId: string, credits: number) {
    return this.deps.repo.addCredits(tenantId, credits, this.deps.clock.now());
  }
}
