// Quota threshold events (quota.threshold_reached) on the event bus, consumed by the account service
// (webhooks). The gateway has no database, so, as for usage batches, an event that cannot be
// published is kept in memory and retried (bounded); a gateway crash loses what it held.
import { eventMessage, EVENTS, type EventBus, type Logger } from '@astro/platform';
import type { QuotaThresholdCrossing } from '../limits/thresholds.ts';

const MAX_KEPT = 10_000;

export class QuotaEventPublisher {
  private pending: QuotaThresholdCrossing[] = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
    retryMs = 1000,
  ) {
    this.timer = setInterval(() => void this.flush(), retryMs);
    this.timer.unref();
  }

  notify(crossing: QuotaThresholdCrossing): void {
    this.pending.push(crossing);
    if (this.pending.length > MAX_KEPT) this.pending.splice(0, this.pending.length - MAX_KEPT);
    void this.flush();
  }

  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.pending.length) {
      const next = this.pending[0]!;
      try {
        // Keyed by tenant, like every tenant event: one tenant's thresholds keep their order.
        const msg = eventMessage(EVENTS.QuotaThresholdReached, next);
        await this.bus.publish(msg.topic, msg.key, msg.payload);
        this.pending.shift();
      } catch (err) {
        this.logger.warn('quota threshold event not published; kept for retry', {
          err: (err as Error).message,
          kept: this.pending.length,
        });
        return;
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
