// instrumentBus: publish/consume counts by outcome and the consumer lag gauge, over a fake bus.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { busConsumerLag, busEvents } from '../metrics';
import type { BusEvent, EventBus, EventHandler } from './event-bus';
import { instrumentBus } from './instrumented';

async function value(metric: { get(): Promise<{ values: Array<{ labels: object; value: number }> }> }, labels: object) {
  const v = (await metric.get()).values.find((x) => JSON.stringify(x.labels) === JSON.stringify(labels));
  return v?.value ?? 0;
}

describe('instrumentBus', () => {
  it('counts publishes and consumptions by outcome and reports the lag', async () => {
    let handler: EventHandler | undefined;
    const fake: EventBus = {
      publish: async () => {},
      publishBatch: async () => {},
      subscribe: async (_g, _t, h) => {
        handler = h;
      },
      close: async () => {},
    };
    const now = Date.parse('2026-01-01T00:00:10Z');
    const bus = instrumentBus(fake, () => now);
    const before = await value(busEvents, { topic: 't.instr', op: 'publish', outcome: 'ok' });
    await bus.publish('t.instr', 'k', {});
    assert.equal(await value(busEvents, { topic: 't.instr', op: 'publish', outcome: 'ok' }), before + 1);
    await bus.publishBatch([
      { topic: 't.instr', key: 'k', payload: {} },
      { topic: 't.instr', key: 'k', payload: {} },
    ]);
    assert.equal(
      await value(busEvents, { topic: 't.instr', op: 'publish', outcome: 'ok' }),
      before + 3,
      'one per event',
    );

    let fail = false;
    await bus.subscribe(
      'g',
      't.instr',
      async () => {
        if (fail) throw new Error('boom');
      },
      { maxAttempts: 2 },
    );
    const event = (attempt: number): BusEvent => ({
      id: 'e1',
      topic: 't.instr',
      key: 'k',
      payload: {},
      publishedAt: '2026-01-01T00:00:07Z',
      attempt,
    });
    await handler!(event(1));
    assert.equal(await value(busEvents, { topic: 't.instr', op: 'consume', outcome: 'ok' }), 1);
    assert.equal(await value(busConsumerLag, { group: 'g', topic: 't.instr' }), 3);
    fail = true;
    await assert.rejects(handler!(event(1)));
    await assert.rejects(handler!(event(2)));
    assert.equal(await value(busEvents, { topic: 't.instr', op: 'consume', outcome: 'retry' }), 1);
    assert.equal(await value(busEvents, { topic: 't.instr', op: 'consume', outcome: 'parked' }), 1);
  });
});
