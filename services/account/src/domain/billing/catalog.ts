// What billing sells and what it costs (spec "Limits": Hobby 9 USD/month or 90/year, Pro 49 or 490;
// pay-as-you-go packs of 1000 requests for 0.50 USD that never expire). Prices in cents.
import { invalidRequest, PLANS, type FieldError } from '@astro/platform';

export const CREDIT_PACK = { requests: 1000, priceCents: 50 } as const;
export const MAX_PACKS_PER_CHECKOUT = 100;

export type BillingItem = 'credits' | 'hobby' | 'pro';
export type BillingInterval = 'month' | 'year';

export interface CheckoutOrder {
  item: BillingItem;
  quantity: number;
  interval: BillingInterval | null;
  amountCents: number;
  /** Credits granted on payment (0 for a plan). */
  credits: number;
}

export interface CheckoutInput {
  item?: string;
  quantity?: number;
  interval?: string;
}

/** Validates a checkout request and prices it; 422 invalid_request naming each bad field. */
export function priceOrder(input: CheckoutInput): CheckoutOrder {
  const errors: FieldError[] = [];
  const item = input.item;
  if (item === undefined) errors.push({ field: 'item', reason: 'required', message: 'credits, hobby or pro' });
  else if (item !== 'credits' && item !== 'hobby' && item !== 'pro')
    errors.push({ field: 'item', reason: 'invalid_enum', message: 'credits, hobby or pro' });
  const quantity = input.quantity ?? 1;
  if (item === 'credits' && (quantity < 1 || quantity > MAX_PACKS_PER_CHECKOUT))
    errors.push({ field: 'quantity', reason: 'out_of_range', message: `1-${MAX_PACKS_PER_CHECKOUT} packs` });
  if (item !== 'credits' && quantity !== 1)
    errors.push({ field: 'quantity', reason: 'out_of_range', message: 'a plan is bought once (quantity 1)' });
  if (input.interval !== undefined && input.interval !== 'month' && input.interval !== 'year')
    errors.push({ field: 'interval', reason: 'invalid_enum', message: 'month or year' });
  if (item === 'credits' && input.interval !== undefined)
    errors.push({ field: 'interval', reason: 'not_applicable', message: 'credit packs have no interval' });
  if (errors.length) throw invalidRequest(errors);
  if (item === 'credits')
    return {
      item,
      quantity,
      interval: null,
      amountCents: quantity * CREDIT_PACK.priceCents,
      credits: quantity * CREDIT_PACK.requests,
    };
  const tier = item as 'hobby' | 'pro';
  const interval = (input.interval ?? 'month') as BillingInterval;
  const usd = interval === 'year' ? PLANS[tier].yearly_price_usd : PLANS[tier].monthly_price_usd;
  return { item: tier, quantity: 1, interval, amountCents: Math.round(usd * 100), credits: 0 };
}

export function offer(provider: string) {
  return {
    currency: 'usd',
    provider,
    credit_pack: {
      requests_per_pack: CREDIT_PACK.requests,
      price_usd: CREDIT_PACK.priceCents / 100,
      expires: false,
      max_packs_per_checkout: MAX_PACKS_PER_CHECKOUT,
    },
    plans: (['hobby', 'pro'] as const).map((t) => ({
      tier: t,
      display_name: PLANS[t].display_name,
      monthly_price_usd: PLANS[t].monthly_price_usd,
      yearly_price_usd: PLANS[t].yearly_price_usd,
    })),
  };
}
