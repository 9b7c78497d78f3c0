// The lean AsyncResource.prototype.bind behaves as Node's own, minus the deprecated `asyncResource`.
import assert from 'node:assert/strict';
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { describe, it } from '@jest/globals';
import { leanAsyncResourceBinding } from './async-resource-bind.ts';

const store = new AsyncLocalStorage<string>();
/** Node's bind takes a thisArg (docs: asyncResource.bind(fn[, thisArg])); @types/node leaves it out. */
const bindWithThis = (r: AsyncResource, fn: (...a: number[]) => unknown, self: unknown) =>
  (r.bind as (f: typeof fn, t: unknown) => typeof fn).call(r, fn, self);

/** What a bound function sees when called outside the context it was bound in. */
function probe(bindWith: (r: AsyncResource, fn: (...a: number[]) => unknown) => (...a: number[]) => unknown) {
  const bound = store.run('bound-here', () => {
    const r = new AsyncResource('test');
    return bindWith(r, function (this: unknown, a: number, b: number) {
      return { ctx: store.getStore(), self: this, args: [a, b] };
    });
  });
  return store.run('called-here', () => ({ result: bound.call('caller-this', 1, 2), bound }));
}

describe('lean AsyncResource.prototype.bind', () => {
  const before = probe((r, fn) => r.bind(fn));
  const beforeWithThis = probe((r, fn) => bindWithThis(r, fn, 'bound-this'));
  leanAsyncResourceBinding();
  const after = probe((r, fn) => r.bind(fn));
  const afterWithThis = probe((r, fn) => bindWithThis(r, fn, 'bound-this'));
  const afterStatic = probe((_r, fn) => AsyncResource.bind(fn));

  it("runs in the resource's context with the caller's or the given this, like Node's", () => {
    assert.deepEqual(after.result, before.result);
    assert.deepEqual(after.result, { ctx: 'bound-here', self: 'caller-this', args: [1, 2] });
    assert.deepEqual(afterWithThis.result, beforeWithThis.result);
    assert.deepEqual(afterWithThis.result, { ctx: 'bound-here', self: 'bound-this', args: [1, 2] });
    assert.deepEqual(afterStatic.result, { ctx: 'bound-here', self: 'caller-this', args: [1, 2] });
  });

  it('keeps the length and drops only the deprecated asyncResource accessor', () => {
    assert.equal(after.bound.length, 2);
    assert.equal(afterWithThis.bound.length, 2);
    assert.ok('asyncResource' in before.bound, "Node's own bind defines it (else the lean one is not installed)");
    assert.ok(!('asyncResource' in after.bound));
  });

  it('refuses what is not a function, as Node does', () => {
    assert.throws(() => new AsyncResource('x').bind(42 as unknown as () => void), TypeError);
  });
});
