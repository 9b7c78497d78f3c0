// Classical tables and the nakshatra / pada / navamsa boundaries (BPHS; 27 × 13°20', 108 × 3°20').
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  DEBILITATION,
  degreeInSign,
  EXALTATION,
  NAKSHATRAS,
  nakshatraOf,
  navamsaSignOf,
  norm360,
  rulerOf,
  modernRulerOf,
  SIGN_INFO,
  signOf,
  SIGNS,
  VIMSHOTTARI_LORDS,
  VIMSHOTTARI_TOTAL_YEARS,
  VIMSHOTTARI_YEARS,
} from './tables.ts';

const dms = (d: number, m: number, s = 0) => d + m / 60 + s / 3600;

describe('nakshatras and padas', () => {
  it('has 27 snake_case names from ashwini to revati', () => {
    assert.equal(NAKSHATRAS.length, 27);
    assert.equal(NAKSHATRAS[0], 'ashwini');
    assert.equal(NAKSHATRAS[1], 'bharani');
    assert.equal(NAKSHATRAS[26], 'revati');
    for (const n of NAKSHATRAS) assert.match(n, /^[a-z]+(_[a-z]+)*$/);
    assert.equal(new Set(NAKSHATRAS).size, 27);
  });

  it('puts boundaries in the next pada', () => {
    assert.deepEqual(nakshatraOf(0), { index: 0, name: 'ashwini', pada: 1, global_pada: 1, lord: 'ketu' });
    assert.deepEqual(nakshatraOf(dms(3, 20)), { index: 0, name: 'ashwini', pada: 2, global_pada: 2, lord: 'ketu' });
    assert.equal(nakshatraOf(dms(3, 20) - 1e-9).pada, 1);
    assert.deepEqual(nakshatraOf(dms(13, 20)), { index: 1, name: 'bharani', pada: 1, global_pada: 5, lord: 'venus' });
    assert.equal(nakshatraOf(dms(13, 20) - 1e-9).name, 'ashwini');
    assert.deepEqual(nakshatraOf(359.99), { index: 26, name: 'revati', pada: 4, global_pada: 108, lord: 'mercury' });
    assert.equal(nakshatraOf(360).global_pada, 1);
    assert.equal(nakshatraOf(-0.01).global_pada, 108);
    // Every pada boundary k·3°20', however it is written in floating point, starts pada k+1.
    for (let k = 0; k < 108; k++) {
      const deg = Math.floor((k * 10) / 3);
      const min = ((k * 10) % 3) * 20;
      for (const lon of [(k * 10) / 3, k * (10 / 3), k * (360 / 108), dms(deg, min), (k * 200) / 60]) {
        assert.equal(nakshatraOf(lon).global_pada, k + 1, `boundary ${k} as ${lon}`);
        assert.equal(navamsaSignOf(lon), SIGNS[k % 12], `navamsa boundary ${k}`);
      }
    }
  });

  it('has the Vimshottari lords repeating ketu..mercury and years summing to 120', () => {
    assert.deepEqual(VIMSHOTTARI_LORDS, [
      'ketu',
      'venus',
      'sun',
      'moon',
      'mars',
      'rahu',
      'jupiter',
      'saturn',
      'mercury',
    ]);
    assert.deepEqual(
      VIMSHOTTARI_LORDS.map((l) => VIMSHOTTARI_YEARS[l]),
      [7, 20, 6, 10, 7, 18, 16, 19, 17],
    );
    assert.equal(
      Object.values(VIMSHOTTARI_YEARS).reduce((a, b) => a + b, 0),
      VIMSHOTTARI_TOTAL_YEARS,
    );
    assert.equal(nakshatraOf(dms(120, 0)).name, 'magha'); // 10th nakshatra, lord ketu again
    assert.equal(nakshatraOf(dms(120, 0)).lord, 'ketu');
    assert.equal(nakshatraOf(dms(240, 0)).name, 'mula');
    assert.equal(nakshatraOf(dms(240, 0)).lord, 'ketu');
  });
});

