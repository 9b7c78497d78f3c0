// The client: openapi-fetch over the generated `paths` (every route, its parameters, bodies and
// answers typed from the OpenAPI document), plus what every caller of this API needs:
// - authentication: an API key (data routes) or a session JWT (dashboard routes), changeable later;
// - an Idempotency-Key on every POST, PUT, PATCH and DELETE (unless the caller set one), so a retry
//   after a timeout never creates a second chart or key;
// - bounded retries that honour Retry-After (retry.ts);
// - `unwrap` turning an error answer into a thrown ApiError carrying the envelope (errors.ts);
// - `stream` for the Server-Sent Events routes (sse.ts).
import { randomUUID } from 'node:crypto';
import createClient, { type Client, type Middleware, type RequestOptions } from 'openapi-fetch';
import { ApiError, toApiError } from './errors.ts';
import { retryingFetch, type RetryOptions } from './retry.ts';
import type { paths } from './schema.ts';
import { readEvents, type StreamEvent } from './sse.ts';

export interface AstroClientOptions {
  /** The gateway, e.g. http://127.0.0.1:8080 (no trailing /v1). */
  baseUrl: string;
  /** An API key (ak_live_...) or a session access token; both go as `Authorization: Bearer`. */
  token?: string;
  retry?: RetryOptions;
  /** Give POST/PUT/PATCH/DELETE requests an Idempotency-Key of their own (default true). */
  idempotencyKeys?: boolean;
  fetch?: typeof fetch;
}

/** Paths whose POST answers text/event-stream. */
export type StreamPath = {
  [P in keyof paths]: paths[P] extends { post: { responses: { 200: { content: { 'text/event-stream': unknown } } } } }
    ? P
    : never;
}[keyof paths];

/** Path and query parameters and body of a stream route, typed as for its sync sibling. */
export type StreamInit<P extends StreamPath> = RequestOptions<paths[P]['post']>;

export interface AstroClient extends Client<paths> {
  /** Replaces the credential (after a login, or to switch from the session to an API key). */
  setToken(token: string | undefined): void;
  /** The data of a call, or its ApiError thrown. */
  unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
  /** The events of a /stream route; an error before the stream opens is thrown as ApiError. */
  stream<P extends StreamPath>(path: P, init: StreamInit<P>): AsyncGenerator<StreamEvent>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createAstroClient(opts: AstroClientOptions): AstroClient {
  let token = opts.token;
  const baseFetch = opts.fetch ?? globalThis.fetch;
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const client = createClient<paths>({ baseUrl, fetch: retryingFetch(baseFetch, opts.retry) });
  const headers: Middleware = {
    onRequest({ request }) {
      if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
      if (opts.idempotencyKeys !== false && MUTATING.has(request.method) && !request.headers.has('idempotency-key'))
        request.headers.set('idempotency-key', randomUUID());
      return request;
    },
  };
  client.use(headers);

  async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok) throw toApiError(response.status, error, response.headers.get('x-request-id'));
    return data as T;
  }

  async function* stream<P extends StreamPath>(path: P, init: StreamInit<P>): AsyncGenerator<StreamEvent> {
    const { params, body } = init as {
      params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
      body?: unknown;
    };
    const pathParams = params?.path ?? {};
    let url =
      baseUrl +
      String(path).replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(pathParams[name])));
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params?.query ?? {}))
      if (v !== undefined && v !== null) query.set(k, String(v));
    if (query.size) url += `?${query}`;
    const req = new Request(url, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // Plan, rate and budget errors come before the first event, as real HTTP statuses. A stream is
    // not retried: it may have been billed, and the caller decides.
    const res = await baseFetch(req);
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => null);
      throw toApiError(res.status, body, res.headers.get('x-request-id'));
    }
    yield* readEvents(res.body);
  }

  return Object.assign(client, {
    setToken: (t: string | undefined) => {
      token = t;
    },
    unwrap,
    stream,
  });
}

export { ApiError };
