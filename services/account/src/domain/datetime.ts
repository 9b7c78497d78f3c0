// Timestamps on the wire: ISO 8601 UTC with milliseconds out, offset-carrying ISO 8601 in.

/** '2026-11-21T10:00:00.000Z' */
export function toIso(d: Date): string {
  return d.toISOString();
}

export function toIsoOrUndefined(d: Date | null | undefined): string | undefined {
  return d ? d.toISOString() : undefined;
}

const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type ParsedDateTime = { ok: true; date: Date } | { ok: false; reason: 'naive_datetime' | 'invalid_datetime' };

/**
 * Parses an ISO 8601 date-time that must carry an offset. A value without one is refused as
 * `naive_datetime` rather than guessed as UTC: the caller's clock is not ours to assume.
 */
export function parseAwareDateTime(raw: string): ParsedDateTime {
  const s = raw.trim();
  if (ISO_DATE.test(s)) return { ok: false, reason: 'naive_datetime' };
  const m = ISO_DATETIME.exec(s);
  if (!m) return { ok: false, reason: 'invalid_datetime' };
  const [, y, mo, d, h, mi, sec = '00', frac = '', off] = m;
  if (!off) return { ok: false, reason: 'naive_datetime' };
  // Range-check the fields: Date.parse would roll 2026-02-30 over to March instead of refusing it.
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(sec) > 59
  ) {
    return { ok: false, reason: 'invalid_datetime' };
  }
  if (off !== 'Z' && off !== 'z') {
    const oh = Number(off.slice(1, 3));
    const om = Number(off.slice(-2));
    if (oh > 23 || om > 59) return { ok: false, reason: 'invalid_datetime' };
  }
  const ms = frac ? frac.slice(0, 3).padEnd(3, '0') : '000';
  const offset = off === 'Z' || off === 'z' ? 'Z' : off.length === 5 ? `${off.slice(0, 3)}:${off.slice(3)}` : off;
  const t = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${sec}.${ms}${offset}`);
  if (Number.isNaN(t)) return { ok: false, reason: 'invalid_datetime' };
  return { ok: true, date: new Date(t) };
}