describe('navamsa (D9), Parashara', () => {
  it('starts fire signs at aries, earth at capricorn, air at libra, water at cancer', () => {
    assert.equal(navamsaSignOf(0), 'aries');
    assert.equal(navamsaSignOf(dms(3, 19, 59)), 'aries');
    assert.equal(navamsaSignOf(dms(3, 20)), 'taurus');
    assert.equal(navamsaSignOf(dms(6, 40)), 'gemini');
    assert.equal(navamsaSignOf(dms(29, 59)), 'sagittarius'); // 9th navamsa of aries
    assert.equal(navamsaSignOf(30), 'capricorn'); // taurus 0°
    assert.equal(navamsaSignOf(60), 'libra'); // gemini 0°
    assert.equal(navamsaSignOf(90), 'cancer'); // cancer 0°
    assert.equal(navamsaSignOf(120), 'aries'); // leo 0°
    assert.equal(navamsaSignOf(150), 'capricorn'); // virgo 0°
    assert.equal(navamsaSignOf(359.99), 'pisces'); // last navamsa of pisces (vargottama)
    const starts = { fire: 'aries', earth: 'capricorn', air: 'libra', water: 'cancer' } as const;
    for (const s of SIGNS) {
      const info = SIGN_INFO[s];
      assert.equal(navamsaSignOf(info.index * 30), starts[info.element], s);
    }
  });
});

describe('signs', () => {
  it('maps longitudes to signs and degrees in [0, 30)', () => {
    assert.equal(signOf(0), 'aries');
    assert.equal(signOf(30), 'taurus');
    assert.equal(signOf(359.999999), 'pisces');
    assert.equal(signOf(-1), 'pisces');
    assert.equal(signOf(720.5), 'aries');
    assert.equal(degreeInSign(45.5), 15.5);
    // Within 1e-9° below a boundary counts as on it (decimal boundaries are 1 ulp off either way).
    assert.equal(signOf(59.99999999999999), 'gemini');
    assert.equal(degreeInSign(59.99999999999999), 0);
    assert.equal(signOf(59.999999), 'taurus');
    assert.ok(degreeInSign(59.999999) < 30 && degreeInSign(59.999999) > 29.9);
    assert.equal(signOf(359.9999999999999), 'aries');
    for (let x = 0; x < 360; x += 0.37) assert.ok(degreeInSign(x) >= 0 && degreeInSign(x) < 30);
    assert.equal(norm360(-1e-300), 0);
    assert.ok(norm360(-1e-20) < 360);
  });

  it('has elements, modalities and rulers', () => {
    assert.equal(SIGN_INFO.aries.element, 'fire');
    assert.equal(SIGN_INFO.taurus.modality, 'fixed');
    assert.equal(SIGN_INFO.pisces.element, 'water');
    assert.equal(SIGN_INFO.pisces.modality, 'mutable');
    assert.deepEqual(SIGNS.map(rulerOf), [
      'mars',
      'venus',
      'mercury',
      'moon',
      'sun',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'saturn',
      'jupiter',
    ]);
    assert.equal(modernRulerOf('scorpio'), 'pluto');
    assert.equal(modernRulerOf('aquarius'), 'uranus');
    assert.equal(modernRulerOf('pisces'), 'neptune');
    assert.equal(modernRulerOf('aries'), 'mars');
  });

  it('has exaltations and opposite debilitations', () => {
    assert.deepEqual(EXALTATION.sun, { sign: 'aries', degree: 10 });
    assert.deepEqual(DEBILITATION.sun, { sign: 'libra', degree: 10 });
    assert.equal(DEBILITATION.moon.sign, 'scorpio');
    assert.equal(DEBILITATION.mars.sign, 'cancer');
    assert.equal(DEBILITATION.mercury.sign, 'pisces');
    assert.equal(DEBILITATION.jupiter.sign, 'capricorn');
    assert.equal(DEBILITATION.venus.sign, 'virgo');
    assert.equal(DEBILITATION.saturn.sign, 'aries');
  });
});
