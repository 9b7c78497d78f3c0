// The gateway's traffic limits, run once per request after authentication (dispatch.ts):
// - the burst bucket of the API key (429 rate_limited, Retry-After); a test key has its own small
//   bucket and never counts toward quotas or spends credits (docs/test-keys.md);
// - the account's daily and monthly quotas for data requests, with X-RateLimit-* headers on every
//   counted response; past a quota a pay-as-you-go credit pays for the request (X-Credits-Remaining)
//   unless it is an LLM feature, otherwise 429 too_many_requests;
// - brute-force limits per client address on the anonymous auth routes (429
//   anonymous_auth_rate_limit_exceeded);
// - fetches of a calendar feed per feed URL (429 calendar_feed_rate_limited): calendar apps poll, and
//   the token in the URL is all there is to key on.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError, type Principal } from '@astro/platform';
import type { RouteSpec } from '../proto-registry.ts';
import type { RequestClock } from './clock.ts';
import {
  bucketFor,
  countsTowardQuota,
  isAuthAttempt,
  isFeedFetch,
  isLlmFeature,
  limitsFor,
  secondsUntil,
  windowsAt,
  type BucketValues,
  type PlanLimitOverrides,
  type QuotaWindow,
} from './policy.ts';
import { rateLimitHeaders } from './ratelimit-headers.ts';
import type { AdmitResult, LimitStore } from './store.ts';
import { thresholdsReachedAt, type QuotaThresholdCrossing } from './thresholds.ts';

/** Pays for one request past the quota; `remaining` is the balance after it (credits.ts). */
export type CreditSpender = (tenantId: string, requestId: string) => Promise<{ ok: boolean; remaining: number }>;

export interface LimiterSettings {
  keyPrefix: string;
  overrides: PlanLimitOverrides;
  authAttemptLimit: number;
  authAttemptWindowSeconds: number;
  /** Burst bucket of every test key, whatever the plan (TEST_KEY_BURST_CAPACITY, ..._REFILL_PER_SECOND). */
  testKeyBucket: BucketValues;
  /** Fetches of one calendar feed per window (FEED_FETCH_LIMIT per FEED_FETCH_WINDOW_SECONDS). */
  feedFetchLimit: number;
  feedFetchWindowSeconds: number;
  /** Told when the counter store fails (the limits then fail open). */
  onStoreError?: (err: unknown) => void;
  /** Told when a counted request lands a quota counter on 80 % or 100 % (thresholds.ts). */
  onQuotaThreshold?: (crossing: QuotaThresholdCrossing) => void;
}

export interface AdmitArgs {
  req: Request;
  res: Response;
  route: RouteSpec;
  principal?: Principal;
  body: unknown;
  requestId: string;
}

const DAY_MS = 86_400_000;

export class Limiter {
  constructor(
    private readonly store: LimitStore,
    private readonly clock: RequestClock,
    private readonly spendCredit: CreditSpender,
    private readonly settings: LimiterSettings,
  ) {}

  async admit(a: AdmitArgs): Promise<void> {
    const { route, principal } = a;
    if (isAuthAttempt(route)) return this.authAttempt(a);
    if (isFeedFetch(route)) return this.feedFetch(a);
    if (!principal) return;
    const nowMs = this.clock(a.req);
    const limits = limitsFor(principal.plan_tier, nowMs, this.settings.overrides);
    const counted = countsTowardQuota(route, principal.kind, principal.key_mode);
    const bucket = bucketFor(limits, principal.key_mode, this.settings.testKeyBucket);
    const { day, month } = windowsAt(nowMs);
    // One hash tag per tenant: the three keys of the script live on one Redis Cluster slot.
    const p = `${this.settings.keyPrefix}{${principal.tenant_id}}`;
    const hasBucket = principal.kind === 'api_key' && Boolean(principal.key_id);
    if (!hasBucket && !counted) return; // a session on an account route: nothing to count
    const r = await this.guard(
      this.store.admit({
        nowMs,
        bucket:
          principal.kind === 'api_key' && principal.key_id
            ? { key: `${p}:bucket:${principal.key_id}`, ...bucket }
            : null,
        quota: counted
          ? {
              dayKey: `${p}:day:${day.id}`,
              monthKey: `${p}:month:${month.id}`,
              dailyLimit: limits.daily_quota,
              monthlyLimit: limits.monthly_quota,
              dayTtlMs: day.resetAtMs - nowMs + DAY_MS,
              monthTtlMs: month.resetAtMs - nowMs + DAY_MS,
            }
          : null,
      }),
    );
    if (!r) return;
    if (counted) setQuotaHeaders(a.res, r, limits.daily_quota, limits.monthly_quota, day, month, nowMs);
    if (!r.allowed) {
      const retry = secondsUntil(nowMs + r.retryAfterMs, nowMs);
      throw new AppError(
        'rate_limited',
        `Burst limit of ${bucket.capacity} requests reached; retry in ${retry} s.`,
        {
          capacity: bucket.capacity,
          refill_per_second: bucket.refillPerSecond,
          retry_after_seconds: retry,
          ...(principal.key_mode === 'test' ? { key_mode: 'test' } : {}),
        },
        { 'Retry-After': String(retry) },
      );
    }
    if (!r.exceeded) {
      const notify = this.settings.onQuotaThreshold;
      if (counted && notify) {
        // Two integer comparisons per window on the hot path; anything more only on a threshold.
        this.reportThresholds(notify, principal.tenant_id, day, r.dayUsed, limits.daily_quota, nowMs);
        this.reportThresholds(notify, principal.tenant_id, month, r.monthUsed, limits.monthly_quota, nowMs);
      }
      return;
    }
    // Past a quota: a credit pays for the request, except for LLM features.
    if (!isLlmFeature(route, a.body)) {
      const spent = await this.spendCredit(principal.tenant_id, a.requestId);
      if (spent.ok) {
        a.res.setHeader('X-Credits-Remaining', String(spent.remaining));
        return;
      }
    }
    const w = r.exceeded === 'month' ? month : day;
    const limit = r.exceeded === 'month' ? limits.monthly_quota : limits.daily_quota;
    const used = r.exceeded === 'month' ? r.monthUsed : r.dayUsed;
    throw new AppError(
      'too_many_requests',
      `The ${r.exceeded === 'month' ? 'monthly' : 'daily'} quota of ${limit} requests is used up.`,
      {
        reason: r.exceeded === 'month' ? 'monthly_quota_exceeded' : 'daily_quota_exceeded',
        window: w.name,
        limit,
        used,
      },
      { 'Retry-After': String(secondsUntil(w.resetAtMs, nowMs)) },
    );
  }

