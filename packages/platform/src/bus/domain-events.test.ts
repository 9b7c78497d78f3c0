// Events as a contract: built from the generated catalog (topic from the proto option, keyed by tenant),
// validated on consume, and bad input (malformed, unknown version) parked at once and counted, on any
// adapter (the retry and instrumentation layers are shared by both).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { busParked, registry } from '../metrics';
import { decodeEvent, eventMessage, EVENTS, joinErasure } from './domain-events';
import { PermanentEventError, type BusEvent, type EventBus, type EventHandler } from './event-bus';
import { instrumentBus } from './instrumented';
import { deliverWithRetry } from './retry';

const TENANT = '0190a6f2-3f7e-7000-8000-000000000001';
const CHART = '0190a6f2-3f7e-7000-8000-0000000000c1';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function busEvent(topic: string, payload: unknown): BusEvent {
  return { id: 'e1', topic, key: TENANT, payload, publishedAt: new Date().toISOString(), attempt: 1 };
}

describe('domain events', () => {
  it('the catalog carries the topics of the proto options', () => {
    assert.equal(EVENTS.ChartDeleted.topic, 'chart.deleted');
    assert.equal(EVENTS.TenantDataErased.topic, 'tenant.data_erased');
    assert.equal(EVENTS.FeedbackSubmitted.topic, 'feedback.submitted');
    assert.equal(EVENTS.ChartCreated.topic, 'chart.created');
  });

  it('eventMessage keys by tenant and tags the payload with its message type', () => {
    const msg = eventMessage(EVENTS.ChartDeleted, { tenant_id: TENANT, chart_id: CHART, deleted_at: 'x' });
    assert.deepEqual(msg, {
      topic: 'chart.deleted',
      key: TENANT,
      payload: { '@type': 'astro.events.v1.ChartDeleted', tenant_id: TENANT, chart_id: CHART, deleted_at: 'x' },
    });
    const back = decodeEvent(EVENTS.ChartDeleted, busEvent(msg.topic, msg.payload));
    assert.deepEqual(back, { tenant_id: TENANT, chart_id: CHART, deleted_at: 'x' });
  });

  it('fills proto3 defaults for omitted fields', () => {
    const p = decodeEvent(
      EVENTS.TenantDataErased,
      busEvent('tenant.data_erased', { '@type': 'astro.events.v1.TenantDataErased', tenant_id: TENANT }),
    );
    assert.deepEqual(p, { tenant_id: TENANT, erased_at: '' });
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['not an object', 'hello', /not a JSON object/],
    ['null', null, /not a JSON object/],
    ['no type (a pre-contract producer)', { tenant_id: TENANT, chart_id: CHART }, /unknown event type missing/],
    [
      'an unknown version',
      { '@type': 'astro.events.v2.ChartDeleted', tenant_id: TENANT },
      /unknown event type "astro.events.v2/,
    ],
    ['another message type', { '@type': 'astro.events.v1.ChartCreated', tenant_id: TENANT }, /unknown event type/],
    [
      'a field of the wrong kind',
      { '@type': 'astro.events.v1.ChartDeleted', tenant_id: 42 },
      /field tenant_id is not a string/,
    ],
    [
      'an unknown field',
      { '@type': 'astro.events.v1.ChartDeleted', tenant_id: TENANT, extra: 1 },
      /unknown field "extra"/,
    ],
  ];
  for (const [what, payload, reason] of bad)
    it(`rejects ${what} as permanent, naming no value`, () => {
      assert.throws(
        () => decodeEvent(EVENTS.ChartDeleted, busEvent('chart.deleted', payload)),
        (err: unknown) =>
          err instanceof PermanentEventError && reason.test(err.message) && !err.message.includes(TENANT),
      );
    });

  it('a permanent failure is parked after one attempt instead of maxAttempts', async () => {
    let calls = 0;
    const outcome = await deliverWithRetry({
      event: busEvent('chart.deleted', {}),
      handler: async () => {
        calls++;
        throw new PermanentEventError('chart.deleted: unknown event type missing');
      },
      maxAttempts: 5,
      policy: { initialBackoffMs: 1, maxBackoffMs: 1 },
      signal: new AbortController().signal,
      logger: quiet,
      group: 'g',
    });
    assert.equal(calls, 1);
    assert.equal(outcome.kind, 'failed');
  });

  it('joinErasure hands valid requests on, and parks (and counts) malformed ones', async () => {
    const handlers = new Map<string, EventHandler>();
    const fake: EventBus = {
      publish: async () => {},
      publishBatch: async () => {},
      subscribe: async (_group, topic, handler) => void handlers.set(topic, handler),
      close: async () => {},
    };
    const bus = instrumentBus(fake);
    const seen: unknown[] = [];
    await joinErasure(bus, 'test-erasure', async (r) => void seen.push(r));
    const chartDeleted = handlers.get('chart.deleted')!;
    const tenantErased = handlers.get('tenant.data_erased')!;
    await chartDeleted(
      busEvent(
        'chart.deleted',
        eventMessage(EVENTS.ChartDeleted, { tenant_id: TENANT, chart_id: CHART, deleted_at: '' }).payload,
      ),
    );
    await tenantErased(
      busEvent(
        'tenant.data_erased',
        eventMessage(EVENTS.TenantDataErased, { tenant_id: TENANT, erased_at: '' }).payload,
      ),
    );
    assert.deepEqual(seen, [
      { tenantId: TENANT, chartId: CHART, eventId: 'e1' },
      { tenantId: TENANT, chartId: null, eventId: 'e1' },
    ]);
    const before = (await busParked.get()).values.find((v) => v.labels.group === 'test-erasure')?.value ?? 0;
    await assert.rejects(
      chartDeleted(
        busEvent('chart.deleted', {
          '@type': 'astro.events.v1.ChartDeleted',
          tenant_id: 'not-a-uuid',
          chart_id: CHART,
        }),
      ),
      /field tenant_id is not a UUID/,
    );
    const after = (await busParked.get()).values.find(
      (v) => v.labels.group === 'test-erasure' && v.labels.reason === 'invalid',
    );
    assert.equal(after?.value, before + 1);
    assert.match(
      await registry.metrics(),
      /bus_parked_total\{group="test-erasure",topic="chart.deleted",reason="invalid"\} 1/,
    );
    assert.equal(seen.length, 2, 'the malformed event reached no handler');
  });
});
