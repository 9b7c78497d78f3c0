// `node:assert/strict` for tests under jest. Jest runs every test file in its own vm context, so an
// array or object made by Node itself (fetch's JSON, a native addon such as sweph, structuredClone)
// has another realm's prototype than a literal in the test, and deepStrictEqual, which compares
// prototypes, fails on values that print the same (jest issue #2549). The deep comparisons here first
// rebuild plain arrays, objects, Dates, Maps and Sets in this realm; every other check is Node's own.
import nodeAssert from 'node:assert';

const strict = nodeAssert.strict;

function isPlainObjectProto(proto: object): boolean {
  return (
    Object.getPrototypeOf(proto) === null &&
    (proto as { constructor?: { name?: string } }).constructor?.name === 'Object'
  );
}

function tagOf(v: object): string {
  return Object.prototype.toString.call(v);
}

/** `v` with its plain containers rebuilt in this realm; anything else (Buffers, errors, classes) as is. */
function inThisRealm(v: unknown, seen = new Map<object, unknown>()): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (seen.has(v)) return seen.get(v);
  const proto = Object.getPrototypeOf(v) as object | null;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    seen.set(v, out);
    out.length = v.length;
    for (const k of Object.keys(v))
      (out as unknown as Record<string, unknown>)[k] = inThisRealm((v as unknown as Record<string, unknown>)[k], seen);
    return out;
  }
  if (proto === null || isPlainObjectProto(proto)) {
    const out: Record<string | symbol, unknown> = proto === null ? Object.create(null) : {};
    seen.set(v, out);
    for (const k of Reflect.ownKeys(v))
      if (Object.prototype.propertyIsEnumerable.call(v, k))
        out[k] = inThisRealm((v as Record<string | symbol, unknown>)[k], seen);
    return out;
  }
  switch (tagOf(v)) {
    case '[object Date]':
      return new Date((v as Date).getTime());
    case '[object Map]': {
      const out = new Map();
      seen.set(v, out);
      for (const [k, x] of v as Map<unknown, unknown>) out.set(inThisRealm(k, seen), inThisRealm(x, seen));
      return out;
    }
    case '[object Set]': {
      const out = new Set();
      seen.set(v, out);
      for (const x of v as Set<unknown>) out.add(inThisRealm(x, seen));
      return out;
    }
    default:
      return v;
  }
}

type Assert = typeof strict;
const assert: Assert = Object.assign((value: unknown, message?: string | Error) => strict.ok(value, message), strict, {
  deepEqual: (a: unknown, b: unknown, m?: string | Error) => strict.deepStrictEqual(inThisRealm(a), inThisRealm(b), m),
  deepStrictEqual: (a: unknown, b: unknown, m?: string | Error) =>
    strict.deepStrictEqual(inThisRealm(a), inThisRealm(b), m),
  notDeepEqual: (a: unknown, b: unknown, m?: string | Error) =>
    strict.notDeepStrictEqual(inThisRealm(a), inThisRealm(b), m),
  notDeepStrictEqual: (a: unknown, b: unknown, m?: string | Error) =>
    strict.notDeepStrictEqual(inThisRealm(a), inThisRealm(b), m),
}) as Assert;

export default assert;
