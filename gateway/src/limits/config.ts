// Configuration of the limits (spread into the gateway's config schema).
import { z } from 'zod';
import { bool, int, key, str } from '@astro/platform';

const limitValues = z
  .object({
    burst_capacity: z.number().positive(),
    refill_per_second: z.number().positive(),
    daily_quota: z.number().int().min(0),
    monthly_quota: z.number().int().min(0),
  })
  .partial()
  .strict();

const overrides = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return {};
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.object({ '*': limitValues, free: limitValues, hobby: limitValues, pro: limitValues }).partial().strict());

export const limitsConfigSpec = {
  PLAN_LIMITS_OVERRIDE: key(
    overrides,
    'JSON {"<tier>|*": {burst_capacity, refill_per_second, daily_quota, monthly_quota}} replacing the plan values (the test fleet raises them)',
  ),
  AUTH_ATTEMPT_LIMIT: key(
    int(10, 1),
    'login, sign-up, password forgot and reset attempts per client address per window (then 429)',
  ),
  AUTH_ATTEMPT_WINDOW_SECONDS: key(int(300, 1), 'length of the auth-attempt window'),
  TEST_KEY_BURST_CAPACITY: key(
    int(10, 1),
    'burst bucket size of every test key (ak_test_), whatever the plan; test keys spend no quota (docs/test-keys.md)',
  ),
  TEST_KEY_REFILL_PER_SECOND: key(
    z.coerce.number().positive().default(1),
    "tokens per second refilled into a test key's burst bucket",
  ),
  FEED_FETCH_LIMIT: key(
    int(60, 1),
    'fetches of one calendar feed URL per window (then 429 calendar_feed_rate_limited)',
  ),
  FEED_FETCH_WINDOW_SECONDS: key(int(3600, 1), 'length of the calendar-feed fetch window'),
  LIMITS_KEY_PREFIX: key(str('astro:limits:'), 'prefix of the limiter keys in Redis'),
  LIMITS_TEST_CLOCK: key(
    bool(false),
    'tests only: honour an X-Test-Now request header as the limits clock (refused with NODE_ENV=production)',
  ),
};

/** Cross-key rule: the test clock never runs in production. */
export function limitsConfigProblems(cfg: { LIMITS_TEST_CLOCK: boolean; NODE_ENV: string }): string[] {
  return cfg.LIMITS_TEST_CLOCK && cfg.NODE_ENV === 'production'
    ? ['LIMITS_TEST_CLOCK: must not be set with NODE_ENV=production']
    : [];
}
