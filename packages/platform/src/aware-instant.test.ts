// One parser and one naive-datetime rule for every service (issue 19 item 6).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { awareInstant, awareMoment, fieldErrorsAnswer, naiveDatetimeCode } from './aware-instant.ts';
import { AppError, type FieldError } from './errors.ts';
import { readInstant } from './instant.ts';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof AppError);
    return e.code;
  }
  assert.fail('did not throw');
}

describe('readInstant', () => {
  it('an instant with an offset', () => {
    assert.deepEqual(readInstant(' 2024-06-01T12:00:00+05:30 '), {
      ok: true,
      utcMs: Date.UTC(2024, 5, 1, 6, 30),
      offsetMinutes: 330,
    });
  });
  it('no offset, or a bare date: naive_datetime; garbage or a bad offset: invalid_datetime', () => {
    for (const v of ['2024-06-01T12:00:00', '2024-06-01T12:00', '2024-06-01T12:00:00.5', '2024-06-01'])
      assert.deepEqual(readInstant(v), { ok: false, reason: 'naive_datetime' }, v);
    for (const v of ['yesterday', '2024-02-30T12:00:00', '2024-06-01T12:00:00+25:00', '2024-06-01T12:00:00Zz', ''])
      assert.deepEqual(readInstant(v), { ok: false, reason: 'invalid_datetime' }, v);
  });
});

describe('naive datetime code: by parameter name, never by route', () => {
  it('the spec error table codes', () => {
    assert.equal(naiveDatetimeCode('at'), 'at_must_be_timezone_aware');
    assert.equal(naiveDatetimeCode('event_date'), 'event_date_must_be_timezone_aware');
    assert.equal(naiveDatetimeCode('sunrise'), 'sunrise_must_be_timezone_aware');
    assert.equal(naiveDatetimeCode('window_start'), 'invalid_datetime_timezone');
    assert.equal(naiveDatetimeCode('proposed_at'), 'invalid_datetime_timezone');
    for (const f of ['since', 'until', 'from', 'to', 'starts_at', 'ends_at', 'expires_at', 'birth.moment'])
      assert.equal(naiveDatetimeCode(f), 'naive_datetime', f);
  });
  it('awareInstant throws it with details.errors naming the field; missing or malformed is invalid_request', () => {
    try {
      awareInstant('starts_at', '2024-06-01T12:00:00');
      assert.fail('no throw');
    } catch (e) {
      assert.ok(e instanceof AppError);
      assert.equal(e.code, 'naive_datetime');
      assert.deepEqual((e.details as any).errors[0], {
        field: 'starts_at',
        reason: 'naive_datetime',
        message: 'must carry a timezone offset (Z or ±hh:mm)',
      });
    }
    assert.equal(
      codeOf(() => awareInstant('at', '2024-06-01T12:00:00')),
      'at_must_be_timezone_aware',
    );
    assert.equal(
      codeOf(() => awareInstant('at', undefined)),
      'invalid_request',
    );
    assert.equal(
      codeOf(() => awareInstant('at', 'noon')),
      'invalid_request',
    );
    assert.equal(awareInstant('at', '2024-06-01T12:00:00Z'), Date.UTC(2024, 5, 1, 12));
  });
  it('validators that collect errors: a naive one among others answers the naive code listing all', () => {
    const errors: FieldError[] = [];
    assert.equal(awareMoment('to', 'noon', errors), null);
    assert.equal(awareMoment('from', '2024-06-01T12:00', errors), null);
    assert.deepEqual(
      errors.map((e) => `${e.field}:${e.reason}`),
      ['to:invalid_datetime', 'from:naive_datetime'],
    );
    const e = fieldErrorsAnswer(errors);
    assert.equal(e.code, 'naive_datetime');
    assert.equal((e.details as any).field, 'from');
    assert.equal((e.details as any).errors.length, 2);
    assert.equal(fieldErrorsAnswer([{ field: 'at', reason: 'naive_datetime' }]).code, 'at_must_be_timezone_aware');
    assert.equal(fieldErrorsAnswer([{ field: 'to', reason: 'invalid_datetime' }]).code, 'invalid_request');
  });
});
