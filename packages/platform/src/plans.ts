// The plan catalog (spec 1-platform.md "Plan" and "Limits"): the one table the account service
// (catalog, key limits) and the gateway (burst buckets, quotas) both read.
export type PlanTier = 'free' | 'hobby' | 'pro';
export const PLAN_TIERS: readonly PlanTier[] = ['free', 'hobby', 'pro'];

export interface PlanLimits {
  tier: PlanTier;
  display_name: string;
  monthly_price_usd: number;
  yearly_price_usd: number;
  rate_limit_capacity: number;
  rate_limit_refill_per_second: number;
  /** Daily and monthly request quotas; Free has a dated change (see quotaFor). */
  daily_quota: number;
  monthly_quota: number;
  /** null = unlimited */
  active_api_key_limit: number | null;
  llm_cost_cap_per_hour_usd: number;
  llm_budget_per_month_usd: number;
  features: string[];
}

/** Free quotas drop from 1000/day, 10000/month to 100/day, 3000/month at this instant. */
export const FREE_LIMITS_CHANGE_AT = '2026-11-17T00:00:00Z';
const FREE_CHANGE_MS = Date.parse(FREE_LIMITS_CHANGE_AT);

export const PLANS: Record<PlanTier, PlanLimits> = {
  free: {
    tier: 'free',
    display_name: 'Free',
    monthly_price_usd: 0,
    yearly_price_usd: 0,
    rate_limit_capacity: 60,
    rate_limit_refill_per_second: 2,
    daily_quota: 100,
    monthly_quota: 3000,
    active_api_key_limit: 1,
    llm_cost_cap_per_hour_usd: 0,
    llm_budget_per_month_usd: 0,
    features: [
      'Vedic and Western charts',
      '100 requests per day, 3000 per month',
      '1 active API key',
      'No LLM features',
    ],
  },
  hobby: {
    tier: 'hobby',
    display_name: 'Hobby',
    monthly_price_usd: 9,
    yearly_price_usd: 90,
    rate_limit_capacity: 300,
    rate_limit_refill_per_second: 10,
    daily_quota: 1000,
    monthly_quota: 30000,
    active_api_key_limit: 5,
    llm_cost_cap_per_hour_usd: 1,
    llm_budget_per_month_usd: 5,
    features: [
      'Everything in Free',
      '1000 requests per day, 30000 per month',
      '5 active API keys',
      'LLM interpretations: 5 USD/month',
    ],
  },
  pro: {
    tier: 'pro',
    display_name: 'Pro',
    monthly_price_usd: 49,
    yearly_price_usd: 490,
    rate_limit_capacity: 1500,
    rate_limit_refill_per_second: 50,
    daily_quota: 10000,
    monthly_quota: 300000,
    active_api_key_limit: null,
    llm_cost_cap_per_hour_usd: 10,
    llm_budget_per_month_usd: 40,
    features: [
      'Everything in Hobby',
      '10000 requests per day, 300000 per month',
      'Unlimited API keys',
      'LLM interpretations: 40 USD/month',
    ],
  },
};

export function isPlanTier(s: string): s is PlanTier {
  return (PLAN_TIERS as readonly string[]).includes(s);
}

/** Quotas in force at `atMs` (Free's were 1000/day and 10000/month before the change). */
export function quotaFor(tier: PlanTier, atMs: number): { daily: number; monthly: number } {
  const p = PLANS[tier];
  if (tier === 'free' && atMs < FREE_CHANGE_MS) return { daily: 1000, monthly: 10000 };
  return { daily: p.daily_quota, monthly: p.monthly_quota };
}

/** The scope catalog (spec Authentication rule 7). */
export const SCOPES = [
  'charts:read',
  'charts:write',
  'compatibility:read',
  'interpretations:read',
  'interpretations:write',
  'feedback:read',
  'feedback:write',
  'keys:manage',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];
export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
