// An iCalendar writer (RFC 5545) for the feeds: one VCALENDAR of VEVENTs, times in UTC. Pure.
// The rules it follows, by section of the RFC:
// - 3.1: content lines end in CRLF and are folded so that no line is longer than 75 octets (not
//   characters): a fold is CRLF followed by one space, never inside a UTF-8 sequence;
// - 3.3.5: DATE-TIME in UTC form, YYYYMMDDTHHMMSSZ (no fractions of a second exist in the format);
// - 3.3.11: TEXT values escape backslash, semicolon and comma, and write newlines as \n;
// - 3.6.1: a VEVENT has UID and DTSTAMP, here DTSTART and DTEND too (DTEND after DTSTART);
// - 3.7.3 / 3.7.4: PRODID and VERSION:2.0 are required in the VCALENDAR.
// NAME and REFRESH-INTERVAL are RFC 7986's; X-WR-CALNAME is the same name for older clients.

export interface IcsEvent {
  /** Stable across fetches, so calendar apps update an event instead of duplicating it. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  categories?: string[];
}

export interface IcsCalendar {
  name: string;
  /** Generation time: every event's DTSTAMP. */
  stamp: Date;
  /** How often a client should fetch again (RFC 7986 REFRESH-INTERVAL), in hours. */
  refreshHours: number;
  events: IcsEvent[];
}

export const PRODID = '-//Astro API//Calendar feeds 1.0//EN';
const MAX_OCTETS = 75;

/** 3.3.11: backslash first, so the escapes added after it are not escaped again. */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 3.3.5, form #2 (UTC): the instant truncated to whole seconds. */
export function utcDateTime(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * 3.1: splits a content line into pieces of at most 75 octets (the continuation pieces count their
 * leading space), cutting only between characters so a multi-byte UTF-8 sequence stays whole.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (octets + n > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line is one of its 75 octets
    }
    current += ch;
    octets += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`);
}

export function writeCalendar(cal: IcsCalendar): string {
  const stamp = utcDateTime(cal.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    property('NAME', escapeText(cal.name)),
    property('X-WR-CALNAME', escapeText(cal.name)),
    `REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshHours}H`,
  ];
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      property('UID', e.uid),
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcDateTime(e.start)}`,
      `DTEND:${utcDateTime(e.end)}`,
      property('SUMMARY', escapeText(e.summary)),
      property('DESCRIPTION', escapeText(e.description)),
    );
    if (e.categories?.length) lines.push(property('CATEGORIES', e.categories.map(escapeText).join(',')));
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
