import type { PlanTier } from '@astro/platform';
import type { TenantRepository } from '../domain/ports.ts';
import type { ActiveStatus, TenantRecord } from '../domain/types.ts';
import { toTenant } from './mappers.ts';
import { isRecordNotFound, type Db } from './prisma.ts';

export class PrismaTenantRepository implements TenantRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<TenantRecord | null> {
    const row = await this.db.tenant.findUnique({ where: { id } });
    return row ? toTenant(row) : null;
  }

  async ensure(blank: TenantRecord): Promise<TenantRecord> {
    // INSERT ... ON CONFLICT DO NOTHING, then read: concurrent first reads all end on the same row.
    await this.db.tenant.createMany({ data: [blank], skipDuplicates: true });
    const row = await this.db.tenant.findUnique({ where: { id: blank.id } });
    return row ? toTenant(row) : blank;
  }

  async setPlan(id: string, tier: PlanTier, at: Date): Promise<TenantRecord | null> {
    return this.update(id, { plan_tier: tier, plan_updated_at: at });
  }

  async setStatus(id: string, status: ActiveStatus): Promise<TenantRecord | null> {
    return this.update(id, { status });
  }

  private async update(
    id: string,
    data: { plan_tier?: string; plan_updated_at?: Date; status?: string },
  ): Promise<TenantRecord | null> {
    try {
      return toTenant(await this.db.tenant.update({ where: { id }, data }));
    } catch (err) {
      if (isRecordNotFound(err)) return null;
      throw err;
    }
  }
}
