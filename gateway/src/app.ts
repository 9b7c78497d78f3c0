// The Express app: request id, one log line and metrics per request, ops endpoints, the OpenAPI
// document and docs page, the proto-driven dispatcher, and one error envelope for every failure.
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  AppError,
  activeTrace,
  errorBody,
  formatTraceparent,
  httpLatency,
  httpRequests,
  rateLimitRefusals,
  INSTANCE_ID,
  runWithContext,
  traceHttpRequest,
  type Logger,
} from '@astro/platform';
import { admission } from './admission.ts';
import { createDispatcher, writeJson, type DispatchDeps } from './dispatch.ts';
import { corsMiddleware } from './edge/cors.ts';
import { requestFacts } from './edge/plain-http.ts';
import { securityHeaders } from './edge/security-headers.ts';
import { usageRecordOf, type UsageMeter } from './metering/index.ts';
import { requestIdFrom } from './request-id.ts';
import type { Match } from './router.ts';
import { resetPasswordPage } from './reset-password-page.ts';

const require = createRequire(import.meta.url);

export interface AppDeps extends DispatchDeps {
  logger: Logger;
  openapi: Record<string, unknown>;
  trustedProxies: string[];
  /** Browser origins allowed by CORS (CORS_ORIGINS); empty = none. */
  corsOrigins?: string[];
  readiness: () => Promise<{ ready: boolean; checks: Record<string, string> }>;
  /** Routes outside the proto table, mounted before the dispatcher (the Stripe webhook). */
  extraRoutes?: express.Router[];
  /** Usage metering (gateway/src/metering): one record per authenticated request. */
  usage?: UsageMeter;
  /** Unary API requests in progress at once; the rest wait in arrival order (admission.ts). 0 = no bound. */
  maxInFlight?: number;
  /** How long a request keeps its place (admission.ts holdMs). */
  maxInFlightHoldMs?: number;
}

/** Translates anything thrown into the spec's envelope; unknown failures are 500 internal_error. */
export function toAppError(err: unknown, logger: Logger): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; message?: string };
  if (e?.type === 'entity.too.large') return new AppError('payload_too_large');
  if (e?.type === 'entity.parse.failed')
    return new AppError('invalid_request', 'The body is not valid JSON.', {
      errors: [{ field: 'body', reason: 'malformed_json' }],
    });
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
    return new AppError('unsupported_media_type');
  if (e?.type === 'request.aborted') return new AppError('invalid_request', 'The request was aborted.', { errors: [] });
  logger.error('unhandled error', { err });
  return new AppError('internal_error');
}

/** Health checks are not worth a span each. */
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

