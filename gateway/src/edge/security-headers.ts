// Security headers on every gateway response: no MIME sniffing, HSTS when the request came over TLS,
// and no caching of anything answered to a request that carried credentials (a shared cache or a
// browser's back button must not hand one tenant's data to the next user).
//
// "Came over TLS" is Express's req.secure: the socket is TLS, or X-Forwarded-Proto says https AND the
// peer is one of TRUSTED_PROXIES (app.ts sets `trust proxy` only to those), so a client cannot fake it.
import type { NextFunction, Request, Response } from 'express';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
  if (req.headers.authorization !== undefined) res.setHeader('Cache-Control', 'no-store');
  next();
}
