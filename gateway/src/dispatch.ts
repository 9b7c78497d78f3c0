// The one generic handler behind every proto-declared route: match, parse, authenticate, authorize,
// transcode JSON -> proto, call the owning service, transcode back (or stream SSE).
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import {
  AppError,
  chartAnswerReads,
  invalidRequest,
  recordHttpRoute,
  type FieldError,
  type Principal,
} from '@astro/platform';
import type { Authenticator } from './auth.ts';
import type { Backends, CallMeta } from './backends.ts';
import type { ChartAnswers } from './chart-answers.ts';
import type { Limiter } from './limits/limiter.ts';
import type { Idempotency } from './idempotency/index.ts';
import { guardInput } from './input-guard.ts';
import { messageFromJson, messageToJson } from './json-codec.ts';
import type { RouteSpec } from './proto-registry.ts';
import type { Match, Router } from './router.ts';
import { setContentType } from './edge/plain-http.ts';
import { writeSse } from './sse.ts';

export interface DispatchDeps {
  router: Router;
  backends: Backends;
  auth: Authenticator;
  bodyLimitBytes: number;
  deadlineMs: number;
  streamDeadlineMs: number;
  /** Burst bucket, quotas, credits and anonymous auth limits (limits/limiter.ts). */
  limits?: Pick<Limiter, 'admit'>;
  /** Idempotency-Key handling on mutating routes (gateway/src/idempotency). */
  idempotency?: Idempotency;
  /** Answers about stored charts kept in memory (chart-answers.ts); absent = every read asks the service. */
  chartAnswers?: ChartAnswers;
}

/** A request the gateway's front has matched against the route table (app.ts). */
type MatchedRequest = Request & { routeMatch?: Match };

/** Names the mode of the API key a response answered: `live` or `test`. */
export const KEY_MODE_HEADER = 'X-Astro-Key-Mode';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: Request): boolean {
  const len = req.headers['content-length'];
  return (len !== undefined && len !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: Request): boolean {
  const ct = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return ct === 'application/json' || (ct.startsWith('application/') && ct.endsWith('+json'));
}

/**
 * The successor of a deprecated route for this request: its path parameters filled in
 * (`/v1/vedic/charts/{id}/dashas/chara` -> `/v1/vedic/charts/0190.../dashas/chara`). A successor that is
 * a description rather than a path ("POST /v1/vedic/muhurta/search") is sent as written.
 */
export function successorPath(successor: string, params: Record<string, string>): string {
  return successor.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const v = params[name] ?? params.id ?? params.chart_id;
    return v === undefined ? m : encodeURIComponent(v);
  });
}

/** Scope and access-kind checks: the route's options against the caller. */
export function authorize(route: RouteSpec, p: Principal): void {
  if (route.access === 'session' && p.kind !== 'session')
    throw new AppError('no_principal', 'This route needs a signed-in user (session token), not an API key.');
  if (route.access === 'api_key' && p.kind !== 'api_key')
    throw new AppError('unauthorized', 'Data routes are reached with an API key, not a dashboard session.', {
      reason: 'api_key_required',
    });
  if (route.scope && !p.scopes.includes(route.scope))
    throw new AppError('missing_scope', `This route needs the ${route.scope} scope.`, { required: route.scope });
}

/** Builds the request message from path parameters, the query string and the JSON body. */
export function buildRequest(
  route: RouteSpec,
  params: Record<string, string>,
  query: unknown,
  body: unknown,
): Record<string, unknown> {
  const errors: FieldError[] = [];
  const pathNames = new Set(Object.keys(params));
  let msg: Record<string, unknown> = {};
  if (route.body === '*') {
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
      throw invalidRequest([{ field: 'body', reason: 'invalid_type', message: 'the body must be a JSON object' }]);
    msg = messageFromJson(route.requestType, (body as Record<string, unknown>) ?? {}, '', 'body', errors, pathNames);
  } else {
    const skip = new Set([...pathNames, ...(route.body ? [route.body] : [])]);
    msg = messageFromJson(route.requestType, (query as Record<string, unknown>) ?? {}, '', 'query', errors, skip);
    if (route.body && body !== undefined) {
      const wrapped = messageFromJson(route.requestType, { [route.body]: body }, '', 'body', errors);
      if (route.body in wrapped) msg[route.body] = wrapped[route.body];
    }
  }
  if (pathNames.size) {
    const only = new Set(route.requestType.fieldsArray.map((f) => f.name).filter((n) => !pathNames.has(n)));
    Object.assign(msg, messageFromJson(route.requestType, params, '', 'path', errors, only));
  }
  if (errors.length) throw invalidRequest(errors);
  return msg;
}

/**
 * The bytes of a decoded google.api.HttpBody: a view of the received message, not a copy (a depth-4
 * Vimshottari answer is 3 MB). protobufjs decodes an empty `data` as a plain empty array.
 */
export function httpBodyBytes(data: unknown): Buffer {
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from((data as number[] | undefined) ?? []);
}

