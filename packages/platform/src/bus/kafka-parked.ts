// Parked events of the Kafka bus, for the operator (npm run operator -- list-parked / replay-parked):
// the records a consumer group gave up on live on `<topic>.parked` (kafka-event-bus.ts parks the
// original record with parked-* headers saying who, why and when). A parked record's id is
// `<topic>.parked:<partition>:<offset>`, stable for as long as the topic retains it.
//
// Replay ledger: which parked records were replayed is kept in a table of the database of the service
// that replays (the account service: OperatorService), not in a Kafka marker topic. A replay claims
// the record's row (INSERT ... ON CONFLICT DO NOTHING) in a transaction that stays open across the
// republish and commits after the broker acknowledged it. So a record is replayed once: a second
// operator (another account replica, a second terminal) blocks on the uncommitted row and then finds
// it claimed, which a compacted "replayed" topic could not give (reading the markers and writing one
// are two steps another replayer can interleave); a failed publish rolls the claim back; a crash
// after the publish and before the commit leaves the record replayable, and the second publish
// carries the same event id, which consumers dedupe (the bus's at-least-once contract).
import { randomUUID } from 'node:crypto';
import type { IHeaders, Kafka, KafkaMessage, Message, Producer } from 'kafkajs';
import type { ParkedEvent, ParkedEvents } from './event-bus';
import { HEADER, headerText as text, parkedTopic } from './kafka-codec';
import { inTransaction, type TxPool } from './outbox';

/** The ledger table (platform DDL, created by the replaying service's migration). */
export const PARKED_REPLAYS_TABLE = 'parked_replays';

const PARKED_SUFFIX = parkedTopic('');
const PARKED_ID = /^([A-Za-z0-9._-]{1,249}\.parked):(\d{1,9}):(\d{1,18})$/;

/** True for an id of a record on a parked topic (`<topic>.parked:<partition>:<offset>`). */
export function isKafkaParkedId(id: string): boolean {
  return PARKED_ID.test(id);
}

interface ParkedRecord {
  view: ParkedEvent;
  /** The original record to publish again (original topic, key, value, event id). */
  replay: { topic: string; message: Message };
}

export interface KafkaParkedEventsOptions {
  kafka: Kafka;
  /** The bus's producer, connected on demand by `connect`. */
  producer: Producer;
  connect: () => Promise<void>;
  /** The replaying service's database, holding the `parked_replays` ledger. */
  pool: TxPool & { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
}

export class KafkaParkedEvents implements ParkedEvents {
  constructor(private readonly options: KafkaParkedEventsOptions) {}

  async listParked(limit = 100): Promise<ParkedEvent[]> {
    const records = await this.notReplayed(await this.readParked());
    return records.slice(0, limit).map((r) => r.view);
  }

  async replayParked(which: string): Promise<ParkedEvent[]> {
    const match = which === 'all' ? null : PARKED_ID.exec(which);
    if (which !== 'all' && !match) throw new RangeError('a parked id is <topic>.parked:<partition>:<offset>, or "all"');
    const candidates = await this.notReplayed(await this.readParked(match ? match[1] : undefined));
    const chosen = which === 'all' ? candidates : candidates.filter((r) => r.view.id === which);
    const replayed: ParkedEvent[] = [];
    await this.options.connect();
    for (const record of chosen) if (await this.replayOnce(record)) replayed.push(record.view);
    return replayed;
  }

  /** Claims the record in the ledger, republishes, commits: false when another replay claimed it. */
  private replayOnce(record: ParkedRecord): Promise<boolean> {
    return inTransaction(this.options.pool, async (client) => {
      const claimed = (await client.query(
        `INSERT INTO ${PARKED_REPLAYS_TABLE} (parked_id, topic, group_name, event_id, replayed_at)
           VALUES ($1, $2, $3, $4, now()) ON CONFLICT (parked_id) DO NOTHING`,
        [record.view.id, record.view.topic, record.view.group, record.view.eventId],
      )) as { rowCount: number | null };
      if (!claimed.rowCount) return false;
      await this.options.producer.send({ topic: record.replay.topic, acks: -1, messages: [record.replay.message] });
      return true;
    });
  }

