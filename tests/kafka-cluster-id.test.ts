// The KRaft cluster id the launcher formats storage with (scripts/kafka.ts): Kafka's own shape, 16
// bytes in base64url (22 characters), and never a leading '-', which kafka-storage's parser reads as an
// option ("usage: kafka-storage format ..."): 1 id in 64 did, and the Kafka half was skipped for it.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { kraftClusterId } from '../scripts/kafka.ts';

describe('KRaft cluster id', () => {
  it('is 16 bytes of base64url and never starts with "-"', () => {
    for (let i = 0; i < 5000; i++) {
      const id = kraftClusterId();
      assert.match(id, /^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/, id);
      assert.equal(Buffer.from(id, 'base64url').length, 16);
    }
  });
});
