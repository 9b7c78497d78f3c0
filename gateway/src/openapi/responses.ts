// What an operation can answer besides its success body, derived from what the gateway does for the
// route (dispatch.ts, auth.ts, limits/, idempotency/, sse.ts) plus the codes the proto annotates:
// the error codes per HTTP status (an enum per response), and every response header the gateway sends.
import { ERROR_CODES } from '@astro/platform';
import { countsTowardQuota, isAuthAttempt } from '../limits/policy.ts';
import type { RouteSpec } from '../proto-registry.ts';
import type { Schema } from './field-constraints.ts';

/** Reusable headers (components.headers), each as the gateway writes it. */
export const HEADERS: Record<string, Schema> = {
  'X-Request-Id': {
    description:
      "The request id: the caller's X-Request-Id when it is a safe token, else a new UUIDv7. Also in error.request_id.",
    schema: { type: 'string' },
  },
  traceresponse: {
    description: "W3C Trace Context: the gateway's span of this request (version-traceid-spanid-flags).",
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the quota window closest to running out (daily, or monthly when lower).',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in that window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'When that window resets, in Unix seconds.',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimit: {
    description:
      'IETF RateLimit header fields draft: the same quota as X-RateLimit-*, as `limit=, remaining=, reset=`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'IETF RateLimit header fields draft: the quota policies of the plan (`<limit>;w=<window seconds>`).',
    schema: { type: 'string' },
  },
  'X-Credits-Remaining': {
    description: 'Sent when a pay-as-you-go credit paid for a request past the quota: the balance left.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before retrying (rounded up, at least 1).',
    schema: { type: 'integer', minimum: 1 },
  },
  'Idempotent-Replayed': {
    description: 'true when this response is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  Deprecation: {
    description:
      'RFC 9745: the route is deprecated since this instant (`@<unix seconds>`). No `Sunset` header (RFC 8594) is sent: ' +
      'the removal date of deprecated routes is not announced (spec 1-platform "Versioning" 3: "Removal date of deprecated routes: not shown").',
    schema: { type: 'string', pattern: '^@\\d+$' },
  },
  Link: {
    description: 'The successor of a deprecated route: `<path>; rel="successor-version"`.',
    schema: { type: 'string' },
  },
};

const h = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message_key', 'message', 'details', 'request_id'],
      properties: {
        code: { type: 'string', description: 'Stable identifier; branch on it' },
        message_key: { type: 'string' },
        message: { type: 'string' },
        details: { oneOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] },
        request_id: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      },
    },
  },
};

/** Can an API key call it (the burst bucket applies), and does it count toward the quotas? */
function limitsOf(r: RouteSpec) {
  const keyed = r.access === 'api_key' || r.access === 'credential';
  return { keyed, counted: keyed && countsTowardQuota(r, 'api_key') };
}

export function isIdempotent(r: RouteSpec): boolean {
  return r.access !== 'public' && !r.responseStream && r.httpMethod !== 'GET';
}

/** Every code the route can answer: its annotation plus what the gateway adds in front of it. */
export function errorCodesOf(r: RouteSpec, hasInput: boolean): Set<string> {
  const codes = new Set(r.errors);
  const { keyed, counted } = limitsOf(r);
  if (hasInput) codes.add('invalid_request');
  if (r.body) ['payload_too_large', 'unsupported_media_type'].forEach((c) => codes.add(c));
  if (r.access !== 'public') codes.add('unauthorized');
  if (r.access === 'session') codes.add('no_principal');
  if (r.scope) codes.add('missing_scope');
  if (keyed) codes.add('rate_limited');
  if (counted) codes.add('too_many_requests');
  if (isAuthAttempt(r)) codes.add('anonymous_auth_rate_limit_exceeded');
  if (isIdempotent(r)) ['idempotency_conflict', 'idempotency_in_progress'].forEach((c) => codes.add(c));
  // Refused by Node's HTTP parser before any route is matched (edge/client-error.ts), so on every route.
  codes.add('request_header_fields_too_large');
  codes.add('malformed_http_request');
  // Every route is a gRPC call with a deadline: a backend down or too slow.
  codes.add('service_unavailable');
  codes.add('gateway_timeout');
  codes.add('internal_error');
  return codes;
}

/** Headers on every answer of the route (success and error alike). */
function commonHeaders(r: RouteSpec): Record<string, unknown> {
  const out: Record<string, unknown> = { 'X-Request-Id': h('X-Request-Id'), traceresponse: h('traceresponse') };
  if (r.deprecation) Object.assign(out, { Deprecation: h('Deprecation'), Link: h('Link') });
  return out;
}

