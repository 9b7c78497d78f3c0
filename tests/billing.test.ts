// Billing through the gateway with the default local payment provider (spec "Other routes that exist":
// offer, status, checkout, portal; shapes in README "Limits, credits and billing"). Nothing is granted
// before the payment is confirmed; a confirmation grants once, and only the buyer's own session with
// the operator's confirmation secret confirms (no tenant can grant itself a plan).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll as before, describe, it } from '@jest/globals';
import { parseAllDocuments } from 'yaml';
import { billingConfigProblems } from '../services/account/src/config.ts';
import {
  api,
  checkoutToken,
  confirmLocalCheckout,
  createKey,
  expectError,
  expectStatus,
  invalidFields,
  localPaymentSecret,
  ROOT,
  signup,
  sql,
  UUID,
} from './helpers/client.ts';

let session: string;
let key: string;
let tenantId: string;

before(async () => {
  const s = await signup();
  session = s.accessToken;
  tenantId = s.tenant.id;
  key = (await createKey(s.accessToken, ['charts:read'])).plaintext;
});

const tokenOf = checkoutToken;

describe('GET /v1/billing/offer', () => {
  it('credit packs of 1000 requests for 0.50 USD without expiry, and the paid plans', async () => {
    const r = await api('GET', '/v1/billing/offer', { token: key });
    expectStatus(r, 200);
    assert.equal(r.json.currency, 'usd');
    assert.equal(r.json.provider, 'local');
    // Spec 1-platform.md "Limits" rule 4 and the plan table (Hobby 9/90, Pro 49/490).
    assert.deepEqual(r.json.credit_pack, {
      requests_per_pack: 1000,
      price_usd: 0.5,
      expires: false,
      max_packs_per_checkout: 100,
    });
    assert.deepEqual(r.json.plans, [
      { tier: 'hobby', display_name: 'Hobby', monthly_price_usd: 9, yearly_price_usd: 90 },
      { tier: 'pro', display_name: 'Pro', monthly_price_usd: 49, yearly_price_usd: 490 },
    ]);
  });
  it('401 without a credential', async () => {
    expectError(await api('GET', '/v1/billing/offer'), 401, 'unauthorized');
  });
});

