import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import protobuf from 'protobufjs';
import type { FieldError } from '@astro/platform';
import { messageFromJson, messageToJson, TO_OBJECT_OPTIONS } from '../src/json-codec.ts';

// A self-contained proto exercising the mapping rules (parsed from text, no files needed).
// google/protobuf/struct.proto comes from protobufjs' bundled common types, as in the gateway.
const root = new protobuf.Root();
root.addJSON((protobuf.common.get('google/protobuf/struct.proto') as any).nested);
protobuf.parse(
  `syntax = "proto3";
   package t;
   import "google/protobuf/struct.proto";
   message FieldOpts { bool omit_when_unset = 1; bool required = 3; }
   message Inner { string a = 1; }
   message M {
     string s = 1;
     optional string maybe = 2;
     optional string hidden = 3;
     int32 n = 4;
     double d = 5;
     bool b = 6;
     repeated string tags = 7;
     Inner inner = 8;
     google.protobuf.Struct meta = 9;
     int64 big = 10;
   }`,
  root,
  { keepCase: true },
);
root.resolveAll();
const M = root.lookupType('t.M');
// Mark `hidden` as omit_when_unset the way the (astro.api.v1.field) option would.
(M.fields.hidden as any).parsedOptions = [{ '(astro.api.v1.field)': { omit_when_unset: true } }];
(M.fields.s as any).parsedOptions = [{ '(astro.api.v1.field)': { required: true } }];

describe('JSON -> message', () => {
  it('type-checks every field and reports required ones', () => {
    const errors: FieldError[] = [];
    messageFromJson(M, { n: 1.5, d: 'x', b: 'true', tags: 'a', inner: [] }, '', 'body', errors);
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.reason]));
    assert.deepEqual(byField, {
      s: 'required',
      n: 'invalid_type',
      d: 'invalid_type',
      b: 'invalid_type',
      tags: 'invalid_type',
      inner: 'invalid_type',
    });
  });

  it('coerces query strings by field type', () => {
    const errors: FieldError[] = [];
    const out = messageFromJson(M, { s: 'x', n: '42', d: '2.5', b: 'false', tags: 'a,b' }, '', 'query', errors);
    assert.deepEqual(errors, []);
    assert.deepEqual(out, { s: 'x', n: 42, d: 2.5, b: false, tags: ['a', 'b'] });
  });

  it('rejects out-of-range 32-bit integers', () => {
    const errors: FieldError[] = [];
    messageFromJson(M, { s: 'x', n: 2 ** 31 }, '', 'body', errors);
    assert.equal(errors[0]?.field, 'n');
  });

  it('round-trips a free-form object through google.protobuf.Struct', () => {
    const errors: FieldError[] = [];
    const meta = { team: 'a', n: 2, ok: true, none: null, list: [1, 'x'], nested: { k: 'v' } };
    const plain = messageFromJson(M, { s: 'x', meta }, '', 'body', errors);
    const decoded = M.toObject(M.decode(M.encode(M.fromObject(plain)).finish()), TO_OBJECT_OPTIONS);
    assert.deepEqual(messageToJson(M, decoded).meta, meta);
  });
});

describe('message -> JSON', () => {
  it('emits defaults for scalars, null for unset optionals and messages, and omits omit_when_unset fields', () => {
    const decoded = M.toObject(M.decode(M.encode(M.fromObject({ s: 'x' })).finish()), TO_OBJECT_OPTIONS);
    assert.deepEqual(messageToJson(M, decoded), {
      s: 'x',
      maybe: null,
      n: 0,
      d: 0,
      b: false,
      tags: [],
      inner: null,
      meta: null,
      big: 0,
    });
  });

  it('keeps set optionals, including empty strings', () => {
    const decoded = M.toObject(
      M.decode(M.encode(M.fromObject({ maybe: '', hidden: 'h', big: 5 })).finish()),
      TO_OBJECT_OPTIONS,
    );
    const json = messageToJson(M, decoded);
    assert.equal(json.maybe, '');
    assert.equal(json.hidden, 'h');
    assert.equal(json.big, 5);
  });
});
