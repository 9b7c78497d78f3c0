// AccountService: API keys and plans. Proto <-> domain only.
import type { Handlers } from '@astro/platform';
import type { AccountServiceService } from '@astro/protos/astro/account/v1/account';
import type { ApiKeys } from '../domain/api-keys.ts';
import type { InvalidationHub } from '../domain/invalidations.ts';
import type { Plans } from '../domain/plans.ts';
import { requirePrincipal } from './caller.ts';
import { apiKeyMessage, planMessage, tenantPlanMessage } from './messages.ts';

type KeyAndPlanMethods =
  'createApiKey' | 'listApiKeys' | 'revokeApiKey' | 'listPlans' | 'getTenantPlan' | 'setTenantPlan';

export function apiKeyAndPlanHandlers(u: {
  apiKeys: ApiKeys;
  plans: Plans;
  invalidations: InvalidationHub;
}): Pick<Handlers<typeof AccountServiceService>, KeyAndPlanMethods> {
  return {
    createApiKey: async (req, ctx) => apiKeyMessage(await u.apiKeys.create(requirePrincipal(ctx), req)),
    listApiKeys: async (req, ctx) => ({
      keys: (await u.apiKeys.list(requirePrincipal(ctx), req.include_revoked === true)).map(apiKeyMessage),
    }),
    revokeApiKey: async (req, ctx) => {
      const key = await u.apiKeys.revoke(requirePrincipal(ctx), req.id);
      // Before answering: the gateway's cached verdict for this key must be gone by the next request.
      await u.invalidations.publish({ kind: 'api_key', id: key.id });
      return apiKeyMessage(key);
    },
    listPlans: async () => {
      const c = u.plans.catalog();
      return { plans: c.plans.map(planMessage), free_limits_change_at: c.free_limits_change_at };
    },
    getTenantPlan: async (_req, ctx) => tenantPlanMessage(await u.plans.get(requirePrincipal(ctx))),
    setTenantPlan: async (req, ctx) => {
      const plan = await u.plans.set(requirePrincipal(ctx), req.plan_tier);
      await u.invalidations.publish({ kind: 'tenant', id: plan.tenant_id });
      return tenantPlanMessage(plan);
    },
  };
}
