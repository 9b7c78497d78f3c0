// The plan catalog and the caller's tenant plan.
import { AppError, type Principal } from '@astro/platform';
import { toIso } from './datetime.ts';
import { assertSwitchAllowed, planCatalog, planView, requireTier, type PlanView } from './plan-rules.ts';
import type { Clock, TenantRepository } from './ports.ts';
import type { TenantProvisioner } from './tenant-provisioner.ts';
import type { TenantRecord } from './types.ts';

export interface TenantPlanView {
  tenant_id: string;
  display_name: string;
  plan: PlanView;
  plan_updated_at: string;
  created_at: string;
}

export interface PlanDeps {
  tenants: TenantRepository;
  provisioner: TenantProvisioner;
  clock: Clock;
}

export class Plans {
  private readonly comingSoon: ReadonlySet<string>;

  constructor(
    private readonly deps: PlanDeps,
    comingSoon: readonly string[],
  ) {
    this.comingSoon = new Set(comingSoon);
  }

  catalog() {
    return planCatalog(this.comingSoon);
  }

  view(t: TenantRecord): TenantPlanView {
    return {
      tenant_id: t.id,
      display_name: t.display_name,
      plan: planView(t.plan_tier, this.comingSoon),
      plan_updated_at: toIso(t.plan_updated_at),
      created_at: toIso(t.created_at),
    };
  }

  async get(caller: Principal): Promise<TenantPlanView> {
    return this.view(await this.deps.provisioner.ensure(caller, this.deps.clock.now()));
  }

  async set(caller: Principal, rawTier: string | undefined): Promise<TenantPlanView> {
    const tier = requireTier(rawTier);
    assertSwitchAllowed(tier, caller.scopes, this.comingSoon);
    const now = this.deps.clock.now();
    await this.deps.provisioner.ensure(caller, now);
    const updated = await this.deps.tenants.setPlan(caller.tenant_id, tier, now);
    if (!updated) throw new AppError('tenant_not_found');
    return this.view(updated);
  }
}
