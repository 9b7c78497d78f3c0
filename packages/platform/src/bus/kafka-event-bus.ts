// The production EventBus adapter (DESIGN.md §3, chosen by KAFKA_BROKERS), on kafkajs 2.2.4.
//
// Ordering: Kafka orders records per partition. Topics this adapter creates have ONE partition by
// default, which gives the port's "publish order per (group, topic)". The fleet's own topics have the
// partitions declared in topic-config.ts (several, so replicas of a consumer share them): there order
// holds per key only (records are keyed by `key`, e.g. the
// tenant), in exchange for spreading a group's work over several consumers.
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachMessagePayload,
  type LogEntry,
  type Message,
  type Producer,
} from 'kafkajs';
import {
  EventBusClosedError,
  fallbackLogger,
  type BusLogger,
  type EventBus,
  type EventHandler,
  type OutgoingEvent,
  type ParkedEvents,
  type PublishOptions,
  type SubscribeOptions,
} from './event-bus';
import { declaredTopics } from './kafka-admin';
import { decodeEvent, encodeEvent, encodeParked, kafkaGroupId, parkedTopic } from './kafka-codec';
import { KafkaParkedEvents, type KafkaParkedEventsOptions } from './kafka-parked';
import { DEFAULT_RETRY_POLICY, deliverWithRetry, resolveMaxAttempts, type RetryPolicy } from './retry';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger?: BusLogger;
  /** Partitions for topics this bus creates (default 1: total order per topic). */
  numPartitions?: number;
  /** Replication for topics this bus creates (default -1: the broker's default.replication.factor). */
  replicationFactor?: number;
  retry?: RetryPolicy;
}

/** Thrown out of eachMessage when closing mid-retry, so kafkajs does not commit the unhandled record. */
class DeliveryInterrupted extends Error {
  constructor() {
    super('event bus closing: record left uncommitted for redelivery');
    this.name = 'DeliveryInterrupted';
  }
}

