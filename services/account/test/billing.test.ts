// Billing use cases with in-memory ports, and the Stripe adapter's webhook verification with real
// signatures (stripe.webhooks.generateTestHeaderString, no network): a purchase is granted only on a
// verified, paid event, once per checkout however often Stripe redelivers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import Stripe from 'stripe';
import { AppError, type PlanTier, type Principal } from '@astro/platform';
import { Billing } from '../src/domain/billing/billing.ts';
import { priceOrder } from '../src/domain/billing/catalog.ts';
import type { BillingRepository, CheckoutRecord, FulfilOutcome, PaymentProvider } from '../src/domain/billing/ports.ts';
import { InvalidationHub } from '../src/domain/invalidations.ts';
import { silentLog } from '../src/domain/logging.ts';
import type { TenantRepository } from '../src/domain/ports.ts';
import { TenantProvisioner } from '../src/domain/tenant-provisioner.ts';
import type { TenantRecord } from '../src/domain/types.ts';
import { StripePaymentProvider } from '../src/clients/payments/stripe-provider.ts';
import { LocalPaymentProvider, localConfirmationSecret } from '../src/clients/payments/local-provider.ts';
import { FakeClock, tenantRecord } from './fakes.ts';

const TENANT = '0190a000-0000-7000-8000-0000000000a1';
const WEBHOOK_SECRET = 'whsec_test_secret';

class MemTenants implements TenantRepository {
  rows = new Map<string, TenantRecord>([[TENANT, tenantRecord(TENANT)]]);
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async ensure(blank: TenantRecord) {
    if (!this.rows.has(blank.id)) this.rows.set(blank.id, blank);
    return this.rows.get(blank.id)!;
  }
  async setPlan(id: string, tier: PlanTier, at: Date) {
    const t = this.rows.get(id);
    if (!t) return null;
    const u = { ...t, plan_tier: tier, plan_updated_at: at };
    this.rows.set(id, u);
    return u;
  }
  async setStatus() {
    return null;
  }
}

class MemBilling implements BillingRepository {
  checkouts = new Map<string, CheckoutRecord>();
  balances = new Map<string, number>();
  customers = new Map<string, { provider: string; customer_ref: string; subscription_ref: string | null }>();
  events = new Set<string>();
  constructor(private readonly tenants: MemTenants) {}
  async createCheckout(row: CheckoutRecord) {
    this.checkouts.set(row.id, { ...row });
  }
  async findCheckout(id: string) {
    return this.checkouts.get(id) ?? null;
  }
  async findByLocalToken(token: string) {
    return [...this.checkouts.values()].find((c) => c.local_token === token) ?? null;
  }
  async listCheckouts(tenantId: string) {
    return [...this.checkouts.values()].filter((c) => c.tenant_id === tenantId);
  }
  async fulfil(id: string, at: Date, enforceExpiry: boolean): Promise<FulfilOutcome> {
    const c = this.checkouts.get(id);
    if (!c) return { status: 'not_found' };
    if (c.status === 'paid') return { status: 'already_paid', checkout: c };
    if (enforceExpiry && c.expires_at <= at) {
      c.status = 'expired';
      return { status: 'expired', checkout: c };
    }
    c.status = 'paid';
    c.paid_at = at;
    if (c.item === 'credits') await this.addCredits(c.tenant_id, c.credits);
    else await this.tenants.setPlan(c.tenant_id, c.item, at);
    return { status: 'granted', checkout: c };
  }
  async markExpired(id: string) {
    const c = this.checkouts.get(id);
    if (c?.status === 'pending') c.status = 'expired';
  }
  async credits(t: string) {
    return this.balances.get(t) ?? 0;
  }
  async consumeCredit(t: string) {
    const b = this.balances.get(t) ?? 0;
    if (b <= 0) return { ok: false, remaining: 0 };
    this.balances.set(t, b - 1);
    return { ok: true, remaining: b - 1 };
  }
  async addCredits(t: string, n: number) {
    this.balances.set(t, (this.balances.get(t) ?? 0) + n);
    return this.balances.get(t)!;
  }
  async customerOf(t: string) {
    return this.customers.get(t) ?? null;
  }
  async saveCustomer(t: string, provider: string, customer_ref: string, subscription_ref: string | null) {
    this.customers.set(t, { provider, customer_ref, subscription_ref });
  }
  async tenantOfSubscription(_p: string, sub: string) {
    for (const [t, c] of this.customers) if (c.subscription_ref === sub) return t;
    return null;
  }
  async recordEvent(provider: string, id: string) {
    const k = `${provider}:${id}`;
    if (this.events.has(k)) return false;
    this.events.add(k);
    return true;
  }
}

