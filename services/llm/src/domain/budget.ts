// Spend caps (spec 1-platform.md Limits rule 5): the plan's hourly cap over the last 60 minutes and its
// monthly budget over the calendar month in UTC. Pure: the caller supplies what was spent.
import { AppError, type PlanLimits } from '@astro/platform';

export function monthStartUtc(nowMs: number): Date {
  const d = new Date(nowMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

export function nextMonthStartUtc(nowMs: number): Date {
  const d = new Date(nowMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

const money = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Throws 429 llm_budget_exhausted when this month's spend reached the budget, else 429
 * llm_budget_exceeded when the last hour's spend reached the hourly cap. The monthly check comes
 * first: it is the longer wait, and the one a client must plan around.
 */
export function checkBudgets(
  plan: PlanLimits,
  tenantId: string,
  spent: { lastHourUsd: number; thisMonthUsd: number },
  nowMs: number,
): void {
  if (spent.thisMonthUsd >= plan.llm_budget_per_month_usd) {
    const resets = nextMonthStartUtc(nowMs);
    const retryAfter = Math.max(1, Math.ceil((resets.getTime() - nowMs) / 1000));
    throw new AppError(
      'llm_budget_exhausted',
      'The monthly LLM budget of your plan is used up.',
      {
        budget_usd: plan.llm_budget_per_month_usd,
        spent_usd: money(spent.thisMonthUsd),
        resets_at: resets.toISOString(),
      },
      { 'Retry-After': String(retryAfter) },
    );
  }
  if (spent.lastHourUsd >= plan.llm_cost_cap_per_hour_usd)
    throw new AppError('llm_budget_exceeded', 'The hourly LLM spend cap of your plan is reached.', {
      tenant_id: tenantId,
      cap_usd: plan.llm_cost_cap_per_hour_usd,
      spent_usd: money(spent.lastHourUsd),
    });
}
