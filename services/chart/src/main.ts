// Chart service process: config, ephemeris, databases, gazetteer, event bus, gRPC server, signals. The
// wiring of use cases and handlers is in server.ts.
import { initEphemeris } from '@astro/astro-core';
import {
  createEventBus,
  createLogger,
  createPgPool,
  endPool,
  loadConfigOrExit,
  OutboxRelay,
  PgNotifyListener,
  serveService,
} from '@astro/platform';
import { chartConfigSpec } from './config.ts';
import { GrpcCalendarSources } from './clients/calendar-sources.ts';
import { erasureParticipants } from './clients/erasure-participants.ts';
import { buildChartServer } from './server.ts';
import { ErasureFeed } from './domain/erasure-feed.ts';
import { loadGazetteer } from './store/load-gazetteer.ts';
import { PlaceSearch } from './store/place-search.ts';
import { PgCalendarFeedStore } from './store/calendar-feed-store.ts';
import { ChartReadCache } from './store/chart-read-cache.ts';
import { CHART_ERASURE_CHANNEL, ChartStore } from './store/chart-store.ts';
import { PgDemoHitStore } from './store/demo-hit-store.ts';
import { createPrismaClient } from './store/prisma.ts';

const cfg = loadConfigOrExit('chart', chartConfigSpec);
const logger = createLogger('chart', cfg.LOG_LEVEL);

const ephemeris = initEphemeris({ ephePath: cfg.SE_EPHE_PATH });
const db = createPrismaClient(cfg.DATABASE_URL);
const pool = createPgPool({ connectionString: cfg.DATABASE_URL, max: 10, logger });
const bus = createEventBus({
  kafkaBrokers: cfg.KAFKA_BROKERS,
  databaseUrl: cfg.BUS_DATABASE_URL ?? cfg.DATABASE_URL,
  clientId: 'chart',
  logger,
});

if (cfg.GAZETTEER_AUTOLOAD) {
  const r = await loadGazetteer(pool, logger);
  logger.info('gazetteer ready', r);
}

// Reads from memory while this replica hears every replica's deletions (chart-read-cache.ts).
let erasures: PgNotifyListener | undefined = undefined;
const hearing = () => erasures?.listening ?? false;
// The same deletions for the gateway's answer cache (ChartReaderService/WatchErasures).
const erasureFeed = new ErasureFeed(hearing);
// Moves chart.created / chart.deleted / tenant.data_erased from this service's outbox to the bus.
const relay = new OutboxRelay({ connectionString: cfg.DATABASE_URL, bus, service: 'chart', logger });
const chartStore = new ChartReadCache(
  new ChartStore(pool, () => relay.wake()),
  hearing,
  cfg.CHART_CACHE_SIZE,
  erasureFeed,
);
if (cfg.CHART_CACHE_SIZE > 0) {
  erasures = new PgNotifyListener({
    connectionString: cfg.DATABASE_URL,
    channel: CHART_ERASURE_CHANNEL,
    applicationName: 'chart:read-cache',
    onNotify: (payload) => chartStore.heard(payload),
    onLost: () => chartStore.clear(),
    onReconnect: () => {},
    logger,
  });
  await erasures.start();
}
const participants = erasureParticipants(cfg, cfg.ERASE_DEADLINE_MS);
// The calculation services' addresses are the erasure participants' keys of this config.
const addresses = cfg as unknown as Record<string, string>;
const calendarSources = new GrpcCalendarSources({
  vedicCalc: addresses.VEDIC_CALC_ADDR!,
  westernCalc: addresses.WESTERN_CALC_ADDR!,
});
const server = buildChartServer({
  charts: chartStore,
  erasureFeed,
  demoHits: new PgDemoHitStore(db),
  demoLimit: { limit: cfg.DEMO_LIMIT, windowSeconds: cfg.DEMO_WINDOW_SECONDS },
  places: new PlaceSearch(pool),
  participants,
  logger,
  feeds: new PgCalendarFeedStore(pool),
  calendarSources,
  publicBaseUrl: cfg.PUBLIC_BASE_URL,
});
await relay.start();

await serveService({
  name: 'chart',
  logger,
  config: cfg,
  services: server.registrations,
  details: { ephemeris: ephemeris.mode },
  // Gateways watching deletions here go to another replica (and keep nothing meanwhile).
  onDrain: () => erasureFeed.lost(),
  cleanup: async () => {
    await erasures?.stop();
    await relay.close();
    await bus.close();
    for (const p of participants) p.close();
    calendarSources.close();
    await endPool(pool);
    await db.$disconnect();
  },
});
