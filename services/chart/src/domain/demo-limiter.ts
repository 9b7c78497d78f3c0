// The demo endpoint's limit: N charts per client address in a sliding window (default 5 per hour).
// State lives in the chart database so every gateway and chart replica sees the same count.
import { AppError } from '@astro/platform';

export interface DemoHitStore {
  /**
   * Atomically: counts the client's hits since `windowStart`; when fewer than `limit`, records one at
   * `now`. Returns the count before recording and the oldest hit inside the window.
   */
  tryHit(
    clientKey: string,
    now: Date,
    windowStart: Date,
    limit: number,
  ): Promise<{ allowed: boolean; oldest: Date | null }>;
}

export interface DemoLimit {
  limit: number;
  windowSeconds: number;
}

export async function enforceDemoLimit(
  store: DemoHitStore,
  clientKey: string,
  cfg: DemoLimit,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - cfg.windowSeconds * 1000);
  const r = await store.tryHit(clientKey, now, windowStart, cfg.limit);
  if (r.allowed) return;
  // The window frees a slot when its oldest hit ages out.
  const freesAt = (r.oldest ?? now).getTime() + cfg.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw new AppError(
    'demo_rate_limit_exceeded',
    `The demo allows ${cfg.limit} charts per ${cfg.windowSeconds / 60} minutes per address; sign up for an API key.`,
    { limit: cfg.limit, window_seconds: cfg.windowSeconds, retry_after_seconds: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}
