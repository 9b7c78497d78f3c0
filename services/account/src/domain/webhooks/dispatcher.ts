// Sends due webhook deliveries: claims a batch (each replica its own rows), signs each body with the
// endpoint's secrets in force, POSTs it under a timeout, and records the attempt. 2xx = delivered;
// anything else (another status, a timeout, a refused connection or address) schedules a retry with
// backoff until the retry window closes, then the delivery is failed. Secrets never reach a log line.
import type { Logger } from '@astro/platform';
import type { Clock } from '../ports.ts';
import { nextAttemptAt, type RetryPolicy } from './backoff.ts';
import type { AttemptOutcome, ClaimedDelivery, SendResult, WebhookRepository, WebhookSender } from './ports.ts';
import { signatureHeader } from './signature.ts';

export interface DispatcherSettings {
  retry: RetryPolicy;
  timeoutMs: number;
  /** Deliveries claimed per round. */
  batchSize: number;
  /** Poll interval when nothing is due. */
  intervalMs: number;
}

/** Secrets that sign a delivery now: the current one, then the previous one during its overlap. */
export function signingSecrets(
  d: Pick<ClaimedDelivery, 'secret' | 'previous_secret' | 'previous_expires_at'>,
  now: Date,
): string[] {
  return d.previous_secret && d.previous_expires_at && d.previous_expires_at > now
    ? [d.secret, d.previous_secret]
    : [d.secret];
}

/** The outcome of one attempt: delivered, a retry at a later time, or failed for good. */
export function outcomeOf(
  d: Pick<ClaimedDelivery, 'attempt_count' | 'window_start_at'>,
  result: SendResult,
  attemptedAt: Date,
  durationMs: number,
  policy: RetryPolicy,
  random: number,
): AttemptOutcome {
  const attempt = {
    attempted_at: attemptedAt,
    status_code: 'statusCode' in result ? result.statusCode : null,
    error: 'error' in result ? result.error : null,
    duration_ms: Math.max(0, Math.round(durationMs)),
  };
  if ('statusCode' in result && result.statusCode >= 200 && result.statusCode < 300)
    return { attempt, status: 'delivered', next_attempt_at: null };
  const failed = d.attempt_count + 1;
  const next = nextAttemptAt(policy, d.window_start_at, attemptedAt, failed, random);
  return { attempt, status: next ? 'pending' : 'failed', next_attempt_at: next };
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: {
      repo: WebhookRepository;
      sender: WebhookSender;
      clock: Clock;
      log: Logger;
      random?: () => number;
    },
    private readonly settings: DispatcherSettings,
  ) {}

  /** One round: claims and sends a batch; returns how many deliveries were attempted. */
  async runOnce(): Promise<number> {
    const now = this.deps.clock.now();
    // The lease outlasts the send's timeout: a claim is only re-taken when its dispatcher is gone.
    const claimed = await this.deps.repo.claimDue(now, this.settings.batchSize, this.settings.timeoutMs * 2 + 5000);
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const started = this.deps.clock.now();
    const timestamp = Math.floor(started.getTime() / 1000);
    const t0 = performance.now();
    let result: SendResult;
    try {
      result = await this.deps.sender.send({
        url: d.url,
        body: d.body,
        timeoutMs: this.settings.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Astro-Webhooks/1',
          'webhook-id': d.event_id,
          'x-astro-event': d.event_type,
          'x-astro-signature': signatureHeader(signingSecrets(d, started), timestamp, d.body),
        },
      });
    } catch (err) {
      result = { error: (err as Error).message || 'send failed' };
    }
    const outcome = outcomeOf(
      d,
      result,
      started,
      performance.now() - t0,
      this.settings.retry,
      (this.deps.random ?? Math.random)(),
    );
    await this.deps.repo.recordAttempt(d.id, outcome);
    this.deps.log.info('webhook attempt', {
      delivery_id: d.id,
      event_type: d.event_type,
      status: outcome.status,
      status_code: outcome.attempt.status_code,
      error: outcome.attempt.error,
      duration_ms: outcome.attempt.duration_ms,
    });
  }

  /** Polls until stop(); a round that found work is followed at once by the next. */
  start(): void {
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      let busy = false;
      this.running = (async () => {
        try {
          busy = (await this.runOnce()) > 0;
        } catch (err) {
          this.deps.log.warn('webhook dispatch round failed', { err: (err as Error).message });
        }
      })();
      await this.running;
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(() => void tick(), busy ? 0 : this.settings.intervalMs);
    };
    this.timer = setTimeout(() => void tick(), this.settings.intervalMs);
  }

  /** Stops polling and waits for the round in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
