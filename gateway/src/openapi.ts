// GET /v1/openapi.json: an OpenAPI 3.1 document generated from the same annotations the routes come
// from: request and response schemas from the proto messages (gateway/src/openapi/schema-builder.ts),
// what the gateway adds in front of every route (errors, headers, SSE: openapi/responses.ts), tag
// descriptions, and examples recorded from real calls (openapi/examples.ts). Linted with Redocly
// (redocly.yaml) in gateway/test/openapi-lint.test.ts.
import { fieldOptions, type RouteSpec } from './proto-registry.ts';
import { examplesFor, type OperationExamples } from './openapi/examples.ts';
import {
  ERROR_SCHEMA,
  HEADERS,
  SSE_EVENT_SCHEMAS,
  errorCodesOf,
  errorResponses,
  isIdempotent,
  sseResponse,
  successHeaders,
} from './openapi/responses.ts';
import { SchemaBuilder } from './openapi/schema-builder.ts';
import { withConstraints, type Schema } from './openapi/field-constraints.ts';
import { TAG_DESCRIPTIONS } from './openapi/tags.ts';

export const operationIdOf = (r: RouteSpec) => `${r.serviceName.split('.').pop()}_${r.methodName}`;
export const tagOf = (r: RouteSpec) => r.pathTemplate.split('/')[2] ?? 'v1';

function parametersOf(r: RouteSpec, b: SchemaBuilder, pathParams: string[]): Schema[] {
  const byName = new Map(r.requestType.fieldsArray.map((f) => [f.name, f]));
  const parameters: Schema[] = pathParams.map((name) => {
    const f = byName.get(name);
    const schema = f ? b.fieldSchema(f, 'request') : { type: 'string' };
    const { description, ...rest } = schema as Schema & { description?: string };
    return { name, in: 'path', required: true, schema: rest, ...(description ? { description } : {}) };
  });
  if (r.body === '*') return parameters;
  for (const f of r.requestType.fieldsArray) {
    if (pathParams.includes(f.name) || f.name === r.body) continue;
    const opts = fieldOptions(f);
    // Query strings carry scalars (repeated ones as repeated parameters or comma lists).
    const item = b.baseSchema(f, 'request');
    const base = f.repeated ? { type: 'array', items: item } : item;
    const schema = withConstraints(base, opts, true);
    parameters.push({
      name: f.name,
      in: 'query',
      required: Boolean(opts.required),
      schema,
      ...(opts.description ? { description: opts.description } : {}),
    });
  }
  return parameters;
}

export interface BuildOptions {
  /** Recorded examples by operationId (default: the committed gateway/src/openapi/examples.json). */
  examples?: Record<string, OperationExamples>;
}

export function buildOpenApi(routes: RouteSpec[], serverUrl: string, opts: BuildOptions = {}): Record<string, unknown> {
  const b = new SchemaBuilder();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const r of [...routes].sort((x, y) => x.pathTemplate.localeCompare(y.pathTemplate))) {
    const operationId = operationIdOf(r);
    const examples = examplesFor(operationId, opts.examples);
    const pathParams = [...r.pathTemplate.matchAll(/\{([^}=]+)/g)].map((m) => m[1]!);
    const parameters = parametersOf(r, b, pathParams);
    let requestBody: Schema | undefined;
    if (r.body === '*') {
      const example = examples?.request;
      requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: b.ref(r.requestType, 'request', new Set(pathParams)),
            ...(example !== undefined ? { example } : {}),
          },
        },
      };
    } else if (r.body) {
      const f = r.requestType.fields[r.body]!;
      requestBody = { required: true, content: { 'application/json': { schema: b.fieldSchema(f, 'request') } } };
    }
    if (isIdempotent(r))
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description:
          'The response is stored 24 hours and replayed (Idempotent-Replayed: true) for the same request; the same key with another request is 409 idempotency_conflict.',
      });
    const bare = r.responseBody ? r.responseType.fields[r.responseBody] : undefined;
    // Built only when a JSON body is answered, so a 204 or a stream leaves no unused component.
    const okSchema = () =>
      bare ? b.fieldSchema(bare, 'response') : b.ref(r.responseSchema ?? r.responseType, 'response');
    const responses: Record<string, unknown> = {};
    const ok = String(r.successStatus);
    if (r.successStatus === 204) responses['204'] = { description: 'No content', headers: successHeaders(r) };
    else if (r.responseStream) responses[ok] = { ...sseResponse(examples?.stream), headers: successHeaders(r) };
    else if (r.responseMediaTypes.length)
      // Bytes that are not JSON (chart images, text/calendar feeds): a string of bytes per media type, nothing to show as JSON.
      responses[ok] = {
        description: r.summary || 'Success',
        headers: successHeaders(r),
        content: Object.fromEntries(
          r.responseMediaTypes.map((m) => [m, { schema: { type: 'string', contentMediaType: m } }]),
        ),
      };
    else
      responses[ok] = {
        description: r.summary || 'Success',
        headers: successHeaders(r),
        content: {
          'application/json': {
            schema: okSchema(),
            ...(examples?.response !== undefined ? { example: examples.response } : {}),
          },
        },
      };
    const hasInput = parameters.some((p) => p.in !== 'header') || Boolean(requestBody);
    Object.assign(responses, errorResponses(r, errorCodesOf(r, hasInput)));
    const tag = tagOf(r);
    tags.add(tag);
    const op: Record<string, unknown> = {
      operationId,
      summary: r.summary || r.methodName,
      description: `Access: ${r.access}${r.scope ? `, scope ${r.scope}` : ''}; rate-limit class ${r.rateLimitClass}.`,
      tags: [tag],
      parameters,
      responses,
      security:
        r.access === 'public'
          ? []
          : r.access === 'session'
            ? [{ sessionJwt: [] }]
            : r.access === 'api_key'
              ? [{ apiKey: [] }]
              : [{ sessionJwt: [] }, { apiKey: [] }],
      'x-access': r.access,
      'x-rate-limit-class': r.rateLimitClass,
    };
    if (requestBody) op.requestBody = requestBody;
    if (r.scope) op['x-required-scope'] = r.scope;
    if (r.deprecation) {
      op.deprecated = true;
      op['x-successor'] = r.deprecation.successor;
    }
    const oaPath = r.pathTemplate.replace(/\{([^}=]+)=[^}]*\}/g, '{$1}');
    (paths[oaPath] ??= {})[r.httpMethod.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Astrology API',
      version: '1',
      description:
        'Vedic and Western astrology calculations, interpretations and the platform around them. Errors use one envelope: {error: {code, message_key, message, details, request_id}}; each operation lists its codes per status.\n\n' +
        'TypeScript SDK: `@astro/sdk` (packages/sdk in the repository), typed from this document:\n\n' +
        "```ts\nconst astro = createAstroClient({ baseUrl, token: apiKey });\nconst chart = await astro.unwrap(astro.POST('/v1/charts', { body: { birth } }));\n```\n\n" +
        'It sends Idempotency-Key on every POST, retries 429/503/504 after Retry-After (bounded), throws ApiError with the envelope and reads the /stream routes as typed events. The README\'s "Trying it" is the same first hour with curl.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...SSE_EVENT_SCHEMAS, ...b.components },
      headers: HEADERS,
      securitySchemes: {
        sessionJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Dashboard session access token',
        },
        apiKey: { type: 'http', scheme: 'bearer', description: 'API key (ak_live_...)' },
      },
    },
  };
}
