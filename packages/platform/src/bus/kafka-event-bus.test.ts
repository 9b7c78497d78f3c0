// The EventBus contract on Kafka, plus what only this adapter has to get right: a group on several
// multi-partition topics. Needs a broker: `npm test` with CI=true or KAFKA=1 starts one and sets
// KAFKA_BROKERS for this file (scripts/test.ts, Kafka half); skipped when no broker is configured.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import type { BusLogger } from './event-bus';
import { runEventBusContract, waitFor } from './event-bus.contract';
import { KafkaEventBus } from './kafka-event-bus';

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((broker) => broker.trim())
  .filter((broker) => broker.length > 0);

// Retries, rebalances and parking are expected during the contract: keep them out of the test output.
const quietLogger: BusLogger = { info: () => {}, warn: () => {}, error: () => {} };

describe('KafkaEventBus', { skip: brokers.length === 0 ? 'KAFKA_BROKERS not set' : false }, () => {
  if (brokers.length === 0) return;
  runEventBusContract('KafkaEventBus', async () => {
    return new KafkaEventBus({ brokers, clientId: 'event-bus-contract-test', logger: quietLogger });
  });

  describe('one group on two topics of several partitions', () => {
    const bus = new KafkaEventBus({
      brokers,
      clientId: 'event-bus-multi-topic',
      logger: quietLogger,
      numPartitions: 4,
    });
    after(() => bus.close());

    // feedback's 'feedback-erasure' group takes chart.deleted and tenant.data_erased (6 partitions
    // each). With one Kafka group for both, kafkajs dealt each topic's partitions to both consumers
    // and each dropped the other topic's share: half the events were never handled.
    it('receives every event of both topics', { timeout: 60_000 }, async () => {
      const suffix = randomBytes(4).toString('hex');
      const [first, second] = [`multi.a.${suffix}`, `multi.b.${suffix}`];
      const group = `multi-${suffix}`;
      const seen: string[] = [];
      await bus.subscribe(group, first, async (e) => void seen.push(`a${(e.payload as { n: number }).n}`));
      await bus.subscribe(group, second, async (e) => void seen.push(`b${(e.payload as { n: number }).n}`));
      for (let n = 0; n < 16; n++) {
        await bus.publish(first, `tenant-${n}`, { n });
        await bus.publish(second, `tenant-${n}`, { n });
      }
      await waitFor(() => seen.length >= 32, 'all 32 events are handled', 45_000);
      assert.equal(new Set(seen).size, 32);
    });
  });
});
