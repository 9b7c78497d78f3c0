// Billing through the gateway with the default local payment provider (spec "Other routes that exist":
// offer, status, checkout, portal; shapes in README "Limits, credits and billing"). Nothing is granted
// before the payment is confirmed; a confirmation grants once.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { api, createKey, expectError, expectStatus, invalidFields, signup, sql, UUID } from './helpers/client.ts';

let session: string;
let key: string;
let tenantId: string;

before(async () => {
  const s = await signup();
  session = s.accessToken;
  tenantId = s.tenant.id;
  key = (await createKey(s.accessToken, ['charts:read'])).plaintext;
});

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

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
    const paid = await api('POST', `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}/confirm`, { body: {} });
    expectStatus(paid, 200);
    assert.equal(paid.json.status, 'paid');
    assert.ok(paid.json.paid_at);
    assert.equal(paid.json.checkout_url, null, 'a paid checkout has no payment link');
    // A second confirmation (double click) grants nothing more.
    expectStatus(
      await api('POST', `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}/confirm`, { body: {} }),
      200,
    );
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
    expectStatus(
      await api('POST', `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}/confirm`, { body: {} }),
      200,
    );
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
    const r = await api('POST', `/v1/billing/local/checkouts/${tokenOf(c.json.checkout_url)}/confirm`, { body: {} });
    expectError(r, 410, 'checkout_expired');
    const st = await api('GET', '/v1/billing/status', { token: s.accessToken });
    assert.equal(st.json.plan_tier, 'free');
    assert.equal(st.json.checkouts[0].status, 'expired');
  });

  it('404 checkout_not_found for an unknown checkout link', async () => {
    expectError(await api('GET', '/v1/billing/local/checkouts/not-a-real-token'), 404, 'checkout_not_found');
    expectError(
      await api('POST', '/v1/billing/local/checkouts/not-a-real-token/confirm', { body: {} }),
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
