// Plan rules over the shared catalog (@astro/platform PLANS): what the catalog shows, who may switch
// to which tier, and how many keys a tier may hold active.
import { AppError, FREE_LIMITS_CHANGE_AT, isPlanTier, PLAN_TIERS, PLANS, type PlanTier } from '@astro/platform';

export type PlanStatus = 'available' | 'coming_soon';

export interface PlanView {
  tier: PlanTier;
  display_name: string;
  monthly_price_usd: number;
  rate_limit_capacity: number;
  rate_limit_refill_per_second: number;
  llm_cost_cap_per_hour_usd: number;
  status: PlanStatus;
  features: string[];
}

export function planView(tier: PlanTier, comingSoon: ReadonlySet<string>): PlanView {
  const p = PLANS[tier];
  return {
    tier,
    display_name: p.display_name,
    monthly_price_usd: p.monthly_price_usd,
    rate_limit_capacity: p.rate_limit_capacity,
    rate_limit_refill_per_second: p.rate_limit_refill_per_second,
    llm_cost_cap_per_hour_usd: p.llm_cost_cap_per_hour_usd,
    status: comingSoon.has(tier) ? 'coming_soon' : 'available',
    features: [...p.features],
  };
}

export function planCatalog(comingSoon: ReadonlySet<string>): { plans: PlanView[]; free_limits_change_at: string } {
  return { plans: PLAN_TIERS.map((t) => planView(t, comingSoon)), free_limits_change_at: FREE_LIMITS_CHANGE_AT };
}

/** Tiers listed as coming soon; Free is the fallback every tenant can return to, so it never is. */
export function validateComingSoon(tiers: readonly string[]): string[] {
  const problems: string[] = [];
  for (const t of tiers) {
    if (!isPlanTier(t)) problems.push(`unknown tier '${t}'`);
    else if (t === 'free') problems.push('free cannot be coming_soon');
  }
  return problems;
}

/** Parses the requested tier or throws 422 invalid_plan_tier. */
export function requireTier(raw: string | undefined): PlanTier {
  // Exact match only: tiers are stable keys, and 'Hobby' is as wrong as 'gold'.
  if (raw !== undefined && isPlanTier(raw)) return raw;
  throw new AppError('invalid_plan_tier', `plan_tier must be one of ${PLAN_TIERS.join(', ')}.`, {
    reason: 'invalid_plan_tier',
    plan_tier: raw ?? null,
    allowed: [...PLAN_TIERS],
  });
}

/**
 * Self-service switching: Free always; a paid tier only when it is available and the caller already
 * holds admin (paid tiers are granted by staff until billing exists). Throws 403 plan_not_available.
 */
export function assertSwitchAllowed(
  tier: PlanTier,
  callerScopes: readonly string[],
  comingSoon: ReadonlySet<string>,
): void {
  if (tier === 'free') return;
  if (comingSoon.has(tier)) {
    throw new AppError('plan_not_available', `The ${PLANS[tier].display_name} plan is coming soon.`, {
      tier,
      reason: 'coming_soon',
    });
  }
  if (!callerScopes.includes('admin')) {
    throw new AppError('plan_not_available', `Switching to ${PLANS[tier].display_name} needs an admin.`, {
      tier,
      reason: 'admin_required',
    });
  }
}

/** null = unlimited */
export function activeKeyLimit(tier: PlanTier): number | null {
  return PLANS[tier].active_api_key_limit;
}

export function keyLimitReached(tier: PlanTier, activeCount: number): boolean {
  const limit = activeKeyLimit(tier);
  return limit !== null && activeCount >= limit;
}

/** A key counts against the limit until it is revoked or expires. */
export function isKeyActive(k: { revoked_at: Date | null; expires_at: Date | null }, now: Date): boolean {
  return k.revoked_at === null && (k.expires_at === null || k.expires_at.getTime() > now.getTime());
}