describe('checkout -> confirmed payment -> granted', () => {
  it('credit packs: pending until confirmed, then 2000 credits, granted once', async () => {
    const c = await api('POST', '/v1/billing/checkout', { token: session, body: { item: 'credits', quantity: 2 } });
    expectStatus(c, 201);
    assert.match(c.json.id, UUID);
    assert.equal(c.json.status, 'pending');
    assert.equal(c.json.item, 'credits');
    assert.equal(c.json.quantity, 2);
    assert.equal(c.json.interval, null);
    assert.equal(c.json.amount_usd, 1);
    assert.equal(c.json.credits, 2000);
    assert.equal(c.json.paid_at, null);
    assert.match(c.json.checkout_url, /\/v1\/billing\/local\/checkouts\/[A-Za-z0-9_-]{32}$/);
    // Not granted before the payment.
    let status = await api('GET', '/v1/billing/status', { token: key });
    expectStatus(status, 200);
    assert.equal(status.json.credits_remaining, 0);
    assert.equal(status.json.checkouts[0].status, 'pending');
    // The local payment page shows the checkout; confirming it is the payment.
    const page = await api('GET', `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}`);
    expectStatus(page, 200);
    assert.equal(page.json.id, c.json.id);
    const paid = await confirmLocalCheckout(session, c.json.checkout_url);
    expectStatus(paid, 200);
    assert.equal(paid.json.status, 'paid');
    assert.ok(paid.json.paid_at);
    assert.equal(paid.json.checkout_url, null, 'a paid checkout has no payment link');
    // A second confirmation (double click) grants nothing more.
    expectStatus(await confirmLocalCheckout(session, c.json.checkout_url), 200);
    status = await api('GET', '/v1/billing/status', { token: key });
    assert.equal(status.json.tenant_id, tenantId);
    assert.equal(status.json.plan_tier, 'free');
    assert.equal(status.json.credits_remaining, 2000);
    assert.equal(status.json.checkouts[0].status, 'paid');
  });

  it('a paid plan: the tenant switches to Hobby only once the payment is confirmed', async () => {
    const s = await signup();
    const k = (await createKey(s.accessToken, ['charts:read'])).plaintext;
    const c = await api('POST', '/v1/billing/checkout', {
      token: s.accessToken,
      body: { item: 'hobby', interval: 'year' },
    });
    expectStatus(c, 201);
    assert.equal(c.json.amount_usd, 90);
    assert.equal(c.json.interval, 'year');
    assert.equal(c.json.credits, 0);
    assert.equal((await api('GET', '/v1/tenant/plan', { token: k })).json.plan.tier, 'free');
    expectStatus(await confirmLocalCheckout(s.accessToken, c.json.checkout_url), 200);
    // The gateway's cached key verdict (plan tier) is dropped: the same key sees the new plan at once.
    assert.equal((await api('GET', '/v1/tenant/plan', { token: k })).json.plan.tier, 'hobby');
    assert.equal((await api('GET', '/v1/billing/status', { token: k })).json.plan_tier, 'hobby');
  });

  it('410 checkout_expired after the checkout window; nothing granted', async () => {
    const s = await signup();
    const c = await api('POST', '/v1/billing/checkout', { token: s.accessToken, body: { item: 'pro' } });
    expectStatus(c, 201);
    assert.equal(c.json.amount_usd, 49);
    await sql("UPDATE billing_checkouts SET expires_at = now() - interval '1 minute' WHERE id = $1", [c.json.id]);
    const r = await confirmLocalCheckout(s.accessToken, c.json.checkout_url);
    expectError(r, 410, 'checkout_expired');
    const st = await api('GET', '/v1/billing/status', { token: s.accessToken });
    assert.equal(st.json.plan_tier, 'free');
    assert.equal(st.json.checkouts[0].status, 'expired');
  });

  it('404 checkout_not_found for an unknown checkout link', async () => {
    expectError(await api('GET', '/v1/billing/local/checkouts/not-a-real-token'), 404, 'checkout_not_found');
    expectError(
      await api('POST', '/v1/billing/local/checkouts/not-a-real-token/confirm', {
        token: session,
        body: { confirmation_secret: localPaymentSecret() },
      }),
      404,
      'checkout_not_found',
    );
  });

  it('422 invalid_request for an unknown item, a bad quantity or interval', async () => {
    const bad = async (body: unknown) =>
      invalidFields(
        expectError(await api('POST', '/v1/billing/checkout', { token: key, body }), 422, 'invalid_request'),
      );
    assert.deepEqual(await bad({}), ['item']);
    assert.deepEqual(await bad({ item: 'gold' }), ['item']);
    assert.deepEqual(await bad({ item: 'credits', quantity: 0 }), ['quantity']);
    assert.deepEqual(await bad({ item: 'credits', quantity: 101 }), ['quantity']);
    assert.deepEqual(await bad({ item: 'credits', interval: 'month' }), ['interval']);
    assert.deepEqual(await bad({ item: 'hobby', quantity: 2 }), ['quantity']);
    assert.deepEqual(await bad({ item: 'pro', interval: 'week' }), ['interval']);
  });
});

describe('POST /v1/billing/portal and the Stripe webhook on the local provider', () => {
  it('the local provider has no hosted portal: the link is the status route', async () => {
    const r = await api('POST', '/v1/billing/portal', { token: key, body: {} });
    expectStatus(r, 200);
    assert.equal(r.json.provider, 'local');
    assert.match(r.json.url, /\/v1\/billing\/status$/);
  });
  it('400 invalid_webhook_signature: the local provider takes no webhooks', async () => {
    const r = await api('POST', '/v1/billing/webhooks/stripe', {
      rawBody: '{"id":"evt_1","type":"checkout.session.completed"}',
      contentType: 'application/json',
      headers: { 'stripe-signature': 't=1,v1=abc' },
    });
    expectError(r, 400, 'invalid_webhook_signature');
  });
});

