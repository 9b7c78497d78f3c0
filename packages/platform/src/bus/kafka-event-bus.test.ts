// The EventBus contract on Kafka. Needs a broker: runs only when KAFKA_BROKERS is set
// (e.g. KAFKA_BROKERS=127.0.0.1:9092 with infra's docker-compose), skipped otherwise.
import { describe } from 'node:test';
import type { BusLogger } from './event-bus';
import { runEventBusContract } from './event-bus.contract';
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
});
