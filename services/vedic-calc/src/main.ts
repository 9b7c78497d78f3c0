// vedic-calc process: config, ephemeris, chart reads, the chain and Saturn worker pools, gRPC server, signals.
// Stateless but for the in-memory caches; the wiring of handlers, cache and erasure is in server.ts.
import { initEphemeris } from '@astro/astro-core';
import { createEventBus, createLogger, loadConfigOrExit, serveService } from '@astro/platform';
import { ChartSource } from './clients/chart-source.ts';
import { vedicConfigSpec } from './config.ts';
import { buildVedicServer } from './server.ts';
import { ChainPool } from './clients/chain-pool.ts';
import { SaturnPool } from './clients/saturn-pool.ts';

const cfg = loadConfigOrExit('vedic-calc', vedicConfigSpec);
const logger = createLogger('vedic-calc', cfg.LOG_LEVEL);
const ephemeris = initEphemeris({ ephePath: cfg.SE_EPHE_PATH });
const charts = new ChartSource(cfg.CHART_ADDR, logger);
const chainPool = new ChainPool();
const saturn = new SaturnPool({ ephePath: cfg.SE_EPHE_PATH });
const server = buildVedicServer({ charts, chainPool, saturn });

// Erasure events also reach the chain cache (the chart service calls Erase directly as well).
const bus =
  cfg.BUS_DATABASE_URL || cfg.KAFKA_BROKERS
    ? createEventBus({
        kafkaBrokers: cfg.KAFKA_BROKERS,
        databaseUrl: cfg.BUS_DATABASE_URL ?? '',
        clientId: 'vedic-calc',
        logger,
      })
    : undefined;
if (bus) await server.subscribe(bus);

await serveService({
  name: 'vedic-calc',
  logger,
  config: cfg,
  services: server.registrations,
  // Depth-4 Vimshottari is about 3 MB.
  maxMessageBytes: 32 * 1024 * 1024,
  details: { ephemeris: ephemeris.mode },
  cleanup: async () => {
    await bus?.close();
    charts.close();
    await chainPool.close();
    await saturn.close();
  },
});
