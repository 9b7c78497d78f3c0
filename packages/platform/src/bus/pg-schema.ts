// Tables and the publish function of the PostgreSQL event bus, all in schema `bus`.
//
// bus.events   the log: one row per published event; ids grow in commit order per topic (see below).
// bus.cursors  one row per (group, topic): the id of the last event the group is done with. Its row
//              lock is the "one consumer of the group works at a time" mutex.
// bus.parked   events a group gave up on after maxAttempts, copied with the error text, kept until an
//              operator deals with them (a copy, so pruning bus.events later cannot lose them).
import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';
import type { PublishOptions } from './event-bus';

// One NOTIFY channel per topic, so that a publish wakes only the processes that consume its topic
// (issue 18: with one shared channel, every chart creation woke all seven processes, ~0.1 ms of CPU
// each, though none consumes chart.created). A channel name is an identifier of at most 63 bytes, and
// topics may be longer: those are named by the MD5 of the topic. bus.publish computes the same name.
const CHANNEL_PREFIX = 'bus:';
const MAX_CHANNEL_BYTES = 63;

/** The NOTIFY channel of a topic's publishes (the same as bus.publish's). */
export function topicChannel(topic: string): string {
  return Buffer.byteLength(topic) <= MAX_CHANNEL_BYTES - CHANNEL_PREFIX.length
    ? CHANNEL_PREFIX + topic
    : CHANNEL_PREFIX + createHash('md5').update(topic).digest('hex');
}

// Two-key advisory locks (int4, int4) live in a different key space from one-key (bigint) locks, so a
// fixed first key keeps the bus's locks apart from any other advisory locks the application takes.
const LOCK_NAMESPACE_PUBLISH = 0x62757301; // 'bus' + 1
const LOCK_NAMESPACE_SETUP = 0x62757302;

// Why the advisory lock in bus.publish: a bigserial id is taken when the row is inserted, but rows
// become visible when their transaction commits, which can be in a different order. If publisher A
// took id 10 and publisher B id 11, and B committed first, a consumer could read 11, move its cursor
// past 10, and never see 10 once A commits. Taking a per-topic transaction-scoped lock *before* the
// insert makes publishers of one topic take ids and commit one after the other: the lock is released
// only after the transaction is visible to others, so whenever id N is visible, every smaller id of that
// topic is either visible or rolled back for good. The cost: publishes to one topic are serialized for
// the length of the publishing transaction (keep outbox transactions short); other topics do not wait,
// except on a hashtext collision, which only costs some waiting, never correctness.
const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS bus;

CREATE TABLE IF NOT EXISTS bus.events (
  id           bigserial   PRIMARY KEY,
  topic        text        NOT NULL,
  key          text        NOT NULL,
  payload      jsonb       NOT NULL,
  published_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS events_topic_id_idx ON bus.events (topic, id);
-- The publisher's event id (the outbox row id) when it gave one; consumers see coalesce(event_id, id).
ALTER TABLE bus.events ADD COLUMN IF NOT EXISTS event_id text;
-- Event headers (the publisher's trace context), added after the first release: nullable, no rewrite.
ALTER TABLE bus.events ADD COLUMN IF NOT EXISTS headers jsonb;

CREATE TABLE IF NOT EXISTS bus.cursors (
  group_name    text        NOT NULL,
  topic         text        NOT NULL,
  last_event_id bigint      NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_name, topic)
);

CREATE TABLE IF NOT EXISTS bus.parked (
  id           bigserial   PRIMARY KEY,
  group_name   text        NOT NULL,
  topic        text        NOT NULL,
  event_id     bigint      NOT NULL,
  key          text        NOT NULL,
  payload      jsonb       NOT NULL,
  published_at timestamptz NOT NULL,
  attempts     integer     NOT NULL,
  error        text        NOT NULL,
  parked_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_name, topic, event_id)
);
-- The id consumers saw (kept on replay so their dedupe holds), and when an operator replayed it.
ALTER TABLE bus.parked ADD COLUMN IF NOT EXISTS event_uid text;
ALTER TABLE bus.parked ADD COLUMN IF NOT EXISTS replayed_at timestamptz;

