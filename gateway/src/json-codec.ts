// The JSON mapping between REST bodies and proto messages (DESIGN.md §2): snake_case names exactly as
// in the protos; an unset optional/message field is null, or absent when the field says
// omit_when_unset; free-form objects travel as google.protobuf.Struct. Request values are type-checked
// here (422 invalid_request with details.errors[]); their meaning is the owning service's concern.
import protobuf from 'protobufjs';
import { roundJsonNumber, type FieldError } from '@astro/platform';
import { fieldOptions } from './proto-registry.ts';

const INT32 = new Set(['int32', 'sint32', 'sfixed32']);
const UINT32 = new Set(['uint32', 'fixed32']);
const INT64 = new Set(['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64']);
const FLOAT = new Set(['double', 'float']);

const isSynthetic = (f: protobuf.Field) => Boolean(f.partOf && (f.options as any)?.proto3_optional);

/**
 * What the conversions need to know of one field, worked out once per message type (the profile's
 * hot spot was this reflection, a regex and an options scan per field of every message of every
 * request). Types are resolved at load and never change afterwards.
 */
interface FieldPlan {
  field: protobuf.Field;
  name: string;
  /** Full name of the field's message type without the leading dot (google.protobuf.Struct, ...). */
  typeName: string | undefined;
  message: protobuf.Type | undefined;
  required: boolean;
  /** Required unless this sibling field is sent (one of two input forms). */
  requiredUnless: string | undefined;
  omitWhenUnset: boolean;
  /** Unset is null (or absent) rather than a default: proto3 optional, message, oneof member. */
  hasPresence: boolean;
  /** A member of a real (not synthetic) oneof: absent when it is not the chosen one. */
  realOneof: boolean;
  toJson: (v: unknown) => unknown;
}

const plans = new WeakMap<protobuf.Type, FieldPlan[]>();

function planOf(type: protobuf.Type): FieldPlan[] {
  let plan = plans.get(type);
  if (!plan) {
    plan = type.fieldsArray.map((f) => {
      const opts = fieldOptions(f);
      const message = f.resolvedType instanceof protobuf.Type ? f.resolvedType : undefined;
      const typeName = f.resolvedType?.fullName.replace(/^\./, '');
      return {
        field: f,
        name: f.name,
        typeName,
        message,
        required: Boolean(opts.required),
        requiredUnless: opts.required_unless || undefined,
        omitWhenUnset: Boolean(opts.omit_when_unset),
        hasPresence: isSynthetic(f) || message !== undefined || Boolean(f.partOf),
        realOneof: Boolean(f.partOf) && !isSynthetic(f),
        toJson: valueToJsonFor(typeName, message),
      };
    });
    plans.set(type, plan);
  }
  return plan;
}

// ---------------------------------------------------------------- Struct / Value
// protobufjs serves google/protobuf/struct.proto from its bundled JSON, whose field names are
// camelCase (nullValue, structValue, ...) even with keepCase: the conversions below use those names.

export function toStructValue(v: unknown): Record<string, unknown> {
  if (v === null || v === undefined) return { nullValue: 0 };
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(toStructValue) } };
  return { structValue: toStruct(v as Record<string, unknown>) };
}
export function toStruct(o: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) fields[k] = toStructValue(v);
  return { fields };
}
export function fromStructValue(v: any): unknown {
  if (!v) return null;
  if ('numberValue' in v) return v.numberValue;
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('structValue' in v) return fromStruct(v.structValue);
  if ('listValue' in v) return (v.listValue?.values ?? []).map(fromStructValue);
  return null;
}
export function fromStruct(s: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s?.fields ?? {})) out[k] = fromStructValue(v);
  return out;
}

// ---------------------------------------------------------------- JSON -> message

type Source = 'body' | 'query' | 'path';

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function scalarFromJson(f: protobuf.Field, v: unknown, where: string, src: Source, errors: FieldError[]): unknown {
  const t = f.type;
  const bad = (expected: string) => {
    errors.push({ field: where, reason: 'invalid_type', message: `expected ${expected}, got ${describe(v)}` });
    return undefined;
  };
  // Query and path values arrive as strings; coerce them by the field's type.
  if (src !== 'body' && typeof v === 'string') {
    if (t === 'bool') {
      if (['true', '1'].includes(v)) return true;
      if (['false', '0'].includes(v)) return false;
      return bad('boolean');
    }
    if (INT32.has(t) || UINT32.has(t) || INT64.has(t)) {
      if (!/^-?\d+$/.test(v)) return bad('integer');
      v = Number(v);
    } else if (FLOAT.has(t)) {
      if (v.trim() === '' || !Number.isFinite(Number(v))) return bad('number');
      v = Number(v);
    }
  }
  if (t === 'string') return typeof v === 'string' ? v : bad('string');
  if (t === 'bool') return typeof v === 'boolean' ? v : bad('boolean');
  if (FLOAT.has(t)) return typeof v === 'number' && Number.isFinite(v) ? v : bad('number');
  if (INT32.has(t) || UINT32.has(t) || INT64.has(t)) {
    if (typeof v !== 'number' || !Number.isInteger(v)) return bad('integer');
    if (INT32.has(t) && (v < -2147483648 || v > 2147483647)) return bad('32-bit integer');
    if (UINT32.has(t) && (v < 0 || v > 4294967295)) return bad('unsigned 32-bit integer');
    if (!Number.isSafeInteger(v)) return bad('safe integer');
    return v;
  }
  if (t === 'bytes') return typeof v === 'string' ? v : bad('base64 string');
  if (f.resolvedType instanceof protobuf.Enum) {
    if (typeof v === 'string' && v in f.resolvedType.values) return v;
    return bad(`one of ${Object.keys(f.resolvedType.values).join(', ')}`);
  }
  return bad(t);
}

