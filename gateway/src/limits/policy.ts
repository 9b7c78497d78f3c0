// Pure limit rules (spec 1-platform.md "Limits" rules 1-4): which requests count toward quotas, which
// are LLM features (credits never pay for them), the limits a plan has at a moment (with the
// configured overrides), and the UTC day and month windows quotas are counted in.
import { PLANS, isPlanTier, quotaFor, type PlanTier } from '@astro/platform';
import type { RouteSpec } from '../proto-registry.ts';

export interface PlanLimitValues {
  burst_capacity: number;
  refill_per_second: number;
  daily_quota: number;
  monthly_quota: number;
}

/** Per-tier overrides ('*' = every tier), from PLAN_LIMITS_OVERRIDE. */
export type PlanLimitOverrides = Partial<Record<PlanTier | '*', Partial<PlanLimitValues>>>;

/** The plan's burst bucket and quotas in force at `nowMs` (Free's quotas change on a date). */
export function limitsFor(tier: string, nowMs: number, overrides: PlanLimitOverrides = {}): PlanLimitValues {
  const t: PlanTier = isPlanTier(tier) ? tier : 'free';
  const q = quotaFor(t, nowMs);
  return {
    burst_capacity: PLANS[t].rate_limit_capacity,
    refill_per_second: PLANS[t].rate_limit_refill_per_second,
    daily_quota: q.daily,
    monthly_quota: q.monthly,
    ...overrides['*'],
    ...overrides[t],
  };
}

/**
 * Classes whose routes never count toward quotas: the account routes of rule 2 (the protos annotate
 * every route under /v1/auth/, /v1/tenant/, /v1/api-keys, /v1/plans and /v1/billing/ so) and the public
 * ones, which have no account to count for.
 */
const UNCOUNTED = new Set(['account', 'anonymous', 'auth_attempt']);

type Limited = Pick<RouteSpec, 'rateLimitClass'>;

/**
 * A data request counts toward the account's quotas: a live API key on a route its class counts. Test
 * keys never do (docs/test-keys.md): they exist so integrations can be exercised without spending.
 */
export function countsTowardQuota(
  route: Limited,
  principalKind: string | undefined,
  keyMode: string | undefined = 'live',
): boolean {
  return principalKind === 'api_key' && keyMode !== 'test' && !UNCOUNTED.has(route.rateLimitClass);
}

export interface BucketValues {
  capacity: number;
  refillPerSecond: number;
}

/** The burst bucket of a key: the plan's for live keys, the configured small one for test keys. */
export function bucketFor(
  limits: PlanLimitValues,
  keyMode: string | undefined,
  testBucket: BucketValues,
): BucketValues {
  return keyMode === 'test'
    ? testBucket
    : { capacity: limits.burst_capacity, refillPerSecond: limits.refill_per_second };
}

/** A calendar feed fetched by its secret URL: the per-feed fetch window applies (docs/calendar-feeds.md). */
export function isFeedFetch(route: Limited): boolean {
  return route.rateLimitClass === 'feed';
}

/** A public route open to credential guessing: the per-address attempt limit applies. */
export function isAuthAttempt(route: Limited): boolean {
  return route.rateLimitClass === 'auth_attempt';
}

/**
 * An LLM feature, which credits never pay for (rule 4): a route annotated RATE_LIMIT_CLASS_LLM, and a
 * template interpretation asked for with `use_llm_rewrite: true` (the one case a request's body
 * decides, so it cannot be an annotation).
 */
export function isLlmFeature(route: Limited & Pick<RouteSpec, 'httpMethod'>, body: unknown): boolean {
  if (route.rateLimitClass === 'llm') return true;
  return (
    route.httpMethod === 'POST' &&
    typeof body === 'object' &&
    body !== null &&
    (body as { use_llm_rewrite?: unknown }).use_llm_rewrite === true
  );
}

export type WindowName = 'day' | 'month';

export interface QuotaWindow {
  name: WindowName;
  /** Stable id of the window (2026-11-21 / 2026-11), part of the counter key. */
  id: string;
  /** Start of the next window, Unix ms. */
  resetAtMs: number;
}

/** The UTC calendar day and month containing `nowMs`. */
export function windowsAt(nowMs: number): { day: QuotaWindow; month: QuotaWindow } {
  const d = new Date(nowMs);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const iso = d.toISOString();
  return {
    day: { name: 'day', id: iso.slice(0, 10), resetAtMs: Date.UTC(y, m, d.getUTCDate() + 1) },
    month: { name: 'month', id: iso.slice(0, 7), resetAtMs: Date.UTC(y, m + 1, 1) },
  };
}

/** Whole seconds from `nowMs` until `atMs`, at least 1 (a Retry-After of 0 invites a busy loop). */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((atMs - nowMs) / 1000));
}