const caller: Principal = {
  kind: 'session',
  tenant_id: TENANT,
  user_id: 'u',
  key_id: '',
  scopes: [],
  plan_tier: 'free',
};

function setup(provider: PaymentProvider) {
  const tenants = new MemTenants();
  const repo = new MemBilling(tenants);
  const hub = new InvalidationHub();
  const told: string[] = [];
  hub.subscribe((inv) => told.push(`${inv.kind}:${inv.id}`));
  const billing = new Billing(
    {
      repo,
      tenants,
      provisioner: new TenantProvisioner(tenants),
      provider,
      invalidations: hub,
      clock: new FakeClock(),
      log: silentLog,
    },
    { checkoutTtlMinutes: 60, returnUrl: 'http://127.0.0.1:8080' },
  );
  return { billing, repo, tenants, told };
}

/** A Stripe provider whose API calls are stubbed; webhook verification is the real library. */
function stripeProvider(createResult: () => Promise<{ id: string; url: string | null }>) {
  const client = new Stripe('sk_test_dummy');
  (client.checkout.sessions as any).create = createResult;
  return {
    provider: new StripePaymentProvider({ secretKey: 'sk_test_dummy', webhookSecret: WEBHOOK_SECRET }, client),
    client,
  };
}

function signed(client: Stripe, event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload: Buffer.from(payload), signature: client.webhooks.generateTestHeaderString({ payload, secret }) };
}

function completed(id: string, checkoutId: string, payment_status = 'paid', subscription: string | null = null) {
  return {
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        client_reference_id: checkoutId,
        metadata: { checkout_id: checkoutId },
        payment_status,
        customer: 'cus_123',
        subscription,
      },
    },
  };
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err.code;
  }
  assert.fail('expected an AppError');
}

describe('catalog', () => {
  it('prices: packs of 1000 for 0.50 USD; Hobby 9/90, Pro 49/490 (spec "Limits")', () => {
    assert.deepEqual(priceOrder({ item: 'credits', quantity: 3 }), {
      item: 'credits',
      quantity: 3,
      interval: null,
      amountCents: 150,
      credits: 3000,
    });
    assert.equal(priceOrder({ item: 'hobby' }).amountCents, 900);
    assert.equal(priceOrder({ item: 'hobby', interval: 'year' }).amountCents, 9000);
    assert.equal(priceOrder({ item: 'pro' }).amountCents, 4900);
    assert.equal(priceOrder({ item: 'pro', interval: 'year' }).amountCents, 49000);
  });
});