/**
 * A JSON answer written straight to the response, with the headers Express's res.status().json() sends,
 * without its settings lookups, charset parsing and freshness check per call (about 2 % of the gateway's
 * CPU under load in the issue 18 profile). HEAD answers lose their body in Node itself.
 */
export function writeJson(res: Response, status: number, body: unknown): void {
  writeJsonText(res, status, JSON.stringify(body) ?? '');
}

/** writeJson for a body already in JSON text (a cached answer). */
export function writeJsonText(res: Response, status: number, text: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function createDispatcher(deps: DispatchDeps) {
  const parseJson = express.json({ limit: deps.bodyLimitBytes, type: () => true, strict: false });
  const readBody = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())));

  return async function dispatch(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      // The front (app.ts) has matched the route already; through Express's router it is matched here.
      const m = (req as MatchedRequest).routeMatch ?? deps.router.match(req.method, req.path);
      if (m.kind === 'not_found')
        throw new AppError('not_found', `No route for ${req.method} ${req.path}.`, { path: req.path });
      if (m.kind === 'method_not_allowed') {
        res.setHeader('Allow', m.allow.join(', '));
        throw new AppError('method_not_allowed', `${req.method} is not allowed here.`, { allow: m.allow });
      }
      const { route, params } = m;
      res.locals.route = route.pathTemplate;
      recordHttpRoute(req.method, route.pathTemplate);
      // Set before anything can fail, so error responses of a deprecated route carry them too.
      if (route.deprecation) {
        res.setHeader('Deprecation', `@${route.deprecation.deprecatedAt}`);
        res.setHeader('Link', `<${successorPath(route.deprecation.successor, params)}>; rel="successor-version"`);
      }
      let body: unknown;
      if (BODY_METHODS.has(req.method) && hasBody(req)) {
        if (!isJson(req))
          throw new AppError('unsupported_media_type', undefined, {
            content_type: req.headers['content-type'] ?? null,
          });
        await readBody(req, res);
        body = req.body;
      }
      const meta: CallMeta = {
        requestId: res.locals.requestId,
        deadlineMs: route.responseStream ? deps.streamDeadlineMs : deps.deadlineMs,
        retryUnavailable: route.idempotent,
        extra: { 'x-client-ip': req.ip ?? '' },
      };
      if (route.access !== 'public') {
        const principal = await deps.auth.authenticate(req, meta);
        res.locals.tenantId = principal.tenant_id;
        res.locals.apiKeyId = principal.key_id; // usage metering
        // Every answer to an API key says which kind of key it was, errors included (docs/test-keys.md).
        if (principal.kind === 'api_key')
          res.setHeader(KEY_MODE_HEADER, principal.key_mode === 'test' ? 'test' : 'live');
        authorize(route, principal);
        meta.principal = principal;
      }
      // Unstorable characters, over-deep JSON and over-long input: one 422 here for every route.
      guardInput(route, params, req.query, body);
      await deps.limits?.admit({ req, res, route, principal: meta.principal, body, requestId: meta.requestId });
      const request = buildRequest(route, params, req.query, body);
      // Replays a stored response, or arranges for this one to be stored (Idempotency-Key).
      if (deps.idempotency && (await deps.idempotency.intercept(req, res, route, meta.principal, body))) return;
      if (route.responseStream)
        return await writeSse(res, deps.backends.stream(route, request, meta), route.responseType);
      // A stored chart's answer from memory, after authentication, limits and quotas like any other.
      const tenantId = meta.principal?.tenant_id;
      const answers = route.chartAnswer === 'cached' && tenantId ? deps.chartAnswers : undefined;
      const kept = answers?.get(tenantId!, params.chart_id!);
      if (answers) chartAnswerReads.inc({ result: kept ? 'hit' : 'miss' });
      if (kept) return writeJsonText(res, route.successStatus, kept);
      const ticket = answers?.ticket();
      const reply = await deps.backends.unary(route, request, meta);
      if (tenantId && route.chartAnswer === 'erases_chart') deps.chartAnswers?.erase(tenantId, params.chart_id!);
      if (tenantId && route.chartAnswer === 'erases_tenant') deps.chartAnswers?.erase(tenantId, null);
      if (route.passthrough) {
        res.statusCode = route.successStatus;
        setContentType(res, String(reply.content_type || 'application/json'));
        res.end(httpBodyBytes(reply.data));
        return;
      }
      if (route.successStatus === 204) {
        res.statusCode = 204;
        res.end();
        return;
      }
      const json = messageToJson(route.responseType, reply);
      const text = JSON.stringify(route.responseBody ? json[route.responseBody] : json) ?? '';
      if (!answers) return writeJsonText(res, route.successStatus, text);
      const bytes = Buffer.from(text);
      answers.put(tenantId!, params.chart_id!, bytes, ticket!);
      writeJsonText(res, route.successStatus, bytes);
    } catch (err) {
      next(err);
    }
  };
}