  private reportThresholds(
    notify: (c: QuotaThresholdCrossing) => void,
    tenantId: string,
    w: QuotaWindow,
    used: number,
    limit: number,
    nowMs: number,
  ): void {
    for (const percent of thresholdsReachedAt(used, limit))
      notify({
        tenant_id: tenantId,
        window: w.name,
        window_id: w.id,
        percent,
        used,
        limit,
        at: new Date(nowMs).toISOString(),
      });
  }

  /**
   * A counter outage (Redis down) must not become an API outage: the request goes through unlimited
   * and the failure is reported; undefined tells the caller to skip the limits.
   */
  private async guard<T>(p: Promise<T>): Promise<T | undefined> {
    try {
      return await p;
    } catch (err) {
      this.settings.onStoreError?.(err);
      return undefined;
    }
  }

  /**
   * Fixed windows per feed URL. The counter key holds a digest of the path, never the token itself
   * (Redis keys show up in monitoring); `.ics` or not, it is the same feed.
   */
  private async feedFetch(a: AdmitArgs): Promise<void> {
    const nowMs = this.clock(a.req);
    const windowMs = this.settings.feedFetchWindowSeconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const feed = createHash('sha256')
      .update(a.req.path.replace(/\.ics$/, ''))
      .digest('base64url');
    const hit = await this.guard(this.store.hit(`${this.settings.keyPrefix}feed:${feed}:${start}`, windowMs * 2));
    if (!hit || hit.count <= this.settings.feedFetchLimit) return;
    const retry = secondsUntil(start + windowMs, nowMs);
    throw new AppError(
      'calendar_feed_rate_limited',
      `This feed was fetched more than ${this.settings.feedFetchLimit} times in ${this.settings.feedFetchWindowSeconds} s; retry in ${retry} s.`,
      {
        limit: this.settings.feedFetchLimit,
        window_seconds: this.settings.feedFetchWindowSeconds,
        retry_after_seconds: retry,
      },
      { 'Retry-After': String(retry) },
    );
  }

  /** Fixed windows per client address over the four credential-guessing routes together. */
  private async authAttempt(a: AdmitArgs): Promise<void> {
    const nowMs = this.clock(a.req);
    const windowMs = this.settings.authAttemptWindowSeconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const address = a.req.ip ?? 'unknown';
    const key = `${this.settings.keyPrefix}auth:${address}:${start}`;
    const hit = await this.guard(this.store.hit(key, windowMs * 2));
    if (!hit || hit.count <= this.settings.authAttemptLimit) return;
    const retry = secondsUntil(start + windowMs, nowMs);
    throw new AppError(
      'anonymous_auth_rate_limit_exceeded',
      `Too many sign-in attempts from this address; retry in ${retry} s.`,
      {
        limit: this.settings.authAttemptLimit,
        window_seconds: this.settings.authAttemptWindowSeconds,
        retry_after_seconds: retry,
      },
      { 'Retry-After': String(retry) },
    );
  }
}

/**
 * X-RateLimit-* of the quota closest to running out (the daily one on a tie): its limit, what is left
 * and when it resets (Unix seconds). RateLimit / RateLimit-Policy (IETF draft) list both quotas.
 */
function setQuotaHeaders(
  res: Response,
  r: AdmitResult,
  dailyLimit: number,
  monthlyLimit: number,
  day: QuotaWindow,
  month: QuotaWindow,
  nowMs: number,
): void {
  const dayLeft = Math.max(0, dailyLimit - r.dayUsed);
  const monthLeft = Math.max(0, monthlyLimit - r.monthUsed);
  const useMonth = monthLeft < dayLeft;
  res.setHeader('X-RateLimit-Limit', String(useMonth ? monthlyLimit : dailyLimit));
  res.setHeader('X-RateLimit-Remaining', String(useMonth ? monthLeft : dayLeft));
  res.setHeader('X-RateLimit-Reset', String(Math.floor((useMonth ? month : day).resetAtMs / 1000)));
  const ietf = rateLimitHeaders(
    [
      { window: day, limit: dailyLimit, used: r.dayUsed },
      { window: month, limit: monthlyLimit, used: r.monthUsed },
    ],
    nowMs,
  );
  res.setHeader('RateLimit-Policy', ietf.policy);
  res.setHeader('RateLimit', ietf.limit);
}
