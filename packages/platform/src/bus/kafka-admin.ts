// Broker-side chores for launchers and test runners (not for services): is a broker serving, and the
// fleet's topics created with their declared partitions and retention (topic-config.ts).
import { AssignerProtocol, Kafka, logLevel, type ITopicConfig } from 'kafkajs';
import { kafkaGroupId, parkedTopic } from './kafka-codec';
import { PARKED_RETENTION_MS, TOPIC_CONFIG, type TopicConfig } from './topic-config';

/** `once`: a single try (readiness polling); otherwise kafkajs's default retries. */
function client(brokers: string, clientId: string, once = false) {
  return new Kafka({
    brokers: brokers.split(',').map((b) => b.trim()),
    clientId,
    logLevel: logLevel.NOTHING,
    ...(once ? { retry: { retries: 0 }, connectionTimeout: 1_000 } : {}),
  });
}

/** Null when the broker answers a metadata request with an elected controller, else why not. */
export async function kafkaServing(brokers: string): Promise<string | null> {
  const admin = client(brokers, 'kafka-readiness', true).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null ? null : 'no controller elected yet';
  } catch (err) {
    return (err as Error).message;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** The topic list to create: every declared topic and its parking topic. */
export function declaredTopics(config: Readonly<Record<string, TopicConfig>> = TOPIC_CONFIG): ITopicConfig[] {
  return Object.entries(config).flatMap(([topic, c]) => [
    { topic, numPartitions: c.partitions, configEntries: [{ name: 'retention.ms', value: String(c.retentionMs) }] },
    {
      topic: parkedTopic(topic),
      numPartitions: 1,
      configEntries: [{ name: 'retention.ms', value: String(PARKED_RETENTION_MS) }],
    },
  ]);
}

/**
 * Creates the declared topics that do not exist yet (existing ones are left as they are) and returns
 * the names created. Waits until every partition has a leader, so producers can use them at once.
 */
export async function ensureKafkaTopics(brokers: string): Promise<string[]> {
  const admin = client(brokers, 'kafka-topics').admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = declaredTopics().filter((t) => !existing.has(t.topic));
    if (missing.length > 0) await admin.createTopics({ topics: missing, waitForLeaders: true });
    return missing.map((t) => t.topic);
  } finally {
    await admin.disconnect();
  }
}

export interface GroupMember {
  clientId: string;
  /** Partitions of `topic` assigned to this member. */
  partitions: number[];
}

/**
 * Who in the consumer group of the port's (group, topic) holds which partitions, and how far behind
 * the group is (records not yet committed).
 */
export async function kafkaGroupState(
  brokers: string,
  portGroup: string,
  topic: string,
): Promise<{ state: string; members: GroupMember[]; lag: number }> {
  const group = kafkaGroupId(portGroup, topic);
  const admin = client(brokers, 'kafka-group-state').admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([group]);
    const g = groups[0];
    const members = (g?.members ?? []).map((m) => {
      const assignment = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
      return { clientId: m.clientId, partitions: [...(assignment?.assignment[topic] ?? [])].sort((a, b) => a - b) };
    });
    const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    const ends = await admin.fetchTopicOffsets(topic);
    let lag = 0;
    for (const end of ends) {
      const c = committed?.partitions.find((p) => p.partition === end.partition);
      const at = c && Number(c.offset) >= 0 ? Number(c.offset) : Number(end.low);
      lag += Number(end.high) - at;
    }
    return { state: g?.state ?? 'Unknown', members, lag };
  } finally {
    await admin.disconnect();
  }
}
