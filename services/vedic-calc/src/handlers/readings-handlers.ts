// ReadingsService: house aspects, livelihood, varna and career profiles (chart routes), sky ingresses
// and the Vaishnava calendar (no chart). Answers are JSON HttpBody.
import { type ClassicalPlanet, siderealFrame } from '@astro/astro-core';
import {
  coordinateErrors,
  AppError,
  invalidRequest,
  service,
  type CallContext,
  type FieldError,
  type Registration,
} from '@astro/platform';
import { ReadingsServiceService } from '@astro/protos/astro/vedic/v1/readings';
import type { StoredChart } from '../clients/chart-source.ts';
import { isValidTimeZone } from '../domain/panchanga/time.ts';
import { MAX_YEAR, MIN_YEAR } from '../domain/panchanga/validate.ts';
import {
  INGRESS_BODIES,
  ingresses,
  INGRESSES_METHOD_VERSION,
  MAX_DAYS,
  type IngressBody,
} from '../domain/sky/ingresses.ts';
import {
  CAREER_METHOD_VERSION,
  careerProfile,
  HOUSE_ASPECTS_METHOD_VERSION,
  houseAspects,
  livelihood,
  LIVELIHOOD_METHOD_VERSION,
  VARNA_METHOD_VERSION,
  varnaProfile,
} from '../domain/theo/profiles.ts';
import { MAX_CALENDAR_DAYS, VAISHNAVA_METHOD_VERSION, vaishnavaCalendar } from '../domain/vaishnava/calendar.ts';
import type { VedicDeps } from './deps.ts';
import { factsOf, json, requiredAt } from './theo-common.ts';

const DAY = 86_400_000;

const degreeOf = (stored: StoredChart) => (p: ClassicalPlanet) =>
  stored.chart!.planets.find((x) => x.planet === p)!.degree_in_sign;

function skyQuery(req: { from?: string | undefined; to?: string | undefined; planets?: string | undefined }) {
  const from = requiredAt(req.from, 'from');
  const to = requiredAt(req.to, 'to');
  const errors: FieldError[] = [];
  let bodies: IngressBody[] = [...INGRESS_BODIES];
  if (req.planets !== undefined && req.planets !== '') {
    const list = req.planets.split(',').map((x) => x.trim().toLowerCase());
    const bad = list.filter((x) => !(INGRESS_BODIES as readonly string[]).includes(x));
    if (bad.length) errors.push({ field: 'planets', reason: 'unknown_planet', message: `unknown: ${bad.join(', ')}` });
    else bodies = INGRESS_BODIES.filter((b) => list.includes(b));
  }
  if (errors.length) throw invalidRequest(errors);
  // A reversed or empty window is a bad range (spec error table: invalid_date_range, as on the Western
  // and LLM windows), not a malformed field.
  if (!(to.ms > from.ms))
    throw new AppError('invalid_date_range', '`to` must be after `from`.', {
      from: req.from,
      to: req.to,
      reason: 'invalid_range',
    });
  const years = (ms: number) => new Date(ms).getUTCFullYear();
  if (years(from.ms) < MIN_YEAR || years(to.ms) > MAX_YEAR)
    throw invalidRequest([{ field: 'from', reason: 'out_of_range', message: `years ${MIN_YEAR}-${MAX_YEAR}` }]);
  if (to.ms - from.ms > MAX_DAYS * DAY)
    throw new AppError('range_too_long', `The window may span at most ${MAX_DAYS} days.`, {
      max_days: MAX_DAYS,
      requested_days: Math.ceil((to.ms - from.ms) / DAY),
    });
  return { from, to, bodies };
}

function calendarQuery(req: {
  from?: string | undefined;
  days?: number | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  timezone?: string | undefined;
}) {
  const errors: FieldError[] = [];
  let y = 0;
  let m = 0;
  let d = 0;
  const match = req.from ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(req.from) : null;
  if (!req.from) errors.push({ field: 'from', reason: 'required', message: 'is required' });
  else if (!match)
    errors.push({ field: 'from', reason: 'invalid_date', message: 'must be a calendar date YYYY-MM-DD' });
  else {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const back = new Date(Date.UTC(y, m - 1, d));
    if (back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
      errors.push({ field: 'from', reason: 'invalid_date', message: 'must be a calendar date YYYY-MM-DD' });
    else if (y < MIN_YEAR || y > MAX_YEAR)
      errors.push({ field: 'from', reason: 'out_of_range', message: `year must be from ${MIN_YEAR} to ${MAX_YEAR}` });
  }
  const days = req.days ?? 30;
  if (!Number.isInteger(days) || days < 1 || days > MAX_CALENDAR_DAYS)
    errors.push({
      field: 'days',
      reason: 'out_of_range',
      message: `must be an integer from 1 to ${MAX_CALENDAR_DAYS}`,
    });
  errors.push(...coordinateErrors(req));
  if (!req.timezone) errors.push({ field: 'timezone', reason: 'required', message: 'is required' });
  else if (!isValidTimeZone(req.timezone))
    errors.push({
      field: 'timezone',
      reason: 'unknown_timezone',
      message: 'must be an IANA time zone such as Asia/Kolkata',
    });
  if (errors.length) throw invalidRequest(errors);
  return { y, m, d, days, place: { latitude: req.latitude!, longitude: req.longitude! }, timezone: req.timezone! };
}

export function readingsRegistrations(deps: VedicDeps): Registration[] {
  const load = (ctx: CallContext, id: string) => deps.charts.load(ctx, id);
  return [
    service('astro.vedic.v1.ReadingsService', ReadingsServiceService, {
      getHouseAspects: async (req, ctx) => {
        const f = factsOf(await load(ctx, req.id));
        return json({ chart_id: req.id, method_version: HOUSE_ASPECTS_METHOD_VERSION, houses: houseAspects(f) });
      },
      getLivelihood: async (req, ctx) => {
        const f = factsOf(await load(ctx, req.id));
        return json({ chart_id: req.id, method_version: LIVELIHOOD_METHOD_VERSION, ...livelihood(f) });
      },
      getVarnaProfile: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const f = factsOf(stored, 'varna_profile_failed');
        return json({ chart_id: req.id, method_version: VARNA_METHOD_VERSION, ...varnaProfile(f, degreeOf(stored)) });
      },
      getCareerProfile: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const f = factsOf(stored);
        return json({ chart_id: req.id, method_version: CAREER_METHOD_VERSION, ...careerProfile(f, degreeOf(stored)) });
      },
      getSkyIngresses: async (req) => {
        const q = skyQuery(req);
        return json({
          method_version: INGRESSES_METHOD_VERSION,
          from: new Date(q.from.ms).toISOString(),
          to: new Date(q.to.ms).toISOString(),
          precision: 'hour',
          zodiac: siderealFrame(),
          planets: q.bodies,
          ingresses: ingresses(q.from.ms, q.to.ms, q.bodies),
        });
      },
      getVaishnavaCalendar: async (req) => {
        const q = calendarQuery(req);
        let events;
        try {
          events = vaishnavaCalendar(q.place, q.timezone, q, q.days);
        } catch (err) {
          if (err instanceof AppError && err.code === 'panchanga_failed')
            throw new AppError('vaishnava_calendar_failed', err.message, err.details ?? undefined);
          throw err;
        }
        return json({
          method_version: VAISHNAVA_METHOD_VERSION,
          from: req.from,
          days: q.days,
          timezone: q.timezone,
          latitude: q.place.latitude,
          longitude: q.place.longitude,
          events,
        });
      },
    }),
  ];
}