-- The publisher's event id (the outbox row id) and headers (trace context) are optional: NULL.
CREATE OR REPLACE FUNCTION bus.publish(
  p_topic text, p_key text, p_payload jsonb, p_event_id text, p_headers jsonb
) RETURNS bigint
LANGUAGE plpgsql AS $fn$
DECLARE
  new_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(${LOCK_NAMESPACE_PUBLISH}, hashtext(p_topic));
  INSERT INTO bus.events (topic, key, payload, event_id, headers)
    VALUES (p_topic, p_key, p_payload, p_event_id, p_headers)
    RETURNING id INTO new_id;
  -- Delivered when the transaction commits, never for a rollback; channel named as topicChannel() does.
  PERFORM pg_notify(CASE WHEN octet_length(p_topic) <= ${MAX_CHANNEL_BYTES - CHANNEL_PREFIX.length}
                         THEN '${CHANNEL_PREFIX}' || p_topic ELSE '${CHANNEL_PREFIX}' || md5(p_topic) END, '');
  RETURN new_id;
END
$fn$;

-- The shorter arities (earlier releases, Prisma callers) delegate to the full one; NULL = not given.
CREATE OR REPLACE FUNCTION bus.publish(p_topic text, p_key text, p_payload jsonb) RETURNS bigint
LANGUAGE sql AS $fn$ SELECT bus.publish(p_topic, p_key, p_payload, NULL::text, NULL::jsonb) $fn$;
CREATE OR REPLACE FUNCTION bus.publish(p_topic text, p_key text, p_payload jsonb, p_event_id text) RETURNS bigint
LANGUAGE sql AS $fn$ SELECT bus.publish(p_topic, p_key, p_payload, p_event_id, NULL::jsonb) $fn$;
CREATE OR REPLACE FUNCTION bus.publish(p_topic text, p_key text, p_payload jsonb, p_headers jsonb) RETURNS bigint
LANGUAGE sql AS $fn$ SELECT bus.publish(p_topic, p_key, p_payload, NULL::text, p_headers) $fn$;
`;

/**
 * Creates the bus tables and function if missing. Safe to run from many processes at once: the DDL runs
 * under an advisory lock, because concurrent CREATE ... IF NOT EXISTS / CREATE OR REPLACE can still fail
 * with unique-violation or "tuple concurrently updated" errors.
 */
export async function ensureBusSchema(client: ClientBase): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1, 0)', [LOCK_NAMESPACE_SETUP]);
    await client.query(SCHEMA_SQL);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/**
 * Publishes inside the caller's open transaction (outbox style): the event exists if and only if the
 * transaction commits, and consumers are woken at commit. Needs the schema (PgEventBus.start() or
 * ensureBusSchema). Holds the topic's publish lock until the caller commits, so commit promptly.
 * Callers without a pg client (Prisma) can run the same statement: SELECT bus.publish($1, $2, $3::jsonb).
 * Returns the event id.
 */
export async function publishInTx(
  client: ClientBase,
  topic: string,
  key: string,
  payload: unknown,
  opts?: PublishOptions,
): Promise<string> {
  validateName('topic', topic);
  const result = await client.query<{ id: string }>(
    'SELECT bus.publish($1, $2, $3::jsonb, $4::text, $5::jsonb) AS id',
    [topic, key, toJson(payload), opts?.id ?? null, headersJson(opts?.headers)],
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('bus.publish returned no id');
  return id;
}

/** Event headers as a jsonb parameter: SQL NULL when there are none. */
export function headersJson(headers: Record<string, string> | undefined): string | null {
  return headers && Object.keys(headers).length ? JSON.stringify(headers) : null;
}

/** JSON text for a jsonb parameter; `undefined` is stored as JSON null rather than failing NOT NULL. */
export function toJson(payload: unknown): string {
  return JSON.stringify(payload ?? null);
}

// Bounded so names stay readable in tables and logs; real names are far shorter.
const MAX_NAME_LENGTH = 200;

export function validateName(what: 'topic' | 'group', name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) {
    throw new RangeError(`${what} must be a non-empty string of at most ${MAX_NAME_LENGTH} characters`);
  }
}
