// western-calc process: config, ephemeris, chart reads, compatibility-report database and its erasure
// (gRPC and bus), gRPC server, signals. The wiring of handlers and use cases is in server.ts.
import { initEphemeris } from '@astro/astro-core';
import { createEventBus, createLogger, createPgPool, endPool, loadConfigOrExit, serveService } from '@astro/platform';
import { PgReportStore } from './store/compatibility-report-store.ts';
import { ChartSource } from './clients/chart-source.ts';
import { TransitPool } from './clients/transit-pool.ts';
import { westernConfigSpec } from './config.ts';
import { buildWesternServer } from './server.ts';

const cfg = loadConfigOrExit('western-calc', westernConfigSpec);
const logger = createLogger('western-calc', cfg.LOG_LEVEL);
const ephemeris = initEphemeris({ ephePath: cfg.SE_EPHE_PATH });
const charts = new ChartSource(cfg.CHART_ADDR, logger);
const pool = createPgPool({ connectionString: cfg.DATABASE_URL, max: 10, logger });
const reports = new PgReportStore(pool);
const transits = new TransitPool({ ephePath: cfg.SE_EPHE_PATH });
const server = buildWesternServer({ charts, reports, transits });
const bus = createEventBus({
  kafkaBrokers: cfg.KAFKA_BROKERS,
  databaseUrl: cfg.BUS_DATABASE_URL ?? cfg.DATABASE_URL,
  clientId: 'western-calc',
  logger,
});

await serveService({
  name: 'western-calc',
  logger,
  config: cfg,
  services: server.registrations,
  details: { ephemeris: ephemeris.mode },
  cleanup: async () => {
    charts.close();
    await transits.close();
    await bus.close();
    await endPool(pool);
  },
});
// After the server is up, so the bus's schema check does not delay readiness; a consumer that was down
// catches up from its group's position (at-least-once, idempotent deletes).
await server.subscribe(bus);
