// BillingService (public billing routes) and BillingInternalService (gateway and operator). Proto <->
// domain only.
import type { Handlers } from '@astro/platform';
import type * as pb from '@astro/protos/astro/account/v1/billing';
import type { BillingInternalServiceService, BillingServiceService } from '@astro/protos/astro/account/v1/billing';
import type { Billing } from '../domain/billing/billing.ts';
import type { CheckoutRecord } from '../domain/billing/ports.ts';
import { toIso } from '../domain/datetime.ts';
import type { Operator } from '../domain/operator.ts';
import { invalidRequest } from '@astro/platform';
import { requirePrincipal, requireSessionPrincipal } from './caller.ts';

export function checkoutMessage(c: CheckoutRecord): pb.Checkout {
  return {
    id: c.id,
    status: c.status,
    item: c.item,
    quantity: c.quantity,
    interval: c.interval ?? undefined,
    amount_usd: c.amount_cents / 100,
    currency: 'usd',
    provider: c.provider,
    checkout_url: c.status === 'pending' ? (c.checkout_url ?? undefined) : undefined,
    credits: c.credits,
    created_at: toIso(c.created_at),
    expires_at: toIso(c.expires_at),
    paid_at: c.paid_at ? toIso(c.paid_at) : undefined,
  };
}

export function billingHandlers(b: Billing): Handlers<typeof BillingServiceService> {
  return {
    getBillingOffer: async () => b.offer(),
    getBillingStatus: async (_req, ctx) => {
      const s = await b.status(requirePrincipal(ctx));
      return { ...s, checkouts: s.checkouts.map(checkoutMessage) };
    },
    createCheckout: async (req, ctx) => checkoutMessage(await b.checkout(requirePrincipal(ctx), req)),
    createPortal: async (req, ctx) => b.portal(requirePrincipal(ctx), req.return_url),
    getLocalCheckout: async (req) => checkoutMessage(await b.getLocal(req.token)),
    confirmLocalCheckout: async (req, ctx) => {
      if (!req.confirmation_secret)
        throw invalidRequest([{ field: 'confirmation_secret', reason: 'required', message: 'is required' }]);
      return checkoutMessage(await b.confirmLocal(requireSessionPrincipal(ctx), req.token, req.confirmation_secret));
    },
  };
}

export function billingInternalHandlers(
  b: Billing,
  operator: Operator,
): Handlers<typeof BillingInternalServiceService> {
  return {
    consumeCredit: async (req) => b.consumeCredit(req.tenant_id),
    handleProviderEvent: async (req) => b.handleEvent(Buffer.from(req.payload), req.signature),
    grantCredits: async (req) => {
      if (!Number.isInteger(req.credits) || req.credits < 1 || req.credits > 10_000_000)
        throw invalidRequest([{ field: 'credits', reason: 'out_of_range', message: '1-10000000' }]);
      const tenantId = await operator.auditedTenant(req.target, 'grant_credits', { credits: req.credits });
      return { tenant_id: tenantId, credits_remaining: await b.addCredits(tenantId, req.credits) };
    },
  };
}