describe('Stripe adapter and webhook handling', () => {
  it('a verified paid checkout.session.completed grants the credits once, however often it is delivered', async () => {
    const { provider, client } = stripeProvider(async () => ({ id: 'cs_1', url: 'https://checkout.stripe.test/cs_1' }));
    const { billing, repo } = setup(provider);
    const c = await billing.checkout(caller, { item: 'credits', quantity: 2 });
    assert.equal(c.checkout_url, 'https://checkout.stripe.test/cs_1');
    assert.equal(await repo.credits(TENANT), 0, 'nothing before the payment');
    const ev = signed(client, completed('evt_1', c.id));
    assert.deepEqual(await billing.handleEvent(ev.payload, ev.signature), {
      handled: true,
      event_type: 'checkout.session.completed',
    });
    assert.equal(await repo.credits(TENANT), 2000);
    await billing.handleEvent(ev.payload, ev.signature);
    const again = signed(client, completed('evt_2', c.id));
    await billing.handleEvent(again.payload, again.signature);
    assert.equal(
      await repo.credits(TENANT),
      2000,
      'a redelivery or a second event for the same checkout grants nothing more',
    );
  });

  it('a bad or missing signature is 400 invalid_webhook_signature and grants nothing', async () => {
    const { provider, client } = stripeProvider(async () => ({ id: 'cs_1', url: 'https://x' }));
    const { billing, repo } = setup(provider);
    const c = await billing.checkout(caller, { item: 'credits' });
    const forged = signed(client, completed('evt_9', c.id), 'whsec_someone_else');
    assert.equal(await codeOf(billing.handleEvent(forged.payload, forged.signature)), 'invalid_webhook_signature');
    const ok = signed(client, completed('evt_9', c.id));
    const tampered = Buffer.from(ok.payload.toString().replace('"paid"', '"paid" '));
    assert.equal(await codeOf(billing.handleEvent(tampered, ok.signature)), 'invalid_webhook_signature');
    assert.equal(await codeOf(billing.handleEvent(ok.payload, '')), 'invalid_webhook_signature');
    assert.equal(await repo.credits(TENANT), 0);
  });

  it('an unpaid completed session (delayed payment method) grants nothing until async_payment_succeeded', async () => {
    const { provider, client } = stripeProvider(async () => ({ id: 'cs_1', url: 'https://x' }));
    const { billing, repo } = setup(provider);
    const c = await billing.checkout(caller, { item: 'credits' });
    const unpaid = signed(client, completed('evt_u', c.id, 'unpaid'));
    assert.equal((await billing.handleEvent(unpaid.payload, unpaid.signature)).handled, false);
    assert.equal(await repo.credits(TENANT), 0);
    const later = signed(client, { ...completed('evt_a', c.id), type: 'checkout.session.async_payment_succeeded' });
    await billing.handleEvent(later.payload, later.signature);
    assert.equal(await repo.credits(TENANT), 1000);
  });

  it('a paid plan subscription switches the tenant, tells the gateway, and its deletion returns it to Free', async () => {
    const { provider, client } = stripeProvider(async () => ({ id: 'cs_p', url: 'https://x' }));
    const { billing, tenants, told } = setup(provider);
    const c = await billing.checkout(caller, { item: 'pro' });
    const ev = signed(client, completed('evt_p', c.id, 'paid', 'sub_1'));
    await billing.handleEvent(ev.payload, ev.signature);
    assert.equal(tenants.rows.get(TENANT)!.plan_tier, 'pro');
    assert.ok(told.includes(`tenant:${TENANT}`), 'cached key verdicts of the tenant are dropped');
    const del = signed(client, {
      id: 'evt_d',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1', object: 'subscription' } },
    });
    await billing.handleEvent(del.payload, del.signature);
    assert.equal(tenants.rows.get(TENANT)!.plan_tier, 'free');
  });

  it('503 payment_provider_unavailable when Stripe fails; 404 billing_account_not_found for a portal without a customer', async () => {
    const { provider } = stripeProvider(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const { billing } = setup(provider);
    assert.equal(await codeOf(billing.checkout(caller, { item: 'credits' })), 'payment_provider_unavailable');
    assert.equal(await codeOf(billing.portal(caller, undefined)), 'billing_account_not_found');
  });
});

describe('local provider: confirmation needs the buyer and the operator secret', () => {
  const SECRET = 'operator-secret-0123456789';
  const other: Principal = { ...caller, tenant_id: '01900000-0000-7000-8000-0000000000ff' };

  it('refuses a wrong secret and another tenant; grants the buyer with the secret, once', async () => {
    const { billing, tenants } = setup(new LocalPaymentProvider('http://127.0.0.1:8080', SECRET, 'test'));
    const c = await billing.checkout(caller, { item: 'pro' });
    const token = c.local_token!;
    assert.equal(await codeOf(billing.confirmLocal(caller, token, 'guess')), 'invalid_payment_confirmation');
    assert.equal(await codeOf(billing.confirmLocal(caller, token, '')), 'invalid_payment_confirmation');
    assert.equal(await codeOf(billing.confirmLocal(other, token, SECRET)), 'checkout_not_found');
    assert.equal((await tenants.findById(TENANT))?.plan_tier ?? 'free', 'free');
    assert.equal((await billing.confirmLocal(caller, token, SECRET)).status, 'paid');
    assert.equal((await tenants.findById(TENANT))?.plan_tier, 'pro');
  });

  it('a provider without acceptsConfirmation (Stripe) confirms nothing locally', async () => {
    const { provider } = stripeProvider(async () => ({ id: 'cs_1', url: 'https://x' }));
    const { billing } = setup(provider);
    assert.equal(await codeOf(billing.confirmLocal(caller, 'tok', SECRET)), 'checkout_not_found');
  });

  it('refuses to exist under NODE_ENV=production', () => {
    assert.throws(() => new LocalPaymentProvider('http://x', SECRET, 'production'), /NODE_ENV=production/);
    assert.throws(() => new LocalPaymentProvider('http://x', 'short', 'test'), /too short/);
  });

  it('the account process exits 78 with BILLING_PROVIDER=local and NODE_ENV=production', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'services/account/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..', '..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        JWT_SECRET: 'x'.repeat(32),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 78, r.stderr);
    assert.match(r.stderr, /BILLING_PROVIDER: local .* refused with NODE_ENV=production/);
  });

  it('the generated secret: created once in its file (0600), then read back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-secret-'));
    const file = path.join(dir, 'sub', 'secret');
    const a = localConfirmationSecret(undefined, file);
    const b = localConfirmationSecret(undefined, file);
    assert.equal(a.secret, b.secret);
    assert.ok(a.secret.length >= 32);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(localConfirmationSecret('configured-secret-123', file), {
      secret: 'configured-secret-123',
      source: 'LOCAL_PAYMENT_SECRET',
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
