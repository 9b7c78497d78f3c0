// Calendar feeds (issue 21 item 3, docs/calendar-feeds.md) through the gateway: a feed of a stored
// chart's Vimshottari periods, Western transit windows or muhurta windows, created with an API key and
// fetched without one (the token in the URL is the credential), as RFC 5545 iCalendar. The answer is
// parsed with ical.js (Mozilla's iCalendar parser, from the npm registry), and every event is compared
// with the JSON route that computes the same periods. Also: the line rules of RFC 5545 3.1 on the raw
// bytes, listing, revocation (410), unknown tokens (404), cross-tenant 404s, the 422s, the per-feed
// fetch limit, and that no log line of the fleet contains a token.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import ICAL from 'ical.js';
import {
  api,
  createKey,
  expectError,
  expectStatus,
  invalidFields,
  signup,
  type ApiResponse,
} from './helpers/client.ts';
import { startGateway, stopStartedGateways, type GatewayProcess } from './helpers/gateway-process.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const DAY_MS = 86_400_000;

interface Caller {
  key: string;
  vedic: string;
  western: string;
}

async function caller(): Promise<Caller> {
  const s = await signup();
  const key = (await createKey(s.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const make = async (system: string) => {
    const r = await api('POST', '/v1/charts', { token: key, body: { birth, system } });
    expectStatus(r, 201);
    return r.json.id as string;
  };
  return { key, vedic: await make('vedic'), western: await make('western') };
}

async function createFeed(c: Caller, chartId: string, body: Record<string, unknown>) {
  const r = await api('POST', `/v1/charts/${chartId}/calendar-feeds`, { token: c.key, body });
  expectStatus(r, 201);
  return r.json;
}

/** GET without any credential, as a calendar app does. */
const fetchFeed = (p: string, baseUrl?: string) => api('GET', p, { baseUrl });

interface ParsedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  stamp: string;
}

interface ParsedCalendar {
  name: string;
  events: ParsedEvent[];
  descriptions: string[];
}

/** RFC 5545 3.1 on the raw bytes, then ical.js's reading of the calendar. */
function parseIcs(r: ApiResponse): ParsedCalendar {
  expectStatus(r, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/calendar/);
  const raw = r.text;
  assert.ok(raw.endsWith('\r\n'), 'the last line ends in CRLF');
  assert.ok(!/[^\r]\n/.test(raw), 'every line ends in CRLF, never a bare LF');
  for (const line of raw.split('\r\n'))
    assert.ok(Buffer.byteLength(line, 'utf8') <= 75, `a line of ${Buffer.byteLength(line, 'utf8')} octets`);
  const cal = new ICAL.Component(ICAL.parse(raw));
  assert.equal(cal.name, 'vcalendar');
  assert.equal(cal.getFirstPropertyValue('version'), '2.0');
  assert.ok(cal.getFirstPropertyValue('prodid'));
  const iso = (t: unknown) => (t as ICAL.Time).toJSDate().toISOString();
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const start = v.getFirstProperty('dtstart')!.getFirstValue() as ICAL.Time;
    assert.equal(start.zone?.tzid, 'UTC', 'DTSTART is in UTC');
    return {
      uid: String(v.getFirstPropertyValue('uid')),
      start: iso(start),
      end: iso(v.getFirstPropertyValue('dtend')),
      summary: String(v.getFirstPropertyValue('summary')),
      stamp: iso(v.getFirstPropertyValue('dtstamp')),
    };
  });
  const descriptions = cal.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('description')));
  return { name: String(cal.getFirstPropertyValue('name')), events, descriptions };
}

/** An instant as iCalendar can hold it: whole seconds (RFC 5545 3.3.5 has no fractions). */
const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();
const dayStart = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

