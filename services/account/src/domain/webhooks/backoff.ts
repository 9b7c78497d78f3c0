// Retry schedule of webhook deliveries: exponential backoff with "equal jitter" (half the step fixed,
// half random, so receivers that failed together are not retried in lock-step), capped at `maxMs`,
// for `windowMs` after the first attempt (24 h by default); a retry that would fall after the window
// is not made and the delivery is failed.

export interface RetryPolicy {
  /** Step before the second attempt (doubled after each failure). */
  baseMs: number;
  /** Largest step. */
  maxMs: number;
  /** How long after the first attempt retries go on. */
  windowMs: number;
}

/** The delay before attempt `failedAttempts + 1`, given a random number in [0, 1). */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number, random: number): number {
  if (failedAttempts < 1) throw new RangeError('retryDelayMs: at least one failed attempt');
  // 2^30 already exceeds any sane cap; the min keeps the power finite for long-failing deliveries.
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(failedAttempts - 1, 30));
  return Math.round(step / 2 + (random * step) / 2);
}

/** When to try again after a failure, or null when the retry window is over (the delivery fails). */
export function nextAttemptAt(
  policy: RetryPolicy,
  windowStart: Date,
  now: Date,
  failedAttempts: number,
  random: number,
): Date | null {
  const at = now.getTime() + retryDelayMs(policy, failedAttempts, random);
  return at > windowStart.getTime() + policy.windowMs ? null : new Date(at);
}
