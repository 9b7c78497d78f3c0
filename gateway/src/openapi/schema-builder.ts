// JSON Schemas of the proto messages, in two flavours because the gateway's JSON mapping treats them
// differently (gateway/src/json-codec.ts):
// - response: every field is written (scalars with their zero value, unset optionals as null unless
//   `omit_when_unset`), so every field is required and optionals are nullable;
// - request: only fields with `(astro.api.v1.field).required` must be sent; the rest may be left out
//   and then take the default the description states (shown as `default`).
// Request components get their own names (`...Request` as is, other messages `...Params`) so a message
// used both ways (BirthInput inside a request and inside a Chart) has one schema for each side.
import protobuf from 'protobufjs';
import { fieldOptions } from '../proto-registry.ts';
import { withConstraints, type FieldConstraintOptions, type Schema } from './field-constraints.ts';

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

export type Side = 'request' | 'response';

export const schemaName = (t: protobuf.ReflectionObject) => t.fullName.replace(/^\./, '');

type Options = ReturnType<typeof fieldOptions> & FieldConstraintOptions;

export function optionsOf(f: protobuf.Field): Options {
  return fieldOptions(f) as Options;
}

export class SchemaBuilder {
  readonly components: Record<string, Schema> = {};

  private componentName(type: protobuf.Type, side: Side): string {
    const name = schemaName(type);
    return side === 'response' || name.endsWith('Request') ? name : `${name}Params`;
  }

  /** A `$ref` to the message's component (built once), or the inline object without `skip` fields. */
  ref(type: protobuf.Type, side: Side, skip: ReadonlySet<string> = new Set()): Schema {
    if (skip.size) return this.object(type, side, skip);
    const name = this.componentName(type, side);
    if (!this.components[name]) {
      this.components[name] = {}; // placeholder breaks recursion
      this.components[name] = this.object(type, side, skip);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The scalar or enum schema of a field without description, bounds or defaults. */
  baseSchema(f: protobuf.Field, side: Side): Schema {
    const opts = optionsOf(f);
    let s: Schema;
    const tn = f.resolvedType ? schemaName(f.resolvedType) : '';
    if (tn === 'google.protobuf.Struct') s = { type: 'object', additionalProperties: true };
    else if (tn === 'google.protobuf.Value') s = {};
    else if (tn === 'google.protobuf.ListValue') s = { type: 'array', items: {} };
    else if (f.resolvedType instanceof protobuf.Type) s = this.ref(f.resolvedType, side);
    else if (f.resolvedType instanceof protobuf.Enum) s = { type: 'string', enum: Object.keys(f.resolvedType.values) };
    else s = { ...(SCALAR[f.type] ?? { type: 'string' }) };
    // A Value field takes JSON null as a value of its own (ayanamsha: null suppresses it).
    if (opts.enum_values?.length)
      s = { ...s, enum: tn === 'google.protobuf.Value' ? [...opts.enum_values, null] : opts.enum_values };
    if (opts.format) s = { ...s, format: opts.format };
    return s;
  }

  fieldSchema(f: protobuf.Field, side: Side): Schema {
    const opts = optionsOf(f);
    let s = this.baseSchema(f, side);
    if (f.map) s = { type: 'object', additionalProperties: s };
    else if (f.repeated) s = { type: 'array', items: s };
    if (!s.$ref) s = withConstraints(s, opts, side === 'request');
    const desc = opts.description || f.comment;
    if (desc) s = s.$ref ? { allOf: [s], description: desc } : { ...s, description: desc };
    return s;
  }

  private object(type: protobuf.Type, side: Side, skip: ReadonlySet<string>): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    // Fields required unless a sibling is sent (one of two input forms): one of the two must be there.
    const either: Schema[] = [];
    for (const f of type.fieldsArray) {
      if (skip.has(f.name)) continue;
      const opts = optionsOf(f);
      let s = this.fieldSchema(f, side);
      const hasPresence = Boolean(f.partOf) || (f.resolvedType instanceof protobuf.Type && !f.repeated && !f.map);
      if (side === 'request') {
        if (opts.required) required.push(f.name);
        else if (opts.required_unless)
          either.push({ anyOf: [{ required: [f.name] }, { required: [opts.required_unless] }] });
      } else if (!hasPresence || !opts.omit_when_unset) {
        required.push(f.name);
        if (hasPresence) s = { oneOf: [s, { type: 'null' }] };
      }
      properties[f.name] = s;
    }
    const out: Schema = { type: 'object', properties };
    if (required.length) out.required = required;
    if (either.length === 1) Object.assign(out, either[0]);
    else if (either.length) out.allOf = either;
    if (type.comment) out.description = type.comment;
    return out;
  }
}
