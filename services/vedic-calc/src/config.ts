// The vedic-calc process's configuration: one schema, parsed once at boot, fatal when invalid.
import { z } from 'zod';
import { commonConfig, FLEET, key, optionalStr, port } from '@astro/platform';

const self = FLEET.find((s) => s.name === 'vedic-calc')!;
const chart = FLEET.find((s) => s.name === 'chart')!;

export const vedicConfigSpec = {
  ...commonConfig,
  GRPC_PORT: key(port(self.grpcPort), 'gRPC port of the Vedic calculation services'),
  METRICS_PORT: key(port(self.metricsPort), 'Prometheus /metrics port (0 = off)'),
  CHART_ADDR: key(z.string().default(`127.0.0.1:${chart.grpcPort}`), 'host:port of the chart service (chart reads)'),
  SE_EPHE_PATH: key(
    optionalStr(),
    'folder of Swiss Ephemeris files; unset = the bundled files (1800-2400 CE); `moshier` = the built-in Moshier ephemeris, no files',
  ),
  // Erasure topics (chart.deleted, tenant.data_erased) drop cached chains; no bus configured = none.
  BUS_DATABASE_URL: key(optionalStr(), 'PostgreSQL URL of the event bus database (PostgreSQL adapter)', {
    secret: true,
  }),
  KAFKA_BROKERS: key(optionalStr(), 'Kafka brokers (comma list); unset = PostgreSQL event bus'),
};
