// createEventBus picks the adapter from the KAFKA_BROKERS setting (no connection is made here).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { createEventBus, KafkaEventBus, PgEventBus } from './index';

const databaseUrl = 'postgres://postgres@127.0.0.1:5432/unused';

describe('createEventBus', () => {
  it('uses PostgreSQL when no brokers are configured', async () => {
    for (const kafkaBrokers of [undefined, '', '   ']) {
      const bus = createEventBus({ kafkaBrokers, databaseUrl, clientId: 'test' });
      assert.ok(bus.adapter instanceof PgEventBus);
      await bus.close();
    }
  });

  it('uses Kafka when brokers are configured', async () => {
    const bus = createEventBus({ kafkaBrokers: 'k1:9092, k2:9092', databaseUrl, clientId: 'test' });
    assert.ok(bus.adapter instanceof KafkaEventBus);
    await bus.close();
  });

  it('refuses a brokers setting that names no broker', () => {
    assert.throws(() => createEventBus({ kafkaBrokers: ' , ', databaseUrl, clientId: 'test' }), /names no broker/);
  });
});
