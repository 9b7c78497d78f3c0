// Requests generated from the OpenAPI document the running gateway serves (GET /v1/openapi.json):
// for each operation, path, query, header and body values drawn from the operation's own schemas
// (types, enums, formats, bounds, required members), then hostile mutations: characters PostgreSQL
// cannot store, unpaired surrogates, sub-millisecond and naive date-times, deep nesting, long strings
// and arrays, wrong types, repeated query parameters. Used by tests/hostile-input.test.ts.
import fc from 'fast-check';

export interface Op {
  method: string;
  path: string;
  access: string;
  scope?: string;
  params: Array<{ name: string; in: string; required?: boolean; schema?: any }>;
  bodySchema?: any;
}

export interface FuzzRequest {
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

/** Every operation of the document, with its request body schema resolved. */
export function listOps(doc: any): Op[] {
  const out: Op[] = [];
  for (const [p, methods] of Object.entries<any>(doc.paths)) {
    for (const [m, op] of Object.entries<any>(methods)) {
      const content = op.requestBody?.content?.['application/json'];
      out.push({
        method: m.toUpperCase(),
        path: p,
        access: op['x-access'],
        scope: op['x-required-scope'],
        params: op.parameters ?? [],
        bodySchema: content ? resolve(doc, content.schema) : undefined,
      });
    }
  }
  return out;
}

export function resolve(doc: any, s: any): any {
  let cur = s;
  for (let i = 0; cur?.$ref && i < 10; i++) cur = doc.components.schemas[cur.$ref.split('/').pop()];
  return cur;
}

// ---------------------------------------------------------------- hostile values

/** `levels` objects nested inside each other. */
export function nested(levels: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202e\u200b\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ ज्योतिष',
  '2024-13-45T99:99:99Z',
  '2024-01-01T00:00:00',
  '1990-05-15T10:30:00.1234567+05:30',
  '1990-05-15T10:30:00.000000001Z',
  '1990-05-15T10:30:00,5+05:30',
  '0000-00-00',
  '9999-12-31T23:59:59+14:00',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2024-02-30',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(10_000), 'y'.repeat(70_000)) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.constantFrom(0, -1, 2 ** 31, 2 ** 32, -(2 ** 53), 2 ** 64, 1e308, -1e308, 0.5, 1e-320) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(34, 40, 200).map(nested) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 12_000 }, (_, i) => i)) },
);

// ---------------------------------------------------------------- values from the schemas

export interface FuzzContext {
  doc: any;
  /** Real ids worth sending where an id is expected (the tenant's charts). */
  ids: string[];
}

const isoAt = (ms: number) => new Date(ms).toISOString();
const dateTime = fc.oneof(
  fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }).map(isoAt),
  fc.constantFrom('1990-05-15T10:30:00+05:30', '2026-11-24T00:00:00Z', '2030-01-01T00:00:00-08:00'),
);

/** A value the schema describes (well-formed for the document); hostile mutations come on top. */
function fromSchema(ctx: FuzzContext, raw: any, depth: number): fc.Arbitrary<unknown> {
  const s = resolve(ctx.doc, raw) ?? {};
  const alts = s.oneOf ?? s.anyOf;
  if (alts?.length) return fc.oneof(...alts.slice(0, 4).map((a: any) => fromSchema(ctx, a, depth)));
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = s.minimum ?? -1000;
      const max = s.maximum ?? 1000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, min - 1, max + 1));
    }
    case 'number': {
      const min = s.minimum ?? -200;
      const max = s.maximum ?? 200;
      return fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(min, max));
    }
    case 'string': {
      if (s.format === 'uuid') return ctx.ids.length ? fc.oneof(fc.constantFrom(...ctx.ids), fc.uuid()) : fc.uuid();
      if (s.format === 'date-time') return dateTime;
      if (s.format === 'date') return dateTime.map((d) => d.slice(0, 10));
      const maxLength = Math.min(s.maxLength ?? 24, 64);
      return fc.string({ minLength: Math.min(s.minLength ?? 0, maxLength), maxLength });
    }
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(fromSchema(ctx, s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object':
    default: {
      if (depth > 4) return fc.constant({});
      const props = Object.entries<any>(s.properties ?? {});
      if (!props.length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
          maxKeys: 3,
        });
      const required: string[] = s.required ?? [];
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, fromSchema(ctx, v, depth + 1)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => required.includes(k)),
      });
    }
  }
}

