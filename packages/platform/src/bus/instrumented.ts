// Decorates any EventBus with the bus metric families (publish and consume counts by outcome, and the
// consumer lag: how long after publication an event is handled), so both adapters report the same way.
import { busConsumerLag, busEvents, busParked } from '../metrics';
import {
  DEFAULT_MAX_ATTEMPTS,
  PermanentEventError,
  type EventBus,
  type EventHandler,
  type ParkedEvents,
  type SubscribeOptions,
} from './event-bus';

/** The decorated bus; `adapter` is the transport underneath (for diagnostics and tests). */
export type InstrumentedBus = EventBus & { readonly adapter: EventBus };

export function instrumentBus(bus: EventBus, now: () => number = Date.now): InstrumentedBus {
  return {
    adapter: bus,
    async publish(topic, key, payload, opts) {
      try {
        await bus.publish(topic, key, payload, opts);
        busEvents.inc({ topic, op: 'publish', outcome: 'ok' });
      } catch (err) {
        busEvents.inc({ topic, op: 'publish', outcome: 'error' });
        throw err;
      }
    },
    subscribe(group: string, topic: string, handler: EventHandler, opts?: SubscribeOptions) {
      const maxAttempts = opts?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      return bus.subscribe(
        group,
        topic,
        async (event) => {
          busConsumerLag.set({ group, topic }, Math.max(0, (now() - Date.parse(event.publishedAt)) / 1000));
          try {
            await handler(event);
            busEvents.inc({ topic, op: 'consume', outcome: 'ok' });
          } catch (err) {
            // The adapter parks the event after its last attempt, or at once when it can never be
            // handled (event-bus.ts contract).
            const permanent = err instanceof PermanentEventError;
            const parked = permanent || event.attempt >= maxAttempts;
            busEvents.inc({ topic, op: 'consume', outcome: parked ? 'parked' : 'retry' });
            if (parked) busParked.inc({ group, topic, reason: permanent ? 'invalid' : 'failed' });
            throw err;
          }
        },
        opts,
      );
    },
    close: () => bus.close(),
  };
}

/** The parked-event store of a bus (the adapter underneath an instrumented one), when it has one. */
export function parkedEventsOf(bus: EventBus | InstrumentedBus): ParkedEvents | null {
  const adapter = 'adapter' in bus ? bus.adapter : bus;
  const candidate = adapter as Partial<ParkedEvents>;
  return typeof candidate.listParked === 'function' && typeof candidate.replayParked === 'function'
    ? (adapter as unknown as ParkedEvents)
    : null;
}
