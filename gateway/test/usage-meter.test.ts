// The gateway's usage buffer: requests only push; batches go out on the timer or when full; a sink
// failure keeps the records for the next try; close() flushes what is left.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { UsageMeter, usageRecordOf, type UsageRecord } from '../src/metering/usage-meter.ts';

const rec = (i: number): UsageRecord => ({
  tenant_id: 't',
  api_key_id: 'k',
  route: '/v1/charts/{chart_id}',
  method: 'GET',
  status: 200,
  latency_ms: i,
  at: '2026-11-21T10:00:00.000Z',
});

class Sink {
  batches: UsageRecord[][] = [];
  failures = 0;
  async publish(records: UsageRecord[]) {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('bus down');
    }
    this.batches.push(records);
  }
}

describe('usage meter', () => {
  it('publishes in batches of maxBatch, in order', async () => {
    const sink = new Sink();
    const m = new UsageMeter(sink, { flushMs: 60_000, maxBatch: 3, maxBuffered: 100 });
    for (let i = 0; i < 7; i++) m.record(rec(i));
    await m.flush();
    assert.deepEqual(
      sink.batches.map((b) => b.map((r) => r.latency_ms)),
      [[0, 1, 2], [3, 4, 5], [6]],
    );
    assert.equal(m.buffered, 0);
  });

  it('a full batch going out does not send what arrived meanwhile as a small batch of its own', async () => {
    const published: number[][] = [];
    let release!: () => void;
    const sink = {
      publish: (records: UsageRecord[]) => {
        published.push(records.map((r) => r.latency_ms));
        return new Promise<void>((r) => (release = r));
      },
    };
    const m = new UsageMeter(sink, { flushMs: 60_000, maxBatch: 3, maxBuffered: 100 });
    for (let i = 0; i < 3; i++) m.record(rec(i));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(published, [[0, 1, 2]], 'a full batch goes out at once');
    m.record(rec(3));
    m.record(rec(4)); // while it is published
    release();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(published, [[0, 1, 2]], 'the two that came meanwhile wait for the timer');
    assert.equal(m.buffered, 2);
    const flushed = m.flush();
    await new Promise((r) => setImmediate(r));
    release();
    await flushed;
    assert.deepEqual(published, [
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('a flush under steady traffic publishes what was buffered and ends', async () => {
    let arrivals = 0;
    const published: number[] = [];
    const m: UsageMeter = new UsageMeter(
      {
        publish: async (records) => {
          published.push(records.length);
          // A request finishes during every publication (capped, so a flush that never ends fails).
          if (arrivals++ < 20) m.record(rec(100 + arrivals));
        },
      },
      { flushMs: 60_000, maxBatch: 100, maxBuffered: 1000 },
    );
    for (let i = 0; i < 5; i++) m.record(rec(i));
    await m.flush();
    assert.deepEqual(published, [5], 'one event; the record that came meanwhile waits for the next tick');
    assert.equal(m.buffered, 1);
  });

  it('keeps records when the sink fails and publishes them on the next flush', async () => {
    const sink = new Sink();
    const errors: number[] = [];
    const m = new UsageMeter(sink, {
      flushMs: 60_000,
      maxBatch: 10,
      maxBuffered: 100,
      onError: (_e, n) => errors.push(n),
    });
    sink.failures = 1;
    m.record(rec(1));
    m.record(rec(2));
    await m.flush();
    assert.equal(m.buffered, 2);
    assert.deepEqual(errors, [2]);
    m.record(rec(3));
    await m.flush();
    assert.deepEqual(
      sink.batches.flat().map((r) => r.latency_ms),
      [1, 2, 3],
    );
  });

  it('close() flushes the rest, then records nothing more', async () => {
    const sink = new Sink();
    const m = new UsageMeter(sink, { flushMs: 60_000, maxBatch: 100, maxBuffered: 100 }).start();
    m.record(rec(1));
    await m.close();
    assert.equal(sink.batches.flat().length, 1);
    m.record(rec(2));
    assert.equal(m.buffered, 0);
  });

  it('the timer flushes without being asked', async () => {
    const sink = new Sink();
    const m = new UsageMeter(sink, { flushMs: 20, maxBatch: 100, maxBuffered: 100 }).start();
    m.record(rec(1));
    const deadline = Date.now() + 2000;
    while (!sink.batches.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.equal(sink.batches.flat().length, 1);
    await m.close();
  });

  it('bounds the buffer while the sink is down, dropping the oldest', async () => {
    const sink = new Sink();
    sink.failures = 100;
    const m = new UsageMeter(sink, { flushMs: 60_000, maxBatch: 1000, maxBuffered: 20 });
    for (let i = 0; i < 21; i++) m.record(rec(i));
    // Over the bound: the oldest tenth (2) goes at once.
    assert.equal(m.buffered, 19);
    assert.equal(m.dropped, 2);
    m.record(rec(21));
    assert.equal(m.buffered, 20);
    await m.flush();
    assert.equal(m.buffered, 20, 'kept while the sink is down');
    sink.failures = 0;
    await m.flush();
    assert.deepEqual(
      sink.batches.flat().map((r) => r.latency_ms),
      Array.from({ length: 20 }, (_, i) => i + 2),
      'the newest records survive',
    );
  });

  it('records a request only when a tenant was identified', () => {
    const at = new Date('2026-11-21T10:00:00Z');
    assert.equal(usageRecordOf({ route: '/v1/plans' }, 'GET', 200, 0.001, at), null);
    // Spec 1-platform.md "Usage buckets": ids collapse to {chart_id}, whatever the path calls them.
    assert.equal(
      usageRecordOf({ tenantId: 't', route: '/v1/vedic/charts/{id}/dashas/vimshottari' }, 'GET', 200, 0.001, at)?.route,
      '/v1/vedic/charts/{chart_id}/dashas/vimshottari',
    );
    assert.equal(
      usageRecordOf({ tenantId: 't', route: '/v1/western/charts/{id}/aspects' }, 'GET', 200, 0.001, at)?.route,
      '/v1/western/charts/{chart_id}/aspects',
    );
    assert.equal(usageRecordOf({ tenantId: 't' }, 'GET', 404, 0.001, at), null);
    assert.deepEqual(
      usageRecordOf({ tenantId: 't', apiKeyId: '', route: '/v1/api-keys' }, 'POST', 201, 0.0123456, at),
      {
        tenant_id: 't',
        api_key_id: null,
        route: '/v1/api-keys',
        method: 'POST',
        status: 201,
        latency_ms: 12.35,
        at: '2026-11-21T10:00:00.000Z',
      },
    );
  });
});
