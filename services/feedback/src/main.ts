// Feedback service process: config, database, event bus (aggregator and erasure consumers), gRPC
// server, signals. The wiring of use cases, handlers and subscriptions is in server.ts.
import path from 'node:path';
import {
  createEventBus,
  createLogger,
  createPgPool,
  endPool,
  loadConfigOrExit,
  OutboxRelay,
  serveService,
} from '@astro/platform';
import { ChartSource } from './clients/chart-source.ts';
import { feedbackConfigSpec } from './config.ts';
import { LlmRewriter } from './clients/llm-rewriter.ts';
import { ReportFiles } from './store/report-files.ts';
import { buildFeedbackServer } from './server.ts';
import { FeedbackStore } from './store/feedback-store.ts';

const cfg = loadConfigOrExit('feedback', feedbackConfigSpec);
const logger = createLogger('feedback', cfg.LOG_LEVEL);

const pool = createPgPool({ connectionString: cfg.DATABASE_URL, max: 10, logger });
const bus = createEventBus({
  kafkaBrokers: cfg.KAFKA_BROKERS,
  databaseUrl: cfg.BUS_DATABASE_URL ?? cfg.DATABASE_URL,
  clientId: 'feedback',
  logger,
});
const charts = new ChartSource(cfg.CHART_ADDR);
const rewriter = new LlmRewriter(cfg.LLM_ADDR, cfg.LLM_REWRITE_DEADLINE_MS);
const store = new FeedbackStore(pool);
const files = new ReportFiles(path.resolve(cfg.REPORTS_DIR));
const server = buildFeedbackServer({
  charts,
  rewriter,
  store,
  files,
  policy: { threshold: cfg.TEMPLATE_SUPPRESSION_THRESHOLD, minSamples: cfg.TEMPLATE_SUPPRESSION_MIN_SAMPLES },
});

await server.subscribe(bus);
// Moves feedback.submitted and report.ready from this service's outbox to the bus.
const relay = new OutboxRelay({ connectionString: cfg.DATABASE_URL, bus, service: 'feedback', logger });
await relay.start();

await serveService({
  name: 'feedback',
  logger,
  config: cfg,
  services: server.registrations,
  cleanup: async () => {
    await relay.close();
    await bus.close();
    charts.close();
    rewriter.close();
    await endPool(pool);
  },
});
