// Unit tests of the Jaimini rules on constructed charts; expected values are worked out by hand from
// the rule quoted beside them or taken from a published example (source named).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { ClassicalPlanet, Sign } from '@astro/astro-core';
import { arudhaOf, arudhaPadas } from '../src/domain/jaimini/arudha.ts';
import { rashiAspects, rashiAspectTargets } from '../src/domain/jaimini/aspects.ts';
import { badhaka } from '../src/domain/jaimini/badhaka.ts';
import { charaKarakas, KARAKA_ROLES } from '../src/domain/jaimini/karakas.ts';

const SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];
const idx = (s: string) => SIGNS.indexOf(s);

describe('chara karakas (seven planets by degree in sign, highest first)', () => {
  it('sorts by degree within sign, not by longitude', () => {
    const positions = [
      { planet: 'sun', degree_in_sign: 12.5 }, // longitude would be e.g. 342.5 (Pisces): still 12.5
      { planet: 'moon', degree_in_sign: 29.1 },
      { planet: 'mars', degree_in_sign: 3.2 },
      { planet: 'mercury', degree_in_sign: 18.0 },
      { planet: 'jupiter', degree_in_sign: 25.75 },
      { planet: 'venus', degree_in_sign: 0.5 },
      { planet: 'saturn', degree_in_sign: 7.9 },
      { planet: 'rahu', degree_in_sign: 29.9 }, // not a karaka in the seven-karaka scheme
    ];
    const k = charaKarakas(positions);
    assert.deepEqual(
      k.map((a) => [a.role, a.planet]),
      [
        ['Atmakaraka', 'moon'], // 29.1
        ['Amatyakaraka', 'jupiter'], // 25.75
        ['Bhratrukaraka', 'mercury'], // 18.0
        ['Matrukaraka', 'sun'], // 12.5
        ['Putrakaraka', 'saturn'], // 7.9
        ['Gnatikaraka', 'mars'], // 3.2
        ['Darakaraka', 'venus'], // 0.5
      ],
    );
    assert.equal(k[0]!.degree_in_sign, 29.1);
    assert.deepEqual(
      k.map((a) => a.role),
      [...KARAKA_ROLES],
    );
  });
  it('keeps the natural order on an exact tie', () => {
    const positions = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'].map((planet) => ({
      planet,
      degree_in_sign: 10,
    }));
    assert.deepEqual(
      charaKarakas(positions).map((a) => a.planet),
      ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'],
    );
  });
});

describe('arudha padas (count house -> lord, again from the lord; 1st/7th -> 10th from the result)', () => {
  it('published examples', () => {
    // saptarishisastrology.com, "The Arudha chapter of BPHS" (M. K. Sastri): Aries lagna, Mars in
    // Sagittarius -> Leo; 2nd house Taurus with Venus in Capricorn -> Virgo.
    assert.equal(SIGNS[arudhaOf(idx('aries'), idx('sagittarius'))], 'leo');
    assert.equal(SIGNS[arudhaOf(idx('taurus'), idx('capricorn'))], 'virgo');
    // jyotishvishesh.blogspot.com "How to calculate arudha lagna" (after P.V.R. Narasimha Rao): house
    // Gemini, Mercury in Aquarius -> Libra; Saturn in Capricorn lagna -> Libra (not Capricorn);
    // Cancer lagna, 4th house Libra with Venus in Aries -> Cancer (not Libra).
    assert.equal(SIGNS[arudhaOf(idx('gemini'), idx('aquarius'))], 'libra');
    assert.equal(SIGNS[arudhaOf(idx('capricorn'), idx('capricorn'))], 'libra');
    assert.equal(SIGNS[arudhaOf(idx('libra'), idx('aries'))], 'cancer');
  });
  it('the four exception cases, hand-computed for a house in Aries', () => {
    // Lord in the 1st: raw pada Aries (1st) -> 10th from Aries = Capricorn.
    assert.equal(SIGNS[arudhaOf(0, idx('aries'))], 'capricorn');
    // Lord in the 7th (Libra): 7 signs again -> Aries (1st) -> Capricorn.
    assert.equal(SIGNS[arudhaOf(0, idx('libra'))], 'capricorn');
    // Lord in the 4th (Cancer): 4 again -> Libra (7th) -> 10th from Libra = Cancer (the 4th, BPHS 29.5).
    assert.equal(SIGNS[arudhaOf(0, idx('cancer'))], 'cancer');
    // Lord in the 10th (Capricorn): 10 again -> Libra (7th) -> Cancer.
    assert.equal(SIGNS[arudhaOf(0, idx('capricorn'))], 'cancer');
    // No exception: lord in the 3rd (Gemini) -> 3 again from Gemini = Leo.
    assert.equal(SIGNS[arudhaOf(0, idx('gemini'))], 'leo');
  });
  it('a constructed chart: twelve padas, arudha lagna and upapada', () => {
    // Lagna Aries. Sun Leo, Moon Taurus, Mars Gemini, Mercury Virgo, Jupiter Pisces, Venus Aries,
    // Saturn Libra.
    const where: Record<ClassicalPlanet, Sign> = {
      sun: 'leo',
      moon: 'taurus',
      mars: 'gemini',
      mercury: 'virgo',
      jupiter: 'pisces',
      venus: 'aries',
      saturn: 'libra',
    };
    const r = arudhaPadas('aries', (p) => where[p]);
    const expected: [string, string][] = [
      ['aries', 'mars'], // 1: Mars in Gemini (3rd), 3rd from Gemini = Leo
      ['taurus', 'venus'], // 2: Venus in Aries (12th), 12th from Aries = Pisces
      ['gemini', 'mercury'], // 3: Mercury in Virgo (4th), 4th from Virgo = Sagittarius (7th) -> 10th = Virgo
      ['cancer', 'moon'], // 4: Moon in Taurus (11th), 11th from Taurus = Pisces
      ['leo', 'sun'], // 5: Sun in Leo (1st) -> Leo -> 10th from Leo = Taurus
      ['virgo', 'mercury'], // 6: Mercury in Virgo (1st) -> 10th from Virgo = Gemini
      ['libra', 'venus'], // 7: Venus in Aries (7th) -> Libra (1st) -> 10th = Cancer
      ['scorpio', 'mars'], // 8: Mars in Gemini (8th), 8th from Gemini = Capricorn
      ['sagittarius', 'jupiter'], // 9: Jupiter in Pisces (4th) -> Gemini (7th) -> 10th = Pisces
      ['capricorn', 'saturn'], // 10: Saturn in Libra (10th) -> Cancer (7th) -> 10th = Aries
      ['aquarius', 'saturn'], // 11: Saturn in Libra (9th) -> 9th from Libra = Gemini
      ['pisces', 'jupiter'], // 12: Jupiter in Pisces (1st) -> 10th = Sagittarius
    ];
    const padas = [
      'leo',
      'pisces',
      'virgo',
      'pisces',
      'taurus',
      'gemini',
      'cancer',
      'capricorn',
      'pisces',
      'aries',
      'gemini',
      'sagittarius',
    ];
    assert.deepEqual(
      r.entries.map((e) => [e.house_number, e.house_sign, e.house_lord, e.arudha_sign]),
      expected.map(([sign, lord], i) => [i + 1, sign, lord, padas[i]]),
    );
    assert.equal(r.lagna_sign, 'aries');
    assert.equal(r.arudha_lagna, 'leo');
    assert.equal(r.upapada_lagna, 'sagittarius', 'upapada = arudha of the 12th');
  });
});

