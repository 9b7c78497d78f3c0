// The API's one number-rounding rule (issue 19: float noise such as 0.8656250000000001).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { roundJsonNumber, stringifyJson } from './json-number.ts';

/** The rule as the API states it (toFixed, then 15 significant digits), what the fast paths must match. */
const full = (x: number) => {
  const r = Number(Number(x.toFixed(10)).toPrecision(15));
  return Object.is(r, -0) ? 0 : r;
};

/** A seeded linear congruential generator in [0, 1): the same numbers on every run. */
function seeded(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('roundJsonNumber', () => {
  it('removes binary noise of chained double arithmetic', () => {
    assert.equal(0.1 + 0.2, 0.30000000000000004); // the noise itself (IEEE 754)
    assert.equal(roundJsonNumber(0.1 + 0.2), 0.3);
    assert.equal(roundJsonNumber(0.8656250000000001), 0.865625);
    assert.equal(roundJsonNumber(1.1 * 3), 3.3); // 3.3000000000000003
    assert.equal(roundJsonNumber(-0.7 - 0.1), -0.8); // -0.7999999999999999
    assert.equal(roundJsonNumber(2460000.1), 2460000.1); // toFixed(10) alone prints 2460000.1000000001
  });
  it('keeps 10 decimals and 15 significant digits, integers and non-finite values unchanged', () => {
    assert.equal(roundJsonNumber(123.45678901234567), 123.4567890123);
    assert.equal(roundJsonNumber(0.000123456789012345), 0.0001234568);
    assert.equal(roundJsonNumber(1e-12), 0);
    assert.ok(Object.is(roundJsonNumber(-1e-12), 0)); // never -0
    assert.equal(roundJsonNumber(1732000000000), 1732000000000);
    assert.equal(roundJsonNumber(-42), -42);
    assert.ok(Number.isNaN(roundJsonNumber(NaN)));
    assert.equal(roundJsonNumber(Infinity), Infinity);
  });
  it('stringifyJson rounds nested numbers and writes undefined members as null', () => {
    assert.equal(
      stringifyJson({ a: 0.1 + 0.2, b: [1.1 * 3, { c: 5 }], d: undefined, e: 'x' }),
      '{"a":0.3,"b":[3.3,{"c":5}],"d":null,"e":"x"}',
    );
  });

  it('takes the short path below 1e5 without changing any value (the full rule on 200,000 numbers)', () => {
    const random = seeded(42);
    for (let i = 0; i < 200_000; i++) {
      const magnitude = 10 ** (Math.floor(random() * 16) - 10); // 1e-10 .. 1e5
      const x = (random() - 0.5) * 2 * magnitude + (i % 7 === 0 ? 0.1 * (i % 3) : 0);
      assert.equal(roundJsonNumber(x), full(x), String(x));
    }
    for (const x of [1e5 - 5e-11, 99_999 + 0.123456789012, -99_999.00000000001, 1e5 - 1e-11, 0.30000000000000004])
      assert.equal(roundJsonNumber(x), full(x), String(x));
  });

  it('rounds values next to a half of the tenth decimal as toFixed does (the slow path)', () => {
    const random = seeded(7);
    for (let i = 0; i < 100_000; i++) {
      // k + 0.5 units of the tenth decimal, nudged by a few units of the last place either way, at every
      // magnitude up to 1e5 (where a double's spacing is largest against the tenth decimal).
      const k = Math.floor(random() * 10 ** (1 + Math.floor(random() * 15)));
      const half = (k + 0.5) / 1e10;
      const x = half + (Math.floor(random() * 9) - 4) * Number.EPSILON * Math.max(half, 1e-300);
      if (!(x > 0 && x < 1e5)) continue;
      assert.equal(roundJsonNumber(x), full(x), String(x));
      assert.equal(roundJsonNumber(-x), full(-x), String(-x));
    }
    // Halves of the tenth decimal as written: the nearest doubles lie on either side of the half.
    for (const x of [0.00000000005, 1.00000000005, 12345.00000000005, 0.12345678905, 9999.99999999995, 359.99999999995])
      assert.equal(roundJsonNumber(x), full(x), String(x));
  });
});
