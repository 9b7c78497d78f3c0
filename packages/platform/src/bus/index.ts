// Public face of the event bus: the port, both adapters, and the one place that picks between them.
import type { BusLogger } from './event-bus';
import { instrumentBus, type InstrumentedBus } from './instrumented';
import { KafkaEventBus } from './kafka-event-bus';
import { PgEventBus } from './pg-event-bus';

export * from './event-bus';
export { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus';
export { kafkaGroupId } from './kafka-codec';
export { PgEventBus, ensureBusSchema, publishInTx, type PgEventBusOptions } from './pg-event-bus';
export type { RetryPolicy } from './retry';
export { declaredTopics, ensureKafkaTopics, kafkaGroupState, kafkaServing, type GroupMember } from './kafka-admin';
export { PARKED_RETENTION_MS, TOPIC_CONFIG, type TopicConfig } from './topic-config';
export { instrumentBus, parkedEventsOf, type InstrumentedBus } from './instrumented';
export { isKafkaParkedId, KafkaParkedEvents, PARKED_REPLAYS_TABLE } from './kafka-parked';
export { applyOnce, pruneProcessed, type ApplyOnceOptions, type ApplyOnceResult } from './apply-once';
export * from './outbox';
export { PgNotifyListener, type PgNotifyListenerConfig } from './pg-listener';
export * from './domain-events';
export { OUTBOX_KEY_LOCK_NAMESPACE, OutboxRelay, type OutboxRelayOptions, type RoundResult } from './outbox-relay';

export interface CreateEventBusOptions {
  /** Comma-separated host:port list (the KAFKA_BROKERS setting); empty or absent means PostgreSQL. */
  kafkaBrokers?: string;
  databaseUrl: string;
  clientId: string;
  logger?: BusLogger;
}

/** Kafka when brokers are configured (production), else the PostgreSQL bus (the single-machine default). */
export function createEventBus(opts: CreateEventBusOptions): InstrumentedBus {
  const setting = opts.kafkaBrokers?.trim() ?? '';
  if (setting === '') return instrumentBus(new PgEventBus({ connectionString: opts.databaseUrl, logger: opts.logger }));
  const brokers = parseBrokers(setting);
  // A value like "," is a broken setting, not a request for PostgreSQL: say so instead of falling back.
  if (brokers.length === 0) throw new Error('kafkaBrokers is set but names no broker');
  return instrumentBus(new KafkaEventBus({ brokers, clientId: opts.clientId, logger: opts.logger }));
}

function parseBrokers(value: string): string[] {
  return value
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker.length > 0);
}