describe('rashi aspects', () => {
  it('movable, fixed and dual examples (Jaimini Sutras 1.1.2-4)', () => {
    assert.deepEqual(rashiAspectTargets('aries'), ['leo', 'scorpio', 'aquarius'], 'movable: not Taurus');
    assert.deepEqual(rashiAspectTargets('taurus'), ['cancer', 'libra', 'capricorn'], 'fixed: not Aries');
    assert.deepEqual(rashiAspectTargets('gemini'), ['virgo', 'sagittarius', 'pisces'], 'dual');
    assert.deepEqual(rashiAspectTargets('capricorn'), ['taurus', 'leo', 'scorpio'], 'movable: not Aquarius');
    assert.deepEqual(rashiAspectTargets('aquarius'), ['aries', 'cancer', 'libra'], 'fixed: not Capricorn');
  });
  it('is mutual and lists 36 aspects with occupants', () => {
    const all = rashiAspects([
      { planet: 'sun', sign: 'aries' },
      { planet: 'moon', sign: 'leo' },
      { planet: 'mars', sign: 'leo' },
    ]);
    assert.equal(all.length, 36);
    for (const a of all)
      assert.ok(
        all.some((b) => b.source_sign === a.target_sign && b.target_sign === a.source_sign),
        'mutual',
      );
    const ariesLeo = all.find((a) => a.source_sign === 'aries' && a.target_sign === 'leo')!;
    assert.deepEqual(ariesLeo, {
      source_sign: 'aries',
      target_sign: 'leo',
      source_planets: ['sun'],
      target_planets: ['moon', 'mars'],
      aspect_type: 'movable_to_fixed',
    });
    assert.equal(all.find((a) => a.source_sign === 'leo')!.aspect_type, 'fixed_to_movable');
    assert.equal(all.find((a) => a.source_sign === 'pisces')!.aspect_type, 'dual_to_dual');
  });
});

describe('badhaka (movable 11th, fixed 9th, dual 7th)', () => {
  it('by the lagna modality', () => {
    assert.deepEqual(
      { ...badhaka('aries'), explanation: undefined },
      {
        lagna_sign: 'aries',
        badhaka_sign: 'aquarius',
        badhaka_lord: 'saturn',
        badhaka_house: 11,
        explanation: undefined,
      },
    );
    const t = badhaka('taurus');
    assert.deepEqual([t.badhaka_sign, t.badhaka_lord, t.badhaka_house], ['capricorn', 'saturn', 9]);
    const g = badhaka('gemini');
    assert.deepEqual([g.badhaka_sign, g.badhaka_lord, g.badhaka_house], ['sagittarius', 'jupiter', 7]);
    const p = badhaka('pisces');
    assert.deepEqual([p.badhaka_sign, p.badhaka_lord, p.badhaka_house], ['virgo', 'mercury', 7]);
    assert.match(badhaka('leo').explanation, /fixed sign.*9th.*Aries.*Mars/);
  });
});