const DOCS_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Astrology API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#ui', deepLinking: true });</script>
</body></html>`;

/** Paths the Express router of `r` serves itself (its routes' exact paths). */
function routePaths(r: express.Router): string[] {
  const stack = (r as unknown as { stack: { route?: { path: unknown } }[] }).stack;
  return stack.flatMap((l) => (typeof l.route?.path === 'string' ? [l.route.path] : []));
}

export function createApp(deps: AppDeps): express.Express {
  const { logger } = deps;
  const app = express();
  app.disable('etag');
  app.disable('x-powered-by');
  // X-Forwarded-For is honoured only from configured proxies; otherwise req.ip is the socket peer.
  app.set('trust proxy', deps.trustedProxies.length ? deps.trustedProxies : false);

  /**
   * Request id, the request's trace span and `traceresponse` header, and one log line, metrics and usage
   * record per request.
   */
  const observe = (req: Request, res: Response, next: NextFunction) =>
    QUIET_PATHS.has(req.path)
      ? observed(req, res, next)
      : traceHttpRequest(req, (end) => observed(req, res, next, end));
  const observed = (req: Request, res: Response, next: NextFunction, endSpan?: (status: number) => void) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // A route template or the one fixed value: never the raw path, or any caller could mint series.
      const route = (res.locals.route as string | undefined) ?? 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequests.inc({ route, method: req.method, status: String(res.statusCode) });
      httpLatency.observe({ route, method: req.method }, seconds);
      if (res.statusCode === 429) rateLimitRefusals.inc({ reason: (res.locals.errorCode as string) ?? 'unknown' });
      logger.info('request', {
        request_id: requestId,
        tenant_id: res.locals.tenantId,
        method: req.method,
        route,
        status: res.statusCode,
        latency_ms: Math.round(seconds * 1e5) / 100,
      });
      const usage = deps.usage && usageRecordOf(res.locals, req.method, res.statusCode, seconds, new Date());
      if (usage) deps.usage!.record(usage);
    });
    // 'close' follows every response, answered or abandoned by its caller.
    if (endSpan) res.once('close', () => endSpan(res.statusCode));
    // This request's span, continuing the caller's W3C trace or starting one.
    const trace = activeTrace();
    if (trace) res.setHeader('traceresponse', formatTraceparent(trace));
    runWithContext({ requestId }, () => next());
  };
  const cors = corsMiddleware(deps.corsOrigins ?? []);
  const dispatch = createDispatcher(deps);
  /** Every failure as the spec's envelope. */
  const sendError = (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const app = toAppError(err, logger);
    res.locals.errorCode = app.code;
    for (const [k, v] of Object.entries(app.headers)) res.setHeader(k, v);
    writeJson(res, app.httpStatus, errorBody(app, res.locals.requestId ?? null));
  };

  // Every request's middlewares, in order; the front below runs the same list (one list, so a new one
  // cannot reach Express's routes and miss the proto routes).
  const edge = [observe, securityHeaders, cors];
  for (const m of edge) app.use(m);
  app.get('/healthz', (_req, res) => {
    res.locals.route = '/healthz';
    // The instance id lets the launcher check that the gateway it started is the one answering.
    res.json({ status: 'ok', instance: INSTANCE_ID });
  });
  app.get('/readyz', async (_req, res, next) => {
    res.locals.route = '/readyz';
    try {
      const r = await deps.readiness();
      if (r.ready) res.json({ status: 'ready', checks: r.checks });
      else throw new AppError('service_unavailable', 'A dependency is not ready.', { checks: r.checks });
    } catch (err) {
      next(err);
    }
  });
  // No /metrics here: it is served on the admin port (METRICS_PORT, main.ts), so the public port
  // answers 404 for it like for any unknown path.
  app.get('/v1/openapi.json', (_req, res) => {
    res.locals.route = '/v1/openapi.json';
    res.json(deps.openapi);
  });
  app.get(['/docs', '/docs/'], (_req, res) => {
    res.locals.route = '/docs';
    res.type('html').send(DOCS_HTML);
  });
  app.use('/docs/assets', (_req, res, next) => {
    res.locals.route = '/docs/assets';
    next();
  });
  app.use(
    '/docs/assets',
    express.static(path.dirname(require.resolve('swagger-ui-dist/package.json')), { index: false }),
  );

  // The page the password-reset e-mail links to (no dashboard needed).
  const resetPage = resetPasswordPage(deps);
  app.use(resetPage);
  for (const r of deps.extraRoutes ?? []) app.use(r);
  app.use(dispatch);
  app.use(sendError);

  // The front: a request for a proto route goes through the same middlewares in the same order as in
  // the Express router above (observe, security headers, CORS, dispatcher, error envelope), called
  // directly, on Node's own request and response objects. Express would walk a dozen router layers with
  // a `next` closure each and give both objects its prototypes, which alone halves a bare Node server's
  // throughput (edge/plain-http.ts); the middlewares use only Node's API and the request facts set
  // here, so either path answers alike. Paths the router serves itself (ops, docs, the reset page, the
  // Stripe webhook), preflights and anything without a proto route stay with Express.
  const own = new Set([
    '/healthz',
    '/readyz',
    '/v1/openapi.json',
    ...[resetPage, ...(deps.extraRoutes ?? [])].flatMap(routePaths),
  ]);
  // Express calls app.handle(req, res, callback) for every request (its typings leave it out).
  const handled = app as unknown as { handle(req: Request, res: Response, callback?: NextFunction): void };
  const viaRouter = handled.handle.bind(app);
  // The bound on requests in progress (admission.ts) comes right after `observe`, so a request's logged
  // latency includes its wait; the Express paths (ops, docs) are never bounded.
  const chain = [...edge, dispatch];
  const admit = admission({ limit: deps.maxInFlight ?? 0, holdMs: deps.maxInFlightHoldMs, exempt: isStreamRoute });
  chain.splice(chain.indexOf(observe) + 1, 0, admit);
  handled.handle = (req: Request, res: Response, callback?: NextFunction) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const routeMatch = callback || own.has(path) || path.startsWith('/docs') ? undefined : matchOf(deps, req, path);
    if (routeMatch?.kind !== 'found') return viaRouter(req, res, callback);
    // What the middlewares read of Express's request API, as own properties (edge/plain-http.ts), and
    // the match, which the dispatcher then does not repeat.
    Object.assign(req, requestFacts(app, req, path), { originalUrl: url, baseUrl: '', routeMatch });
    res.locals = Object.create(null);
    let i = 0;
    const next = (err?: unknown): void => {
      try {
        if (err !== undefined) sendError(err, req, res, next);
        else chain[i++]!(req, res, next);
      } catch (e) {
        // As Express's final handler: an error after the answer started can only end the connection.
        if (err !== undefined || res.headersSent) req.socket.destroy();
        else next(e);
      }
    };
    next();
  };
  return app;
}

function isStreamRoute(req: Request): boolean {
  const m = (req as Request & { routeMatch?: Match }).routeMatch;
  return m?.kind === 'found' && m.route.responseStream;
}

/** The route table's match, or undefined when a path parameter is malformed (the router path's 422). */
function matchOf(deps: DispatchDeps, req: Request, path: string): Match | undefined {
  try {
    return deps.router.match(req.method ?? 'GET', path);
  } catch {
    return undefined;
  }
}
