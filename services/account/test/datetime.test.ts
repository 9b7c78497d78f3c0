import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { parseAwareDateTime, toIso } from '../src/domain/datetime.ts';

describe('offset-aware date-times', () => {
  it('parse Z and numeric offsets to the same instant', () => {
    const z = parseAwareDateTime('2027-03-01T12:00:00Z');
    const plus = parseAwareDateTime('2027-03-01T14:00:00+02:00');
    const compact = parseAwareDateTime('2027-03-01T14:00:00+0200');
    assert.ok(z.ok && plus.ok && compact.ok);
    assert.equal(z.date.getTime(), plus.date.getTime());
    assert.equal(z.date.getTime(), compact.date.getTime());
  });

  it('keep milliseconds', () => {
    const r = parseAwareDateTime('2027-03-01T12:00:00.123456Z');
    assert.ok(r.ok);
    assert.equal(toIso(r.date), '2027-03-01T12:00:00.123Z');
  });

  it('call values without an offset naive', () => {
    for (const s of ['2027-03-01T12:00:00', '2027-03-01T12:00', '2027-03-01']) {
      assert.deepEqual(parseAwareDateTime(s), { ok: false, reason: 'naive_datetime' }, s);
    }
  });

  it('refuse impossible or foreign values', () => {
    for (const s of [
      '2027-02-30T00:00:00Z',
      '2027-13-01T00:00:00Z',
      '2027-01-01T24:00:00Z',
      'tomorrow',
      '1700000000',
      '2027-01-01T00:00:00+25:00',
    ]) {
      assert.deepEqual(parseAwareDateTime(s), { ok: false, reason: 'invalid_datetime' }, s);
    }
  });
});
