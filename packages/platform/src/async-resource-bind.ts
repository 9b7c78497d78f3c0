// Node 20's AsyncResource.prototype.bind gives every function it binds a deprecated `asyncResource`
// accessor pair (DEP0172), each half made by util.deprecate, defined with Object.defineProperties on the
// new function: ~11 µs a call on our 2-core machines against ~0.5 µs for the binding alone. Node's
// http2 client binds one per stream it opens, i.e. per outgoing gRPC call, so every process that calls
// another paid it on its hot path (issue 18: `deprecate` and `bind` were 2-5 % of the gateway's CPU;
// chart creation x10, interleaved fleets with and without this: gateway 734-807 against 889-978 µs of
// CPU per creation, 702-725 against 646-675 creations/s; the functions it made were dictionary-mode
// objects that cost the collector and the call sites more than their making).
//
// leanAsyncResourceBinding() replaces the method with the same binding (the resource's async scope,
// the same `this` and arguments, the same `length`) without that deprecated property. Nothing in the
// fleet or its libraries reads `asyncResource` off a bound function. It changes nothing on a Node whose
// bind no longer defines the property.
import { AsyncResource } from 'node:async_hooks';

let installed = false;

/** Installs the lean AsyncResource.prototype.bind once per process (idempotent). */
export function leanAsyncResourceBinding(): void {
  if (installed) return;
  installed = true;
  if (!('asyncResource' in new AsyncResource('probe').bind(() => {}))) return;
  Object.defineProperty(AsyncResource.prototype, 'bind', {
    configurable: true,
    writable: true,
    enumerable: false,
    value: function bind<F extends (...args: any[]) => any>(this: AsyncResource, fn: F, thisArg?: unknown): F {
      if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
      const run = this.runInAsyncScope.bind(this);
      const bound =
        thisArg === undefined
          ? function (this: unknown, ...args: unknown[]) {
              return run(fn, this, ...args); // the caller's `this`, as Node's own binding passes it
            }
          : (...args: unknown[]) => run(fn, thisArg, ...args);
      Object.defineProperty(bound, 'length', {
        configurable: true,
        enumerable: false,
        value: fn.length,
        writable: false,
      });
      return bound as unknown as F;
    },
  });
}
