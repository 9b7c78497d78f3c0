// GET /v1/openapi.json: an OpenAPI 3.1 document generated from the same annotations the routes come
// from, with request and response schemas derived from the proto messages.
import protobuf from 'protobufjs';
import { ERROR_CODES } from '@astro/platform';
import { fieldOptions, type RouteSpec } from './proto-registry.ts';

type Schema = Record<string, unknown>;

const SCALAR: Record<string, Schema> = {
  string: { type: 'string' },
  bool: { type: 'boolean' },
  double: { type: 'number' },
  float: { type: 'number' },
  int32: { type: 'integer', format: 'int32' },
  sint32: { type: 'integer', format: 'int32' },
  sfixed32: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', minimum: 0 },
  fixed32: { type: 'integer', minimum: 0 },
  int64: { type: 'integer', format: 'int64' },
  sint64: { type: 'integer', format: 'int64' },
  sfixed64: { type: 'integer', format: 'int64' },
  uint64: { type: 'integer', minimum: 0 },
  fixed64: { type: 'integer', minimum: 0 },
  bytes: { type: 'string', contentEncoding: 'base64' },
};

const schemaName = (t: protobuf.ReflectionObject) => t.fullName.replace(/^\./, '');

class SchemaBuilder {
  readonly components: Record<string, Schema> = {};

  ref(type: protobuf.Type, skip: ReadonlySet<string> = new Set()): Schema {
    if (skip.size) return this.object(type, skip, true);
    const name = schemaName(type);
    if (!this.components[name]) {
      this.components[name] = {}; // placeholder breaks recursion
      this.components[name] = this.object(type, skip, false);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  fieldSchema(f: protobuf.Field): Schema {
    const opts = fieldOptions(f);
    let s: Schema;
    const tn = f.resolvedType ? schemaName(f.resolvedType) : '';
    if (tn === 'google.protobuf.Struct') s = { type: 'object', additionalProperties: true };
    else if (tn === 'google.protobuf.Value') s = {};
    else if (tn === 'google.protobuf.ListValue') s = { type: 'array', items: {} };
    else if (f.resolvedType instanceof protobuf.Type) s = this.ref(f.resolvedType);
    else if (f.resolvedType instanceof protobuf.Enum) s = { type: 'string', enum: Object.keys(f.resolvedType.values) };
    else s = { ...(SCALAR[f.type] ?? { type: 'string' }) };
    if (opts.enum_values?.length) s = { ...s, enum: opts.enum_values };
    if (opts.format) s = { ...s, format: opts.format };
    if (f.map) s = { type: 'object', additionalProperties: s };
    else if (f.repeated) s = { type: 'array', items: s };
    const desc = opts.description || f.comment;
    if (desc) s = s.$ref ? { allOf: [s], description: desc } : { ...s, description: desc };
    return s;
  }

  private object(type: protobuf.Type, skip: ReadonlySet<string>, isRequest: boolean): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const f of type.fieldsArray) {
      if (skip.has(f.name)) continue;
      const opts = fieldOptions(f);
      let s = this.fieldSchema(f);
      const hasPresence = Boolean(f.partOf) || (f.resolvedType instanceof protobuf.Type && !f.repeated && !f.map);
      if (isRequest) {
        if (opts.required) required.push(f.name);
      } else if (!hasPresence || !opts.omit_when_unset) {
        required.push(f.name);
        if (hasPresence) s = { oneOf: [s, { type: 'null' }] };
      }
      properties[f.name] = s;
    }
    const out: Schema = { type: 'object', properties };
    if (required.length) out.required = required;
    if (type.comment) out.description = type.comment;
    return out;
  }
}

const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['error'],
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

export function buildOpenApi(routes: RouteSpec[], serverUrl: string): Record<string, unknown> {
  const b = new SchemaBuilder();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of [...routes].sort((x, y) => x.pathTemplate.localeCompare(y.pathTemplate))) {
    const pathParams = [...r.pathTemplate.matchAll(/\{([^}=]+)/g)].map((m) => m[1]!);
    const parameters: Schema[] = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    let requestBody: Schema | undefined;
    if (r.body === '*') {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: b.ref(r.requestType, new Set(pathParams)) } },
      };
    } else {
      for (const f of r.requestType.fieldsArray) {
        if (pathParams.includes(f.name) || f.name === r.body) continue;
        const opts = fieldOptions(f);
        const schema: Schema = f.repeated
          ? { type: 'array', items: SCALAR[f.type] ?? { type: 'string' } }
          : {
              ...(SCALAR[f.type] ?? { type: 'string' }),
              ...(opts.enum_values?.length ? { enum: opts.enum_values } : {}),
              ...(opts.format ? { format: opts.format } : {}),
            };
        parameters.push({
          name: f.name,
          in: 'query',
          required: Boolean(opts.required),
          schema,
          ...(opts.description ? { description: opts.description } : {}),
        });
      }
    }
    const bare = r.responseBody ? r.responseType.fields[r.responseBody] : undefined;
    const okSchema = bare ? b.fieldSchema(bare) : r.responseSchema ? b.ref(r.responseSchema) : b.ref(r.responseType);
    const responses: Record<string, unknown> = {};
    if (r.successStatus === 204) responses['204'] = { description: 'No content' };
    else if (r.responseStream)
      responses[String(r.successStatus)] = {
        description: 'Server-Sent Events (meta, delta, done, error)',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      };
    else
      responses[String(r.successStatus)] = {
        description: 'Success',
        content: { 'application/json': { schema: okSchema } },
      };
    const codes = new Set(r.errors);
    if (r.access !== 'public') ['unauthorized', ...(r.scope ? ['missing_scope'] : [])].forEach((c) => codes.add(c));
    if (r.access === 'session') codes.add('no_principal');
    // Idempotency-Key (gateway/src/idempotency): optional on authenticated mutating, non-streaming routes.
    if (r.access !== 'public' && !r.responseStream && r.httpMethod !== 'GET') {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description: 'the response is stored 24 hours and replayed (Idempotent-Replayed: true) for the same request',
      });
      codes.add('idempotency_conflict');
      codes.add('idempotency_in_progress');
    }
    const byStatus = new Map<number, string[]>();
    for (const c of codes) {
      const status = ERROR_CODES[c]?.http ?? 500;
      byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
    }
    for (const [status, list] of [...byStatus].sort((a, b2) => a[0] - b2[0]))
      responses[String(status)] = {
        description: list.join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    const op: Record<string, unknown> = {
      operationId: `${r.serviceName.split('.').pop()}_${r.methodName}`,
      summary: r.summary || r.methodName,
      tags: [r.pathTemplate.split('/')[2] ?? 'v1'],
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
        'Vedic and Western astrology calculations, interpretations and the platform around them. Errors use one envelope: {error: {code, message_key, message, details, request_id}}.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...b.components },
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
