// The chart process's configuration: one schema, parsed once at boot, fatal when invalid.
import { z } from 'zod';
import { bool, commonConfig, ERASURE_PARTICIPANTS, FLEET, int, key, optionalStr, port } from '@astro/platform';

const chart = FLEET.find((s) => s.name === 'chart')!;

export const chartConfigSpec = {
  ...commonConfig,
  GRPC_PORT: key(port(chart.grpcPort), 'gRPC port (ChartService, ChartReaderService)'),
  METRICS_PORT: key(port(chart.metricsPort), 'Prometheus /metrics port (0 = off)'),
  DATABASE_URL: key(z.string().min(1, 'required'), "PostgreSQL URL of this service's own database", { secret: true }),
  BUS_DATABASE_URL: key(optionalStr(), 'PostgreSQL URL of the event bus database (PostgreSQL adapter)', {
    secret: true,
  }),
  KAFKA_BROKERS: key(optionalStr(), 'Kafka brokers (comma list); unset = PostgreSQL event bus'),
  SE_EPHE_PATH: key(
    optionalStr(),
    'folder of Swiss Ephemeris files; unset = the bundled files (1800-2400 CE); `moshier` = the built-in Moshier ephemeris, no files',
  ),
  PUBLIC_BASE_URL: key(
    z.string().default('http://127.0.0.1:8080'),
    "base URL of the API as clients see it (the gateway's PUBLIC_BASE_URL): calendar feed URLs start with it",
  ),
  DEMO_LIMIT: key(int(5, 1), 'demo charts per client address per window'),
  DEMO_WINDOW_SECONDS: key(int(3600, 1), 'length of the demo sliding window'),
  CHART_CACHE_SIZE: key(
    int(2000, 0),
    'charts kept in memory for reads (a few kB each; 0 = off); deletions on any replica reach it by NOTIFY',
  ),
  GAZETTEER_AUTOLOAD: key(bool(true), 'load the place database at boot when missing or outdated'),
  ERASE_DEADLINE_MS: key(
    int(5000, 100),
    "deadline of one erasure call to another service; capped at the caller's remaining time less 1 s, so a slow participant is skipped (it catches up from the bus) and the deletion still answers",
  ),
  // host:port of every service taking part in erasure (FLEET entries flagged `erasure`).
  ...Object.fromEntries(
    ERASURE_PARTICIPANTS.map((s) => [
      s.addressEnv,
      key(z.string().default(`127.0.0.1:${s.grpcPort}`), `host:port of ${s.name} (data erasure)`),
    ]),
  ),
};
