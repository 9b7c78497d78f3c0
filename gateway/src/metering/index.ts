// Usage metering wired to the event bus (see usage-meter.ts).
import os from 'node:os';
import type { EventBus, Logger } from '@astro/platform';
import { USAGE_TOPIC, UsageMeter, type UsageRecord } from './usage-meter.ts';

export { UsageMeter, usageRecordOf, USAGE_TOPIC, type UsageRecord, type UsageSink } from './usage-meter.ts';

export function createUsageMeter(bus: EventBus, logger: Logger, opts: { flushMs: number }): UsageMeter {
  // Partition key: this gateway process (batches mix tenants; the consumer does not need an order).
  const source = `${os.hostname()}:${process.pid}`;
  return new UsageMeter(
    { publish: (records: UsageRecord[]) => bus.publish(USAGE_TOPIC, source, { records }) },
    {
      flushMs: opts.flushMs,
      maxBatch: 1000,
      maxBuffered: 200_000,
      onError: (err, buffered) =>
        logger.warn('usage batch not published; kept for retry', { err: err.message, buffered }),
    },
  ).start();
}
