// western-calc process: config, ephemeris, chart reads, gRPC server, signals. Stateless.
import { initEphemeris } from '@astro/astro-core';
import { createLogger, handleSignals, loadConfigOrExit, startGrpcServer, startMetricsServer } from '@astro/platform';
import { ChartSource } from './chart-source.ts';
import { westernConfigSpec } from './config.ts';
import { westernRegistrations } from './handlers/index.ts';

const cfg = loadConfigOrExit('western-calc', westernConfigSpec);
const logger = createLogger('western-calc', cfg.LOG_LEVEL);
const ephemeris = initEphemeris({ ephePath: cfg.SE_EPHE_PATH });
const charts = new ChartSource(cfg.CHART_ADDR);

const running = await startGrpcServer({
  port: cfg.GRPC_PORT,
  logger,
  services: westernRegistrations({ charts }),
  shutdownDelayMs: cfg.SHUTDOWN_DELAY_MS,
  maxMessageBytes: 16 * 1024 * 1024,
});
const metrics = startMetricsServer(cfg.METRICS_PORT);
logger.info('western-calc listening', { grpc_port: running.port, ephemeris: ephemeris.mode });

handleSignals(logger, running, async () => {
  metrics?.close();
  charts.close();
});