function valueFromJson(p: FieldPlan, v: unknown, where: string, src: Source, errors: FieldError[]): unknown {
  const tn = p.typeName;
  if (tn === 'google.protobuf.Struct') {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      errors.push({ field: where, reason: 'invalid_type', message: `expected object, got ${describe(v)}` });
      return undefined;
    }
    return toStruct(v as Record<string, unknown>);
  }
  if (tn === 'google.protobuf.Value') return toStructValue(v);
  if (tn === 'google.protobuf.ListValue') {
    if (!Array.isArray(v)) {
      errors.push({ field: where, reason: 'invalid_type', message: `expected array, got ${describe(v)}` });
      return undefined;
    }
    return { values: v.map(toStructValue) };
  }
  if (p.message) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      errors.push({ field: where, reason: 'invalid_type', message: `expected object, got ${describe(v)}` });
      return undefined;
    }
    return messageFromJson(p.message, v as Record<string, unknown>, `${where}.`, 'body', errors);
  }
  return scalarFromJson(p.field, v, where, src, errors);
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * Converts a JSON object into the plain object protobufjs encodes, collecting type errors and missing
 * required fields into `errors`. Unknown JSON members are ignored.
 */
export function messageFromJson(
  type: protobuf.Type,
  input: Record<string, unknown>,
  prefix: string,
  src: Source,
  errors: FieldError[],
  skip: ReadonlySet<string> = NOTHING,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of planOf(type)) {
    const f = p.field;
    if (skip.has(p.name)) continue;
    const v = input[p.name];
    // An explicit null means something only for google.protobuf.Value fields (e.g. "ayanamsha": null).
    if (v === null && !f.repeated && p.typeName === 'google.protobuf.Value') {
      out[p.name] = toStructValue(null);
      continue;
    }
    const where = `${prefix}${p.name}`;
    if (v === undefined || v === null) {
      if (p.required) errors.push({ field: where, reason: 'required', message: 'is required' });
      else if (p.requiredUnless && input[p.requiredUnless] == null)
        errors.push({
          field: where,
          reason: 'required',
          message: `is required (or ${prefix}${p.requiredUnless})`,
        });
      continue;
    }
    if (f.map) {
      if (typeof v !== 'object' || Array.isArray(v)) {
        errors.push({ field: where, reason: 'invalid_type', message: `expected object, got ${describe(v)}` });
        continue;
      }
      const m: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v as Record<string, unknown>))
        m[k] = valueFromJson(p, item, `${where}.${k}`, src, errors);
      out[p.name] = m;
    } else if (f.repeated) {
      const arr = Array.isArray(v) ? v : src === 'query' && typeof v === 'string' ? v.split(',') : undefined;
      if (!arr) {
        errors.push({ field: where, reason: 'invalid_type', message: `expected array, got ${describe(v)}` });
        continue;
      }
      out[p.name] = arr.map((item, i) => valueFromJson(p, item, `${where}[${i}]`, src, errors));
    } else {
      const converted = valueFromJson(p, v, where, src, errors);
      if (converted !== undefined) out[p.name] = converted;
    }
  }
  return out;
}

// ---------------------------------------------------------------- message -> JSON

export const TO_OBJECT_OPTIONS: protobuf.IConversionOptions = {
  longs: Number,
  enums: String,
  bytes: String,
  defaults: true,
  arrays: true,
  objects: true,
};

const numberToJson = (v: number) => (Number.isFinite(v) ? roundJsonNumber(v) : null); // NaN/Infinity are not JSON

/** The converter of one field's values, chosen once by its type. */
function valueToJsonFor(typeName: string | undefined, message: protobuf.Type | undefined): (v: unknown) => unknown {
  if (typeName === 'google.protobuf.Struct') return (v) => roundNumbers(fromStruct(v));
  if (typeName === 'google.protobuf.Value') return (v) => roundNumbers(fromStructValue(v));
  if (typeName === 'google.protobuf.ListValue')
    return (v) => roundNumbers(((v as any)?.values ?? []).map(fromStructValue));
  if (message) return (v) => messageToJson(message, v as Record<string, unknown>);
  return (v) => (typeof v === 'number' ? numberToJson(v) : v);
}

/** Every number of a free-form (Struct) value rounded by the API's one rule (platform json-number.ts). */
function roundNumbers(v: unknown): unknown {
  if (typeof v === 'number') return numberToJson(v);
  if (Array.isArray(v)) return v.map(roundNumbers);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = roundNumbers(x);
    return out;
  }
  return v;
}

/** Converts a decoded message (protobufjs toObject with TO_OBJECT_OPTIONS) into the API's JSON. */
export function messageToJson(type: protobuf.Type, obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of planOf(type)) {
    const v = obj[p.name];
    if (p.field.map) {
      const m: Record<string, unknown> = {};
      for (const k in v as Record<string, unknown>) m[k] = p.toJson((v as Record<string, unknown>)[k]);
      out[p.name] = m;
      continue;
    }
    if (p.field.repeated) {
      const arr = (v as unknown[] | undefined) ?? [];
      const items = new Array(arr.length);
      for (let i = 0; i < arr.length; i++) items[i] = p.toJson(arr[i]);
      out[p.name] = items;
      continue;
    }
    if (p.hasPresence && (v === undefined || v === null)) {
      if (p.realOneof) continue; // a member of a real oneof that is not the chosen one
      if (!p.omitWhenUnset) out[p.name] = null;
      continue;
    }
    out[p.name] = p.toJson(v);
  }
  return out;
}
