// Wiring: stores, place search and erasure participants -> use cases (domain) -> handlers -> gRPC
// services. No logic of its own; main.ts owns the process (config, pools, relay, signals).
import type { Registration } from '@astro/platform';
import { ChartErasure, type ErasureLogger, type ErasureParticipant } from './domain/chart-erasure.ts';
import { ChartUseCases, type ChartRepository, type PlaceSearchPort } from './domain/chart-use-cases.ts';
import type { DemoHitStore, DemoLimit } from './domain/demo-limiter.ts';
import type { ErasureFeed } from './domain/erasure-feed.ts';
import { CalendarFeeds, type CalendarSources, type FeedRepository } from './domain/calendar/feeds.ts';
import { calendarFeedRegistrations } from './handlers/calendar-feed-handlers.ts';
import { chartRegistrations } from './handlers/chart-handlers.ts';

export interface ChartServerDeps {
  charts: ChartRepository;
  /** Deletions for watchers outside the service (ChartReaderService/WatchErasures). */
  erasureFeed: ErasureFeed;
  demoHits: DemoHitStore;
  demoLimit: DemoLimit;
  places: PlaceSearchPort;
  participants: readonly ErasureParticipant[];
  logger: ErasureLogger;
  /** Calendar feeds (docs/calendar-feeds.md): their rows, the calculation routes, the public base URL. */
  feeds: FeedRepository;
  calendarSources: CalendarSources;
  publicBaseUrl: string;
}

export function buildChartServer(d: ChartServerDeps): { registrations: Registration[] } {
  const erasure = new ChartErasure(d.charts, d.participants, d.logger);
  const useCases = new ChartUseCases(d.charts, d.demoHits, d.demoLimit, d.places, erasure);
  const feeds = new CalendarFeeds({
    feeds: d.feeds,
    charts: d.charts,
    sources: d.calendarSources,
    baseUrl: d.publicBaseUrl,
    onTouchError: (err) => d.logger.warn('calendar feed last_fetched_at not written', { err: String(err) }),
  });
  return {
    registrations: [...chartRegistrations(useCases, d.erasureFeed), ...calendarFeedRegistrations(feeds)],
  };
}
