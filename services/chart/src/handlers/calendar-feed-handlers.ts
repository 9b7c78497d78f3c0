// gRPC handlers of the calendar feeds: proto <-> domain only (domain/calendar/feeds.ts).
import { CalendarFeedServiceService } from '@astro/protos/astro/chart/v1/calendar_feeds';
import { requireTenant, service, type Registration } from '@astro/platform';
import type { CalendarFeeds } from '../domain/calendar/feeds.ts';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export function calendarFeedRegistrations(feeds: CalendarFeeds): Registration[] {
  return [
    service('astro.chart.v1.CalendarFeedService', CalendarFeedServiceService, {
      createCalendarFeed: async (req, ctx) => feeds.create(requireTenant(ctx), req.chart_id, req),
      listCalendarFeeds: async (req, ctx) => ({ feeds: await feeds.list(requireTenant(ctx), req.chart_id) }),
      deleteCalendarFeed: async (req, ctx) => {
        await feeds.revoke(requireTenant(ctx), req.chart_id, req.feed_id);
        return {};
      },
      // Public: the token in the request is the credential (no principal on this call).
      getCalendarFeedIcs: async (req) => ({
        content_type: ICS_CONTENT_TYPE,
        data: Buffer.from(await feeds.fetch(req.feed_token), 'utf8'),
        extensions: [],
      }),
    }),
  ];
}
