// CORS for browser callers (CORS_ORIGINS; default: no origin allowed). A preflight (OPTIONS with Origin
// and Access-Control-Request-Method) is answered here, 204, before the route table could call it a
// 405: with the allowed methods and headers for an allowed origin, and with no CORS header at all
// otherwise (the browser then refuses the real request). Credentials travel in the Authorization
// header, never in cookies, so Access-Control-Allow-Credentials is never sent.
import type { NextFunction, Request, Response } from 'express';
import { vary } from './plain-http.ts';

export const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Request-Id',
  'traceparent',
  'tracestate',
];
/** Response headers a browser script may read (everything else is hidden from it by CORS). */
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
  'X-Credits-Remaining',
  'X-Astro-Key-Mode',
  'Deprecation',
  'Link',
  'traceresponse',
];
const MAX_AGE_SECONDS = 600;

/** `origins` as configured: exact origins (scheme://host[:port]) or `*` for any. */
export function corsMiddleware(origins: string[]) {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  const isAllowed = (origin: string) => any || allowed.has(origin.toLowerCase());
  return function cors(req: Request, res: Response, next: NextFunction): void {
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (origin) vary(res, 'Origin');
    const ok = origin !== undefined && isAllowed(origin);
    if (ok) res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    if (!preflight) {
      if (ok) res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
      next();
      return;
    }
    if (ok) {
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS.join(', '));
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', String(MAX_AGE_SECONDS));
    }
    res.statusCode = 204;
    res.end();
  };
}
