// WesternProductService: proto <-> domain for product profiles and the four UX card routes.
import { AppError, invalidRequest, service, type FieldError, type Registration } from '@astro/platform';
import { WesternProductServiceService } from '@astro/protos/astro/western/v1/product';
import { momentParam, throwIfAny } from '../domain/product/moments.ts';
import { natalView, point } from '../domain/product/natal-view.ts';
import {
  DOMAINS,
  domainProfile,
  FEATURES,
  productProfile,
  PROFILE_METHOD_VERSION,
  type Domain,
} from '../domain/product/profile.ts';
import { nextImportantTransit, TIMELINE_BODIES, transitHits } from '../domain/product/transit-scan.ts';
import {
  CARDS_METHOD_VERSION,
  profileSummaryCards,
  timelineCards,
  transitCard,
  weatherCards,
} from '../domain/product/ux-cards.ts';
import { dailyWeather, WEATHER_METHOD_VERSION } from '../domain/product/weather.ts';
import { chartDataOf } from './chart-data.ts';
import type { WesternDeps } from './deps.ts';

const DAY = 86_400_000;
export const TIMELINE_DEFAULT_DAYS = 90;
export const TIMELINE_MAX_DAYS = 400;
export const NEXT_TRANSIT_HORIZON_DAYS = 730;

const iso = (ms: number) => new Date(ms).toISOString();

export function productRegistrations(deps: WesternDeps, now: () => number = Date.now): Registration[] {
  const view = async (ctx: Parameters<WesternDeps['charts']['load']>[0], id: string) =>
    natalView(chartDataOf(id, await deps.charts.load(ctx, id)));
  return [
    service('astro.western.v1.WesternProductService', WesternProductServiceService, {
      getProductProfile: async (req, ctx) => ({
        chart_id: req.id,
        method_version: PROFILE_METHOD_VERSION,
        ...productProfile(await view(ctx, req.id)),
      }),
      getDomainProfile: async (req, ctx) => {
        if (!(DOMAINS as readonly string[]).includes(req.domain))
          throw invalidRequest([
            { field: 'domain', reason: 'invalid_enum', message: `must be one of ${DOMAINS.join(', ')}` },
          ]);
        return {
          chart_id: req.id,
          method_version: PROFILE_METHOD_VERSION,
          feature_names: FEATURES.map((f) => f.name),
          profile: domainProfile(await view(ctx, req.id), req.domain as Domain),
        };
      },
      getProfileSummaryCards: async (req, ctx) => {
        const v = await view(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: CARDS_METHOD_VERSION,
          cards: profileSummaryCards(v, productProfile(v)),
        };
      },
      getDailyPersonalWeather: async (req, ctx) => {
        const errors: FieldError[] = [];
        const at = momentParam('at', req.at, now(), errors);
        throwIfAny(errors);
        const w = dailyWeather(await view(ctx, req.id), at);
        return {
          chart_id: req.id,
          method_version: WEATHER_METHOD_VERSION,
          at: iso(at),
          score: w.score,
          label: w.label,
          moon: w.moon,
          transits: w.transits,
          cards: weatherCards(w),
        };
      },
      getNextImportantTransit: async (req, ctx) => {
        const errors: FieldError[] = [];
        const from = momentParam('from', req.from, now(), errors);
        throwIfAny(errors);
        const v = await view(ctx, req.id);
        const hit = nextImportantTransit(v, from, NEXT_TRANSIT_HORIZON_DAYS);
        return {
          chart_id: req.id,
          method_version: CARDS_METHOD_VERSION,
          from: iso(from),
          transit: hit
            ? {
                transit_planet: hit.transit_planet,
                natal_planet: hit.natal_planet,
                aspect: hit.aspect,
                tone: hit.tone,
                exact_at: iso(hit.exact_at_ms),
                starts_at: iso(hit.window_start_ms),
                ends_at: iso(hit.window_end_ms),
                importance: hit.importance,
                direction: hit.direction,
                target_longitude: hit.target_longitude,
              }
            : undefined,
          card: hit ? transitCard(hit, point(v, hit.natal_planet).sign) : undefined,
        };
      },
      getTimelineCards: async (req, ctx) => {
        const errors: FieldError[] = [];
        const start = momentParam('starts_at', req.starts_at, now(), errors);
        const end = momentParam('ends_at', req.ends_at, start + TIMELINE_DEFAULT_DAYS * DAY, errors);
        throwIfAny(errors);
        if (!(end > start))
          throw new AppError('invalid_date_range', 'ends_at must be after starts_at.', {
            reason: 'ends_before_start',
            starts_at: iso(start),
            ends_at: iso(end),
          });
        if (end - start > TIMELINE_MAX_DAYS * DAY)
          throw new AppError('invalid_date_range', `The range is longer than ${TIMELINE_MAX_DAYS} days.`, {
            reason: 'range_too_long',
            max_days: TIMELINE_MAX_DAYS,
          });
        const v = await view(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: CARDS_METHOD_VERSION,
          starts_at: iso(start),
          ends_at: iso(end),
          cards: timelineCards(v, transitHits(v, TIMELINE_BODIES, start, end)),
        };
      },
    }),
  ];
}
