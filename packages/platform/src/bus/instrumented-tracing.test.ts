// instrumentBus traces: the publish span's context travels in the event headers and the consumer span
// continues it; a relay publishing a stored row (outbox) continues the trace stored with the row.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { parseTraceparent, withTraceHeaders } from '../trace';
import { startTracing } from '../tracing-sdk';
import type { BusEvent, EventBus, EventHandler } from './event-bus';
import { instrumentBus } from './instrumented';

const exporter = new InMemorySpanExporter();
before(() => {
  startTracing({
    serviceName: 'bus-test',
    endpoint: undefined,
    batchDelayMs: 100,
    extraProcessors: [new SimpleSpanProcessor({ exporter })],
  });
});

/** A fake transport that records what the decorator hands it and delivers on demand. */
function fakeBus() {
  const published: Array<{ topic: string; headers?: Record<string, string> }> = [];
  let handler: EventHandler | undefined;
  const bus: EventBus = {
    publish: async (topic, _key, _payload, opts) => void published.push({ topic, headers: opts?.headers }),
    publishBatch: async (events) => void published.push(...events.map(({ topic, headers }) => ({ topic, headers }))),
    subscribe: async (_g, _t, h) => void (handler = h),
    close: async () => {},
  };
  const deliver = (headers?: Record<string, string>) =>
    handler!({
      id: '1',
      topic: 't.trace',
      key: 'k',
      payload: {},
      publishedAt: new Date().toISOString(),
      attempt: 1,
      headers,
    } as BusEvent);
  return { bus, published, deliver };
}

describe('instrumentBus tracing', () => {
  it('publish -> headers -> consume: one trace, consumer child of the producer span', async () => {
    const f = fakeBus();
    const bus = instrumentBus(f.bus);
    await bus.subscribe('g', 't.trace', async () => {});
    const tracer = trace.getTracer('test');
    await tracer.startActiveSpan('request', async (span) => {
      await bus.publish('t.trace', 'k', { a: 1 });
      span.end();
    });
    const sent = parseTraceparent(f.published[0]!.headers?.traceparent);
    assert.ok(sent, 'the event carries a traceparent');
    const producer = exporter.getFinishedSpans().find((s) => s.name === 'publish t.trace')!;
    assert.equal(producer.kind, SpanKind.PRODUCER);
    assert.equal(sent.spanId, producer.spanContext().spanId, 'the header names the publish span');
    await f.deliver(f.published[0]!.headers);
    const consumer = exporter.getFinishedSpans().find((s) => s.name === 'process t.trace')!;
    assert.equal(consumer.kind, SpanKind.CONSUMER);
    assert.equal(consumer.spanContext().traceId, sent.traceId);
    assert.equal(consumer.parentSpanContext?.spanId, sent.spanId);
  });

  it('a relay publishing stored headers continues the stored trace, not its own', async () => {
    const f = fakeBus();
    const bus = instrumentBus(f.bus);
    const stored = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    // The relay runs in some unrelated span of its own.
    await trace.getTracer('test').startActiveSpan('relay tick', async (tick) => {
      await bus.publish('t.outbox', 'k', {}, { headers: { traceparent: stored } });
      tick.end();
    });
    const producer = exporter.getFinishedSpans().find((s) => s.name === 'publish t.outbox')!;
    assert.equal(producer.spanContext().traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal(producer.parentSpanContext?.spanId, '00f067aa0ba902b7');
    assert.equal(parseTraceparent(f.published[0]!.headers?.traceparent)?.spanId, producer.spanContext().spanId);
    // withTraceHeaders gives the same result for code that publishes several rows in one context.
    withTraceHeaders({ traceparent: stored }, () => assert.ok(trace.getActiveSpan()));
  });

  it('a batch makes one publish span per event, each continuing its own stored trace', async () => {
    const f = fakeBus();
    const bus = instrumentBus(f.bus);
    const stored = [
      '00-11111111111111111111111111111111-1111111111111111-01',
      '00-22222222222222222222222222222222-2222222222222222-01',
    ];
    await bus.publishBatch(
      stored.map((traceparent) => ({ topic: 't.batch', key: 'k', payload: {}, headers: { traceparent } })),
    );
    const producers = exporter.getFinishedSpans().filter((s) => s.name === 'publish t.batch');
    assert.deepEqual(producers.map((p) => p.spanContext().traceId).sort(), [
      '11111111111111111111111111111111',
      '22222222222222222222222222222222',
    ]);
    for (const [i, event] of f.published.entries()) {
      const sent = parseTraceparent(event.headers?.traceparent)!;
      const producer = producers.find((p) => p.spanContext().spanId === sent.spanId);
      assert.ok(producer, `event ${i} names its own publish span`);
      assert.equal(sent.traceId, stored[i]!.split('-')[1]);
    }
  });

  it('a failing handler marks its consumer span as an error', async () => {
    const f = fakeBus();
    const bus = instrumentBus(f.bus);
    await bus.subscribe('g', 't.fail', async () => {
      throw new Error('boom');
    });
    await assert.rejects(f.deliver());
    const consumer = exporter.getFinishedSpans().find((s) => s.name === 'process t.fail' && s.status.code === 2);
    assert.ok(consumer, 'error status recorded');
  });
});