function quotaHeaders(r: RouteSpec): Record<string, unknown> {
  if (!limitsOf(r).counted) return {};
  return {
    'X-RateLimit-Limit': h('X-RateLimit-Limit'),
    'X-RateLimit-Remaining': h('X-RateLimit-Remaining'),
    'X-RateLimit-Reset': h('X-RateLimit-Reset'),
    RateLimit: h('RateLimit'),
    'RateLimit-Policy': h('RateLimit-Policy'),
  };
}

export function successHeaders(r: RouteSpec): Record<string, unknown> {
  const out = { ...commonHeaders(r), ...quotaHeaders(r) };
  if (limitsOf(r).counted) out['X-Credits-Remaining'] = h('X-Credits-Remaining');
  if (isIdempotent(r)) out['Idempotent-Replayed'] = h('Idempotent-Replayed');
  return out;
}

/** One response per error status, its `code` an enum of exactly the codes this route answers there. */
export function errorResponses(r: RouteSpec, codes: Set<string>): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const c of codes) {
    const status = ERROR_CODES[c]?.http ?? 500;
    byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    list.sort();
    const headers: Record<string, unknown> = { ...commonHeaders(r) };
    if (status === 429 || list.includes('idempotency_in_progress')) headers['Retry-After'] = h('Retry-After');
    if (status === 429 || status === 403) Object.assign(headers, quotaHeaders(r));
    out[String(status)] = {
      description: list.join(', '),
      headers,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: list } } } } },
            ],
          },
        },
      },
    };
  }
  return out;
}

/** The SSE events of the `/stream` routes (spec 3-western-llm.md "Events"), one schema each. */
export const SSE_EVENT_SCHEMAS: Record<string, Schema> = {
  SseMetaEvent: {
    type: 'object',
    description: '`event: meta`, once, first.',
    required: ['kind', 'interpretation_type', 'language', 'tier', 'engine_context'],
    properties: {
      kind: { const: 'meta' },
      interpretation_type: { type: 'string' },
      language: { type: 'string' },
      tier: { type: 'string' },
      engine_context: { type: 'object', additionalProperties: true },
    },
  },
  SseDeltaEvent: {
    type: 'object',
    description: '`event: delta`, zero or more: concatenating every content gives the interpretation.',
    required: ['kind', 'content'],
    properties: { kind: { const: 'delta' }, content: { type: 'string' } },
  },
  SseDoneEvent: {
    type: 'object',
    description: '`event: done`, terminal: the row is stored; `cached: true` on a replay of a stored row.',
    required: ['kind', 'input_tokens', 'output_tokens', 'latency_ms', 'cost_usd', 'interpretation_id'],
    properties: {
      kind: { const: 'done' },
      input_tokens: { type: 'integer', minimum: 0 },
      output_tokens: { type: 'integer', minimum: 0 },
      latency_ms: { type: 'number', minimum: 0 },
      cost_usd: { type: 'number', minimum: 0 },
      interpretation_id: { type: 'string', format: 'uuid' },
      cached: { type: 'boolean' },
    },
  },
  SseErrorEvent: {
    description: '`event: error`, terminal alternative after at least one delta: the error envelope.',
    $ref: '#/components/schemas/Error',
  },
};

/**
 * The text/event-stream answer. OpenAPI 3.1 has no schema per event (3.2's itemSchema), so the media
 * type's schema describes one event as the SSE generators read it: `{event, data}` with `event` the
 * name and `data` the parsed JSON of its data lines, one alternative per event name.
 */
/** `example`: a recorded event stream, as the text a client reads. */
export function sseResponse(example?: string): Schema {
  const one = (event: string, schema: string) => ({
    type: 'object',
    required: ['event', 'data'],
    properties: { event: { const: event }, data: { $ref: `#/components/schemas/${schema}` } },
  });
  return {
    description:
      'Server-Sent Events: `meta` once, `delta` zero or more, then `done` or `error`; each `data:` is one JSON document.',
    content: {
      'text/event-stream': {
        schema: {
          oneOf: [
            one('meta', 'SseMetaEvent'),
            one('delta', 'SseDeltaEvent'),
            one('done', 'SseDoneEvent'),
            one('error', 'SseErrorEvent'),
          ],
        },
        // A vendor extension, not `example`: the schema above describes one event as an object (what
        // a client parses), while the recording is the raw stream text, which `example` would have to
        // match (Redocly no-invalid-media-type-examples).
        ...(example !== undefined ? { 'x-stream-example': example } : {}),
      },
    },
  };
}
