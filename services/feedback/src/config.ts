// The feedback process's configuration: one schema, parsed once at boot, fatal when invalid.
import path from 'node:path';
import { z } from 'zod';
import { commonConfig, FLEET, int, key, optionalStr, port } from '@astro/platform';

const self = FLEET.find((s) => s.name === 'feedback')!;
const chart = FLEET.find((s) => s.name === 'chart')!;
const llm = FLEET.find((s) => s.name === 'llm')!;

export const feedbackConfigSpec = {
  ...commonConfig,
  GRPC_PORT: key(port(self.grpcPort), 'gRPC port (talent, interpretations, feedback, reports, erasure)'),
  METRICS_PORT: key(port(self.metricsPort), 'Prometheus /metrics port (0 = off)'),
  DATABASE_URL: key(z.string().min(1, 'required'), "PostgreSQL URL of this service's own database", { secret: true }),
  BUS_DATABASE_URL: key(optionalStr(), 'PostgreSQL URL of the event bus database (PostgreSQL adapter)', {
    secret: true,
  }),
  KAFKA_BROKERS: key(optionalStr(), 'Kafka brokers (comma list); unset = PostgreSQL event bus'),
  CHART_ADDR: key(z.string().default(`127.0.0.1:${chart.grpcPort}`), 'host:port of the chart service (chart reads)'),
  LLM_ADDR: key(z.string().default(`127.0.0.1:${llm.grpcPort}`), 'host:port of the llm service (statement rewriting)'),
  LLM_REWRITE_DEADLINE_MS: key(
    int(12_000, 100),
    "deadline of one rewrite call to the llm service (keep below the gateway's BACKEND_DEADLINE_MS)",
  ),
  REPORTS_DIR: key(z.string().default(path.join('.data', 'reports')), 'folder of the PDF report files'),
  TEMPLATE_SUPPRESSION_THRESHOLD: key(
    z.coerce.number().min(0).max(1).default(0.4),
    "a template whose tenant accuracy is below this is not used for that tenant's statements",
  ),
  TEMPLATE_SUPPRESSION_MIN_SAMPLES: key(int(1, 1), 'verdicts a template needs before it can be suppressed'),
};
