// A birth time as people know it: the wall-clock time (`birth.local_time`, ISO 8601 without offset)
// and the place's IANA zone (`birth.time_zone`). The zone rules come from the tz database through the
// Temporal polyfill (which reads the runtime's ICU copy of it; `tz_database` names its release), never
// from tables of our own. A local time a clock change skipped (spring forward) or repeated (fall back)
// is refused unless the caller says which instant to take (`birth.disambiguation`: earlier or later,
// Temporal's own terms). Before a zone adopted standard time the tz database gives its reference city's
// local mean time (Asia/Kolkata before 1854: +05:53:28, Kolkata's), not the birthplace's own mean time.
import { Temporal } from 'temporal-polyfill';
import type { FieldError } from '@astro/platform';

export const DISAMBIGUATIONS = ['reject', 'earlier', 'later'] as const;
export type Disambiguation = (typeof DISAMBIGUATIONS)[number];

export interface LocalBirth {
  local_time: string;
  time_zone: string;
  /** The resolved offset, ±HH:MM, or ±HH:MM:SS for a local-mean-time offset with seconds. */
  utc_offset: string;
  /** unique, or which clock change the local time fell into. */
  local_time_kind: 'unique' | 'ambiguous' | 'nonexistent';
  /** The choice applied when the local time was not unique. */
  disambiguation?: 'earlier' | 'later';
  /** Release of the tz database the offset came from (e.g. 2025c). */
  tz_database: string;
}

export interface ResolvedLocalTime {
  utcMs: number;
  offsetSeconds: number;
  local: LocalBirth;
}

// Date and time, no offset, no zone: 1990-05-15T10:30, 1990-05-15T10:30:00, 1990-05-15T10:30:00.5
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  const ss = abs % 60;
  return `${sign}${hh}:${mm}${ss ? `:${String(ss).padStart(2, '0')}` : ''}`;
}

const offsetOf = (z: Temporal.ZonedDateTime) => Math.round(z.offsetNanoseconds / 1e9);

/**
 * The instant of `localTime` in `timeZone`, or null with the problems added to `errors` (field names
 * under `birth.`).
 */
export function resolveLocalTime(
  localTime: string,
  timeZone: string,
  disambiguation: Disambiguation,
  errors: FieldError[],
): ResolvedLocalTime | null {
  let plain: Temporal.PlainDateTime | undefined;
  if (!LOCAL_TIME.test(localTime))
    errors.push({
      field: 'birth.local_time',
      reason: 'invalid_format',
      message: 'an ISO 8601 date and time without offset, e.g. 1990-05-15T10:30:00',
    });
  else
    try {
      plain = Temporal.PlainDateTime.from(localTime, { overflow: 'reject' });
    } catch {
      errors.push({ field: 'birth.local_time', reason: 'invalid_format', message: 'not a calendar date and time' });
    }
  let zone: string | undefined;
  try {
    // Canonical spelling (asia/kolkata -> Asia/Kolkata); a name the tz database lacks throws.
    zone = Temporal.ZonedDateTime.from({ year: 2000, month: 1, day: 1, timeZone }).timeZoneId;
  } catch {
    errors.push({
      field: 'birth.time_zone',
      reason: 'unknown_time_zone',
      message: 'an IANA time zone name, e.g. Asia/Kolkata or America/New_York',
    });
  }
  if (!plain || !zone) return null;

  const earlier = plain.toZonedDateTime(zone, { disambiguation: 'earlier' });
  const later = plain.toZonedDateTime(zone, { disambiguation: 'later' });
  // A skipped time resolves to other wall-clock times; a repeated one to two instants of the same.
  const kind: LocalBirth['local_time_kind'] = !earlier.toPlainDateTime().equals(plain)
    ? 'nonexistent'
    : earlier.epochNanoseconds !== later.epochNanoseconds
      ? 'ambiguous'
      : 'unique';
  if (kind !== 'unique' && disambiguation === 'reject') {
    const options = `earlier gives ${earlier.toString({ timeZoneName: 'never' })}, later ${later.toString({ timeZoneName: 'never' })}`;
    errors.push(
      kind === 'ambiguous'
        ? {
            field: 'birth.local_time',
            reason: 'ambiguous_local_time',
            message: `occurs twice in ${zone} (a clock change repeats it); set birth.disambiguation: ${options}`,
          }
        : {
            field: 'birth.local_time',
            reason: 'nonexistent_local_time',
            message: `never occurs in ${zone} (a clock change skips it); set birth.disambiguation: ${options}`,
          },
    );
    return null;
  }
  const chosen = kind === 'unique' || disambiguation === 'earlier' ? earlier : later;
  const offsetSeconds = offsetOf(chosen);
  return {
    utcMs: Number(chosen.epochNanoseconds) / 1e6,
    offsetSeconds,
    local: {
      local_time: localTime,
      time_zone: zone,
      utc_offset: formatOffset(offsetSeconds),
      local_time_kind: kind,
      ...(kind === 'unique' ? {} : { disambiguation: disambiguation as 'earlier' | 'later' }),
      tz_database: process.versions.tz ?? 'unknown',
    },
  };
}

/**
 * The `moment` a chart made from a local time records: the instant with its offset, in UTC when the
 * offset has seconds (a local-mean-time offset cannot be written in RFC 3339).
 */
export function momentOf(r: ResolvedLocalTime): string {
  const seconds = r.offsetSeconds;
  const wholeMs = Math.floor(r.utcMs);
  if (seconds % 60) return new Date(wholeMs).toISOString();
  const local = new Date(wholeMs + seconds * 1000).toISOString().slice(0, -1); // without the Z
  return `${local.endsWith('.000') ? local.slice(0, -4) : local}${formatOffset(seconds)}`;
}
