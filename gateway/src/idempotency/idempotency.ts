// Idempotency-Key on mutating routes (spec 1-platform.md "Errors": Idempotency; DESIGN.md §8, after
// Stripe). The first request with a key is executed and its response (status, body, the headers that
// describe it) stored for 24 hours; a later request with the same key and the same method, path and
// body gets that response again, marked `Idempotent-Replayed: true`; with anything else, 409
// idempotency_conflict. While the first is still running, a duplicate is refused at once with 409
// idempotency_in_progress (Retry-After: 1) instead of being held open.
//
// Not stored, so a retry runs again: 5xx answers (the service may not have acted) and 429 refusals.
// Keys are per tenant. Streaming routes are not covered (an SSE stream is not a replayable response).
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError, type Logger, type Principal } from '@astro/platform';
import type { RouteSpec } from '../proto-registry.ts';
import { readIdempotencyKey, requestFingerprint, scopedKey, IDEMPOTENCY_HEADER } from './request-key.ts';
import type { ResponseSealer } from './sealing.ts';
import type { DoneEntry, IdempotencyStore } from './store.ts';

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Response headers that belong to the stored answer (not the per-request ones such as rate limits). */
const KEPT_HEADERS = ['content-type', 'location', 'deprecation', 'link', 'x-request-id'];

export interface IdempotencyOptions {
  ttlMs: number;
  /** How long a claim survives a gateway that died mid-request. */
  claimMs: number;
  now?: () => number;
}

interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

export class Idempotency {
  private readonly now: () => number;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly sealer: ResponseSealer,
    private readonly opts: IdempotencyOptions,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /**
   * Called by the dispatcher once the request is authenticated and valid, before it reaches the
   * service. Returns true when the response was already written (a replay); throws the 409s; otherwise
   * arranges for the coming response to be stored and returns false.
   */
  async intercept(req: Request, res: Response, route: RouteSpec, principal: Principal | undefined, body: unknown) {
    if (!principal || route.responseStream || !MUTATING.has(req.method)) return false;
    const idemKey = readIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]);
    if (idemKey === undefined) return false;
    const key = scopedKey(principal.tenant_id, idemKey);
    const fp = requestFingerprint(req.method, req.originalUrl, body);
    const owner = randomUUID();
    const now = this.now();
    let found;
    try {
      found = await this.store.claim(key, { state: 'running', fp, owner, expires_at: now + this.opts.claimMs }, now);
    } catch (err) {
      // Without the store, "at most once" cannot be promised: refuse rather than risk a double execution.
      this.logger.warn('idempotency store unavailable', { err: (err as Error).message });
      throw new AppError('service_unavailable', 'Idempotency keys cannot be checked right now; retry later.');
    }
    if (found) {
      if (found.fp !== fp)
        throw new AppError('idempotency_conflict', 'This Idempotency-Key was used with a different request.', {
          reason: 'parameters_mismatch',
        });
      if (found.state === 'running')
        throw new AppError(
          'idempotency_in_progress',
          'A request with this Idempotency-Key is still being processed; retry shortly.',
          { reason: 'in_progress' },
          { 'Retry-After': '1' },
        );
      this.replay(res, key, found);
      return true;
    }
    this.captureResponse(res, key, owner, now, fp);
    return false;
  }

  private replay(res: Response, key: string, entry: DoneEntry): void {
    let stored: StoredResponse;
    try {
      stored = JSON.parse(this.sealer.open(entry.sealed, key).toString('utf8')) as StoredResponse;
    } catch {
      // Sealed under another JWT_SECRET (rotated) or damaged: it cannot be replayed, and running the
      // request again could execute it twice, so the client is told to pick a new key.
      throw new AppError(
        'idempotency_conflict',
        'The response stored for this Idempotency-Key cannot be read; use a new key.',
        {
          reason: 'unreadable',
        },
      );
    }
    for (const [k, v] of Object.entries(stored.headers)) res.setHeader(k, v);
    res.setHeader(REPLAYED_HEADER, 'true');
    res.statusCode = stored.status;
    res.end(Buffer.from(stored.body, 'base64'));
  }

  /** Wraps res.end: the response is stored (or the claim dropped) before it leaves, so a retry sent
   * right after the answer already finds it. */
  private captureResponse(res: Response, key: string, owner: string, startedAt: number, fp: string): void {
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      res.end = end as Response['end'];
      const status = res.statusCode;
      const [chunk, encoding] = args;
      const settle =
        status >= 500 || status === 429
          ? this.store.release(key, owner)
          : this.store.complete(key, owner, this.doneEntry(res, key, fp, startedAt, chunk, encoding), this.now());
      settle
        .catch((err: Error) => this.logger.warn('idempotency store write failed', { err: err.message }))
        .finally(() => end(...args));
      return res;
    }) as Response['end'];
  }

  private doneEntry(
    res: Response,
    key: string,
    fp: string,
    startedAt: number,
    chunk: unknown,
    encoding: unknown,
  ): DoneEntry {
    const body =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.alloc(0);
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = res.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    const stored: StoredResponse = { status: res.statusCode, headers, body: body.toString('base64') };
    return {
      state: 'done',
      fp,
      expires_at: startedAt + this.opts.ttlMs,
      sealed: this.sealer.seal(Buffer.from(JSON.stringify(stored)), key),
    };
  }
}
