// The Kafka record format, checked without a broker (the Kafka contract needs KAFKA_BROKERS).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { IHeaders, KafkaMessage } from 'kafkajs';
import { decodeEvent, encodeEvent, encodeParked, HEADER, parkedTopic } from './kafka-codec';

/** What a consumer would receive for a produced message (kafkajs hands headers back as Buffers). */
function asReceived(message: ReturnType<typeof encodeEvent>, offset = '41'): KafkaMessage & { headers: IHeaders } {
  const headers = Object.fromEntries(
    Object.entries(message.headers ?? {}).map(([name, value]) => [name, Buffer.from(String(value))]),
  );
  return {
    key: message.key === undefined || message.key === null ? null : Buffer.from(message.key),
    value: message.value === null ? null : Buffer.from(message.value),
    timestamp: '1700000000000',
    attributes: 0,
    offset,
    headers,
  };
}

describe('kafka codec', () => {
  it('round-trips key, payload, id and publish time', () => {
    const sent = encodeEvent('tenant-1', { chart_id: 'c1', n: [1, 2] });
    const decoded = decodeEvent('chart.deleted', 0, asReceived(sent));
    assert.ok(decoded.ok);
    assert.equal(decoded.event.topic, 'chart.deleted');
    assert.equal(decoded.event.key, 'tenant-1');
    assert.deepEqual(decoded.event.payload, { chart_id: 'c1', n: [1, 2] });
    assert.equal(decoded.event.id, sent.headers?.[HEADER.eventId]);
    assert.equal(decoded.event.publishedAt, sent.headers?.[HEADER.publishedAt]);
  });

  it('gives a stable id and the record time to records without bus headers', () => {
    const received = { ...asReceived(encodeEvent('k', 1)), headers: {} };
    const decoded = decodeEvent('t', 3, received);
    assert.ok(decoded.ok);
    assert.equal(decoded.event.id, 't:3:41');
    assert.equal(decoded.event.publishedAt, new Date(1700000000000).toISOString());
  });

  it('reports a payload that is not JSON instead of throwing', () => {
    const received = { ...asReceived(encodeEvent('k', 1)), value: Buffer.from('not json') };
    const decoded = decodeEvent('t', 0, received);
    assert.equal(decoded.ok, false);
  });

  it('parks the original record unchanged, with the reason in headers', () => {
    const received = asReceived(encodeEvent('k', { a: 1 }));
    const parked = encodeParked(received, { group: 'g', partition: 2, attempts: 5, error: 'Error: boom' });
    assert.equal(parkedTopic('feedback.submitted'), 'feedback.submitted.parked');
    assert.equal(parked.value, received.value);
    assert.equal(parked.key, received.key);
    assert.deepEqual(parked.headers?.[HEADER.eventId], received.headers?.[HEADER.eventId]);
    assert.equal(parked.headers?.[HEADER.parkedGroup], 'g');
    assert.equal(parked.headers?.[HEADER.parkedError], 'Error: boom');
    assert.equal(parked.headers?.[HEADER.parkedAttempts], '5');
    assert.equal(parked.headers?.[HEADER.originalPartition], '2');
    assert.equal(parked.headers?.[HEADER.originalOffset], '41');
  });
});
