import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import {
  AV_PLANETS,
  ashtakavarga,
  BAV_TOTALS,
  contributorSigns,
  BENEFIC_PLACES,
  SAV_TOTAL,
  type BeneficPlaces,
  type ContributorSigns,
} from '../src/domain/ashtakavarga/index.ts';

// Sign indexes: 0 Aries .. 11 Pisces.
const AR = 0,
  TA = 1,
  GE = 2,
  CN = 3,
  LE = 4,
  VI = 5,
  LI = 6,
  SC = 7,
  SG = 8,
  CP = 9,
  AQ = 10,
  PI = 11;

test('chart of 2025-04-09 20:51 IST Bengaluru: BAV and SAV match the published Jagannatha-Hora-style table', () => {
  // Source: cryptekbits/astrovedic, Lahiri/Lahiri.md ("Ashtakavarga" table and "D1 Chart" graha details,
  // Lahiri ayanamsa): Asc 209.84 (Libra), Sun 355.91 (Pisces), Moon 138.85 (Leo), Mars 92.42 (Cancer),
  // Mercury 332.82 (Pisces), Jupiter 53.17 (Taurus), Venus 330.64 (Pisces), Saturn 331.29 (Pisces).
  const signs = contributorSigns([
    { planet: 'ascendant', longitude: 209.8423 },
    { planet: 'sun', longitude: 355.9057 },
    { planet: 'moon', longitude: 138.8496 },
    { planet: 'mars', longitude: 92.4202 },
    { planet: 'mercury', longitude: 332.8196 },
    { planet: 'jupiter', longitude: 53.1691 },
    { planet: 'venus', longitude: 330.6416 },
    { planet: 'saturn', longitude: 331.2942 },
  ])!;
  const av = ashtakavarga(signs);
  // Columns Su..Sa of the source table, rows Aries..Pisces.
  assert.deepEqual(av.bhinna.sun, [3, 3, 3, 3, 4, 5, 5, 3, 4, 7, 3, 5]);
  assert.deepEqual(av.bhinna.moon, [2, 7, 3, 4, 6, 4, 3, 3, 6, 5, 2, 4]);
  assert.deepEqual(av.bhinna.mars, [2, 3, 2, 4, 5, 1, 6, 1, 3, 6, 3, 3]);
  assert.deepEqual(av.bhinna.mercury, [4, 5, 3, 5, 4, 2, 5, 6, 3, 7, 3, 7]);
  assert.deepEqual(av.bhinna.jupiter, [6, 4, 5, 6, 6, 2, 3, 5, 5, 5, 5, 4]);
  assert.deepEqual(av.bhinna.venus, [2, 5, 5, 4, 3, 3, 5, 6, 6, 6, 3, 4]);
  assert.deepEqual(av.bhinna.saturn, [3, 2, 3, 2, 4, 3, 5, 2, 4, 6, 2, 3]);
  // "Sarvashtaka" column of the source.
  assert.deepEqual(av.sarva, [22, 29, 24, 28, 32, 20, 32, 26, 31, 42, 21, 30]);
});

