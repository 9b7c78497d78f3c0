// Every topic the fleet uses on Kafka, with its partitions and retention: the one place they are
// declared. The launcher and the test runner create them before the services start (ensureKafkaTopics);
// the bus adapter creates any other topic (tests' own) with its defaults.
//
// Partitions: events are keyed by tenant id, so order holds per tenant and replicas of a consumer group
// share a topic's partitions (one partition per replica at most is busy). Retention: long enough for a
// consumer that was down over a weekend to catch up, with erasure events kept longer than the
// high-volume usage stream.
import { EVENT_CATALOG as EVENTS } from '@astro/protos/astro/events/v1/catalog';

export interface TopicConfig {
  partitions: number;
  /** How long the broker keeps records, in milliseconds (retention.ms). */
  retentionMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

// Domain events by their generated topic names (protos/astro/events/v1); usage.recorded is the
// gateway's metering stream, not a domain event. topic-config.test.ts checks every catalog topic is here.
export const TOPIC_CONFIG: Readonly<Record<string, TopicConfig>> = {
  [EVENTS.ChartCreated.topic]: { partitions: 6, retentionMs: 7 * DAY_MS },
  [EVENTS.ChartDeleted.topic]: { partitions: 6, retentionMs: 30 * DAY_MS },
  [EVENTS.TenantDataErased.topic]: { partitions: 6, retentionMs: 30 * DAY_MS },
  [EVENTS.FeedbackSubmitted.topic]: { partitions: 6, retentionMs: 7 * DAY_MS },
  'usage.recorded': { partitions: 6, retentionMs: 3 * DAY_MS },
  [EVENTS.QuotaThresholdReached.topic]: { partitions: 6, retentionMs: 7 * DAY_MS },
};

/** Where a record that kept failing is parked (kafka-codec.ts parkedTopic): kept as long as its source. */
export const PARKED_RETENTION_MS = 30 * DAY_MS;
