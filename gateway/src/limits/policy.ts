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

/** Route prefixes that never count toward quotas (rule 2). */
const UNCOUNTED_PREFIXES = ['/v1/auth/', '/v1/tenant/', '/v1/api-keys', '/v1/plans', '/v1/billing/'];

function underPrefix(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix) || path === prefix.slice(0, -1);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * A data request counts toward the account's quotas: a route outside the account prefixes, called with
 * an API key (data routes take API keys only; public routes such as the demo have no account).
 */
export function countsTowardQuota(pathTemplate: string, principalKind: string | undefined): boolean {
  if (principalKind !== 'api_key') return false;
  return !UNCOUNTED_PREFIXES.some((p) => underPrefix(pathTemplate, p));
}

const LLM_INTERPRETATIONS = new Set([
  '/v1/interpretations/natal',
  '/v1/interpretations/relationship',
  '/v1/interpretations/forecast',
]);

/**
 * An LLM feature, which credits never pay for (rule 4): every /v1/llm route, the LLM interpretation
 * routes (and their /stream variants), routes annotated RATE_LIMIT_CLASS_LLM, and a template
 * interpretation asked for with use_llm_rewrite.
 */
export function isLlmFeature(
  route: Pick<RouteSpec, 'pathTemplate' | 'rateLimitClass' | 'httpMethod'>,
  body: unknown,
): boolean {
  const p = route.pathTemplate;
  if (route.rateLimitClass === 'llm') return true;
  if (p === '/v1/llm' || p.startsWith('/v1/llm/')) return true;
  if (LLM_INTERPRETATIONS.has(p.replace(/\/stream$/, ''))) return true;
  if (route.httpMethod === 'POST' && p === '/v1/interpretations')
    return (
      typeof body === 'object' && body !== null && (body as { use_llm_rewrite?: unknown }).use_llm_rewrite === true
    );
  return false;
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
