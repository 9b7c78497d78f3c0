// Gateway boot: config, protos -> routes, backends, auth, HTTP server, graceful shutdown.
import path from 'node:path';
import {
  checkHealth,
  createEventBus,
  createLogger,
  leanAsyncResourceBinding,
  loadConfigOrExit,
  startMetricsServer,
} from '@astro/platform';
import { createApp } from './app.ts';
import { answerClientErrors } from './edge/client-error.ts';
import { Authenticator } from './auth.ts';
import { Backends } from './backends.ts';
import { ChartAnswers, followChartErasures } from './chart-answers.ts';
import { gatewayConfigSpec } from './config.ts';
import { buildLimiter } from './limits/index.ts';
import { QuotaEventPublisher } from './metering/quota-events.ts';
import { limitsConfigProblems } from './limits/config.ts';
import { createIdempotency } from './idempotency/index.ts';
import { createUsageMeter } from './metering/index.ts';
import { closeRedis, connectRedis, redisConfigProblems } from './redis.ts';
import { withinReplyTimeout } from './redis-reply.ts';
import { buildOpenApi } from './openapi.ts';
import { collectRoutes, loadProtoRoot } from './proto-registry.ts';
import { Router } from './router.ts';

// Every request's gRPC call binds one (packages/platform/src/async-resource-bind.ts).
leanAsyncResourceBinding();
const cfg = loadConfigOrExit('gateway', gatewayConfigSpec);
for (const problem of [...limitsConfigProblems(cfg), ...redisConfigProblems(cfg)]) {
  process.stderr.write(`gateway: invalid configuration\n  ${problem}\n`);
  process.exit(78);
}
let stopping = false;
const logger = createLogger('gateway', cfg.LOG_LEVEL);

const root = loadProtoRoot(path.resolve(cfg.PROTO_DIR));
const routes = collectRoutes(root);
const router = new Router(routes);
const backends = new Backends({
  ACCOUNT_ADDR: cfg.ACCOUNT_ADDR,
  CHART_ADDR: cfg.CHART_ADDR,
  VEDIC_CALC_ADDR: cfg.VEDIC_CALC_ADDR,
  WESTERN_CALC_ADDR: cfg.WESTERN_CALC_ADDR,
  LLM_ADDR: cfg.LLM_ADDR,
  FEEDBACK_ADDR: cfg.FEEDBACK_ADDR,
});
const auth = new Authenticator(
  { jwtSecret: cfg.JWT_SECRET, jwtIssuer: cfg.JWT_ISSUER, jwtAudience: cfg.JWT_AUDIENCE },
  backends,
  root,
);
// Redis holds the limiter state shared by gateway replicas (metering); /readyz reports it when configured.
const redis = connectRedis(cfg, logger);
const pingRedis = async (): Promise<string> => {
  try {
    return (await withinReplyTimeout(redis!.ping())) === 'PONG' ? 'SERVING' : 'UNKNOWN';
  } catch {
    return 'UNREACHABLE';
  }
};
// Quota thresholds (80 %, 100 %) go out on the bus once it exists (below); none before it is built.
const quota: { events?: QuotaEventPublisher } = {};
const limits = buildLimiter(cfg, redis, backends, root, logger, (crossing) => quota.events?.notify(crossing));
// Usage records go out in batches on the event bus (usage.recorded), consumed by the account service.
const bus =
  cfg.BUS_DATABASE_URL || cfg.KAFKA_BROKERS
    ? createEventBus({
        kafkaBrokers: cfg.KAFKA_BROKERS,
        databaseUrl: cfg.BUS_DATABASE_URL ?? '',
        clientId: 'gateway',
        logger,
      })
    : undefined;
if (!bus) logger.warn('usage metering off: neither BUS_DATABASE_URL nor KAFKA_BROKERS is set');
const usage = bus && createUsageMeter(bus, logger, { flushMs: cfg.USAGE_FLUSH_MS });
quota.events = bus && new QuotaEventPublisher(bus, logger);
const idempotency = createIdempotency({
  redis,
  secret: cfg.JWT_SECRET,
  ttlSeconds: cfg.IDEMPOTENCY_TTL_SECONDS,
  claimMs: cfg.BACKEND_DEADLINE_MS + 30_000,
  logger,
});
const stopWatching = auth.watchInvalidations(logger);
// Stored charts' answers from memory while the chart service's deletion stream is up (chart-answers.ts).
const chartAnswers = cfg.CHART_ANSWER_CACHE_SIZE > 0 ? new ChartAnswers(cfg.CHART_ANSWER_CACHE_SIZE) : undefined;
const stopChartWatch = chartAnswers && followChartErasures(backends, root, chartAnswers, logger);
const needed = backends.addressesFor(new Set([...routes.map((r) => r.protoPackage), 'astro.account.v1']));

const app = createApp({
  logger,
  router,
  backends,
  auth,
  bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
  deadlineMs: cfg.BACKEND_DEADLINE_MS,
  streamDeadlineMs: cfg.STREAM_DEADLINE_MS,
  maxInFlight: cfg.MAX_IN_FLIGHT,
  maxInFlightHoldMs: cfg.MAX_IN_FLIGHT_HOLD_MS,
  idempotency,
  chartAnswers,
  usage,
  trustedProxies: cfg.TRUSTED_PROXIES,
  corsOrigins: cfg.CORS_ORIGINS,
  limits: limits.limiter,
  extraRoutes: limits.routes,
  openapi: buildOpenApi(routes, cfg.PUBLIC_BASE_URL),
  readiness: async () => {
    if (stopping) return { ready: false, checks: { gateway: 'SHUTTING_DOWN' } };
    const entries = await Promise.all([
      ...[...needed].map(async ([name, addr]) => [name, await checkHealth(addr)] as const),
      ...(redis ? [pingRedis().then((s) => ['redis', s] as const)] : []),
    ]);
    const checks = Object.fromEntries(entries);
    return { ready: entries.every(([, s]) => s === 'SERVING'), checks };
  },
});

const server = app.listen(cfg.PORT, cfg.HOST, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : cfg.PORT;
  logger.info('gateway listening', { port, routes: routes.length });
});
server.keepAliveTimeout = 65_000;
answerClientErrors(server, logger);
// Prometheus scrapes the admin port; no Ingress routes it (k8s-gen.ts names it `metrics`).
const metricsServer = startMetricsServer(cfg.METRICS_PORT);

// On SIGTERM /readyz turns 503 first (SHUTDOWN_DELAY_MS) so load balancers stop routing here, then the
// server stops accepting connections and lets in-flight requests finish.
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  setTimeout(() => {
    server.close(() => {
      metricsServer?.close();
      stopWatching();
      stopChartWatch?.();
      backends.close();
      // The last usage records are published before the process goes.
      void (usage?.close() ?? Promise.resolve())
        .then(() => quota.events?.close())
        .then(() => bus?.close())
        .catch((err: Error) => logger.warn('usage flush at shutdown failed', { err: err.message }))
        .finally(() => {
          if (redis) closeRedis(redis);
          process.exit(0);
        });
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  }, cfg.SHUTDOWN_DELAY_MS);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
