import { z } from 'zod';
import { commonConfig, int, key, list, optionalStr, port, str } from '@astro/platform';
import { limitsConfigSpec } from './limits/config.ts';

export const gatewayConfigSpec = {
  ...commonConfig,
  PORT: key(port(8080), 'HTTP port of the gateway'),
  HOST: key(str('0.0.0.0'), 'interface the gateway listens on'),
  METRICS_PORT: key(
    port(9450),
    'admin port serving Prometheus /metrics (0 = off); never routed by an Ingress, the public port answers 404 there',
  ),
  PROTO_DIR: key(str('protos'), 'folder with the .proto files the routes are built from'),
  JWT_SECRET: key(z.string().min(16, 'at least 16 characters'), 'HS256 secret shared with the account service', {
    secret: true,
  }),
  JWT_ISSUER: key(str('astro-account'), 'expected iss of session JWTs'),
  JWT_AUDIENCE: key(str('astro-api'), 'expected aud of session JWTs'),
  BODY_LIMIT_BYTES: key(int(1024 * 1024, 1), 'largest accepted request body; larger answers 413'),
  // 8 (issue 18, thirteenth round): at 200 connections the gateway's event-loop delay p99 is 15-19 ms,
  // within the 20 ms target, for ~7 % of saturated throughput against 12 (25-26 ms; 24: 32-40 ms).
  MAX_IN_FLIGHT: key(
    int(8, 0),
    'unary API requests this gateway works on at once, and starts per event-loop turn; more wait their turn in arrival order (bounds the work of an event-loop turn under load); 0 = no bound',
  ),
  MAX_IN_FLIGHT_HOLD_MS: key(
    int(50, 1),
    'how long a request keeps its MAX_IN_FLIGHT place; one still in progress then (a slow backend call) gives it up',
  ),
  BACKEND_DEADLINE_MS: key(int(15_000, 1), 'deadline of a unary call to a service'),
  STREAM_DEADLINE_MS: key(int(300_000, 1), 'deadline of a streaming call to a service'),
  CORS_ORIGINS: key(
    list([]),
    'browser origins allowed by CORS (comma list of scheme://host[:port], or * for any); empty = none',
  ),
  TRUSTED_PROXIES: key(list([]), 'addresses whose X-Forwarded-For is honoured (comma list)'),
  REDIS_URL: key(z.string().optional(), 'Redis for shared limiter state; unset = in-process stores (one gateway only)'),
  REDIS_CLUSTER_NODES: key(
    list([]),
    'Redis Cluster instead of REDIS_URL: seed nodes as a comma list of redis[s]://host:port URLs (the rest of the cluster is discovered); empty = no cluster',
  ),
  PUBLIC_BASE_URL: key(str('http://127.0.0.1:8080'), 'base URL printed in the OpenAPI servers list'),
  ACCOUNT_ADDR: key(z.string().optional(), 'host:port of the account service (default 127.0.0.1:50051)'),
  CHART_ADDR: key(z.string().optional(), 'host:port of the chart service (default 127.0.0.1:50052)'),
  VEDIC_CALC_ADDR: key(z.string().optional(), 'host:port of vedic-calc (default 127.0.0.1:50053)'),
  WESTERN_CALC_ADDR: key(z.string().optional(), 'host:port of western-calc (default 127.0.0.1:50054)'),
  LLM_ADDR: key(z.string().optional(), 'host:port of the llm service (default 127.0.0.1:50055)'),
  FEEDBACK_ADDR: key(z.string().optional(), 'host:port of the feedback service (default 127.0.0.1:50056)'),
  ...limitsConfigSpec,
  BUS_DATABASE_URL: key(
    optionalStr(),
    'PostgreSQL URL of the event bus (usage.recorded); unset with no KAFKA_BROKERS = no usage metering',
    {
      secret: true,
    },
  ),
  KAFKA_BROKERS: key(optionalStr(), 'Kafka brokers (comma list); unset = PostgreSQL event bus'),
  USAGE_FLUSH_MS: key(int(1000, 10), 'how often buffered usage records are published as one batch'),
  CHART_ANSWER_CACHE_SIZE: key(
    int(2000, 0),
    "stored-chart answers kept in memory (~5 kB each), dropped on the chart service's deletion stream; 0 = off",
  ),
  IDEMPOTENCY_TTL_SECONDS: key(int(86_400, 1), 'how long a response stored under an Idempotency-Key is replayed'),
};
