// Billing tables through Prisma; credit spending is one conditional UPDATE (no read-modify-write), so
// concurrent requests on several gateways never spend the same credit twice.
import type { PlanTier } from '@astro/platform';
import type { BillingInterval, BillingItem } from '../domain/billing/catalog.ts';
import type { BillingRepository, CheckoutRecord, FulfilOutcome } from '../domain/billing/ports.ts';
import type { Db } from './prisma.ts';

type Row = {
  id: string;
  tenant_id: string;
  provider: string;
  provider_ref: string | null;
  local_token: string | null;
  item: string;
  quantity: number;
  interval: string | null;
  amount_cents: number;
  credits: bigint;
  status: string;
  checkout_url: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
};

function toCheckout(r: Row): CheckoutRecord {
  return {
    ...r,
    item: r.item as BillingItem,
    interval: r.interval as BillingInterval | null,
    credits: Number(r.credits),
    status: r.status as CheckoutRecord['status'],
  };
}

export class PrismaBillingRepository implements BillingRepository {
  constructor(private readonly db: Db) {}

  async createCheckout(row: CheckoutRecord): Promise<void> {
    await this.db.billingCheckout.create({ data: { ...row, credits: BigInt(row.credits) } });
  }

  async findCheckout(id: string): Promise<CheckoutRecord | null> {
    const r = await this.db.billingCheckout.findUnique({ where: { id } });
    return r ? toCheckout(r) : null;
  }

  async findByLocalToken(token: string): Promise<CheckoutRecord | null> {
    const r = await this.db.billingCheckout.findUnique({ where: { local_token: token } });
    return r ? toCheckout(r) : null;
  }

  async listCheckouts(tenantId: string, limit: number): Promise<CheckoutRecord[]> {
    const rows = await this.db.billingCheckout.findMany({
      where: { tenant_id: tenantId },
      orderBy: { created_at: 'desc' },
      take: limit,
    });
    return rows.map(toCheckout);
  }

  async fulfil(checkoutId: string, at: Date, enforceExpiry: boolean): Promise<FulfilOutcome> {
    return this.db.$transaction(async (tx) => {
      // Row lock: two confirmations of one checkout (a double click, a repeated webhook) serialise here.
      const locked = await tx.$queryRaw<
        Row[]
      >`SELECT * FROM billing_checkouts WHERE id = ${checkoutId}::uuid FOR UPDATE`;
      const row = locked[0];
      if (!row) return { status: 'not_found' } as const;
      const c = toCheckout(row);
      if (c.status === 'paid') return { status: 'already_paid', checkout: c } as const;
      if (enforceExpiry && (c.status === 'expired' || c.expires_at <= at)) {
        await tx.billingCheckout.update({ where: { id: c.id }, data: { status: 'expired' } });
        return { status: 'expired', checkout: { ...c, status: 'expired' } } as const;
      }
      await tx.billingCheckout.update({ where: { id: c.id }, data: { status: 'paid', paid_at: at } });
      if (c.item === 'credits') {
        await tx.$executeRaw`
          INSERT INTO credit_balances (tenant_id, credits, updated_at) VALUES (${c.tenant_id}::uuid, ${c.credits}, ${at})
          ON CONFLICT (tenant_id) DO UPDATE SET credits = credit_balances.credits + EXCLUDED.credits, updated_at = EXCLUDED.updated_at`;
      } else {
        await tx.tenant.update({
          where: { id: c.tenant_id },
          data: { plan_tier: c.item as PlanTier, plan_updated_at: at },
        });
      }
      return { status: 'granted', checkout: { ...c, status: 'paid', paid_at: at } } as const;
    });
  }

  async markExpired(checkoutId: string): Promise<void> {
    await this.db.billingCheckout.updateMany({
      where: { id: checkoutId, status: 'pending' },
      data: { status: 'expired' },
    });
  }

  async credits(tenantId: string): Promise<number> {
    const r = await this.db.creditBalance.findUnique({ where: { tenant_id: tenantId } });
    return r ? Number(r.credits) : 0;
  }

  async consumeCredit(tenantId: string, at: Date): Promise<{ ok: boolean; remaining: number }> {
    const rows = await this.db.$queryRaw<{ credits: bigint }[]>`
      UPDATE credit_balances SET credits = credits - 1, updated_at = ${at}
      WHERE tenant_id = ${tenantId}::uuid AND credits > 0 RETURNING credits`;
    return rows[0] ? { ok: true, remaining: Number(rows[0].credits) } : { ok: false, remaining: 0 };
  }

  async addCredits(tenantId: string, credits: number, at: Date): Promise<number> {
    const rows = await this.db.$queryRaw<{ credits: bigint }[]>`
      INSERT INTO credit_balances (tenant_id, credits, updated_at) VALUES (${tenantId}::uuid, ${BigInt(credits)}, ${at})
      ON CONFLICT (tenant_id) DO UPDATE SET credits = credit_balances.credits + EXCLUDED.credits, updated_at = EXCLUDED.updated_at
      RETURNING credits`;
    return Number(rows[0]!.credits);
  }

  async customerOf(tenantId: string) {
    return this.db.billingCustomer.findUnique({
      where: { tenant_id: tenantId },
      select: { provider: true, customer_ref: true, subscription_ref: true },
    });
  }

  async saveCustomer(
    tenantId: string,
    provider: string,
    customerRef: string,
    subscriptionRef: string | null,
    at: Date,
  ): Promise<void> {
    await this.db.billingCustomer.upsert({
      where: { tenant_id: tenantId },
      create: {
        tenant_id: tenantId,
        provider,
        customer_ref: customerRef,
        subscription_ref: subscriptionRef,
        created_at: at,
      },
      update: {
        provider,
        customer_ref: customerRef,
        ...(subscriptionRef ? { subscription_ref: subscriptionRef } : {}),
      },
    });
  }

  async tenantOfSubscription(provider: string, subscriptionRef: string): Promise<string | null> {
    const r = await this.db.billingCustomer.findFirst({
      where: { provider, subscription_ref: subscriptionRef },
      select: { tenant_id: true },
    });
    return r?.tenant_id ?? null;
  }

  async recordEvent(provider: string, eventId: string, type: string, at: Date): Promise<boolean> {
    const r = await this.db.billingEvent.createMany({
      data: [{ provider, event_id: eventId, event_type: type, received_at: at }],
      skipDuplicates: true,
    });
    return r.count === 1;
  }
}
