// is_applying (spec 3 "Aspect": whether next-day motion reduces the orb) worked by hand with both
// speeds, retrograde motion and the 0/360 wrap. Each case gives the next-day positions beside it: the
// orb then is smaller exactly when the aspect is applying.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { aspectBetween, isApplying } from '../src/domain/aspects/aspects.ts';
import { TRANSIT_POLICY } from '../src/domain/predictive/transits.ts';

const pt = (planet: string, longitude: number, speed: number) => ({ planet, longitude, speed });

describe('is_applying with both speeds', () => {
  it('transits: the natal point stands still, a retrograde slow planet applies when it moves back onto it', () => {
    // Saturn Rx at 345.5 (-0.05/day) over natal Sun 345.0: next day 345.45, orb 0.5 -> 0.45: applying.
    const rx = aspectBetween(pt('saturn', 345.5, -0.05), pt('sun', 345, 0.98), TRANSIT_POLICY)!;
    assert.equal(rx.aspect, 'conjunction');
    assert.equal(rx.is_applying, true);
    // Direct at +0.05: next day 345.55, orb 0.55: separating (the natal Sun's own speed is ignored).
    assert.equal(aspectBetween(pt('saturn', 345.5, 0.05), pt('sun', 345, 0.98), TRANSIT_POLICY)!.is_applying, false);
  });
  it('oppositions across 0 Aries: Pluto Rx at 2.0 (-0.01/day)', () => {
    // Natal 181.0: separation 179 (orb 1); next day 1.99 -> separation 179.01: applying.
    assert.equal(aspectBetween(pt('pluto', 2, -0.01), pt('moon', 181, 13), TRANSIT_POLICY)!.is_applying, true);
    // Natal 183.0: separation 179 (orb 1); next day separation 178.99: separating.
    assert.equal(aspectBetween(pt('pluto', 2, -0.01), pt('moon', 183, 13), TRANSIT_POLICY)!.is_applying, false);
  });
  it('natal pairs: both bodies move', () => {
    // Jupiter 100 (+0.2), Saturn 188 (+0.05): square, separation 88 (orb 2); next day 100.2 and 188.05,
    // separation 87.85 (orb 2.15): separating, though Jupiter alone would seem to approach the square.
    assert.equal(isApplying(pt('jupiter', 100, 0.2), pt('saturn', 188, 0.05), 90, 0.2, 0.05), false);
    // Mars Rx 50 (-0.3), Venus 109 (+1.2): sextile, separation 59 (orb 1); next day 49.7 and 110.2,
    // separation 60.5 (orb 0.5): applying.
    assert.equal(isApplying(pt('mars', 50, -0.3), pt('venus', 109, 1.2), 60, -0.3, 1.2), true);
    // Venus at 111: separation 61 -> 62.5: separating.
    assert.equal(isApplying(pt('mars', 50, -0.3), pt('venus', 111, 1.2), 60, -0.3, 1.2), false);
    // Uranus 20 (+0.04), Neptune 80.5 (+0.02): separation 60.5 -> 60.48: the faster body behind catches
    // up, applying.
    assert.equal(isApplying(pt('uranus', 20, 0.04), pt('neptune', 80.5, 0.02), 60, 0.04, 0.02), true);
    // An exact aspect is separating.
    assert.equal(isApplying(pt('mars', 50, 0.5), pt('venus', 110, 1.2), 60, 0.5, 1.2), false);
  });
});
