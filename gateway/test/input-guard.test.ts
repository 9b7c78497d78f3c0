// The input guard on its own: characters PostgreSQL cannot store, JSON depth, and the bounds from the
// (astro.api.v1.field) options, over a self-contained proto (no files needed).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import protobuf from 'protobufjs';
import { AppError } from '@astro/platform';
import { guardInput, INPUT_BOUNDS, unstorable } from '../src/input-guard.ts';
import type { RouteSpec } from '../src/proto-registry.ts';

const root = new protobuf.Root();
root.addJSON((protobuf.common.get('google/protobuf/struct.proto') as any).nested);
protobuf.parse(
  `syntax = "proto3";
   package t;
   import "google/protobuf/struct.proto";
   message Inner { string note = 1; }
   message Req { string id = 1; string name = 2; repeated string tags = 3; google.protobuf.Struct metadata = 4; Inner inner = 5; }`,
  root,
  { keepCase: true },
);
root.resolveAll();
const Req = root.lookupType('t.Req');
(Req.fields.name as any).parsedOptions = [{ '(astro.api.v1.field)': { max_length: 5 } }];
(Req.fields.tags as any).parsedOptions = [{ '(astro.api.v1.field)': { max_items: 2 } }];
(root.lookupType('t.Inner').fields.note as any).parsedOptions = [{ '(astro.api.v1.field)': { max_length: 3 } }];
const route = { body: '*', requestType: Req } as unknown as RouteSpec;
const getRoute = { body: '', requestType: Req } as unknown as RouteSpec;

function errorsOf(fn: () => void): Array<{ field: string; reason: string }> {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError && err.code === 'invalid_request', String(err));
    return (err.details!.errors as any[]).map(({ field, reason }) => ({ field, reason }));
  }
  return [];
}

function nest(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

describe('input guard', () => {
  it('names unstorable strings: NUL and unpaired surrogates; paired surrogates are fine', () => {
    assert.match(unstorable('a\u0000')!, /NUL/);
    assert.match(unstorable('\ud800')!, /surrogate/);
    assert.match(unstorable('x\udc00')!, /surrogate/);
    assert.equal(unstorable('\u{1F31F} ok \t\n'), null);
  });

  it('refuses NUL in body values, member names, query and path, naming the field', () => {
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { name: 'a\u0000' })),
      [{ field: 'name', reason: 'invalid_character' }],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { metadata: { 'k\u0000': 1 } })),
      [{ field: 'metadata', reason: 'invalid_character' }],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { metadata: { list: ['ok', '\u0000'] } })),
      [{ field: 'metadata.list[1]', reason: 'invalid_character' }],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(getRoute, {}, { name: ['a', 'b\u0000'] }, undefined)),
      [{ field: 'name[1]', reason: 'invalid_character' }],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(getRoute, { id: '\u0000' }, {}, undefined)),
      [{ field: 'id', reason: 'invalid_character' }],
    );
  });

  it(`JSON depth: ${INPUT_BOUNDS.maxDepth} levels pass, one more is too_deep`, () => {
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { metadata: nest(INPUT_BOUNDS.maxDepth - 1) })),
      [],
    );
    const e = errorsOf(() => guardInput(route, {}, {}, { metadata: nest(INPUT_BOUNDS.maxDepth) }));
    assert.equal(e.length, 1);
    assert.equal(e[0]!.reason, 'too_deep');
    // Deep enough to overflow a recursive walker: still one clean answer.
    assert.equal(errorsOf(() => guardInput(route, {}, {}, { metadata: nest(100_000) }))[0]!.reason, 'too_deep');
  });

  it('max_length and max_items from the field options, nested messages included; general bounds elsewhere', () => {
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { name: 'abcde', tags: ['a', 'b'] })),
      [],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { name: 'abcdef', tags: ['a', 'b', 'c'], inner: { note: 'long' } })),
      [
        { field: 'name', reason: 'too_long' },
        { field: 'tags', reason: 'too_many_items' },
        { field: 'inner.note', reason: 'too_long' },
      ],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(getRoute, {}, { name: 'abcdef' }, undefined)),
      [{ field: 'name', reason: 'too_long' }],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { metadata: { s: 'x'.repeat(INPUT_BOUNDS.maxStringLength + 1) } })),
      [{ field: 'metadata.s', reason: 'too_long' }],
    );
    assert.deepEqual(
      errorsOf(() => guardInput(route, {}, {}, { metadata: { l: Array(INPUT_BOUNDS.maxArrayItems + 1).fill(0) } })),
      [{ field: 'metadata.l', reason: 'too_many_items' }],
    );
  });
});
