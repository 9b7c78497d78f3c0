// Domain events as a contract (DESIGN.md §3): payloads are the proto messages of
// protos/astro/events/v1, topics come from their `topic` option through the generated catalog, and a
// consumer validates what it receives. On the wire an event is the message's proto3 JSON plus "@type"
// (its full name, as in google.protobuf.Any): a different name on a topic (a v2 the consumer does not
// know yet) or a payload that does not fit the message is parked at once (PermanentEventError) with
// the reason (field names only, never values) instead of crashing or retrying the consumer.
import { EVENT_CATALOG, type EventFieldSpec, type EventSpec } from '@astro/protos/astro/events/v1/catalog';
import { isUuid } from '../ids';
import { PermanentEventError, type BusEvent, type EventBus, type SubscribeOptions } from './event-bus';
import type { OutboxMessage } from './outbox';

export { EVENT_CATALOG as EVENTS, type EventSpec };

/** Payload type of a catalog entry. */
export type EventPayload<S> = S extends EventSpec<infer T> ? T : never;

/** The outbox message for an event of `spec`, keyed by its tenant. */
export function eventMessage<T extends { tenant_id: string }>(spec: EventSpec<T>, payload: T): OutboxMessage {
  return { topic: spec.topic, key: payload.tenant_id, payload: { '@type': spec.type, ...payload } };
}

/**
 * The payload of `event` as a `spec` message, or a PermanentEventError saying why not: not an object,
 * another message type or version, a field of the wrong kind, or a field the message does not have
 * (a newer producer's: this consumer cannot know what it means, so it parks rather than half-applies).
 */
export function decodeEvent<T>(spec: EventSpec<T>, event: Pick<BusEvent, 'payload' | 'topic'>): T {
  const p = event.payload;
  if (typeof p !== 'object' || p === null || Array.isArray(p))
    throw new PermanentEventError(`${event.topic}: payload is not a JSON object`);
  const { '@type': type, ...fields } = p as Record<string, unknown>;
  if (type !== spec.type)
    throw new PermanentEventError(
      `${event.topic}: unknown event type ${typeof type === 'string' ? JSON.stringify(type.slice(0, 100)) : 'missing'}, expected ${spec.type}`,
    );
  const known = new Map(spec.fields.map((f) => [f.name, f]));
  for (const [name, value] of Object.entries(fields)) {
    const field = known.get(name);
    if (!field) throw new PermanentEventError(`${event.topic}: unknown field ${JSON.stringify(name.slice(0, 100))}`);
    if (!fits(field, value)) throw new PermanentEventError(`${event.topic}: field ${name} is not a ${kindText(field)}`);
  }
  // proto3 JSON omits default values: fill them so handlers see every field.
  const out: Record<string, unknown> = {};
  for (const f of spec.fields) out[f.name] = fields[f.name] ?? defaultOf(f);
  return out as T;
}

function fits(field: EventFieldSpec, value: unknown): boolean {
  if (value === null) return true;
  if (field.repeated) return Array.isArray(value) && value.every((v) => fits({ ...field, repeated: false }, v));
  switch (field.kind) {
    case 'string':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === 'object' && !Array.isArray(value);
  }
}

function kindText(field: EventFieldSpec): string {
  return field.repeated ? `list of ${field.kind}` : field.kind;
}

function defaultOf(field: EventFieldSpec): unknown {
  if (field.repeated) return [];
  return { string: '', bool: false, number: 0, message: null }[field.kind];
}

/** Subscribes `group` to the topic of `spec`, handing the handler validated payloads. */
export function subscribeEvent<T>(
  bus: EventBus,
  group: string,
  spec: EventSpec<T>,
  handler: (payload: T, event: BusEvent) => Promise<void>,
  opts?: SubscribeOptions,
): Promise<void> {
  return bus.subscribe(group, spec.topic, (event) => handler(decodeEvent(spec, event), event), opts);
}

/** What an erasure event asks for: every row of the tenant, or only what derives from one chart. */
export interface ErasureRequest {
  tenantId: string;
  /** null: the whole tenant (tenant.data_erased). */
  chartId: string | null;
  /** The bus event id, for participants that record what they applied. */
  eventId: string;
}

/**
 * Makes a service an erasure participant (DESIGN.md §3): its consumer group `group` receives
 * chart.deleted and tenant.data_erased, validated (tenant and chart ids must be UUIDs, else the event
 * is parked), and `erase` deletes what the service holds. `erase` must be idempotent (a repeat deletes
 * nothing more): the bus delivers at least once.
 */
export async function joinErasure(
  bus: EventBus,
  group: string,
  erase: (request: ErasureRequest) => Promise<unknown>,
  opts?: SubscribeOptions,
): Promise<void> {
  await subscribeEvent(
    bus,
    group,
    EVENT_CATALOG.ChartDeleted,
    async (p, event) => {
      requireUuid(event.topic, 'tenant_id', p.tenant_id);
      requireUuid(event.topic, 'chart_id', p.chart_id);
      await erase({ tenantId: p.tenant_id, chartId: p.chart_id, eventId: event.id });
    },
    opts,
  );
  await subscribeEvent(
    bus,
    group,
    EVENT_CATALOG.TenantDataErased,
    async (p, event) => {
      requireUuid(event.topic, 'tenant_id', p.tenant_id);
      await erase({ tenantId: p.tenant_id, chartId: null, eventId: event.id });
    },
    opts,
  );
}

function requireUuid(topic: string, field: string, value: string): void {
  if (!isUuid(value)) throw new PermanentEventError(`${topic}: field ${field} is not a UUID`);
}