describe('Vimshottari feed', () => {
  it('201 with a secret URL shown once; the feed parses and holds exactly the periods of the JSON route', async () => {
    const c = await caller();
    const feed = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 2, name: 'My dashas; main, chart' });
    assert.equal(feed.kind, 'vimshottari');
    assert.equal(feed.depth, 2);
    assert.match(feed.path, /^\/v1\/calendar-feeds\/ical_[A-Za-z0-9_-]{43}\.ics$/);
    assert.ok(feed.url.endsWith(feed.path));
    assert.equal(feed.path.slice('/v1/calendar-feeds/'.length).slice(0, 9), feed.token_prefix);

    const r = await fetchFeed(feed.path);
    const ics = parseIcs(r);
    // RFC 5545 3.3.11 escaping: NAME (RFC 7986) is not in ical.js's property table, so it is read raw,
    // with the escapes RFC 5545 requires for ';' and ','; DESCRIPTION is a TEXT property ical.js knows,
    // and it reads the commas back unescaped.
    assert.equal(ics.name, 'My dashas\\; main\\, chart');
    assert.ok(r.text.includes('\r\nX-WR-CALNAME:My dashas\\; main\\, chart\r\n'));
    assert.ok(ics.descriptions.every((d) => d.includes(',') && !d.includes('\\')));
    const json = await api('GET', `/v1/vedic/charts/${c.vedic}/dashas/vimshottari?depth=2`, { token: c.key });
    expectStatus(json, 200);
    const periods = [...json.json.mahadashas, ...json.json.antardashas];
    assert.equal(json.json.mahadashas.length, 9);
    assert.equal(json.json.antardashas.length, 81);
    assert.deepEqual(
      ics.events.map((e) => [e.start, e.end]),
      periods.map((p: any) => [toSecond(p.starts_at), toSecond(p.ends_at)]),
    );
    assert.equal(
      ics.events[0]!.summary,
      `${json.json.mahadashas[0].lord[0].toUpperCase()}${json.json.mahadashas[0].lord.slice(1)} mahadasha`,
    );
    assert.equal(new Set(ics.events.map((e) => e.uid)).size, ics.events.length, 'one UID per event');

    // A second fetch: the same UIDs (calendar apps update events in place), a newer DTSTAMP at most.
    const again = parseIcs(await fetchFeed(feed.path.replace(/\.ics$/, '')));
    assert.deepEqual(
      again.events.map((e) => e.uid),
      ics.events.map((e) => e.uid),
    );
  });

  it('depth 1: the nine mahadashas only', async () => {
    const c = await caller();
    const feed = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 1 });
    const ics = parseIcs(await fetchFeed(feed.path));
    const json = await api('GET', `/v1/vedic/charts/${c.vedic}/dashas/vimshottari?depth=1`, { token: c.key });
    assert.deepEqual(
      ics.events.map((e) => e.start),
      json.json.mahadashas.map((p: any) => toSecond(p.starts_at)),
    );
  });
});

describe('transit and muhurta feeds', () => {
  it('Western transit windows over the next 30 days: one event per window of the JSON route', async () => {
    const c = await caller();
    const feed = await createFeed(c, c.western, { kind: 'transits', days: 30 });
    const start = dayStart();
    const ics = parseIcs(await fetchFeed(feed.path));
    const q = `starts_at=${start.toISOString()}&ends_at=${new Date(start.getTime() + 30 * DAY_MS).toISOString()}`;
    const json = await api('GET', `/v1/western/charts/${c.western}/transit-windows?${q}`, { token: c.key });
    expectStatus(json, 200);
    assert.ok(json.json.length > 0, 'a month of transits has windows');
    // The event spans the window's sample days: from the first to one day after the last.
    assert.deepEqual(
      ics.events.map((e) => [e.start, e.end]),
      json.json.map((w: any) => [
        toSecond(w.starts_at),
        new Date(Date.parse(toSecond(w.ends_at)) + DAY_MS).toISOString(),
      ]),
    );
  });

  it('muhurta windows: the ranked candidates of the search route, each one search step long', async () => {
    const c = await caller();
    const feed = await createFeed(c, c.vedic, {
      kind: 'muhurta',
      days: 2,
      activity_type: 'travel',
      timezone: 'Asia/Kolkata',
    });
    assert.equal(feed.latitude, birth.latitude, 'the place defaults to the birth place');
    const start = dayStart();
    const ics = parseIcs(await fetchFeed(feed.path));
    const json = await api('POST', '/v1/vedic/muhurta/search', {
      token: c.key,
      body: {
        natal_chart_id: c.vedic,
        activity_type: 'travel',
        window_start: start.toISOString(),
        window_end: new Date(start.getTime() + 2 * DAY_MS).toISOString(),
        latitude: birth.latitude,
        longitude: birth.longitude,
        timezone: 'Asia/Kolkata',
        interval_minutes: 60,
        top_n: 4,
      },
    });
    expectStatus(json, 200);
    assert.equal(json.json.candidates.length, 4);
    assert.deepEqual(
      ics.events.map((e) => [e.start, e.end]),
      json.json.candidates.map((k: any) => [
        toSecond(k.proposed_at),
        new Date(Date.parse(k.proposed_at) + 3_600_000).toISOString(),
      ]),
    );
  });
});