  private async notReplayed(records: ParkedRecord[]): Promise<ParkedRecord[]> {
    if (records.length === 0) return records;
    const { rows } = await this.options.pool.query(
      `SELECT parked_id FROM ${PARKED_REPLAYS_TABLE} WHERE parked_id = ANY($1::text[])`,
      [records.map((r) => r.view.id)],
    );
    const done = new Set((rows as { parked_id: string }[]).map((r) => r.parked_id));
    return records.filter((r) => !done.has(r.view.id));
  }

  /**
   * Every record on the parked topics (or on one), oldest first per topic. kafkajs has no manual
   * partition assignment, so a throw-away consumer group reads each partition from its low to its
   * high watermark, commits nothing, and is deleted afterwards.
   */
  private async readParked(only?: string): Promise<ParkedRecord[]> {
    const { kafka } = this.options;
    const admin = kafka.admin();
    await admin.connect();
    try {
      const topics = (await admin.listTopics()).filter((t) => (only ? t === only : t.endsWith(PARKED_SUFFIX))).sort();
      const ends = new Map<string, bigint>();
      for (const topic of topics)
        for (const p of await admin.fetchTopicOffsets(topic))
          if (BigInt(p.high) > BigInt(p.low)) ends.set(`${topic}:${p.partition}`, BigInt(p.high));
      if (ends.size === 0) return [];
      const groupId = `operator-parked-${randomUUID()}`;
      try {
        return await this.consumeUntil(groupId, [...new Set([...ends.keys()].map((k) => k.split(':')[0]!))], ends);
      } finally {
        await admin.deleteGroups([groupId]).catch(() => {});
      }
    } finally {
      await admin.disconnect();
    }
  }

  private async consumeUntil(groupId: string, topics: string[], ends: Map<string, bigint>): Promise<ParkedRecord[]> {
    const consumer = this.options.kafka.consumer({ groupId, allowAutoTopicCreation: false });
    const out: ParkedRecord[] = [];
    const remaining = new Set(ends.keys());
    await consumer.connect();
    try {
      await consumer.subscribe({ topics, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('reading the parked topics timed out')), 30_000);
        consumer
          .run({
            autoCommit: false,
            eachMessage: async ({ topic, partition, message }) => {
              const at = `${topic}:${partition}`;
              const end = ends.get(at);
              if (end === undefined || !remaining.has(at)) return;
              out.push(parkedRecord(topic, partition, message));
              if (BigInt(message.offset) + 1n >= end) remaining.delete(at);
              if (remaining.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch((err: unknown) => {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
          });
      });
    } finally {
      await consumer.disconnect();
    }
    return out.sort((a, b) => a.view.parkedAt.localeCompare(b.view.parkedAt) || a.view.id.localeCompare(b.view.id));
  }
}

function parkedRecord(topic: string, partition: number, message: KafkaMessage): ParkedRecord {
  const h = message.headers ?? {};
  const original = topic.slice(0, -PARKED_SUFFIX.length);
  const eventId =
    text(h, HEADER.eventId) ?? `${original}:${text(h, HEADER.originalPartition)}:${text(h, HEADER.originalOffset)}`;
  // The headers the record carried before it was parked (trace context, event id), not the parking ones.
  const headers: IHeaders = {};
  for (const [name, value] of Object.entries(h))
    if (value !== undefined && !PARKING_HEADERS.has(name) && name !== HEADER.publishedAt) headers[name] = value;
  return {
    view: {
      id: `${topic}:${partition}:${message.offset}`,
      group: text(h, HEADER.parkedGroup) ?? '',
      topic: original,
      eventId,
      attempts: Number(text(h, HEADER.parkedAttempts) ?? 0),
      // The first line only: a stack is for the logs, not for the operator's terminal.
      error: (text(h, HEADER.parkedError) ?? '').split('\n')[0] ?? '',
      parkedAt: text(h, HEADER.parkedAt) ?? new Date(Number(message.timestamp)).toISOString(),
    },
    replay: {
      topic: original,
      message: {
        key: message.key,
        value: message.value,
        // Same event id (consumers that handled it dedupe), published now (lag is measured from here).
        headers: { ...headers, [HEADER.eventId]: eventId, [HEADER.publishedAt]: new Date().toISOString() },
      },
    },
  };
}

const PARKING_HEADERS = new Set<string>([
  HEADER.parkedGroup,
  HEADER.parkedError,
  HEADER.parkedAttempts,
  HEADER.parkedAt,
  HEADER.originalPartition,
  HEADER.originalOffset,
]);
