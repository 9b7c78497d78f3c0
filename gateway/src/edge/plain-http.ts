// Express's request and response helpers the proto routes need, usable on Node's own request and
// response objects. The gateway's front (app.ts) serves proto routes without giving each request
// Express's prototypes: Object.setPrototypeOf on a request and its response halved the throughput of a
// bare Node server (9,500 -> 4,650 req/s, issue 18), because Node's HTTP code then meets objects of a
// new shape on every request. Each helper runs Express's own code, so both paths answer alike.
import express, { type Express, type Request, type Response } from 'express';

const expressRequest = express.request as object;
const expressResponse = express.response as unknown as {
  set(this: Response, field: string, value: string): Response;
  vary(this: Response, field: string): Response;
};

function getter(name: string): (this: unknown) => unknown {
  const g = Object.getOwnPropertyDescriptor(expressRequest, name)?.get;
  if (!g) throw new Error(`express.request has no ${name} getter`);
  return g;
}
const ipOf = getter('ip');
const protocolOf = getter('protocol');
const queryOf = getter('query');

/** res.type(value) for a full media type: Content-Type with Express's charset rule (mime-types). */
export function setContentType(res: Response, value: string): void {
  expressResponse.set.call(res, 'Content-Type', value);
}

/** res.vary(field): adds `field` to the Vary header. */
export function vary(res: Response, field: string): void {
  expressResponse.vary.call(res, field);
}

/**
 * What Express's getters would answer for this request under `app`'s settings (trust proxy, query
 * parser), computed once: the path, the parsed query, the client address and whether it came over TLS.
 */
export function requestFacts(app: Express, req: Request, path: string) {
  // The getters read `this.app`, `this.get(header)` and what parseurl reads: a stand-in carries them.
  const view = {
    app,
    url: req.url,
    socket: req.socket,
    connection: req.socket,
    headers: req.headers,
    get: (name: string) => req.headers[name.toLowerCase()],
  };
  return {
    path,
    query: queryOf.call(view) as Request['query'],
    ip: ipOf.call(view) as string | undefined,
    secure: protocolOf.call(view) === 'https',
  };
}
