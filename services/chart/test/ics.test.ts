// The iCalendar writer against RFC 5545's rules and examples: DATE-TIME in UTC form (3.3.5), TEXT
// escaping (3.3.11, and the DESCRIPTION example of 3.8.1.5), line folding at 75 octets without
// splitting a UTF-8 sequence (3.1), CRLF line ends, and the required calendar and event properties.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { escapeText, foldLine, utcDateTime, writeCalendar } from '../src/domain/calendar/ics.ts';

/** RFC 5545 3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');

describe('iCalendar values', () => {
  it('DATE-TIME, UTC form: RFC 5545 3.3.5 example "19980119T070000Z" (January 19, 1998, 07:00 UTC)', () => {
    assert.equal(utcDateTime(new Date('1998-01-19T07:00:00Z')), '19980119T070000Z');
    // The format has no fractions of a second: they are dropped, not rounded.
    assert.equal(utcDateTime(new Date('1998-01-19T07:00:00.999Z')), '19980119T070000Z');
  });

  it('TEXT escaping: RFC 5545 3.3.11 (backslash, semicolon, comma, newline as \\n)', () => {
    assert.equal(escapeText('a\\b'), 'a\\\\b');
    assert.equal(escapeText('a;b,c'), 'a\\;b\\,c');
    assert.equal(escapeText('line one\nline two\r\nthree'), 'line one\\nline two\\nthree');
    // RFC 5545 3.8.1.5 example: DESCRIPTION:Meeting to provide technical review for "Phoenix"
    // design.\nHappy Face Conference Room. Phoenix design team MUST attend this meeting.\nRSVP to team
    // leader.
    assert.equal(
      escapeText(
        'Meeting to provide technical review for "Phoenix" design.\nHappy Face Conference Room. Phoenix design team MUST attend this meeting.\nRSVP to team leader.',
      ),
      'Meeting to provide technical review for "Phoenix" design.\\nHappy Face Conference Room. Phoenix design team MUST attend this meeting.\\nRSVP to team leader.',
    );
  });
});

describe('line folding (RFC 5545 3.1)', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    const l75 = `SUMMARY:${'x'.repeat(75 - 8)}`;
    assert.equal(foldLine(l75), l75);
    const l76 = `${l75}y`;
    assert.equal(foldLine(l76), `${l75}\r\n y`);
  });

  it('every physical line is at most 75 octets, continuation lines start with one space, unfolding restores the line', () => {
    for (const line of [
      `DESCRIPTION:${'abcdefghij'.repeat(40)}`,
      `DESCRIPTION:${'é'.repeat(200)}`, // 2 octets each
      `SUMMARY:${'月'.repeat(90)}`, // 3 octets each
      `SUMMARY:${'🌕'.repeat(50)} end`, // 4 octets each
    ]) {
      const folded = foldLine(line);
      const physical = folded.split('\r\n');
      assert.ok(physical.length > 1);
      for (const [i, p] of physical.entries()) {
        assert.ok(Buffer.byteLength(p, 'utf8') <= 75, `line ${i} has ${Buffer.byteLength(p, 'utf8')} octets`);
        if (i > 0) assert.equal(p[0], ' ');
        // A cut inside a multi-byte sequence would leave a replacement character after a round trip.
        assert.equal(Buffer.from(p, 'utf8').toString('utf8'), p);
        assert.ok(!p.includes('\uFFFD'));
      }
      assert.equal(unfold(folded), line);
    }
  });
});

describe('the calendar', () => {
  const text = writeCalendar({
    name: 'Dashas, mine; all',
    stamp: new Date('2026-11-25T10:00:00Z'),
    refreshHours: 12,
    events: [
      {
        uid: 'abc@example.com',
        start: new Date('2026-01-01T00:00:00Z'),
        end: new Date('2026-02-01T12:30:00Z'),
        summary: 'Jupiter–Saturn antardasha',
        description: `A long description, ${'with words '.repeat(20)}`,
        categories: ['Vimshottari', 'Antardasha'],
      },
    ],
  });

  it('CRLF after every line, nothing else, and no line over 75 octets', () => {
    assert.ok(text.endsWith('\r\n'));
    assert.ok(!/[^\r]\n/.test(text), 'no bare LF');
    for (const l of text.split('\r\n')) assert.ok(Buffer.byteLength(l, 'utf8') <= 75, l);
  });

  it('VCALENDAR with VERSION and PRODID (3.7.3, 3.7.4); VEVENT with UID, DTSTAMP, DTSTART, DTEND (3.6.1)', () => {
    const lines = unfold(text).split('\r\n');
    assert.equal(lines[0], 'BEGIN:VCALENDAR');
    assert.ok(lines.includes('VERSION:2.0'));
    assert.ok(lines.some((l) => l.startsWith('PRODID:')));
    assert.ok(lines.includes('NAME:Dashas\\, mine\\; all'));
    const ev = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    assert.ok(ev.includes('UID:abc@example.com'));
    assert.ok(ev.includes('DTSTAMP:20261125T100000Z'));
    assert.ok(ev.includes('DTSTART:20260101T000000Z'));
    assert.ok(ev.includes('DTEND:20260201T123000Z'));
    assert.ok(ev.includes('SUMMARY:Jupiter–Saturn antardasha'));
    assert.ok(ev.includes('CATEGORIES:Vimshottari,Antardasha'));
    assert.equal(lines.at(-2), 'END:VCALENDAR');
  });
});
