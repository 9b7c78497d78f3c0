// Vaishnava calendar: Ekadashis (with the arunodaya-viddha rule), purnimas, amavasyas and the main
// Vaishnava festivals between two civil dates at a place. Tithis are read at sunrise (udaya tithi),
// lunar months are amanta (panchanga lunarMonthAt). Sources: Hari Bhakti Vilasa 12-13 (Ekadashi
// observance: an Ekadashi touched by Dashami at arunodaya, 96 minutes before sunrise, is given up for
// the next day), the Gaudiya festival list (ISKCON/GBC Vaishnava calendar) mapped to amanta months.
import { norm360 } from '@astro/astro-core';
import { elongation, lunarMonthAt } from '../panchanga/angas.ts';
import { firstSunriseIn, type Place } from '../panchanga/day.ts';
import { localMidnightUtc } from '../panchanga/time.ts';

export const VAISHNAVA_METHOD_VERSION = 'vaishnava-calendar-v1';
export const MAX_CALENDAR_DAYS = 400;
const ARUNODAYA_MS = 96 * 60_000;
const DAY_MS = 86_400_000;

/** Ekadashi names by amanta month (1 = chaitra): [shukla, krishna]; adhika months: padmini, parama. */
const EKADASHI_NAMES: readonly [string, string][] = [
  ['kamada', 'varuthini'],
  ['mohini', 'apara'],
  ['nirjala', 'yogini'],
  ['devshayani', 'kamika'],
  ['pavitropana', 'aja'],
  ['parsva', 'indira'],
  ['papankusha', 'rama'],
  ['utthana', 'utpanna'],
  ['mokshada', 'saphala'],
  ['putrada', 'shattila'],
  ['jaya', 'vijaya'],
  ['amalaki', 'papamochani'],
];

/** Festivals by (amanta month, udaya tithi 1-30). */
const FESTIVALS: readonly { month: number; tithi: number; name: string }[] = [
  { month: 1, tithi: 9, name: 'rama_navami' },
  { month: 2, tithi: 14, name: 'nrisimha_chaturdashi' },
  { month: 4, tithi: 2, name: 'ratha_yatra' },
  { month: 5, tithi: 15, name: 'balarama_jayanti' },
  { month: 5, tithi: 23, name: 'krishna_janmashtami' },
  { month: 6, tithi: 8, name: 'radhashtami' },
  { month: 6, tithi: 12, name: 'vamana_dvadashi' },
  { month: 8, tithi: 1, name: 'govardhana_puja' },
  { month: 9, tithi: 11, name: 'gita_jayanti' },
  { month: 12, tithi: 15, name: 'gaura_purnima' },
];

const tithiAt = (ms: number) => Math.min(30, Math.floor(norm360(elongation(ms)) / 12) + 1);
const isEkadashi = (t: number) => t === 11 || t === 26;
const isDashami = (t: number) => t === 10 || t === 25;

export interface CalendarEvent {
  date: string;
  kind: 'ekadashi' | 'purnima' | 'amavasya' | 'festival';
  name: string;
  tithi: number;
  paksha: 'shukla' | 'krishna';
  masa: string;
  is_adhika_masa: boolean;
  sunrise: string;
  note: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Events on the civil days [from, from + days) in `timezone`. */
export function vaishnavaCalendar(
  place: Place,
  timezone: string,
  from: { y: number; m: number; d: number },
  days: number,
) {
  // One extra day either side to see the neighbours of the first and last day.
  const rows = [] as { date: string; sunrise: number; tithi: number; arunodaya: number }[];
  for (let i = -1; i <= days; i++) {
    const c = new Date(Date.UTC(from.y, from.m - 1, from.d + i));
    const [y, m, d] = [c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate()];
    const start = localMidnightUtc(timezone, y, m, d);
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    const end = localMidnightUtc(timezone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
    const sunrise = firstSunriseIn(place, start, end);
    rows.push({ date: isoDay(y, m, d), sunrise, tithi: tithiAt(sunrise), arunodaya: tithiAt(sunrise - ARUNODAYA_MS) });
  }
  const events: CalendarEvent[] = [];
  const monthCache = new Map<number, ReturnType<typeof lunarMonthAt>>();
  const month = (ms: number) => {
    for (const [start, m] of monthCache) if (ms >= start && ms < m.endMs) return m;
    const m = lunarMonthAt(ms);
    monthCache.set(m.startMs, m);
    return m;
  };
  const push = (
    r: (typeof rows)[number],
    kind: CalendarEvent['kind'],
    name: string,
    tithi: number,
    note: string | null = null,
  ) => {
    const lm = month(r.sunrise);
    events.push({
      date: r.date,
      kind,
      name,
      tithi,
      paksha: tithi <= 15 ? 'shukla' : 'krishna',
      masa: lm.name,
      is_adhika_masa: lm.isAdhika,
      sunrise: new Date(r.sunrise).toISOString(),
      note,
    });
  };
  for (let i = 1; i <= days; i++) {
    const r = rows[i]!;
    const prev = rows[i - 1]!;
    // Ekadashi fast day: Ekadashi at sunrise and pure at arunodaya; a viddha Ekadashi moves to the next
    // day; a kshaya Ekadashi (Dashami at one sunrise, Dvadashi at the next) is kept on the Dvadashi day.
    const prevViddha = isEkadashi(prev.tithi) && isDashami(prev.arunodaya);
    let ekadashi: { kind: 'pure' | 'viddha' | 'kshaya'; tithi: number } | null = null;
    if (prevViddha) ekadashi = { kind: 'viddha', tithi: prev.tithi };
    else if (isEkadashi(r.tithi) && !isDashami(r.arunodaya) && !isEkadashi(prev.tithi))
      ekadashi = { kind: 'pure', tithi: r.tithi };
    else if (isDashami(prev.tithi) && (r.tithi === 12 || r.tithi === 27))
      ekadashi = { kind: 'kshaya', tithi: r.tithi - 1 };
    if (ekadashi) {
      const lm = month(r.sunrise);
      const shukla = ekadashi.tithi === 11;
      const name = lm.isAdhika ? (shukla ? 'padmini' : 'parama') : EKADASHI_NAMES[lm.number - 1]![shukla ? 0 : 1];
      push(
        r,
        'ekadashi',
        `${name}_ekadashi`,
        ekadashi.tithi,
        ekadashi.kind === 'viddha'
          ? "the previous day's ekadashi is touched by dashami at arunodaya: the fast moves here"
          : ekadashi.kind === 'kshaya'
            ? 'ekadashi touches no sunrise: the fast is kept on dvadashi'
            : null,
      );
    }
    if (r.tithi === 15 && prev.tithi !== 15) push(r, 'purnima', 'purnima', 15);
    if (r.tithi === 30 && prev.tithi !== 30) push(r, 'amavasya', 'amavasya', 30);
    for (const fest of FESTIVALS) {
      if (r.tithi !== fest.tithi || prev.tithi === fest.tithi) continue;
      const lm = month(r.sunrise);
      if (lm.number === fest.month && !lm.isAdhika) push(r, 'festival', fest.name, r.tithi);
    }
  }
  return events;
}

export { DAY_MS };