/** Mostly the schema's value, sometimes a hostile one in its place. */
function mutated(ctx: FuzzContext, schema: any): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fromSchema(ctx, schema, 0) }, { weight: 2, arbitrary: hostileValue });
}

/** A body: the schema's object with some members replaced, added or removed; or no object at all. */
function bodyArb(ctx: FuzzContext, schema: any): fc.Arbitrary<unknown> {
  const s = resolve(ctx.doc, schema) ?? {};
  const props = Object.entries<any>(s.properties ?? {});
  const object = fc
    .record(Object.fromEntries(props.map(([k, v]) => [k, mutated(ctx, v)])), { requiredKeys: [] })
    .chain((o) =>
      fc
        .option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'a\u0000b', '\ud800'), hostileValue), {
          freq: 4,
        })
        .map((extra) => (extra ? { ...o, [extra[0]]: extra[1] } : o)),
    );
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 2, arbitrary: fromSchema(ctx, s, 0) },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function pathValueArb(ctx: FuzzContext, op: Op, p: Op['params'][number]): fc.Arbitrary<string> {
  const realIds = op.method !== 'DELETE' && /(^|_)id$/.test(p.name) && ctx.ids.length;
  // A real id in one case of five: enough to reach every calculation with hostile parameters, while
  // the full calculations (the expensive answers) stay a minority of the run.
  return fc.oneof(
    { weight: realIds ? 1 : 0, arbitrary: realIds ? fc.constantFrom(...ctx.ids) : fc.constant('x') },
    { weight: 1, arbitrary: fromSchema(ctx, p.schema, 0).map(String) },
    { weight: 3, arbitrary: hostileString },
  );
}

/** One request for `op`, as a URL (path and query), headers and an optional body. */
export function requestArb(ctx: FuzzContext, op: Op): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header');
  const pathArb = fc.tuple(...pathParams.map((p) => pathValueArb(ctx, op, p)));
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.oneof(
          { weight: 3, arbitrary: fromSchema(ctx, p.schema, 0) },
          { weight: 2, arbitrary: hostileValue },
          // A repeated parameter arrives as an array.
          { weight: 1, arbitrary: fc.tuple(hostileString, hostileString).map((v) => ({ repeated: v })) },
        ),
        { freq: 5 },
      ),
    ),
  );
  const headerArb = fc.tuple(
    ...headerParams.map(() =>
      fc.option(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 300 }), { freq: 3 }),
    ),
  );
  const body = op.bodySchema ? fc.option(bodyArb(ctx, op.bodySchema), { freq: 8 }) : fc.constant(null);
  return fc.tuple(pathArb, queryArb, headerArb, body).map(([pv, qv, hv, bv]) => {
    let url = op.path;
    pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, encodeSegment(String(pv[i])) || '%20');
    });
    const q = new URLSearchParams();
    queryParams.forEach((p, i) => {
      const v = qv[i];
      if (v === null || v === undefined) return;
      if (typeof v === 'object' && 'repeated' in (v as object))
        for (const item of (v as { repeated: string[] }).repeated) q.append(p.name, item);
      else q.set(p.name, typeof v === 'string' ? v : JSON.stringify(v));
    });
    const headers: Record<string, string> = {};
    headerParams.forEach((p, i) => {
      const v = hv[i];
      // Header values are what fetch can send: printable ASCII, no leading/trailing blanks.
      if (v && /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v)) headers[p.name] = v;
    });
    const qs = q.toString();
    return { url: qs ? `${url}?${qs}` : url, body: bv ?? undefined, headers };
  });
}

/**
 * Percent-encodes a path segment; an unpaired surrogate (which encodeURIComponent refuses) goes as its
 * three WTF-8 bytes, i.e. bytes that are not UTF-8, as a hostile client may send them.
 */
export function encodeSegment(v: string): string {
  return v.replace(/[\s\S]/gu, (ch) => {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    return encodeURIComponent(ch);
  });
}

// ---------------------------------------------------------------- running

/** Runs `work` over `items` with at most `limit` in flight. */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
