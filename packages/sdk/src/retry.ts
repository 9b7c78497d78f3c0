// A fetch that retries what the API says is worth retrying, and only as long as the caller allows:
// 429 and 503/504, and 409 idempotency_in_progress, waiting what Retry-After says (whole seconds) or
// an exponential backoff when it is absent. A wait longer than `maxDelayMs` (a daily quota resetting
// at midnight) is not waited for: the response goes back to the caller as it is. Non-idempotent
// requests are never retried; POSTs are idempotent here because the client gives each one an
// Idempotency-Key that stays the same across the retries (idempotency.ts).
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Longest single wait in ms (default 10 000). */
  maxDelayMs?: number;
  /** Backoff base when there is no Retry-After, in ms (default 250). */
  baseDelayMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
}

const RETRY_STATUSES = new Set([429, 503, 504]);

/** Retry-After in ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function isIdempotent(req: Request): boolean {
  return ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'].includes(req.method) || req.headers.has('idempotency-key');
}

async function isRetryable(res: Response): Promise<boolean> {
  if (RETRY_STATUSES.has(res.status)) return true;
  if (res.status !== 409) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === 'idempotency_in_progress';
}

export function retryingFetch(base: typeof fetch, opts: RetryOptions = {}): (req: Request) => Promise<Response> {
  const maxRetries = opts.maxRetries ?? 2;
  const maxDelayMs = opts.maxDelayMs ?? 10_000;
  const baseDelayMs = opts.baseDelayMs ?? 250;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return async (req: Request) => {
    const canRetry = isIdempotent(req);
    for (let attempt = 0; ; attempt++) {
      // The body of a Request is read once: each attempt sends a copy.
      const res = await base(canRetry && attempt < maxRetries ? req.clone() : req);
      if (!canRetry || attempt >= maxRetries || !(await isRetryable(res))) return res;
      const wait = retryAfterMs(res.headers.get('retry-after')) ?? baseDelayMs * 2 ** attempt;
      if (wait > maxDelayMs) return res;
      await res.body?.cancel();
      await sleep(wait);
    }
  };
}
