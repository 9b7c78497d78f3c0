// The EventBus contract on Kafka, plus what only this adapter has to get right: a group on several
// multi-partition topics. Needs a broker: `npm test` with CI=true or KAFKA=1 starts one and sets
// KAFKA_BROKERS for this file (scripts/test.ts, Kafka half); skipped when no broker is configured.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { scratchDatabase } from '../db/scratch-database';
import { PermanentEventError, type BusEvent, type BusLogger, type ParkedEvent } from './event-bus';
import { runEventBusContract, waitFor } from './event-bus.contract';
import { KafkaEventBus } from './kafka-event-bus';
import { endPool } from '../pg-pool.ts';

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((broker) => broker.trim())
  .filter((broker) => broker.length > 0);

// Retries, rebalances and parking are expected during the contract: keep them out of the test output.
const quietLogger: BusLogger = { info: () => {}, warn: () => {}, error: () => {} };

// Runs only in the Kafka half of `npm test`, which sets KAFKA_BROKERS.
(brokers.length === 0 ? describe.skip : describe)('KafkaEventBus', () => {
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
    it('receives every event of both topics', async () => {
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

  // The operator's list and replay on Kafka (kafka-parked.ts), the ledger in a scratch database.
  describe('parked records: list and replay', () => {
    const bus = new KafkaEventBus({ brokers, clientId: 'event-bus-parked', logger: quietLogger });
    const scratch = scratchDatabase('astro_parked_replays_test');
    let pool: pg.Pool;
    before(async () => {
      await scratch.create();
      pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
      await pool.query(readFileSync(new URL('../../migrations/parked-replays.sql', import.meta.url), 'utf8'));
    });
    after(async () => {
      await bus.close();
      await endPool(pool);
      await scratch.drop();
    });

    it('lists a parked record with why and where; a replay republishes it once with its id, key and payload', async () => {
      const suffix = randomBytes(4).toString('hex');
      const topic = `parked.${suffix}`;
      const seen: BusEvent[] = [];
      await bus.subscribe(`parked-${suffix}`, topic, async (e) => {
        seen.push(e);
        throw new PermanentEventError(`${topic}: field x is not a number`);
      });
      await bus.publish(topic, 'tenant-1', { x: 'not a number' }, { id: 'event-1', headers: { traceparent: 'tp' } });
      const parked = bus.parkedEvents(pool);
      let listed: ParkedEvent[] = [];
      const mine = async () => (listed = (await parked.listParked()).filter((p) => p.topic === topic));
      for (let i = 0; (await mine()).length < 1; i++) {
        assert.ok(i < 60, 'parked within 30 s');
        await new Promise((r) => setTimeout(r, 500));
      }
      const [record] = listed;
      assert.equal(record!.id, `${topic}.parked:0:0`);
      assert.deepEqual(
        [record!.group, record!.eventId, record!.attempts, record!.error],
        [`parked-${suffix}`, 'event-1', 1, `PermanentEventError: ${topic}: field x is not a number`],
      );
      assert.ok(Date.parse(record!.parkedAt) > 0);

      assert.deepEqual(await parked.replayParked(record!.id), [record]);
      assert.deepEqual(await parked.replayParked(record!.id), [], 'a replayed record is not replayed again');
      await waitFor(() => seen.length === 2, 'the replayed event is delivered again', 30_000);
      const again = seen[1]!;
      assert.deepEqual(
        [again.id, again.key, again.payload, again.attempt, again.headers?.traceparent],
        ['event-1', 'tenant-1', { x: 'not a number' }, 1, 'tp'],
      );
      // Parked again (still malformed): a new record, replayable; the first one stays replayed.
      for (let i = 0; !(await mine()).some((p) => p.id === `${topic}.parked:0:1`); i++) {
        assert.ok(i < 60, 'parked again within 30 s');
        await new Promise((r) => setTimeout(r, 500));
      }
      assert.deepEqual(
        listed.map((p) => p.id),
        [`${topic}.parked:0:1`],
        'the list leaves out the replayed record',
      );
      // (Not `all` here: the broker is shared with the other event suites of the run.)
      assert.deepEqual(
        (await parked.replayParked(`${topic}.parked:0:1`)).map((p) => p.eventId),
        ['event-1'],
      );
      await assert.rejects(parked.replayParked('42'), RangeError);
    });
  });
});