test('1975-06-25, lagna Aquarius: BAV and SAV match the jyotishganit library output exactly', () => {
  // Source: sansbug/devashaa, api/test_ashtakavarga.py ("golden fixture: jyotishganit output for one
  // chart", the BPHS-derived jyotishganit library): Sun Gemini, Moon Capricorn, Mars Aries, Mercury
  // Taurus, Jupiter Pisces, Venus Cancer, Saturn Gemini, lagna Aquarius.
  const av = ashtakavarga({ sun: GE, moon: CP, mars: AR, mercury: TA, jupiter: PI, venus: CN, saturn: GE, lagna: AQ });
  assert.deepEqual(av.bhinna.sun, [5, 2, 4, 6, 1, 3, 3, 4, 5, 7, 4, 4]);
  assert.deepEqual(av.bhinna.moon, [4, 3, 3, 3, 4, 4, 4, 6, 5, 5, 3, 5]);
  assert.deepEqual(av.bhinna.mars, [4, 2, 3, 3, 2, 2, 3, 4, 4, 3, 5, 4]);
  assert.deepEqual(av.bhinna.mercury, [5, 5, 2, 5, 3, 4, 6, 5, 3, 4, 8, 4]);
  assert.deepEqual(av.bhinna.jupiter, [4, 7, 4, 4, 5, 4, 5, 5, 4, 4, 5, 5]);
  assert.deepEqual(av.bhinna.venus, [5, 4, 2, 3, 4, 6, 5, 3, 4, 5, 5, 6]);
  assert.deepEqual(av.bhinna.saturn, [4, 2, 4, 3, 3, 2, 2, 3, 4, 4, 4, 4]);
  assert.deepEqual(av.sarva, [31, 25, 22, 27, 22, 25, 28, 30, 29, 32, 34, 32]);
});

// P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach", ch. 12 exercises, as transcribed in
// naturalstupid/PyJHora (src/jhora/tests/pvr_tests.py, _ashtaka_varga_tests). The book's Moon and Venus
// charts follow a tradition other than BPHS 66 (PyJHora const.ashtaka_varga_dict, the same tables):
// Moon from the Moon 1,3,6,7,9,10,11 (BPHS without the 9th), from Mars 2,3,5,6,10,11 (BPHS with the 9th),
// from Jupiter 1,2,4,7,8,10,11 (BPHS 12th for the 2nd); Venus from Mars 3,4,6,9,11,12 (BPHS 5th for 4th).
const PVR_PLACES: BeneficPlaces = {
  ...BENEFIC_PLACES,
  moon: {
    ...BENEFIC_PLACES.moon,
    moon: [1, 3, 6, 7, 9, 10, 11],
    mars: [2, 3, 5, 6, 10, 11],
    jupiter: [1, 2, 4, 7, 8, 10, 11],
  },
  venus: { ...BENEFIC_PLACES.venus, mars: [3, 4, 6, 9, 11, 12] },
};

test('P.V.R. Narasimha Rao, Chart 7 (Exercise 22): the five BPHS rows as printed; all seven with his Moon and Venus rules', () => {
  // Chart 7 by sign: Saturn, Moon and Rahu in Aries; Ketu and Jupiter in Libra; lagna in Scorpio;
  // Mercury and Mars in Sagittarius; Sun in Capricorn; Venus in Aquarius.
  const signs = { sun: CP, moon: AR, mars: SG, mercury: SG, jupiter: LI, venus: AQ, saturn: AR, lagna: SC };
  const av = ashtakavarga(signs);
  assert.deepEqual(av.bhinna.sun, [4, 2, 3, 4, 6, 5, 5, 3, 2, 6, 6, 2]);
  assert.deepEqual(av.bhinna.mars, [3, 2, 3, 4, 2, 5, 4, 3, 3, 4, 3, 3]);
  assert.deepEqual(av.bhinna.mercury, [4, 6, 4, 3, 4, 7, 4, 5, 6, 3, 5, 3]);
  assert.deepEqual(av.bhinna.jupiter, [4, 4, 3, 5, 6, 5, 6, 4, 6, 4, 3, 6]);
  assert.deepEqual(av.bhinna.saturn, [3, 2, 2, 3, 5, 6, 3, 4, 1, 3, 6, 1]);
  const pvr = ashtakavarga(signs, PVR_PLACES);
  assert.deepEqual(pvr.bhinna.moon, [6, 3, 5, 3, 5, 5, 6, 3, 3, 4, 4, 2]);
  assert.deepEqual(pvr.bhinna.venus, [3, 5, 5, 4, 6, 2, 3, 6, 5, 2, 7, 4]);
  assert.deepEqual(pvr.sarva, [27, 24, 25, 26, 34, 35, 31, 28, 26, 26, 34, 21]);
});