describe('the local provider cannot be self-served', () => {
  it('the exploit: a Free tenant confirming its own Pro checkout without the operator secret is refused', async () => {
    const s = await signup();
    const k = (await createKey(s.accessToken, ['charts:read'])).plaintext;
    const c = await api('POST', '/v1/billing/checkout', { token: s.accessToken, body: { item: 'pro' } });
    expectStatus(c, 201);
    const url = `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}/confirm`;
    // Yesterday's exploit: no credential at all.
    expectError(await api('POST', url, { body: {} }), 401, 'unauthorized');
    // The tenant's own session, but no secret, or a guessed one.
    invalidFields(expectError(await api('POST', url, { token: s.accessToken, body: {} }), 422, 'invalid_request'));
    invalidFields(
      expectError(
        await api('POST', url, { token: s.accessToken, body: { confirmation_secret: '' } }),
        422,
        'invalid_request',
      ),
    );
    for (const guess of ['secret', 'x'.repeat(48), `${localPaymentSecret()}x`]) {
      const r = await api('POST', url, { token: s.accessToken, body: { confirmation_secret: guess } });
      expectError(r, 403, 'invalid_payment_confirmation');
    }
    // The tenant's API key (even with the right secret): a dashboard session is needed.
    expectError(
      await api('POST', url, { token: k, body: { confirmation_secret: localPaymentSecret() } }),
      401,
      'no_principal',
    );
    // Nothing shows the secret to the tenant: not the checkout, its page, the status or the offer.
    const secret = localPaymentSecret();
    for (const r of [
      c,
      await api('GET', `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}`),
      await api('GET', '/v1/billing/status', { token: s.accessToken }),
      await api('GET', '/v1/billing/offer', { token: s.accessToken }),
    ])
      assert.ok(!r.text.includes(secret), 'the confirmation secret never reaches a tenant');
    // Still Free, the checkout still pending.
    assert.equal((await api('GET', '/v1/tenant/plan', { token: k })).json.plan.tier, 'free');
    assert.equal((await api('GET', '/v1/billing/status', { token: k })).json.checkouts[0].status, 'pending');
  });

  it("another tenant's session with the right secret cannot confirm a checkout (404, as if absent)", async () => {
    const buyer = await signup();
    const other = await signup();
    const c = await api('POST', '/v1/billing/checkout', { token: buyer.accessToken, body: { item: 'hobby' } });
    expectStatus(c, 201);
    expectError(await confirmLocalCheckout(other.accessToken, c.json.checkout_url), 404, 'checkout_not_found');
    const st = await api('GET', '/v1/billing/status', { token: buyer.accessToken });
    assert.equal(st.json.plan_tier, 'free');
    assert.equal(st.json.checkouts[0].status, 'pending');
  });

  it('the legitimate path: the buyer with the operator secret gets Pro', async () => {
    const s = await signup();
    const c = await api('POST', '/v1/billing/checkout', { token: s.accessToken, body: { item: 'pro' } });
    expectStatus(c, 201);
    const paid = await confirmLocalCheckout(s.accessToken, c.json.checkout_url);
    expectStatus(paid, 200);
    assert.equal(paid.json.status, 'paid');
    assert.ok(!paid.text.includes(localPaymentSecret()), 'the answer does not echo the secret');
    assert.equal((await api('GET', '/v1/billing/status', { token: s.accessToken })).json.plan_tier, 'pro');
  });

  it('the local provider refuses production; the prod overlay selects Stripe', () => {
    assert.deepEqual(billingConfigProblems({ NODE_ENV: 'production', BILLING_PROVIDER: 'local' }), [
      'BILLING_PROVIDER: local (no money moves) is refused with NODE_ENV=production; set stripe',
    ]);
    assert.deepEqual(billingConfigProblems({ NODE_ENV: 'development', BILLING_PROVIDER: 'local' }), []);
    const out = execFileSync('kubectl', ['kustomize', path.join(ROOT, 'k8s', 'overlays', 'prod')], {
      encoding: 'utf8',
    });
    const config = parseAllDocuments(out)
      .map((d) => d.toJS())
      .find((d) => d?.kind === 'ConfigMap' && d.metadata.name === 'astro-config');
    assert.equal(config.data.NODE_ENV, 'production');
    assert.equal(config.data.BILLING_PROVIDER, 'stripe');
  });
});
