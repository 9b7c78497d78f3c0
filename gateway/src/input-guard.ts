// One guard in front of every proto route, run after authentication and before transcoding: input the
// services could not store or walk is refused here as 422 invalid_request, the same way on every route,
// instead of surfacing as a database or stack error (500) in whichever service meets it first.
//   - strings PostgreSQL cannot store: a NUL character (text and jsonb refuse it) or an unpaired UTF-16
//     surrogate (not Unicode; it would be silently mangled on the way to the service);
//   - JSON nested deeper than MAX_DEPTH levels (Struct values are recursive messages; past ~34 levels
//     the gRPC encoder overflows);
//   - strings longer, and arrays longer, than the field's proto options allow (max_length, max_items in
//     protos/astro/api/v1/options.proto), or than the general bounds below where the field says nothing.
import protobuf from 'protobufjs';
import { invalidRequest, type FieldError } from '@astro/platform';
import { fieldOptions, type RouteSpec } from './proto-registry.ts';

export const INPUT_BOUNDS = {
  /** Levels of nesting of a JSON body (the body object itself is level 1). */
  maxDepth: 32,
  /** Characters of any one string (keys included) where the field sets no max_length. */
  maxStringLength: 65_536,
  /** Items of any one array where the field sets no max_items. */
  maxArrayItems: 10_000,
  /** Members of any one object (free-form metadata included). */
  maxObjectKeys: 1_000,
} as const;

// A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no u flag).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored as is, or null when it can. */
export function unstorable(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character (U+0000)';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired UTF-16 surrogate (not valid Unicode)';
  return null;
}

/** Length as the services count it (String.length: UTF-16 code units), so both sides agree on a bound. */
function tooLong(s: string, max: number): boolean {
  return s.length > max;
}

const MAX_ERRORS = 20;

class Collector {
  readonly errors: FieldError[] = [];
  add(field: string, reason: string, message: string) {
    if (this.errors.length < MAX_ERRORS) this.errors.push({ field, reason, message });
  }
}

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Shape-free checks of any JSON value: depth, characters and the general bounds. */
function walkJson(v: unknown, where: string, depth: number, out: Collector): void {
  if (typeof v === 'string') {
    const bad = unstorable(v);
    if (bad) out.add(where, 'invalid_character', bad);
    else if (tooLong(v, INPUT_BOUNDS.maxStringLength))
      out.add(where, 'too_long', `at most ${INPUT_BOUNDS.maxStringLength} characters`);
    return;
  }
  if (typeof v !== 'object' || v === null) return;
  if (depth > INPUT_BOUNDS.maxDepth) {
    out.add(where, 'too_deep', `JSON may nest at most ${INPUT_BOUNDS.maxDepth} levels`);
    return;
  }
  if (Array.isArray(v)) {
    if (v.length > INPUT_BOUNDS.maxArrayItems)
      return out.add(where, 'too_many_items', `at most ${INPUT_BOUNDS.maxArrayItems} items`);
    v.forEach((item, i) => walkJson(item, `${where}[${i}]`, depth + 1, out));
    return;
  }
  const entries = Object.entries(v);
  if (entries.length > INPUT_BOUNDS.maxObjectKeys)
    return out.add(where || 'body', 'too_many_items', `at most ${INPUT_BOUNDS.maxObjectKeys} members`);
  for (const [k, item] of entries) {
    const bad = unstorable(k);
    if (bad) out.add(where || 'body', 'invalid_character', `a member name ${bad}`);
    else walkJson(item, join(where, k), depth + 1, out);
  }
}

/** The bounds a field's proto options set (max_length, max_items), applied to the JSON given for it. */
function walkFields(type: protobuf.Type, input: unknown, prefix: string, out: Collector, seen = 0): void {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || seen > INPUT_BOUNDS.maxDepth) return;
  for (const f of type.fieldsArray) {
    const v = (input as Record<string, unknown>)[f.name];
    if (v === undefined || v === null) continue;
    const where = join(prefix, f.name);
    const opt = fieldOptions(f);
    const items = f.repeated && Array.isArray(v) ? v : [v];
    if (f.repeated && opt.max_items && Array.isArray(v) && v.length > opt.max_items)
      out.add(where, 'too_many_items', `at most ${opt.max_items} items`);
    for (const item of items) {
      if (opt.max_length && typeof item === 'string' && tooLong(item, opt.max_length))
        out.add(where, 'too_long', `at most ${opt.max_length} characters`);
      if (f.resolvedType instanceof protobuf.Type && !f.resolvedType.fullName.startsWith('.google.protobuf.'))
        walkFields(f.resolvedType, item, where, out, seen + 1);
    }
  }
}

/** Throws 422 invalid_request (details.errors[]) when the path, query or body cannot go through. */
export function guardInput(route: RouteSpec, params: Record<string, string>, query: unknown, body: unknown): void {
  const out = new Collector();
  for (const [name, value] of Object.entries(params)) walkJson(value, name, 1, out);
  if (query && typeof query === 'object') {
    for (const [name, value] of Object.entries(query)) {
      const bad = unstorable(name);
      if (bad) out.add('query', 'invalid_character', `a parameter name ${bad}`);
      else walkJson(value, name, 1, out);
    }
  }
  if (body !== undefined) walkJson(body, '', 1, out);
  if (!out.errors.length) {
    walkFields(route.requestType, params, '', out);
    const bodyType = route.body && route.body !== '*' ? route.requestType.fields[route.body]?.resolvedType : undefined;
    if (route.body === '*') walkFields(route.requestType, body, '', out);
    else {
      walkFields(route.requestType, query, '', out);
      if (bodyType instanceof protobuf.Type) walkFields(bodyType, body, route.body, out);
    }
  }
  if (out.errors.length) throw invalidRequest(out.errors);
}