describe('managing feeds', () => {
  it('list without URLs; DELETE 204 revokes: the URL answers 410, a second DELETE 404; an unknown token 404', async () => {
    const c = await caller();
    const a = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 1 });
    const b = await createFeed(c, c.vedic, { kind: 'vimshottari' });
    const list = await api('GET', `/v1/charts/${c.vedic}/calendar-feeds`, { token: c.key });
    expectStatus(list, 200);
    assert.deepEqual(
      list.json.feeds.map((f: any) => f.id),
      [b.id, a.id],
    );
    assert.ok(
      list.json.feeds.every((f: any) => !('url' in f) && !('path' in f)),
      'the secret is shown once',
    );
    expectStatus(await fetchFeed(a.path), 200);
    expectStatus(await api('DELETE', `/v1/charts/${c.vedic}/calendar-feeds/${a.id}`, { token: c.key }), 204);
    expectError(await fetchFeed(a.path), 410, 'calendar_feed_revoked');
    expectError(
      await api('DELETE', `/v1/charts/${c.vedic}/calendar-feeds/${a.id}`, { token: c.key }),
      404,
      'calendar_feed_not_found',
    );
    const after = await api('GET', `/v1/charts/${c.vedic}/calendar-feeds`, { token: c.key });
    assert.deepEqual(
      after.json.feeds.map((f: any) => f.id),
      [b.id],
    );
    expectError(
      await fetchFeed(`/v1/calendar-feeds/ical_${randomBytes(32).toString('base64url')}.ics`),
      404,
      'calendar_feed_not_found',
    );
    expectError(await fetchFeed('/v1/calendar-feeds/not-a-token.ics'), 404, 'calendar_feed_not_found');
  });

  it('deleting the chart deletes its feeds: the URL answers 404', async () => {
    const c = await caller();
    const f = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 1 });
    expectStatus(await api('DELETE', `/v1/charts/${c.vedic}`, { token: c.key }), 204);
    expectError(await fetchFeed(f.path), 404, 'calendar_feed_not_found');
  });

  it('cross-tenant: another tenant’s key gets 404 creating, listing and deleting on the chart', async () => {
    const a = await caller();
    const b = await caller();
    const f = await createFeed(a, a.vedic, { kind: 'vimshottari', depth: 1 });
    const p = `/v1/charts/${a.vedic}/calendar-feeds`;
    expectError(await api('POST', p, { token: b.key, body: { kind: 'vimshottari' } }), 404, 'chart_not_found');
    expectError(await api('GET', p, { token: b.key }), 404, 'chart_not_found');
    expectError(await api('DELETE', `${p}/${f.id}`, { token: b.key }), 404, 'chart_not_found');
    // b's own chart does not reach a's feed either.
    expectError(
      await api('DELETE', `/v1/charts/${b.vedic}/calendar-feeds/${f.id}`, { token: b.key }),
      404,
      'calendar_feed_not_found',
    );
    expectStatus(await fetchFeed(f.path), 200);
  });

  it('422s: a bad kind, the wrong chart system, muhurta without timezone, an unknown activity, days out of range', async () => {
    const c = await caller();
    const post = (chart: string, body: Record<string, unknown>) =>
      api('POST', `/v1/charts/${chart}/calendar-feeds`, { token: c.key, body });
    assert.deepEqual(invalidFields(expectError(await post(c.vedic, { kind: 'horoscope' }), 422, 'invalid_request')), [
      'kind',
    ]);
    assert.deepEqual(invalidFields(expectError(await post(c.vedic, {}), 422, 'invalid_request')), ['kind']);
    const sys = expectError(await post(c.vedic, { kind: 'transits' }), 422, 'unsupported_astrology_system');
    assert.equal(sys.details?.required, 'western');
    expectError(await post(c.western, { kind: 'vimshottari' }), 422, 'unsupported_astrology_system');
    assert.deepEqual(
      invalidFields(
        expectError(await post(c.vedic, { kind: 'muhurta', activity_type: 'travel' }), 422, 'invalid_request'),
      ),
      ['timezone'],
    );
    expectError(
      await post(c.vedic, { kind: 'muhurta', activity_type: 'skydiving', timezone: 'Asia/Kolkata' }),
      422,
      'unsupported_muhurta_activity_type',
    );
    assert.deepEqual(
      invalidFields(expectError(await post(c.western, { kind: 'transits', days: 401 }), 422, 'invalid_request')),
      ['days'],
    );
    assert.deepEqual(
      invalidFields(expectError(await post(c.vedic, { kind: 'vimshottari', depth: 3 }), 422, 'invalid_request')),
      ['depth'],
    );
  });

  it('no log line of the fleet holds a feed token (access log, services)', async () => {
    const c = await caller();
    const f = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 1 });
    const token = f.path.slice('/v1/calendar-feeds/'.length, -'.ics'.length);
    expectStatus(await fetchFeed(f.path), 200);
    expectError(await fetchFeed(`/v1/calendar-feeds/${token}x.ics`), 404, 'calendar_feed_not_found');
    const dir = process.env.TEST_DATA_DIR;
    assert.ok(dir, 'TEST_DATA_DIR is set (run through scripts/test.ts)');
    const logs = path.join(dir, 'logs');
    // The access log line of the fetch is written when the response finishes: give it a moment.
    await new Promise((r) => setTimeout(r, 500));
    const files = fs.readdirSync(logs).filter((n) => n.endsWith('.log'));
    assert.ok(files.includes('gateway.log'));
    const gateway = fs.readFileSync(path.join(logs, 'gateway.log'), 'utf8');
    assert.ok(gateway.includes('"/v1/calendar-feeds/{feed_token}"'), 'the fetch was logged, by its route template');
    for (const name of files)
      assert.ok(!fs.readFileSync(path.join(logs, name), 'utf8').includes(token.slice(5)), `${name} holds the token`);
  });
});

describe('fetch limit per feed (FEED_FETCH_LIMIT)', () => {
  let gw: GatewayProcess;
  before(async () => {
    gw = await startGateway({
      REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
      LIMITS_KEY_PREFIX: `test:feeds:${randomBytes(6).toString('hex')}:`,
      FEED_FETCH_LIMIT: '2',
      FEED_FETCH_WINDOW_SECONDS: '3600',
    });
  });
  after(() => stopStartedGateways());

  it('2 fetches pass, the 3rd is 429 calendar_feed_rate_limited with Retry-After; another feed is not affected', async () => {
    const c = await caller();
    const a = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 1 });
    const b = await createFeed(c, c.vedic, { kind: 'vimshottari', depth: 1 });
    expectStatus(await fetchFeed(a.path, gw.baseUrl), 200);
    expectStatus(await fetchFeed(a.path.replace(/\.ics$/, ''), gw.baseUrl), 200);
    const limited = await fetchFeed(a.path, gw.baseUrl);
    const e = expectError(limited, 429, 'calendar_feed_rate_limited');
    assert.equal(e.details?.limit, 2);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    expectStatus(await fetchFeed(b.path, gw.baseUrl), 200);
  });
});
