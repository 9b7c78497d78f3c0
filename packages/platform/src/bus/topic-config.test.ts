// Every topic the fleet publishes has its partitions and retention declared (topic-config.ts), so the
// launcher creates it as declared instead of a service creating it with the adapter's defaults.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { EVENT_CATALOG } from '@astro/protos/astro/events/v1/catalog';
import { declaredTopics } from './kafka-admin';
import { TOPIC_CONFIG } from './topic-config';

describe('topic config', () => {
  it('declares every domain event topic of the catalog', () => {
    for (const spec of Object.values(EVENT_CATALOG)) assert.ok(TOPIC_CONFIG[spec.topic], `${spec.topic} is declared`);
  });

  it('creates each declared topic with its partitions and retention, plus a parking topic', () => {
    const topics = declaredTopics({ 'a.b': { partitions: 3, retentionMs: 1000 } });
    assert.deepEqual(topics, [
      { topic: 'a.b', numPartitions: 3, configEntries: [{ name: 'retention.ms', value: '1000' }] },
      {
        topic: 'a.b.parked',
        numPartitions: 1,
        configEntries: [{ name: 'retention.ms', value: String(30 * 86_400_000) }],
      },
    ]);
  });
});
