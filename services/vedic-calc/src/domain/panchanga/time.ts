// Civil time in an IANA zone without Temporal: offsets through Intl (Node ships full ICU) and ISO 8601
// output with the zone's offset, to the second.
const MS_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when tz is an IANA zone name Intl knows (offset strings such as +05:30 are refused). */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** Offset of tz at utcMs, in minutes east of UTC. */
export function offsetMinutes(tz: string, utcMs: number): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(new Date(Math.floor(utcMs / 1000) * 1000))) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const local = Date.UTC(
    year,
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  // Date.UTC maps years 0-99 to 1900-1999; the accepted day range starts well after that.
  return Math.round((local - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** UTC ms of local wall-clock midnight starting civil day (y, m, d) in tz (the first instant of the day). */
export function localMidnightUtc(tz: string, y: number, m: number, d: number): number {
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall - offsetMinutes(tz, wall) * 60_000;
  // Second pass: the offset at the guess, not at the wall time read as UTC (differs near a DST change).
  return wall - offsetMinutes(tz, guess) * 60_000;
}

/** ISO 8601 to the second with a ±hh:mm offset (never Z), e.g. 2026-03-15T06:35:12+05:30. */
export function isoWithOffset(utcMs: number, offsetMin: number): string {
  const sec = Math.round(utcMs / 1000) * 1000;
  const local = new Date(sec + offsetMin * 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** ISO 8601 in tz (offset of tz at that instant). */
export function isoInZone(utcMs: number, tz: string): string {
  return isoWithOffset(utcMs, offsetMinutes(tz, Math.round(utcMs / 1000) * 1000));
}

/** Local civil date (y, m, d) and weekday (0 = Sunday) of utcMs at a fixed offset. */
export function civilAt(utcMs: number, offsetMin: number): { y: number; m: number; d: number; weekday: number } {
  const local = new Date(utcMs + offsetMin * 60_000);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate(), weekday: local.getUTCDay() };
}

export { MS_DAY };
