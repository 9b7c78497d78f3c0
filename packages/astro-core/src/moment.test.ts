// Moment parsing and Julian days.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { julianDayUT, parseMoment, utcMsFromJulianDay } from './index.ts';
import { civilFromDays, daysFromCivil } from './moment.ts';

describe('parseMoment', () => {
  it('accepts offsets Z, ±hh:mm, ±hhmm and ±hh, with optional seconds and fraction', () => {
    assert.deepEqual(parseMoment('1990-05-15T10:30:00+05:30'), {
      utcMs: Date.UTC(1990, 4, 15, 5, 0),
      offsetMinutes: 330,
    });
    assert.deepEqual(parseMoment('1990-05-15T10:30:00Z'), { utcMs: Date.UTC(1990, 4, 15, 10, 30), offsetMinutes: 0 });
    assert.deepEqual(parseMoment('1990-05-15T10:30-0300'), {
      utcMs: Date.UTC(1990, 4, 15, 13, 30),
      offsetMinutes: -180,
    });
    assert.deepEqual(parseMoment('1990-05-15T10:30:00+01'), { utcMs: Date.UTC(1990, 4, 15, 9, 30), offsetMinutes: 60 });
    assert.deepEqual(parseMoment('2000-01-01T00:00:00.25-00:00'), {
      utcMs: Date.UTC(2000, 0, 1, 0, 0, 0, 250),
      offsetMinutes: 0,
    });
    assert.equal(parseMoment('2000-01-01T00:00:00.0005Z')!.utcMs, Date.UTC(2000, 0, 1) + 0.5);
    assert.equal(parseMoment('2024-02-29T23:59:59+14:00')!.utcMs, Date.UTC(2024, 1, 29, 9, 59, 59));
  });

  it('handles years before 100 and far from 1970 without Date quirks', () => {
    const year50 = new Date(Date.UTC(2000, 2, 1));
    year50.setUTCFullYear(50); // Date.UTC(50, ...) would mean 1950
    assert.equal(parseMoment('0050-03-01T00:00:00Z')!.utcMs, year50.getTime());
    assert.equal(parseMoment('1800-01-01T00:00:00Z')!.utcMs, Date.UTC(1800, 0, 1));
    assert.equal(parseMoment('2400-12-31T23:00:00-01:00')!.utcMs, Date.UTC(2401, 0, 1));
  });

  it('rejects naive and invalid moments', () => {
    for (const bad of [
      '1990-05-15T10:30:00', // naive
      '1990-05-15 10:30:00Z', // space separator
      '1990-02-30T10:00:00Z', // Feb 30
      '1900-02-29T10:00:00Z', // 1900 is not a leap year
      '1990-13-01T10:00:00Z',
      '1990-00-10T10:00:00Z',
      '1990-05-15T25:00:00Z', // hour 25
      '1990-05-15T24:00:00Z',
      '1990-05-15T10:60:00Z',
      '1990-05-15T10:30:60Z', // leap second cannot be represented
      '1990-05-15T10:30:00+24:00',
      '1990-05-15T10:30:00+05:60',
      '1990-05-15',
      '90-05-15T10:30:00Z',
      '',
      'yesterday',
    ]) {
      assert.equal(parseMoment(bad), null, bad);
    }
  });
});

describe('civil calendar arithmetic', () => {
  it('round-trips days and matches Date for the Unix range', () => {
    for (let d = -1_000_000; d <= 1_000_000; d += 997) {
      const c = civilFromDays(d);
      assert.equal(daysFromCivil(c.year, c.month, c.day), d);
    }
    assert.equal(daysFromCivil(2000, 3, 1) * 86_400_000, Date.UTC(2000, 2, 1));
    assert.equal(daysFromCivil(1582, 10, 15) * 86_400_000, Date.UTC(1582, 9, 15));
  });
});

describe('julianDayUT (Meeus, Astronomical Algorithms, ch. 7 examples and table)', () => {
  const cases: Array<[string, number]> = [
    ['2000-01-01T12:00:00Z', 2451545.0],
    ['1999-01-01T00:00:00Z', 2451179.5],
    ['1987-01-27T00:00:00Z', 2446822.5],
    ['1987-06-19T12:00:00Z', 2446966.0],
    ['1988-01-27T00:00:00Z', 2447187.5],
    ['1988-06-19T12:00:00Z', 2447332.0],
    ['1900-01-01T00:00:00Z', 2415020.5],
    ['1600-01-01T00:00:00Z', 2305447.5],
    ['1600-12-31T00:00:00Z', 2305812.5],
    ['1957-10-04T19:26:24Z', 2436116.31], // Sputnik, example 7.a: 1957 Oct 4.81
    ['1970-01-01T00:00:00Z', 2440587.5],
  ];
  for (const [iso, jd] of cases) {
    it(iso, () => {
      const ms = Date.parse(iso);
      assert.ok(Math.abs(julianDayUT(ms) - jd) < 1e-8, `${julianDayUT(ms)} vs ${jd}`);
      assert.ok(Math.abs(utcMsFromJulianDay(julianDayUT(ms)) - ms) < 0.01);
    });
  }
});
