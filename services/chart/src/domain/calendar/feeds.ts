// Calendar feeds of a stored chart (docs/calendar-feeds.md): create (the secret URL shown once), list,
// revoke, and the iCalendar answer to a fetch by token. The events come from the calculation services'
// own routes (CalendarSources, gRPC), so a feed shows exactly what the JSON routes answer.
import { createHash, randomBytes } from 'node:crypto';
import { AppError, fieldErrorsAnswer, isUuid, uuidv7, type FieldError } from '@astro/platform';
import type { ChartRecord } from '../chart-record.ts';
import {
  dashaEvents,
  muhurtaEvents,
  transitEvents,
  type MuhurtaCandidateJson,
  type TransitWindowJson,
  type VimshottariJson,
} from './events.ts';
import { writeCalendar, type IcsEvent } from './ics.ts';

export const FEED_KINDS = ['vimshottari', 'transits', 'muhurta'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** The chart system each kind's calculation needs. */
const SYSTEM_OF: Record<FeedKind, 'vedic' | 'western'> = {
  vimshottari: 'vedic',
  transits: 'western',
  muhurta: 'vedic',
};

const DEFAULT_NAME: Record<FeedKind, string> = {
  vimshottari: 'Vimshottari dashas',
  transits: 'Transit windows',
  muhurta: 'Muhurta windows',
};

/** Days of the rolling window: the transit-windows route allows 400, muhurta search 31. */
const DAYS: Record<'transits' | 'muhurta', { max: number; dflt: number }> = {
  transits: { max: 400, dflt: 90 },
  muhurta: { max: 31, dflt: 14 },
};
export const NAME_MAX = 120;
/** Muhurta search step, minutes: each candidate becomes an event this long. */
export const MUHURTA_INTERVAL_MINUTES = 60;
/** Calendar apps are asked to fetch again after this many hours (RFC 7986 REFRESH-INTERVAL). */
export const REFRESH_HOURS = 12;

const DAY_MS = 86_400_000;
export const TOKEN_PREFIX = 'ical_';
/** 32 random bytes as base64url: 43 characters. */
const TOKEN_SHAPE = /^ical_[A-Za-z0-9_-]{43}$/;
const SHOWN_PREFIX_CHARS = TOKEN_PREFIX.length + 4;

export interface FeedParams {
  depth?: 1 | 2;
  days?: number;
  activity_type?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

export interface FeedRecord {
  id: string;
  tenant_id: string;
  chart_id: string;
  kind: FeedKind;
  name: string;
  params: FeedParams;
  token_hash: string;
  token_prefix: string;
  created_at: Date;
  last_fetched_at: Date | null;
  revoked_at: Date | null;
}

export interface FeedRepository {
  insert(r: FeedRecord): Promise<void>;
  /** Not revoked, newest first. */
  listActive(tenantId: string, chartId: string): Promise<FeedRecord[]>;
  /** Revokes an active feed of the chart; false when there is none with that id. */
  revoke(tenantId: string, chartId: string, feedId: string, at: Date): Promise<boolean>;
  findByTokenHash(tokenHash: string): Promise<FeedRecord | null>;
  touchFetched(id: string, at: Date): Promise<void>;
}

export interface MuhurtaSearch {
  activity_type: string;
  window_start: string;
  window_end: string;
  latitude: number;
  longitude: number;
  timezone: string;
  interval_minutes: number;
  top_n: number;
}

/** The calculation routes a feed is made of, called as the feed's tenant. */
export interface CalendarSources {
  vimshottari(tenantId: string, chartId: string, depth: 1 | 2): Promise<VimshottariJson>;
  transitWindows(tenantId: string, chartId: string, startsAt: string, endsAt: string): Promise<TransitWindowJson[]>;
  muhurtaSearch(tenantId: string, chartId: string, q: MuhurtaSearch): Promise<MuhurtaCandidateJson[]>;
  muhurtaActivities(): Promise<string[]>;
}

export interface FeedView {
  id: string;
  chart_id: string;
  kind: FeedKind;
  name: string;
  depth?: number;
  days?: number;
  activity_type?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
  path?: string;
  url?: string;
  token_prefix: string;
  created_at: string;
  last_fetched_at?: string;
}

export interface CreateFeedInput {
  kind?: string;
  name?: string;
  depth?: number;
  days?: number;
  activity_type?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function intIn(v: number | undefined, lo: number, hi: number): boolean {
  return v !== undefined && Number.isInteger(v) && v >= lo && v <= hi;
}

/** Field validation (422 invalid_request with details.errors[]); pure. */
export function validateFeedInput(
  input: CreateFeedInput,
  chart: Pick<ChartRecord, 'latitude' | 'longitude'>,
): { kind: FeedKind; name: string; params: FeedParams } {
  const errors: FieldError[] = [];
  const kind = input.kind as FeedKind;
  if (input.kind === undefined || input.kind === '')
    errors.push({ field: 'kind', reason: 'required', message: 'kind is required' });
  else if (!FEED_KINDS.includes(kind))
    errors.push({ field: 'kind', reason: 'invalid_enum', message: `kind must be one of ${FEED_KINDS.join(', ')}` });
  const name = input.name ?? '';
  if (input.name !== undefined && (name.trim().length < 1 || name.length > NAME_MAX))
    errors.push({ field: 'name', reason: 'length', message: `name must be 1-${NAME_MAX} characters` });
  const params: FeedParams = {};
  if (kind === 'vimshottari') {
    if (input.depth !== undefined && !intIn(input.depth, 1, 2))
      errors.push({ field: 'depth', reason: 'out_of_range', message: 'depth must be 1 or 2' });
    params.depth = (input.depth ?? 2) as 1 | 2;
  }
  if (kind === 'transits' || kind === 'muhurta') {
    const d = DAYS[kind];
    if (input.days !== undefined && !intIn(input.days, 1, d.max))
      errors.push({ field: 'days', reason: 'out_of_range', message: `days must be 1-${d.max} for ${kind}` });
    params.days = input.days ?? d.dflt;
  }
  if (kind === 'muhurta') {
    if (!input.activity_type)
      errors.push({ field: 'activity_type', reason: 'required', message: 'activity_type is required for muhurta' });
    else params.activity_type = input.activity_type;
    if (!input.timezone)
      errors.push({ field: 'timezone', reason: 'required', message: 'timezone is required for muhurta' });
    else if (!isTimeZone(input.timezone))
      errors.push({ field: 'timezone', reason: 'invalid', message: 'timezone must be an IANA time zone' });
    else params.timezone = input.timezone;
    const lat = input.latitude ?? chart.latitude;
    const lon = input.longitude ?? chart.longitude;
    if (!(lat >= -90 && lat <= 90))
      errors.push({ field: 'latitude', reason: 'out_of_range', message: 'latitude must be -90..90' });
    if (!(lon >= -180 && lon <= 180))
      errors.push({ field: 'longitude', reason: 'out_of_range', message: 'longitude must be -180..180' });
    params.latitude = lat;
    params.longitude = lon;
  }
  if (errors.length) throw fieldErrorsAnswer(errors);
  return { kind, name: input.name === undefined ? DEFAULT_NAME[kind] : name, params };
}

export function feedView(r: FeedRecord, secret?: { path: string; url: string }): FeedView {
  return {
    id: r.id,
    chart_id: r.chart_id,
    kind: r.kind,
    name: r.name,
    ...r.params,
    ...(secret ?? {}),
    token_prefix: r.token_prefix,
    created_at: r.created_at.toISOString(),
    ...(r.last_fetched_at ? { last_fetched_at: r.last_fetched_at.toISOString() } : {}),
  };
}

/** The start of the UTC day containing `now`: the rolling windows start there, stable within a day. */
export function dayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/** The muhurta search a feed runs at `now` (docs/calendar-feeds.md says the same). */
export function muhurtaQuery(p: FeedParams, now: Date): MuhurtaSearch {
  const start = dayStart(now);
  const days = p.days ?? DAYS.muhurta.dflt;
  return {
    activity_type: p.activity_type!,
    window_start: start.toISOString(),
    window_end: new Date(start.getTime() + days * DAY_MS).toISOString(),
    latitude: p.latitude!,
    longitude: p.longitude!,
    timezone: p.timezone!,
    interval_minutes: MUHURTA_INTERVAL_MINUTES,
    top_n: Math.min(100, 2 * days),
  };
}

export interface CalendarFeedsDeps {
  feeds: FeedRepository;
  charts: { find(tenantId: string, id: string): Promise<ChartRecord | null> };
  sources: CalendarSources;
  /** Public base URL of the API (the gateway), for the feed's full URL. */
  baseUrl: string;
  now?: () => Date;
  onTouchError?: (err: unknown) => void;
}

export class CalendarFeeds {
  private readonly now: () => Date;

  constructor(private readonly d: CalendarFeedsDeps) {
    this.now = d.now ?? (() => new Date());
  }

  private async chartOf(tenantId: string, chartId: string): Promise<ChartRecord> {
    const chart = isUuid(chartId) ? await this.d.charts.find(tenantId, chartId) : null;
    if (!chart) throw new AppError('chart_not_found', undefined, { chart_id: chartId });
    return chart;
  }

  async create(tenantId: string, chartId: string, input: CreateFeedInput): Promise<FeedView> {
    const chart = await this.chartOf(tenantId, chartId);
    const valid = validateFeedInput(input, chart);
    const required = SYSTEM_OF[valid.kind];
    if (chart.system !== required)
      throw new AppError(
        'unsupported_astrology_system',
        `A ${valid.kind} feed needs a ${required === 'vedic' ? 'Vedic' : 'Western'} chart.`,
        { chart_id: chartId, system: chart.system, required },
      );
    if (valid.kind === 'muhurta') {
      const known = await this.d.sources.muhurtaActivities();
      if (!known.includes(valid.params.activity_type!))
        throw new AppError('unsupported_muhurta_activity_type', undefined, {
          activity_type: valid.params.activity_type,
          supported: known,
        });
    }
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const record: FeedRecord = {
      id: uuidv7(),
      tenant_id: tenantId,
      chart_id: chartId,
      kind: valid.kind,
      name: valid.name,
      params: valid.params,
      token_hash: tokenDigest(token),
      token_prefix: token.slice(0, SHOWN_PREFIX_CHARS),
      created_at: this.now(),
      last_fetched_at: null,
      revoked_at: null,
    };
    await this.d.feeds.insert(record);
    const path = `/v1/calendar-feeds/${token}.ics`;
    return feedView(record, { path, url: `${this.d.baseUrl.replace(/\/+$/, '')}${path}` });
  }

  async list(tenantId: string, chartId: string): Promise<FeedView[]> {
    await this.chartOf(tenantId, chartId);
    return (await this.d.feeds.listActive(tenantId, chartId)).map((r) => feedView(r));
  }

  async revoke(tenantId: string, chartId: string, feedId: string): Promise<void> {
    await this.chartOf(tenantId, chartId);
    if (!isUuid(feedId) || !(await this.d.feeds.revoke(tenantId, chartId, feedId, this.now())))
      throw new AppError('calendar_feed_not_found', undefined, { feed_id: feedId });
  }

  /** The iCalendar text of the feed a token names; the token is the only credential. */
  async fetch(tokenParam: string): Promise<string> {
    const token = tokenParam.endsWith('.ics') ? tokenParam.slice(0, -4) : tokenParam;
    // A malformed token costs no query; the error never repeats the token.
    const feed = TOKEN_SHAPE.test(token) ? await this.d.feeds.findByTokenHash(tokenDigest(token)) : null;
    if (!feed) throw new AppError('calendar_feed_not_found');
    if (feed.revoked_at) throw new AppError('calendar_feed_revoked');
    const now = this.now();
    const events = await this.events(feed, now);
    this.d.feeds.touchFetched(feed.id, now).catch((err) => this.d.onTouchError?.(err));
    return writeCalendar({ name: feed.name, stamp: now, refreshHours: REFRESH_HOURS, events });
  }

  private async events(f: FeedRecord, now: Date): Promise<IcsEvent[]> {
    const { sources } = this.d;
    switch (f.kind) {
      case 'vimshottari': {
        const depth = f.params.depth ?? 2;
        return dashaEvents(f.id, await sources.vimshottari(f.tenant_id, f.chart_id, depth), depth);
      }
      case 'transits': {
        const start = dayStart(now);
        const end = new Date(start.getTime() + (f.params.days ?? DAYS.transits.dflt) * DAY_MS);
        const windows = await sources.transitWindows(f.tenant_id, f.chart_id, start.toISOString(), end.toISOString());
        return transitEvents(f.id, windows);
      }
      case 'muhurta':
        return muhurtaEvents(
          f.id,
          await sources.muhurtaSearch(f.tenant_id, f.chart_id, muhurtaQuery(f.params, now)),
          MUHURTA_INTERVAL_MINUTES,
        );
    }
  }
}
