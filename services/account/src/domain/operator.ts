// Operator actions (scripts/operator.ts over the internal OperatorService): admin grants, plan
// overrides, pauses. Not reachable through the gateway. Every call leaves an operator_audit row and one
// log line naming ids, never secrets.
import { AppError, invalidRequest, isUuid } from '@astro/platform';
import { normalizeEmail } from './email-address.ts';
import type { Log } from './logging.ts';
import { requireTier } from './plan-rules.ts';
import type { ApiKeyRepository, AuditRepository, Clock, TenantRepository, UserRepository } from './ports.ts';
import type { ActiveStatus, TenantRecord, UserRecord } from './types.ts';

export interface OperatorTargetInput {
  email?: string;
  tenant_id?: string;
}

export interface TenantStateView {
  tenant_id: string;
  display_name: string;
  plan_tier: string;
  status: string;
  users: { id: string; email: string; status: string; admin: boolean; email_verified: boolean }[];
  active_api_keys: number;
}

export interface OperatorDeps {
  users: UserRepository;
  tenants: TenantRepository;
  apiKeys: ApiKeyRepository;
  audit: AuditRepository;
  clock: Clock;
  log: Log;
}

interface Resolved {
  tenant: TenantRecord;
  user?: UserRecord;
  label: string;
}

export class Operator {
  constructor(private readonly deps: OperatorDeps) {}

  /** A user's e-mail wins; a tenant id alone names the tenant. */
  private async resolve(target: OperatorTargetInput | undefined): Promise<Resolved> {
    const email = target?.email ? normalizeEmail(target.email) : '';
    const tenantId = target?.tenant_id?.trim() ?? '';
    if (email) {
      const found = await this.deps.users.findByEmail(email);
      if (!found) throw new AppError('user_not_found', `No user with e-mail ${email}.`);
      if (tenantId && tenantId !== found.tenant.id) {
        throw invalidRequest([
          { field: 'target', reason: 'mismatch', message: 'the e-mail belongs to another tenant' },
        ]);
      }
      return { tenant: found.tenant, user: found.user, label: email };
    }
    if (!tenantId)
      throw invalidRequest([{ field: 'target', reason: 'required', message: 'give a user e-mail or a tenant id' }]);
    const tenant = isUuid(tenantId) ? await this.deps.tenants.findById(tenantId) : null;
    if (!tenant) throw new AppError('tenant_not_found', `No tenant ${tenantId}.`);
    return { tenant, label: tenantId };
  }

  private async audit(action: string, r: Resolved, params: Record<string, unknown>): Promise<void> {
    await this.deps.audit.record({ action, target: r.label, params, at: this.deps.clock.now() });
    this.deps.log.info('operator action', { action, tenant_id: r.tenant.id, user_id: r.user?.id, params });
  }

  async state(tenantId: string): Promise<TenantStateView> {
    const tenant = await this.deps.tenants.findById(tenantId);
    if (!tenant) throw new AppError('tenant_not_found');
    const [users, activeKeys] = await Promise.all([
      this.deps.users.listByTenant(tenantId),
      this.deps.apiKeys.countActive(tenantId, this.deps.clock.now()),
    ]);
    return {
      tenant_id: tenant.id,
      display_name: tenant.display_name,
      plan_tier: tenant.plan_tier,
      status: tenant.status,
      users: users.map((u) => ({
        id: u.id,
        email: u.email,
        status: u.status,
        admin: u.is_admin,
        email_verified: u.email_verified,
      })),
      active_api_keys: activeKeys,
    };
  }

  async grantAdmin(target: OperatorTargetInput | undefined, admin: boolean): Promise<TenantStateView> {
    const r = await this.resolve(target);
    if (!r.user)
      throw invalidRequest([
        { field: 'target.email', reason: 'required', message: 'admin is granted to a user: give an e-mail' },
      ]);
    await this.deps.users.setAdmin(r.user.id, admin);
    await this.audit('grant_admin', r, { admin });
    return this.state(r.tenant.id);
  }

  /** No admin or availability check: operators may put a tenant on any tier, coming soon included. */
  async setPlan(target: OperatorTargetInput | undefined, rawTier: string): Promise<TenantStateView> {
    const tier = requireTier(rawTier);
    const r = await this.resolve(target);
    if (!(await this.deps.tenants.setPlan(r.tenant.id, tier, this.deps.clock.now())))
      throw new AppError('tenant_not_found');
    await this.audit('set_plan', r, { plan_tier: tier, previous: r.tenant.plan_tier });
    return this.state(r.tenant.id);
  }

  async setStatus(
    target: OperatorTargetInput | undefined,
    rawStatus: string,
    onTenant: boolean,
  ): Promise<TenantStateView> {
    if (rawStatus !== 'active' && rawStatus !== 'paused') {
      throw invalidRequest([{ field: 'status', reason: 'enum', message: "status must be 'active' or 'paused'" }]);
    }
    const status: ActiveStatus = rawStatus;
    const r = await this.resolve(target);
    if (onTenant) {
      if (!(await this.deps.tenants.setStatus(r.tenant.id, status))) throw new AppError('tenant_not_found');
    } else {
      if (!r.user)
        throw invalidRequest([{ field: 'target.email', reason: 'required', message: 'a user status needs an e-mail' }]);
      await this.deps.users.setStatus(r.user.id, status);
    }
    await this.audit('set_status', r, { status, scope: onTenant ? 'tenant' : 'user' });
    return this.state(r.tenant.id);
  }

  /**
   * Resolves the target of an action another use case carries out (billing: credit grants) and audits
   * it; returns the tenant id.
   */
  async auditedTenant(
    target: OperatorTargetInput | undefined,
    action: string,
    params: Record<string, unknown>,
  ): Promise<string> {
    const r = await this.resolve(target);
    await this.audit(action, r, params);
    return r.tenant.id;
  }

  async getTenantState(target: OperatorTargetInput | undefined): Promise<TenantStateView> {
    const r = await this.resolve(target);
    await this.audit('get_tenant_state', r, {});
    return this.state(r.tenant.id);
  }
}
