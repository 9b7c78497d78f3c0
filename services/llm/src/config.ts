// The llm process's configuration: one schema, parsed once at boot, fatal when invalid.
import { z } from 'zod';
import { commonConfig, FLEET, int, key, optionalStr, port } from '@astro/platform';

const self = FLEET.find((s) => s.name === 'llm')!;
const addr = (name: string) => `127.0.0.1:${FLEET.find((s) => s.name === name)!.grpcPort}`;

export const llmConfigSpec = {
  ...commonConfig,
  GRPC_PORT: key(
    port(self.grpcPort),
    'gRPC port (LlmService, LlmInterpretationService, LlmRewriteService, DataErasureService)',
  ),
  METRICS_PORT: key(port(self.metricsPort), 'Prometheus /metrics port (0 = off)'),
  DATABASE_URL: key(z.string().min(1, 'required'), "PostgreSQL URL of this service's own database", { secret: true }),
  BUS_DATABASE_URL: key(optionalStr(), 'PostgreSQL URL of the event bus database (PostgreSQL adapter)', {
    secret: true,
  }),
  KAFKA_BROKERS: key(optionalStr(), 'Kafka brokers (comma list); unset = PostgreSQL event bus'),
  CHART_ADDR: key(z.string().default(addr('chart')), 'host:port of the chart service (chart reads)'),
  VEDIC_CALC_ADDR: key(z.string().default(addr('vedic-calc')), 'host:port of vedic-calc (engine context)'),
  WESTERN_CALC_ADDR: key(z.string().default(addr('western-calc')), 'host:port of western-calc (engine context)'),
  LLM_PROVIDERS: key(
    optionalStr(),
    'JSON array of OpenAI-compatible providers tried in order: [{"name","base_url","api_key"?,"models":{"basic","standard","premium"}}]; unset = offline writer',
    { secret: true },
  ),
  LLM_CALL_TIMEOUT_MS: key(int(60_000, 1), 'per-call timeout of one provider call (whole answer)'),
  LLM_CONNECT_RETRIES: key(int(2, 0), 'retries of one provider on connection errors before failing over'),
  LLM_PRICES: key(
    optionalStr(),
    'JSON price table per tier in USD per 1000 tokens: {"basic":{"input":..,"output":..},...}; unset = built-in table',
  ),
  LLM_CACHE_TTL_SECONDS: key(int(86_400, 0), 'cache lifetime of an identical request; 0 disables the cache'),
  LLM_BUCKETS: key(
    optionalStr(),
    'JSON tier buckets {"basic":{"capacity":30,"refill_per_second":0.5},...}; unset = the spec defaults',
  ),
  LLM_OFFLINE_DELTA_DELAY_MS: key(int(10, 0), 'offline writer: pause between streamed deltas'),
};
