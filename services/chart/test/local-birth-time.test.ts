// birth.local_time + birth.time_zone resolved with the tz database. Expected offsets are the IANA tz
// database's (tzdata 'asia' and 'northamerica' files) and the civil rules they encode, named per case.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { FieldError } from '@astro/platform';
import { formatOffset, momentOf, resolveLocalTime } from '../src/domain/local-birth-time.ts';

function resolve(local: string, zone: string, d: 'reject' | 'earlier' | 'later' = 'reject') {
  const errors: FieldError[] = [];
  return { r: resolveLocalTime(local, zone, d, errors), errors };
}

describe('local birth time', () => {
  it('India: Asia/Kolkata is +05:30 (IST, tzdata asia: since 1945-10-15)', () => {
    const { r } = resolve('1990-05-15T10:30:00', 'Asia/Kolkata');
    assert.equal(r!.local.utc_offset, '+05:30');
    assert.equal(r!.local.local_time_kind, 'unique');
    assert.equal(r!.utcMs, Date.parse('1990-05-15T05:00:00Z'));
    assert.equal(momentOf(r!), '1990-05-15T10:30:00+05:30');
    assert.match(r!.local.tz_database, /^\d{4}[a-z]$/);
  });

  it('zone names are matched without regard to case and answered in canonical spelling', () => {
    assert.equal(resolve('1990-05-15T10:30', 'asia/kolkata').r!.local.time_zone, 'Asia/Kolkata');
  });

  it('fall back: New York 2021-11-07 01:30 occurs twice (US rule: DST ends the first Sunday of November, 02:00)', () => {
    const refused = resolve('2021-11-07T01:30:00', 'America/New_York');
    assert.equal(refused.r, null);
    assert.deepEqual(
      refused.errors.map((e) => [e.field, e.reason]),
      [['birth.local_time', 'ambiguous_local_time']],
    );
    assert.match(refused.errors[0]!.message!, /-04:00.*-05:00/);
    const earlier = resolve('2021-11-07T01:30:00', 'America/New_York', 'earlier').r!;
    assert.deepEqual(
      [earlier.local.utc_offset, earlier.local.local_time_kind, earlier.local.disambiguation],
      ['-04:00', 'ambiguous', 'earlier'],
    );
    assert.equal(earlier.utcMs, Date.parse('2021-11-07T05:30:00Z'));
    const later = resolve('2021-11-07T01:30:00', 'America/New_York', 'later').r!;
    assert.equal(later.local.utc_offset, '-05:00');
    assert.equal(later.utcMs, Date.parse('2021-11-07T06:30:00Z'));
  });

  it('spring forward: New York 2021-03-14 02:30 never occurs (DST starts the second Sunday of March, 02:00 -> 03:00)', () => {
    const refused = resolve('2021-03-14T02:30:00', 'America/New_York');
    assert.equal(refused.r, null);
    assert.equal(refused.errors[0]!.reason, 'nonexistent_local_time');
    // Temporal's choices: earlier = the wall time before the gap shifted by its length (01:30 EST),
    // later = after it (03:30 EDT); the same instants read on either side of the change.
    const earlier = resolve('2021-03-14T02:30:00', 'America/New_York', 'earlier').r!;
    assert.equal(earlier.utcMs, Date.parse('2021-03-14T06:30:00Z'));
    assert.equal(earlier.local.local_time_kind, 'nonexistent');
    const later = resolve('2021-03-14T02:30:00', 'America/New_York', 'later').r!;
    assert.equal(later.utcMs, Date.parse('2021-03-14T07:30:00Z'));
    assert.equal(later.local.utc_offset, '-04:00');
  });

  it('before standard time: local mean time of the zone (tzdata asia: Asia/Kolkata 5:53:28 LMT until 1854)', () => {
    const { r } = resolve('1850-01-01T12:00:00', 'Asia/Kolkata');
    assert.equal(r!.offsetSeconds, 5 * 3600 + 53 * 60 + 28);
    assert.equal(r!.local.utc_offset, '+05:53:28');
    assert.equal(r!.utcMs, Date.parse('1850-01-01T06:06:32Z'));
    // RFC 3339 has no seconds in offsets: the moment is written in UTC.
    assert.equal(momentOf(r!), '1850-01-01T06:06:32.000Z');
  });

  it('refuses what is not a local date-time or not a zone, with every problem at once', () => {
    for (const bad of ['1990-05-15T10:30:00+05:30', '1990-05-15', '15/05/1990 10:30', '1990-02-30T10:00:00'])
      assert.equal(resolve(bad, 'Asia/Kolkata').errors[0]?.reason, 'invalid_format', bad);
    const both = resolve('1990-02-30T10:00', 'Mars/Olympus_Mons');
    assert.deepEqual(
      both.errors.map((e) => e.reason),
      ['invalid_format', 'unknown_time_zone'],
    );
  });

  it('formats offsets as +HH:MM, with seconds only when there are any', () => {
    assert.equal(formatOffset(19800), '+05:30');
    assert.equal(formatOffset(-18000), '-05:00');
    assert.equal(formatOffset(3208), '+00:53:28');
    assert.equal(formatOffset(0), '+00:00');
  });
});
