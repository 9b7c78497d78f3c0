// Timestamps on the wire: ISO 8601 UTC with milliseconds out, offset-carrying ISO 8601 in.
import { readInstant } from '@astro/platform';

/** '2026-11-21T10:00:00.000Z' */
export function toIso(d: Date): string {
  return d.toISOString();
}

export function toIsoOrUndefined(d: Date | null | undefined): string | undefined {
  return d ? d.toISOString() : undefined;
}

export type ParsedDateTime = { ok: true; date: Date } | { ok: false; reason: 'naive_datetime' | 'invalid_datetime' };

/**
 * Parses an ISO 8601 date-time that must carry an offset (the platform's one parser, readInstant). A
 * value without one is refused as `naive_datetime` rather than guessed as UTC.
 */
export function parseAwareDateTime(raw: string): ParsedDateTime {
  const r = readInstant(raw);
  return r.ok ? { ok: true, date: new Date(Math.floor(r.utcMs)) } : r;
}
