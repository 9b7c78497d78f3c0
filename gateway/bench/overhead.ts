// The gateway's own cost per request (issue 7 item 10): the real gateway app (route match, API-key
// authentication from the warm verdict cache, burst bucket and quotas, request log and metrics, JSON
// transcoding) in front of a backend that does nothing, against a bare Express handler, both served
// from this process and loaded the same way in the same run.
import path from 'node:path';
import autocannon from 'autocannon';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@astro/platform';
import { createApp } from '../src/app.ts';
import { Authenticator } from '../src/auth.ts';
import { Backends, type CallMeta, type CallTarget } from '../src/backends.ts';
import { buildLimiter } from '../src/limits/index.ts';
import { collectRoutes, loadProtoRoot } from '../src/proto-registry.ts';
import { createRedis } from '../src/redis.ts';
import { Router } from '../src/router.ts';
import { ROOT } from '../../scripts/fleet.ts';

/** Answers the one measured route at once; everything else (API-key checks) goes to the fleet. */
class NoopBackends extends Backends {
  constructor(
    env: Record<string, string | undefined>,
    private readonly noopPath: string,
  ) {
    super(env);
  }
  override unary(t: CallTarget, request: Record<string, unknown>, meta: CallMeta) {
    if (t.grpcPath === this.noopPath) return Promise.resolve({});
    return super.unary(t, request, meta);
  }
}

function listen(app: express.Express): Promise<{ url: string; close(): void }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

export interface OverheadRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

function run(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<OverheadRow> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, duration: seconds, connections }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx) return reject(new Error(`${url}: ${r.non2xx} non-2xx responses`));
      resolve({ name: '', rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    });
  });
}

/**
 * Measures GET /v1/charts/{chart_id} through an in-process gateway whose chart backend does nothing, and
 * a bare Express JSON handler, with `connections` connections each; `redisUrl` unset = in-process
 * counters. The gateway lifts the plan limits (the counters still run) so the load is never refused.
 */
export async function measureGatewayOverhead(opts: {
  accountAddr: string;
  apiKey: string;
  redisUrl?: string;
  seconds: number;
  connections: number;
}): Promise<{ bare: OverheadRow; gateway: OverheadRow }> {
  const logger = createLogger('gateway-bench', 'warn');
  const root = loadProtoRoot(path.join(ROOT, 'protos'));
  const routes = collectRoutes(root);
  const backends = new NoopBackends({ ACCOUNT_ADDR: opts.accountAddr }, '/astro.chart.v1.ChartService/GetChart');
  const auth = new Authenticator(
    { jwtSecret: 'bench-secret-not-used-0123456789', jwtIssuer: 'x', jwtAudience: 'y' },
    backends,
    root,
  );
  const stopWatching = auth.watchInvalidations(logger);
  const redis = createRedis({ REDIS_URL: opts.redisUrl, REDIS_CLUSTER_NODES: [] });
  await redis?.connect();
  const limits = buildLimiter(
    {
      PLAN_LIMITS_OVERRIDE: {
        '*': { burst_capacity: 1e9, refill_per_second: 1e9, daily_quota: 1e9, monthly_quota: 1e9 },
      },
      AUTH_ATTEMPT_LIMIT: 10,
      AUTH_ATTEMPT_WINDOW_SECONDS: 300,
      TEST_KEY_BURST_CAPACITY: 10,
      TEST_KEY_REFILL_PER_SECOND: 1,
      FEED_FETCH_LIMIT: 1e9,
      FEED_FETCH_WINDOW_SECONDS: 3600,
      LIMITS_KEY_PREFIX: `bench:limits:${Date.now()}:`,
      LIMITS_TEST_CLOCK: false,
      BACKEND_DEADLINE_MS: 15_000,
      BODY_LIMIT_BYTES: 1 << 20,
    },
    redis,
    backends,
    root,
  );
  const gatewayApp = createApp({
    logger,
    router: new Router(routes),
    backends,
    auth,
    bodyLimitBytes: 1 << 20,
    deadlineMs: 15_000,
    streamDeadlineMs: 300_000,
    trustedProxies: [],
    limits: limits.limiter,
    extraRoutes: limits.routes,
    openapi: {},
    readiness: async () => ({ ready: true, checks: {} }),
  });
  const bareApp = express();
  bareApp.disable('etag');
  bareApp.disable('x-powered-by');
  bareApp.get('/v1/charts/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  const [gw, bare] = await Promise.all([listen(gatewayApp), listen(bareApp)]);
  try {
    const path = '/v1/charts/0190a000-0000-7000-8000-000000000001';
    const headers = { authorization: `Bearer ${opts.apiKey}` };
    // Warm up: the verdict cache goes live with the watch stream's hello; JIT and connections settle.
    await new Promise((r) => setTimeout(r, 500));
    await run(`${gw.url}${path}`, headers, 2, opts.connections);
    await run(`${bare.url}${path}`, headers, 2, opts.connections);
    const bareRow = await run(`${bare.url}${path}`, headers, opts.seconds, opts.connections);
    const gwRow = await run(`${gw.url}${path}`, headers, opts.seconds, opts.connections);
    return {
      bare: { ...bareRow, name: 'bare Express handler' },
      gateway: { ...gwRow, name: 'gateway, no-op backend' },
    };
  } finally {
    gw.close();
    bare.close();
    stopWatching();
    backends.close();
    redis?.destroy();
  }
}
