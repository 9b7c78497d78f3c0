// Decorates any EventBus with the bus's metrics and traces, so both adapters report the same way:
// - metrics: publish and consume counts by outcome, the consumer lag (how long after publication
//   an event is handled) and parked events;
// - traces (OpenTelemetry messaging conventions): a PRODUCER span per publish, whose context travels
//   in the event's headers (BusEvent.headers: traceparent, tracestate), and a CONSUMER span per
//   delivery, child of that context, around the handler. A consumer therefore continues the trace of
//   the request that published, whichever adapter carried the event and however late it is handled.
//   A relay that publishes a stored row (transactional outbox) passes the headers it stored at write
//   time (`traceHeaders()` then): the publish span continues that trace instead of the relay's.
import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { busConsumerLag, busEvents, busParked } from '../metrics';
import { contextFromHeaders, traceHeaders } from '../trace';
import {
  DEFAULT_MAX_ATTEMPTS,
  PermanentEventError,
  type EventBus,
  type EventHandler,
  type OutgoingEvent,
  type ParkedEvents,
  type SubscribeOptions,
} from './event-bus';
import { KafkaEventBus } from './kafka-event-bus';
import type { KafkaParkedEventsOptions } from './kafka-parked';

/** The decorated bus; `adapter` is the transport underneath (for diagnostics and tests). */
export type InstrumentedBus = EventBus & { readonly adapter: EventBus };

const tracer = () => trace.getTracer('@astro/platform/bus');

function failed(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : new Error(String(err)));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * The PRODUCER span of one event and the event carrying its context in the headers. Stored headers (an
 * outbox row) name the parent; otherwise the active span does.
 */
function startPublishSpan(event: OutgoingEvent): { span: Span; context: Context; event: OutgoingEvent } {
  const headers = event.headers;
  const parent = headers?.traceparent ? contextFromHeaders(headers) : context.active();
  const span = tracer().startSpan(
    `publish ${event.topic}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'astro-bus',
        'messaging.operation.type': 'send',
        'messaging.destination.name': event.topic,
      },
    },
    parent,
  );
  const spanContext = trace.setSpan(parent, span);
  return { span, context: spanContext, event: { ...event, headers: { ...headers, ...traceHeaders(spanContext) } } };
}

export function instrumentBus(bus: EventBus, now: () => number = Date.now): InstrumentedBus {
  const publishBatch = async (events: OutgoingEvent[]): Promise<void> => {
    const spans = events.map(startPublishSpan);
    try {
      // One span per event, as a publish makes; the batch's call runs in the first one's context.
      await context.with(spans[0]?.context ?? context.active(), () => bus.publishBatch(spans.map((s) => s.event)));
      for (const e of events) busEvents.inc({ topic: e.topic, op: 'publish', outcome: 'ok' });
    } catch (err) {
      for (const { event, span } of spans) {
        busEvents.inc({ topic: event.topic, op: 'publish', outcome: 'error' });
        failed(span, err);
      }
      throw err;
    } finally {
      for (const { span } of spans) span.end();
    }
  };
  return {
    adapter: bus,
    publish: (topic, key, payload, opts) => publishBatch([{ topic, key, payload, ...opts }]),
    publishBatch,
    subscribe(group: string, topic: string, handler: EventHandler, opts?: SubscribeOptions) {
      const maxAttempts = opts?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      return bus.subscribe(
        group,
        topic,
        async (event) => {
          busConsumerLag.set({ group, topic }, Math.max(0, (now() - Date.parse(event.publishedAt)) / 1000));
          const parent = contextFromHeaders(event.headers);
          const span = tracer().startSpan(
            `process ${topic}`,
            {
              kind: SpanKind.CONSUMER,
              attributes: {
                'messaging.system': 'astro-bus',
                'messaging.operation.type': 'process',
                'messaging.destination.name': topic,
                'messaging.consumer.group.name': group,
                'messaging.message.id': event.id,
                'astro.bus.attempt': event.attempt,
              },
            },
            parent,
          );
          try {
            await context.with(trace.setSpan(parent, span), () => handler(event));
            busEvents.inc({ topic, op: 'consume', outcome: 'ok' });
          } catch (err) {
            // The adapter parks the event after its last attempt, or at once when it can never be
            // handled (event-bus.ts contract).
            const permanent = err instanceof PermanentEventError;
            const parked = permanent || event.attempt >= maxAttempts;
            busEvents.inc({ topic, op: 'consume', outcome: parked ? 'parked' : 'retry' });
            if (parked) busParked.inc({ group, topic, reason: permanent ? 'invalid' : 'failed' });
            failed(span, err);
            throw err;
          } finally {
            span.end();
          }
        },
        opts,
      );
    },
    close: () => bus.close(),
  };
}

/**
 * The parked-event store of a bus (the adapter underneath an instrumented one): the PostgreSQL bus
 * keeps its own (bus.parked); the Kafka bus's parked topics are read and replayed with a ledger of
 * replays in `ledger`, the replaying service's database (kafka-parked.ts). Null when there is none.
 */
export function parkedEventsOf(
  bus: EventBus | InstrumentedBus,
  ledger?: KafkaParkedEventsOptions['pool'],
): ParkedEvents | null {
  const adapter = 'adapter' in bus ? bus.adapter : bus;
  if (adapter instanceof KafkaEventBus) return ledger ? adapter.parkedEvents(ledger) : null;
  const candidate = adapter as Partial<ParkedEvents>;
  return typeof candidate.listParked === 'function' && typeof candidate.replayParked === 'function'
    ? (adapter as unknown as ParkedEvents)
    : null;
}
