// llm process: config, ephemeris, database, providers, calculation clients, event bus, gRPC server. The
// wiring of the interpreter and handlers is in server.ts.
import { initEphemeris } from '@astro/astro-core';
import { createEventBus, createLogger, createPgPool, endPool, loadConfigOrExit, serveService } from '@astro/platform';
import { llmConfigSpec } from './config.ts';
import { GrpcCalcSources } from './clients/calc-sources.ts';
import { parsePriceTable } from './domain/pricing.ts';
import { parseBucketTable } from './domain/token-bucket.ts';
import { parseProviders } from './clients/providers/config.ts';
import { FailoverProvider } from './clients/providers/failover.ts';
import { OfflineWriter } from './clients/providers/offline-provider.ts';
import { OpenAiCompatibleProvider } from './clients/providers/openai-compatible.ts';
import { buildLlmServer } from './server.ts';
import { InterpretationStore } from './store/interpretation-store.ts';

const cfg = loadConfigOrExit('llm', llmConfigSpec);
const logger = createLogger('llm', cfg.LOG_LEVEL);

let prices, buckets, providerConfigs;
try {
  prices = parsePriceTable(cfg.LLM_PRICES);
  buckets = parseBucketTable(cfg.LLM_BUCKETS);
  providerConfigs = parseProviders(cfg.LLM_PROVIDERS);
} catch (err) {
  // The message names the variable only: LLM_PROVIDERS may hold API keys.
  logger.error('invalid LLM_PRICES, LLM_BUCKETS or LLM_PROVIDERS', { reason: (err as Error).name });
  process.exit(1);
}

const ephemeris = initEphemeris({});
const pool = createPgPool({ connectionString: cfg.DATABASE_URL, max: 10, logger });
const store = new InterpretationStore(pool);
const sources = new GrpcCalcSources({
  chart: cfg.CHART_ADDR,
  vedicCalc: cfg.VEDIC_CALC_ADDR,
  westernCalc: cfg.WESTERN_CALC_ADDR,
});
const policy = { timeoutMs: cfg.LLM_CALL_TIMEOUT_MS, connectRetries: cfg.LLM_CONNECT_RETRIES };
const remote = providerConfigs.map((c) => new OpenAiCompatibleProvider(c, policy));
const offline = new OfflineWriter(cfg.LLM_OFFLINE_DELTA_DELAY_MS);
const provider = new FailoverProvider(remote.length ? remote : [offline], logger);
const server = buildLlmServer({
  store,
  sources,
  provider,
  // Test keys always get the offline writer, whatever LLM_PROVIDERS configures.
  testProvider: offline,
  prices,
  buckets,
  cacheTtlSeconds: cfg.LLM_CACHE_TTL_SECONDS,
});

const bus = createEventBus({
  kafkaBrokers: cfg.KAFKA_BROKERS,
  databaseUrl: cfg.BUS_DATABASE_URL ?? cfg.DATABASE_URL,
  clientId: 'llm',
  logger,
});
await server.subscribe(bus);

await serveService({
  name: 'llm',
  logger,
  config: cfg,
  services: server.registrations,
  details: {
    ephemeris: ephemeris.mode,
    writer: remote.length ? `${remote.length} OpenAI-compatible provider(s)` : 'offline writer',
  },
  cleanup: async () => {
    await bus.close();
    sources.close();
    await endPool(pool);
  },
});
