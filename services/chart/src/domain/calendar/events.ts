// The calculation answers (as the JSON routes give them) -> calendar events. Pure. Each event's UID is
// a digest of the feed id and what identifies the period or window, so a later fetch carries the same
// UID for the same event and calendar apps update it in place.
import { createHash } from 'node:crypto';
import type { IcsEvent } from './ics.ts';

const DAY_MS = 86_400_000;
const UID_DOMAIN = 'calendar-feeds.astro-api';

export function eventUid(feedId: string, ...parts: (string | number)[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([feedId, ...parts]))
    .digest('hex')
    .slice(0, 32);
  return `${digest}@${UID_DOMAIN}`;
}

const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const day = (iso: string) => iso.slice(0, 10);

// ---------------------------------------------------------------- Vimshottari

/** The fields of a DashaPeriod the events use (GET /v1/vedic/charts/{id}/dashas/vimshottari). */
export interface DashaPeriodJson {
  period_level: string;
  level: number;
  lord: string;
  parents: string[];
  starts_at: string;
  ends_at: string;
}

export interface VimshottariJson {
  mahadashas: DashaPeriodJson[];
  antardashas?: DashaPeriodJson[];
}

/** Mahadashas, and antardashas at depth 2: one event per period, from its start to its end. */
export function dashaEvents(feedId: string, v: VimshottariJson, depth: 1 | 2): IcsEvent[] {
  const periods = depth === 2 ? [...v.mahadashas, ...(v.antardashas ?? [])] : v.mahadashas;
  return periods.map((p) => {
    const chain = [...p.parents, p.lord].map(title);
    const summary = p.level === 1 ? `${chain[0]} mahadasha` : `${chain.join('–')} antardasha`;
    return {
      uid: eventUid(feedId, 'vimshottari', p.level, ...p.parents, p.lord, p.starts_at),
      start: new Date(p.starts_at),
      end: new Date(p.ends_at),
      summary,
      description:
        p.level === 1
          ? `Vimshottari mahadasha of ${chain[0]}, ${day(p.starts_at)} to ${day(p.ends_at)}.`
          : `Vimshottari antardasha of ${chain[1]} within the ${chain[0]} mahadasha, ${day(p.starts_at)} to ${day(p.ends_at)}.`,
      categories: ['Vimshottari', p.level === 1 ? 'Mahadasha' : 'Antardasha'],
    };
  });
}

// ---------------------------------------------------------------- Western transit windows

/** A TransitWindow of GET /v1/western/charts/{id}/transit-windows. */
export interface TransitWindowJson {
  transit_planet: string;
  natal_planet: string;
  aspect: string;
  starts_at: string;
  ends_at: string;
  exact_at?: string | null;
  min_orb_degrees: number;
}

/**
 * One event per window. The route samples once a day and names the first and the last sample within
 * orb, so the event runs from the first sample to one day after the last (the last day is inside;
 * a one-sample window still lasts a day, as DTEND must follow DTSTART).
 */
export function transitEvents(feedId: string, windows: TransitWindowJson[]): IcsEvent[] {
  return windows.map((w) => {
    const summary = `${title(w.transit_planet)} ${w.aspect} natal ${title(w.natal_planet)}`;
    const exact = w.exact_at ? `exact ${w.exact_at}` : 'not exact within the range';
    return {
      // The exact moment identifies a window even when the rolling range clips its first days.
      uid: eventUid(feedId, 'transit', w.transit_planet, w.natal_planet, w.aspect, w.exact_at ?? w.starts_at),
      start: new Date(w.starts_at),
      end: new Date(Date.parse(w.ends_at) + DAY_MS),
      summary: `Transit ${summary}`,
      description: `Transiting ${title(w.transit_planet)} ${w.aspect} natal ${title(w.natal_planet)}: within orb ${day(w.starts_at)} to ${day(w.ends_at)}, ${exact}; closest orb ${w.min_orb_degrees.toFixed(2)}°.`,
      categories: ['Transit', title(w.aspect)],
    };
  });
}

// ---------------------------------------------------------------- Muhurta windows

/** A MuhurtaCandidate of POST /v1/vedic/muhurta/search (the fields used). */
export interface MuhurtaCandidateJson {
  activity_type: string;
  proposed_at: string;
  total_score: number;
  label: string;
  is_excluded: boolean;
}

/** One event per ranked candidate: the searched step starting at proposed_at. */
export function muhurtaEvents(feedId: string, candidates: MuhurtaCandidateJson[], intervalMinutes: number): IcsEvent[] {
  return candidates.map((c) => ({
    uid: eventUid(feedId, 'muhurta', c.activity_type, new Date(c.proposed_at).toISOString()),
    start: new Date(c.proposed_at),
    end: new Date(Date.parse(c.proposed_at) + intervalMinutes * 60_000),
    summary: `Muhurta for ${c.activity_type}: ${c.label} (${Math.round(c.total_score)}/100)`,
    description: `Electional score ${c.total_score.toFixed(1)}/100 (${c.label}) for ${c.activity_type}, starting ${c.proposed_at}${c.is_excluded ? '; inside a caution window' : ''}. Decision support, not a guarantee.`,
    categories: ['Muhurta', title(c.activity_type)],
  }));
}
