// "The tenant row is created on first read as a Free tenant, so there is no 404" (spec, GET
// /v1/tenant/plan). Sign-up creates tenants normally; this covers a credential whose tenant row is
// missing (restored backup, hand-made data) so tenant routes never strand a valid caller.
import type { Principal } from '@astro/platform';
import { localPartOf } from './email-address.ts';
import type { TenantRepository } from './ports.ts';
import type { TenantRecord } from './types.ts';

export class TenantProvisioner {
  constructor(private readonly tenants: TenantRepository) {}

  async ensure(caller: Principal, now: Date): Promise<TenantRecord> {
    const existing = await this.tenants.findById(caller.tenant_id);
    if (existing) return existing;
    const email = caller.user?.email;
    return this.tenants.ensure({
      id: caller.tenant_id,
      display_name: email ? localPartOf(email) : `tenant-${caller.tenant_id.slice(0, 8)}`,
      plan_tier: 'free',
      plan_status: 'active',
      status: 'active',
      plan_updated_at: now,
      created_at: now,
    });
  }
}