export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly logger: BusLogger;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly consumers: Consumer[] = [];
  private readonly topicsReady = new Map<string, Promise<void>>();
  private readonly closing = new AbortController();
  private producerReady: Promise<void> | null = null;
  private adminReady: Promise<void> | null = null;
  private closed: Promise<void> | null = null;

  constructor(private readonly options: KafkaEventBusOptions) {
    this.logger = options.logger ?? fallbackLogger;
    this.kafka = new Kafka({
      brokers: options.brokers,
      clientId: options.clientId,
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => this.forwardLog(entry),
    });
    // Idempotent: broker-side dedupe of producer retries, acks from all in-sync replicas, and one
    // request in flight so a retried batch cannot overtake the next one (kafkajs's EoS requirement).
    // No auto-creation: topics are created by ensureTopic with our partition count. The default
    // (Java-compatible murmur2) partitioner, named explicitly, puts a key where other clients would.
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
  }

  publish(topic: string, key: string, payload: unknown, opts?: PublishOptions): Promise<void> {
    return this.publishBatch([{ topic, key, payload, ...opts }]);
  }

  async publishBatch(events: OutgoingEvent[]): Promise<void> {
    this.assertOpen();
    if (events.length === 0) return;
    // A key's events land on one partition, in the order of their topic's message list.
    const byTopic = new Map<string, Message[]>();
    for (const e of events) {
      const messages = byTopic.get(e.topic) ?? byTopic.set(e.topic, []).get(e.topic)!;
      messages.push(encodeEvent(e.key, e.payload, e.id, e.headers));
    }
    await Promise.all([...byTopic.keys()].map((topic) => this.ensureTopic(topic)));
    await this.connectProducer();
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  async subscribe(group: string, topic: string, handler: EventHandler, opts?: SubscribeOptions): Promise<void> {
    this.assertOpen();
    const maxAttempts = resolveMaxAttempts(opts?.maxAttempts);
    await Promise.all([this.ensureTopic(topic), this.ensureTopic(parkedTopic(topic))]);
    // Parking publishes from inside the consumer, so the producer must be up first.
    await this.connectProducer();
    const consumer = this.kafka.consumer({ groupId: kafkaGroupId(group, topic), allowAutoTopicCreation: false });
    this.consumers.push(consumer);
    await consumer.connect();
    // fromBeginning only applies to a group with no committed offsets: a new group reads the whole topic.
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: (payload) => this.handleMessage(consumer, group, handler, maxAttempts, payload),
    });
  }

  /**
   * The operator's view of this bus's parked records (kafka-parked.ts), replays recorded in the
   * `parked_replays` table of `pool` (the replaying service's database).
   */
  parkedEvents(pool: KafkaParkedEventsOptions['pool']): ParkedEvents {
    return new KafkaParkedEvents({
      kafka: this.kafka,
      producer: this.producer,
      connect: () => {
        this.assertOpen();
        return this.connectProducer();
      },
      pool,
    });
  }

  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closing.abort();
    // consumer.disconnect() waits for the running eachMessage to finish before leaving the group.
    await Promise.all(this.consumers.map((c) => c.disconnect().catch((err: unknown) => this.logDisconnect(err))));
    await Promise.all([
      this.producer.disconnect().catch((err: unknown) => this.logDisconnect(err)),
      this.admin.disconnect().catch((err: unknown) => this.logDisconnect(err)),
    ]);
  }

  private async handleMessage(
    consumer: Consumer,
    group: string,
    handler: EventHandler,
    maxAttempts: number,
    { topic, partition, message, heartbeat }: EachMessagePayload,
  ): Promise<void> {
    const decoded = decodeEvent(topic, partition, message);
    const outcome = decoded.ok
      ? await deliverWithRetry({
          event: decoded.event,
          handler,
          maxAttempts,
          policy: this.options.retry ?? DEFAULT_RETRY_POLICY,
          signal: this.closing.signal,
          logger: this.logger,
          group,
          beforeRetry: heartbeat,
        })
      : ({ kind: 'failed', attempts: 0, error: decoded.error } as const);
    if (outcome.kind === 'handled') return; // kafkajs resolves and commits the offset
    if (outcome.kind === 'interrupted') throw new DeliveryInterrupted();
    // If parking fails this throws, the offset stays uncommitted and the record comes back: never dropped.
    await this.producer.send({
      topic: parkedTopic(topic),
      acks: -1,
      messages: [encodeParked(message, { group, partition, attempts: outcome.attempts, error: outcome.error })],
    });
    await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
    this.logger.error('event parked after failed attempts', {
      group,
      topic,
      partition,
      offset: message.offset,
      eventId: decoded.ok ? decoded.event.id : undefined,
      attempts: outcome.attempts,
    });
  }

  /** Creates the topic if missing (once per topic per bus); concurrent creators elsewhere are fine. */
  private ensureTopic(topic: string): Promise<void> {
    let ready = this.topicsReady.get(topic);
    if (!ready) {
      ready = this.createTopic(topic).catch((err: unknown) => {
        this.topicsReady.delete(topic); // retry on the next call
        throw err;
      });
      this.topicsReady.set(topic, ready);
    }
    return ready;
  }

  private async createTopic(topic: string): Promise<void> {
    this.adminReady ??= this.connectOnce(
      () => this.admin.connect(),
      () => (this.adminReady = null),
    );
    await this.adminReady;
    // Usually the launcher created it already: asking first keeps kafkajs from logging the broker's
    // TOPIC_ALREADY_EXISTS answer as an error in every service at every start.
    if ((await this.admin.listTopics()).includes(topic)) return;
    // A fleet topic gets its declared partitions and retention even when a service creates it first.
    const declared = declaredTopics().find((t) => t.topic === topic);
    const spec = declared ?? {
      topic,
      numPartitions: this.options.numPartitions ?? 1,
      replicationFactor: this.options.replicationFactor ?? -1,
    };
    // Resolves false when the topic already exists; waitForLeaders makes it usable on return. Right
    // after the creation the broker may still answer "does not host this topic-partition" to the
    // leader check (seen on Kafka 4.1 with kafkajs 2.2.4): a retriable error, so ask again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.admin.createTopics({ waitForLeaders: true, topics: [spec] });
        return;
      } catch (err) {
        if (!(err as { retriable?: boolean }).retriable || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  private connectProducer(): Promise<void> {
    this.producerReady ??= this.connectOnce(
      () => this.producer.connect(),
      () => (this.producerReady = null),
    );
    return this.producerReady;
  }

  private connectOnce(connect: () => Promise<void>, reset: () => void): Promise<void> {
    return connect().catch((err: unknown) => {
      reset();
      throw err;
    });
  }

  private forwardLog({ namespace, level, log }: LogEntry): void {
    const { message, timestamp: _timestamp, logger: _logger, ...rest } = log;
    const meta = { namespace, ...rest };
    if (level === logLevel.ERROR) this.logger.error(`kafka: ${message}`, meta);
    else if (level === logLevel.WARN) this.logger.warn(`kafka: ${message}`, meta);
    else this.logger.info(`kafka: ${message}`, meta);
  }

  private logDisconnect(err: unknown): void {
    this.logger.warn('kafka disconnect failed', { error: err instanceof Error ? err.message : String(err) });
  }

  private assertOpen(): void {
    if (this.closing.signal.aborted) throw new EventBusClosedError();
  }
}
