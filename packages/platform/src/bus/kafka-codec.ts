// How a bus event travels in a Kafka record: key = the event key, value = the JSON payload, and the
// bus's own fields in headers, so a parked copy keeps the same id and publish time as the original.
import { randomUUID } from 'node:crypto';
import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { BusEvent } from './event-bus';

export const HEADER = {
  eventId: 'event-id',
  publishedAt: 'published-at',
  parkedGroup: 'parked-group',
  parkedError: 'parked-error',
  parkedAttempts: 'parked-attempts',
  parkedAt: 'parked-at',
  originalPartition: 'original-partition',
  originalOffset: 'original-offset',
} as const;

export const parkedTopic = (topic: string): string => `${topic}.parked`;

const BUS_HEADERS = new Set<string>(Object.values(HEADER));

/**
 * The Kafka consumer group behind the port's (group, topic). One Kafka group per topic, not one per
 * port group: a service subscribes one group to several topics through separate consumers (feedback's
 * 'feedback-erasure' takes chart.deleted and tenant.data_erased), and kafkajs's assigners hand a
 * group's partitions round-robin to every member whatever it subscribed to; a consumer then drops the
 * partitions of topics it does not subscribe to ("received unsubscribed topics"), so those events were
 * never consumed. Found by the erasure tests on Kafka (the consumer stopped and restarted).
 */
export function kafkaGroupId(group: string, topic: string): string {
  return `${group}.${topic}`;
}

/**
 * `id`: the publisher's event id (the outbox row id), else a fresh one. `headers` (the publisher's
 * trace context) travel as record headers beside the bus's own.
 */
export function encodeEvent(
  key: string,
  payload: unknown,
  id: string = randomUUID(),
  headers?: Record<string, string>,
): Message {
  return {
    key,
    value: JSON.stringify(payload ?? null),
    headers: { ...headers, [HEADER.eventId]: id, [HEADER.publishedAt]: new Date().toISOString() },
  };
}

/** The record headers that are not the bus's own (BusEvent.headers). */
function eventHeaders(headers: IHeaders): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const text = BUS_HEADERS.has(name) ? undefined : headerText(headers, name);
    if (text !== undefined) out[name] = text;
  }
  return Object.keys(out).length ? out : undefined;
}

export type DecodeResult = { ok: true; event: Omit<BusEvent, 'attempt'> } | { ok: false; error: string };

export function decodeEvent(topic: string, partition: number, message: KafkaMessage): DecodeResult {
  const headers = message.headers ?? {};
  // Records from other producers may lack our headers: fall back to values that are still stable.
  const id = headerText(headers, HEADER.eventId) ?? `${topic}:${partition}:${message.offset}`;
  const publishedAt = headerText(headers, HEADER.publishedAt) ?? new Date(Number(message.timestamp)).toISOString();
  const extra = eventHeaders(headers);
  const base = {
    id,
    topic,
    key: message.key?.toString('utf8') ?? '',
    publishedAt,
    ...(extra ? { headers: extra } : {}),
  };
  try {
    const payload: unknown = message.value === null ? null : JSON.parse(message.value.toString('utf8'));
    return { ok: true, event: { ...base, payload } };
  } catch (err) {
    return { ok: false, error: `payload is not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export interface ParkInfo {
  group: string;
  partition: number;
  attempts: number;
  error: string;
}

/** The original record, unchanged, plus why and where it was parked. */
export function encodeParked(message: KafkaMessage, info: ParkInfo): Message {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...(message.headers ?? {}),
      [HEADER.parkedGroup]: info.group,
      [HEADER.parkedError]: info.error,
      [HEADER.parkedAttempts]: String(info.attempts),
      [HEADER.parkedAt]: new Date().toISOString(),
      [HEADER.originalPartition]: String(info.partition),
      [HEADER.originalOffset]: message.offset,
    },
  };
}

export function headerText(headers: IHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}