test('P.V.R. Narasimha Rao, Chart 6 (born 1921-06-28 12:49 IST, 18N26 79E09): every row and the SAV', () => {
  // Chart 6 by sign: Ketu and Venus in Aries; Mars, Sun and Mercury in Gemini; Saturn and Jupiter in
  // Leo; lagna in Virgo; Rahu in Libra; Moon in Pisces.
  const signs = { sun: GE, moon: PI, mars: GE, mercury: GE, jupiter: LE, venus: AR, saturn: LE, lagna: VI };
  const bphs = ashtakavarga(signs);
  const av = ashtakavarga(signs, PVR_PLACES);
  for (const p of ['sun', 'mars', 'mercury', 'jupiter', 'saturn'] as const)
    assert.deepEqual(bphs.bhinna[p], av.bhinna[p], `${p}: the BPHS and the book's rules agree`);
  assert.deepEqual(av.bhinna.sun, [5, 3, 5, 3, 4, 4, 2, 3, 5, 4, 5, 5]);
  assert.deepEqual(av.bhinna.moon, [3, 2, 5, 3, 6, 3, 4, 5, 5, 5, 3, 5]);
  assert.deepEqual(av.bhinna.mars, [4, 3, 4, 3, 4, 3, 2, 5, 1, 3, 3, 4]);
  assert.deepEqual(av.bhinna.mercury, [7, 4, 7, 4, 4, 3, 4, 4, 4, 3, 6, 4]);
  assert.deepEqual(av.bhinna.jupiter, [4, 3, 5, 6, 3, 7, 4, 3, 5, 6, 5, 5]);
  assert.deepEqual(av.bhinna.venus, [8, 7, 4, 3, 3, 2, 4, 6, 4, 4, 4, 3]);
  assert.deepEqual(av.bhinna.saturn, [3, 3, 4, 3, 2, 3, 2, 3, 4, 5, 3, 4]);
  assert.deepEqual(av.sarva, [34, 25, 34, 25, 26, 25, 22, 29, 28, 30, 29, 30]);
});

test('P.V.R. Narasimha Rao, Chart 12 (Exercise 21): the SAV with his Moon and Venus rules', () => {
  // Chart 12 by sign: Ketu in Aries; Venus in Taurus; lagna in Virgo; Rahu in Libra; Mars and Jupiter
  // in Scorpio; Sun and Mercury in Sagittarius; Moon in Capricorn; Saturn in Pisces.
  const signs = { sun: SG, moon: CP, mars: SC, mercury: SG, jupiter: SC, venus: TA, saturn: PI, lagna: VI };
  assert.deepEqual(ashtakavarga(signs, PVR_PLACES).sarva, [24, 25, 31, 28, 27, 39, 33, 29, 26, 22, 28, 25]);
});

test('properties: each BAV row totals its classical constant, SAV totals 337, a sign holds 0..56', () => {
  // Deterministic pseudo-random charts (LCG) covering many sign combinations.
  let seed = 12345;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 12);
  for (let i = 0; i < 500; i++) {
    const signs: ContributorSigns = {
      sun: next(),
      moon: next(),
      mars: next(),
      mercury: next(),
      jupiter: next(),
      venus: next(),
      saturn: next(),
      lagna: next(),
    };
    const av = ashtakavarga(signs);
    for (const p of AV_PLANETS) {
      assert.equal(
        av.bhinna[p].reduce((a, b) => a + b, 0),
        BAV_TOTALS[p],
      );
      for (const b of av.bhinna[p]) assert.ok(b >= 0 && b <= 8);
    }
    assert.equal(av.total, SAV_TOTAL);
    for (const s of av.sarva) assert.ok(s >= 0 && s <= 56);
  }
});

test('contributorSigns needs all eight contributors', () => {
  assert.equal(contributorSigns([{ planet: 'sun', longitude: 10 }]), null);
});
