// The one behavioural contract of the EventBus port (see event-bus.ts), run unchanged against every
// adapter: pg-event-bus.test.ts always, kafka-event-bus.test.ts when KAFKA_BROKERS is set.
// Every test uses fresh topic and group names, so runs and tests never see each other's events.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, afterEach, describe, it } from '@jest/globals';
import type { BusEvent, EventBus, EventHandler } from './event-bus';

// Generous enough for a Kafka group join; a PostgreSQL run finishes each wait in milliseconds.
const WAIT_MS = 10_000;
const TEST_TIMEOUT_MS = 20_000;
// Quiet period used only to show that something did NOT happen (a duplicate, a redelivery).
const SETTLE_MS = 250;

interface Seq {
  seq: number;
}

export function runEventBusContract(name: string, makeBus: () => Promise<EventBus>, cleanup?: () => Promise<void>) {
  describe(`EventBus contract: ${name}`, () => {
    const openBuses: EventBus[] = [];
    const newBus = async (): Promise<EventBus> => {
      const bus = await makeBus();
      openBuses.push(bus);
      return bus;
    };
    afterEach(async () => {
      await Promise.all(openBuses.splice(0).map((bus) => bus.close()));
    });
    if (cleanup) after(cleanup);

    const test = (title: string, fn: () => Promise<void>) => it(title, fn, TEST_TIMEOUT_MS);

    test('delivers a published event to a subscriber, with all its fields', async () => {
      const bus = await newBus();
      const topic = uniqueTopic('deliver');
      const received = recorder();
      await bus.subscribe(uniqueGroup('deliver'), topic, received.handler);
      const before = Date.now();
      await bus.publish(topic, 'tenant-1', { seq: 1, nested: { list: [1, 'two', null], flag: true } });
      await waitFor(() => received.events.length === 1, 'the event is delivered');
      const [event] = received.events;
      assert.ok(event);
      assert.equal(event.topic, topic);
      assert.equal(event.key, 'tenant-1');
      assert.deepEqual(event.payload, { seq: 1, nested: { list: [1, 'two', null], flag: true } });
      assert.equal(event.attempt, 1);
      assert.equal(typeof event.id, 'string');
      assert.ok(event.id.length > 0);
      const publishedAt = Date.parse(event.publishedAt);
      assert.ok(Math.abs(publishedAt - before) < 60_000, `publishedAt ${event.publishedAt} is about now`);
      await settle();
      assert.equal(received.events.length, 1, 'delivered once');
    });

    test('delivers events published before the subscription (a new group starts at the beginning)', async () => {
      const bus = await newBus();
      const topic = uniqueTopic('backlog');
      await publishSeqs(bus, topic, [0, 1, 2, 3, 4]);
      const received = recorder();
      await bus.subscribe(uniqueGroup('backlog'), topic, received.handler);
      await waitFor(() => received.events.length === 5, 'the backlog is delivered');
      assert.deepEqual(seqsOf(received.events), [0, 1, 2, 3, 4]);
    });

    test('a batch delivers each event with its id and headers, a key in the order of the batch', async () => {
      const bus = await newBus();
      const [topic, other] = [uniqueTopic('batch'), uniqueTopic('batch-other')];
      const received = recorder();
      const otherReceived = recorder();
      await bus.subscribe(uniqueGroup('batch'), topic, received.handler);
      await bus.subscribe(uniqueGroup('batch'), other, otherReceived.handler);
      const tag = randomBytes(5).toString('hex');
      const ids = range(6).map((i) => `evt-${tag}-${i}`);
      await bus.publishBatch([
        ...range(5).map((seq) => ({
          topic,
          key: 'tenant-1',
          payload: { seq },
          id: ids[seq],
          headers: { traceparent: `00-${'1'.repeat(31)}${seq}-${'2'.repeat(16)}-01` },
        })),
        { topic: other, key: 'tenant-2', payload: { seq: 5 }, id: ids[5] },
      ]);
      await waitFor(() => received.events.length === 5 && otherReceived.events.length === 1, 'the batch is delivered');
      assert.deepEqual(seqsOf(received.events), [0, 1, 2, 3, 4]);
      assert.deepEqual(
        received.events.map((e) => [e.id, e.key, e.headers?.traceparent]),
        range(5).map((seq) => [ids[seq], 'tenant-1', `00-${'1'.repeat(31)}${seq}-${'2'.repeat(16)}-01`]),
      );
      assert.deepEqual(
        otherReceived.events.map((e) => [e.id, e.topic, e.key, e.payload]),
        [[ids[5], other, 'tenant-2', { seq: 5 }]],
      );
      await settle();
      assert.equal(received.events.length, 5, 'each delivered once');
    });

    test('handles events one at a time in publish order within a (group, topic)', async () => {
      const bus = await newBus();
      const topic = uniqueTopic('order');
      const keys = ['tenant-a', 'tenant-b', 'tenant-c'];
      const publishRange = async (from: number, to: number) => {
        for (let seq = from; seq < to; seq++) await bus.publish(topic, keys[seq % keys.length] ?? 'k', { seq });
      };
      await publishRange(0, 15); // some before the subscription...
      let inFlight = 0;
      let maxInFlight = 0;
      const seen: number[] = [];
      await bus.subscribe(uniqueGroup('order'), topic, async (event) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await delay(Math.random() * 3); // uneven handler times would expose parallel or reordered delivery
        seen.push((event.payload as Seq).seq);
        inFlight--;
      });
      await publishRange(15, 30); // ...and some while it consumes
      await waitFor(() => seen.length >= 30, 'all 30 events are handled');
      assert.deepEqual(seen, range(30));
      assert.equal(maxInFlight, 1, 'never two events of one (group, topic) at once');
    });

    test('fans out: every group receives every event', async () => {
      const bus = await newBus();
      const topic = uniqueTopic('fanout');
      const first = recorder();
      const second = recorder();
      await bus.subscribe(uniqueGroup('fanout-a'), topic, first.handler);
      await bus.subscribe(uniqueGroup('fanout-b'), topic, second.handler);
      await publishSeqs(bus, topic, range(10));
      await waitFor(() => first.events.length >= 10 && second.events.length >= 10, 'both groups get all events');
      await settle();
      assert.deepEqual(seqsOf(first.events), range(10));
      assert.deepEqual(seqsOf(second.events), range(10));
    });

    test('consumers sharing a group share the work: each event handled once', async () => {
      const [busA, busB, publisher] = await Promise.all([newBus(), newBus(), newBus()]);
      const topic = uniqueTopic('shared');
      const group = uniqueGroup('shared');
      const handled: Array<{ consumer: string; seq: number }> = [];
      const handlerFor =
        (consumer: string): EventHandler =>
        async (event) => {
          await delay(Math.random() * 3);
          handled.push({ consumer, seq: (event.payload as Seq).seq });
        };
      await busA.subscribe(group, topic, handlerFor('a'));
      await busB.subscribe(group, topic, handlerFor('b'));
      await publishSeqs(publisher, topic, range(20));
      await waitFor(() => handled.length >= 20, 'all 20 events are handled');
      await settle();
      const seqs = handled.map((h) => h.seq).sort((x, y) => x - y);
      assert.deepEqual(seqs, range(20), 'every event exactly once across the group');
    });

    test('retries a failing handler with a growing attempt number until it succeeds', async () => {
      const bus = await newBus();
      const topic = uniqueTopic('retry');
      const attempts: Array<{ id: string; seq: number; attempt: number }> = [];
      const handled: number[] = [];
      await bus.subscribe(
        uniqueGroup('retry'),
        topic,
        async (event) => {
          const { seq } = event.payload as Seq;
          attempts.push({ id: event.id, seq, attempt: event.attempt });
          if (seq === 0 && event.attempt < 3) throw new Error(`transient failure ${event.attempt}`);
          handled.push(seq);
        },
        { maxAttempts: 5 },
      );
      await publishSeqs(bus, topic, [0, 1]);
      await waitFor(() => handled.length >= 2, 'both events are handled');
      const firstEvent = attempts.filter((a) => a.seq === 0);
      assert.deepEqual(
        firstEvent.map((a) => a.attempt),
        [1, 2, 3],
      );
      assert.equal(new Set(firstEvent.map((a) => a.id)).size, 1, 'retries carry the same event id');
      assert.deepEqual(handled, [0, 1], 'the next event waits for the retried one');
    });

    test('parks an event whose handler keeps failing, and goes on with later events', async () => {
      const bus = await newBus();
      const topic = uniqueTopic('park');
      const attemptsOfPoison: number[] = [];
      const handled: number[] = [];
      await bus.subscribe(
        uniqueGroup('park'),
        topic,
        async (event) => {
          const { seq } = event.payload as Seq;
          if (seq === 1) {
            attemptsOfPoison.push(event.attempt);
            throw new Error('permanent failure');
          }
          handled.push(seq);
        },
        { maxAttempts: 2 },
      );
      await publishSeqs(bus, topic, [0, 1, 2]);
      await waitFor(() => handled.length >= 2, 'the events around the poison one are handled');
      await publishSeqs(bus, topic, [3]);
      await waitFor(() => handled.length >= 3, 'an event published after the parking is handled');
      await settle();
      assert.deepEqual(handled, [0, 2, 3]);
      assert.deepEqual(attemptsOfPoison, [1, 2], 'tried maxAttempts times, then parked, not redelivered');
    });

    test('a restarted consumer resumes after the events its group already handled', async () => {
      const topic = uniqueTopic('resume');
      const group = uniqueGroup('resume');
      const firstBus = await newBus();
      const first = recorder();
      await firstBus.subscribe(group, topic, first.handler);
      await publishSeqs(firstBus, topic, [0, 1, 2]);
      await waitFor(() => first.events.length >= 3, 'the first consumer handles 3 events');
      await firstBus.close();
      const secondBus = await newBus();
      await publishSeqs(secondBus, topic, [3, 4]);
      const second = recorder();
      await secondBus.subscribe(group, topic, second.handler);
      await waitFor(() => second.events.length >= 2, 'the new consumer gets the new events');
      await settle();
      assert.deepEqual(seqsOf(second.events), [3, 4]);
    });

    test('close() waits for the running handler, then stops consuming and refuses new work', async () => {
      const bus = await newBus();
      const other = await newBus();
      const topic = uniqueTopic('close');
      let started = 0;
      let finished = 0;
      await bus.subscribe(uniqueGroup('close'), topic, async () => {
        started++;
        await delay(150);
        finished++;
      });
      await bus.publish(topic, 'k', { seq: 0 });
      await waitFor(() => started === 1, 'the handler starts');
      await bus.close();
      assert.equal(finished, 1, 'close() resolved only after the in-flight handler finished');
      await bus.close(); // a second close is harmless
      await assert.rejects(bus.publish(topic, 'k', { seq: 1 }));
      await assert.rejects(bus.subscribe(uniqueGroup('close'), topic, async () => {}));
      await other.publish(topic, 'k', { seq: 2 });
      await settle();
      assert.equal(started, 1, 'a closed bus handles nothing more');
    });

    test('rejects a maxAttempts below 1', async () => {
      const bus = await newBus();
      await assert.rejects(
        bus.subscribe(uniqueGroup('bad'), uniqueTopic('bad'), async () => {}, { maxAttempts: 0 }),
        RangeError,
      );
    });
  });
}

// Topic and group names valid on both adapters (Kafka allows [a-zA-Z0-9._-]).
function uniqueTopic(label: string): string {
  return `contract.${label}.${randomBytes(5).toString('hex')}`;
}

function uniqueGroup(label: string): string {
  return `contract-${label}-${randomBytes(5).toString('hex')}`;
}

function recorder(): { events: BusEvent[]; handler: EventHandler } {
  const events: BusEvent[] = [];
  return {
    events,
    handler: async (event) => {
      events.push(event);
    },
  };
}

async function publishSeqs(bus: EventBus, topic: string, seqs: number[]): Promise<void> {
  // One after the other: only sequential publishes have a defined order.
  for (const seq of seqs) await bus.publish(topic, `key-${seq % 3}`, { seq });
}

function seqsOf(events: BusEvent[]): number[] {
  return events.map((event) => (event.payload as Seq).seq);
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const settle = () => delay(SETTLE_MS);

/** Polls until the condition holds; fails with `what` after the deadline instead of hanging. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await delay(5);
  }
}
