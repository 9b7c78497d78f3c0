// Moments as the API receives them: ISO 8601 with an explicit offset. The one parser of the platform
// (every service reads client datetimes through it, via aware-instant.ts for the error codes); pure, no
// imports, so astro-core re-exports it for the ephemeris code. Parsed by hand (not Date.parse)
// because Date.parse accepts naive strings as local time, rolls Feb 30 over to March and maps years
// 0-99 to 1900-1999; a birth moment must be exactly what the client wrote, or refused.

const MS_PER_DAY = 86_400_000;

// Date and time in ISO 8601 extended format; offset Z or ±hh:mm (also ±hhmm and ±hh, which ISO 8601
// allows). Seconds and their fraction are optional; no leap second (60): UTC milliseconds cannot name it.
const MOMENT_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil; exact integers). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** UTC calendar date and fractional hour of a UTC millisecond instant (proleptic Gregorian). */
export function utcParts(utcMs: number): { year: number; month: number; day: number; hour: number } {
  const days = Math.floor(utcMs / MS_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  return { year, month, day, hour: (utcMs - days * MS_PER_DAY) / 3_600_000 };
}

/**
 * ISO 8601 moment WITH offset (Z or ±hh:mm) -> { utcMs, offsetMinutes }; null for a naive or invalid
 * moment (no offset, Feb 30, hour 24 or 25, minute 60, offset hour above 23). A fraction of a second
 * finer than a millisecond is kept (utcMs may be fractional); nothing is rounded.
 */
export function parseMoment(iso: string): { utcMs: number; offsetMinutes: number } | null {
  if (typeof iso !== 'string') return null;
  const m = MOMENT_RE.exec(iso);
  if (!m) return null;
  const [, ys, mos, ds, hs, mis, ss, frac, z, sign, ohs, oms] = m;
  const year = Number(ys);
  const month = Number(mos);
  const day = Number(ds);
  const hour = Number(hs);
  const minute = Number(mis);
  const second = ss === undefined ? 0 : Number(ss);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (!z) {
    const oh = Number(ohs);
    const om = oms === undefined ? 0 : Number(oms);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const fractionMs = frac === undefined ? 0 : Number(`0.${frac}`) * 1000;
  const localMs =
    daysFromCivil(year, month, day) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + fractionMs;
  return { utcMs: localMs - offsetMinutes * 60_000, offsetMinutes: offsetMinutes === 0 ? 0 : offsetMinutes };
}

/** Outcome of reading a client datetime: an instant, or why not (`naive_datetime`: no offset). */
export type InstantReading =
  { ok: true; utcMs: number; offsetMinutes: number } | { ok: false; reason: 'naive_datetime' | 'invalid_datetime' };

const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a client datetime that must carry an offset. A value that would be a valid moment with an offset
 * (a date-time without one, or a bare calendar date) is `naive_datetime`: the caller's clock is not ours
 * to guess. Anything else that does not parse is `invalid_datetime`. Surrounding blanks are ignored.
 */
export function readInstant(value: string): InstantReading {
  const v = value.trim();
  const parsed = parseMoment(v);
  if (parsed) return { ok: true, ...parsed };
  // A value that already ends in an (invalid) offset cannot parse with `Z` appended: not naive.
  const naive = parseMoment(DATE_ONLY_RE.test(v) ? `${v}T00:00Z` : `${v}Z`);
  return { ok: false, reason: naive ? 'naive_datetime' : 'invalid_datetime' };
}
