// Unit tests of the varga rules. Every expected sign is worked out by hand from the classical rule
// (BPHS ch. 6-7) or taken from a published worked example; the source is named beside each value.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { dignityName, divisionalEntries, vargaSign, vargaStrength } from '../src/domain/vargas/charts.ts';
import { isVarga, VARGAS, type Varga } from '../src/domain/vargas/rules.ts';

const SIGN_START: Record<string, number> = {
  aries: 0,
  taurus: 30,
  gemini: 60,
  cancer: 90,
  leo: 120,
  virgo: 150,
  libra: 180,
  scorpio: 210,
  sagittarius: 240,
  capricorn: 270,
  aquarius: 300,
  pisces: 330,
};
/** Sidereal longitude of `deg`°`min`' in `sign`. */
const at = (sign: string, deg: number, min = 0) => SIGN_START[sign]! + deg + min / 60;
const check = (varga: Varga, lon: number, expected: string, source: string) =>
  assert.equal(vargaSign(varga, lon), expected, `${varga} of ${lon.toFixed(4)}: ${source}`);

describe('the varga list', () => {
  it('has the 21 spec values and nothing else', () => {
    assert.equal(VARGAS.length, 21);
    assert.ok(isVarga('D2_SUN_MOON') && isVarga('D60'));
    assert.ok(!isVarga('D13') && !isVarga('d9') && !isVarga(''));
  });
});

describe('D9 navamsa (Parashara sequence)', () => {
  it('hand-computed from the rule (fire Aries, earth Capricorn, air Libra, water Cancer)', () => {
    check('D9', at('aries', 15, 10), 'leo', '15°10 Aries: 5th part of 3°20 from Aries = Leo');
    check('D9', at('taurus', 0), 'capricorn', 'Taurus 0°: 1st part, earth starts at Capricorn');
    check('D9', at('gemini', 0, 1), 'libra', 'Gemini 0°01: air starts at Libra');
    check('D9', at('pisces', 29, 59), 'pisces', 'Pisces 29°59: 9th from Cancer = Pisces (vargottama)');
    check('D9', at('aries', 3, 19), 'aries', 'Aries 3°19: still the 1st part');
    check('D9', at('aries', 3, 21), 'taurus', 'Aries 3°21: 2nd part');
  });
  it('published worked examples', () => {
    // ininet.org "How Navamsa chart is constructed?": Mercury 15°25 Virgo -> Vrishabha (Taurus);
    // Mars 24°10 Karka -> Kumbha (Aquarius).
    check('D9', at('virgo', 15, 25), 'taurus', 'ininet.org navamsa example, Mercury');
    check('D9', at('cancer', 24, 10), 'aquarius', 'ininet.org navamsa example, Mars');
    // gitudivinetouch.com "Method to calculate Navamsh": 20°55 Cancer -> Capricorn; Moon 5° Pisces -> Leo.
    check('D9', at('cancer', 20, 55), 'capricorn', 'gitudivinetouch.com, 20°55 Cancer');
    check('D9', at('pisces', 5), 'leo', 'gitudivinetouch.com, Moon 5° Pisces');
    // astrologicallyexplained.com "Cracking the Navamsha -4": Ascendant 9°03 Cancer -> Virgo;
    // Mars 18°35 Taurus -> Gemini.
    check('D9', at('cancer', 9, 3), 'virgo', 'astrologicallyexplained.com, Ascendant');
    check('D9', at('taurus', 18, 35), 'gemini', 'astrologicallyexplained.com, Mars');
  });
});

describe('classical vargas, hand-computed', () => {
  it('D1 and D2 Parashara hora (odd: Leo then Cancer; even: Cancer then Leo)', () => {
    check('D1', at('scorpio', 12), 'scorpio', 'rasi');
    check('D2', at('aries', 10), 'leo', 'odd sign, first half: Sun (Leo)');
    check('D2', at('aries', 20), 'cancer', 'odd sign, second half: Moon (Cancer)');
    check('D2', at('taurus', 10), 'cancer', 'even sign, first half: Moon (Cancer)');
    check('D2', at('taurus', 20), 'leo', 'even sign, second half: Sun (Leo)');
    for (const lon of [5, 25, 40, 55, 100, 200, 359]) assert.equal(vargaSign('D2_SUN_MOON', lon), vargaSign('D2', lon));
  });
  it('D3 drekkana (1st, 5th, 9th from the sign)', () => {
    check('D3', at('aries', 5), 'aries', '1st decanate: the sign');
    check('D3', at('aries', 15), 'leo', '2nd decanate: 5th from Aries');
    check('D3', at('taurus', 25), 'capricorn', '3rd decanate: 9th from Taurus');
  });
  it('D4 chaturthamsa (1st, 4th, 7th, 10th)', () => {
    check('D4', at('gemini', 8), 'virgo', '8° is the 2nd quarter (7°30-15°): 4th from Gemini');
    check('D4', at('cancer', 29), 'aries', '4th quarter: 10th from Cancer');
  });
  it('D7 saptamsa (odd from the sign, even from the 7th)', () => {
    check('D7', at('aries', 5), 'taurus', '5° / 4°17 -> 2nd part from Aries');
    check('D7', at('taurus', 0, 30), 'scorpio', 'even: 1st part from the 7th (Scorpio)');
  });
  it('D10 dashamsa (odd from the sign, even from the 9th)', () => {
    check('D10', at('taurus', 20), 'cancer', '20° Taurus: even, from the 9th (Capricorn), part 7 (18-21°) -> Cancer');
    check('D10', at('aries', 29), 'capricorn', 'odd: 10th part from Aries');
  });
  it('D12 dwadashamsa (from the sign)', () => {
    check('D12', at('leo', 13), 'capricorn', '13° / 2°30 -> 6th part from Leo = Capricorn');
  });
  it('D16 shodashamsa (movable Aries, fixed Leo, dual Sagittarius)', () => {
    check('D16', at('cancer', 1), 'aries', 'movable, 1st part');
    check('D16', at('taurus', 2), 'virgo', 'fixed: 2° / 1°52.5 -> 2nd part from Leo');
    check('D16', at('pisces', 29), 'pisces', 'dual: 16th part from Sagittarius (8 + 15 = 23 -> Pisces)');
  });
  it('D20 vimshamsa (movable Aries, fixed Sagittarius, dual Leo)', () => {
    check('D20', at('leo', 0, 10), 'sagittarius', 'fixed: 1st part from Sagittarius');
    check('D20', at('virgo', 4), 'libra', 'dual: 4° / 1°30 -> 3rd part from Leo');
  });
  it('D24 chaturvimshamsa (odd from Leo, even from Cancer)', () => {
    check('D24', at('aries', 0, 30), 'leo', 'odd: 1st part from Leo');
    check('D24', at('taurus', 2, 40), 'virgo', 'even: 2°40 / 1°15 -> 3rd part from Cancer');
  });
  it('D27 bhamsa (fire Aries, earth Cancer, air Libra, water Capricorn)', () => {
    check('D27', at('virgo', 0, 30), 'cancer', 'earth: 1st part from Cancer');
    check('D27', at('scorpio', 2), 'aquarius', "water: 2° / 1°06'40 -> 2nd part from Capricorn");
  });
  it('D30 trimshamsa (BPHS unequal parts)', () => {
    check('D30', at('aries', 3), 'aries', 'odd 0-5°: Mars (Aries)');
    check('D30', at('aries', 7), 'aquarius', 'odd 5-10°: Saturn (Aquarius)');
    check('D30', at('gemini', 15), 'sagittarius', 'odd 10-18°: Jupiter (Sagittarius)');
    check('D30', at('leo', 20), 'gemini', 'odd 18-25°: Mercury (Gemini)');
    check('D30', at('libra', 27), 'libra', 'odd 25-30°: Venus (Libra)');
    check('D30', at('taurus', 4), 'taurus', 'even 0-5°: Venus (Taurus)');
    check('D30', at('cancer', 11), 'virgo', 'even 5-12°: Mercury (Virgo)');
    check('D30', at('virgo', 19), 'pisces', 'even 12-20°: Jupiter (Pisces)');
    check('D30', at('scorpio', 22), 'capricorn', 'even 20-25°: Saturn (Capricorn)');
    check('D30', at('taurus', 27), 'scorpio', 'even 25-30°: Mars (Scorpio)');
  });
  it('D40 khavedamsa (odd Aries, even Libra)', () => {
    check('D40', at('taurus', 0, 30), 'libra', 'even: 1st part from Libra');
    check('D40', at('aries', 29, 50), 'cancer', 'odd: 29°50 / 0°45 -> part 39 from Aries, 39 mod 12 = 3 -> Cancer');
  });
  it('D45 akshavedamsa (movable Aries, fixed Leo, dual Sagittarius)', () => {
    check('D45', at('aquarius', 0, 20), 'leo', 'fixed: 1st part from Leo');
    check('D45', at('gemini', 1), 'capricorn', 'dual: 1° / 0°40 -> 2nd part from Sagittarius');
  });
  it('D60 shashtiamsa (sign index + floor(deg x 2))', () => {
    check('D60', at('aries', 0, 10), 'aries', 'Aries 0°10: part 0');
    check('D60', at('taurus', 10, 45), 'aquarius', 'Taurus 10°45: 1 + floor(21.5) = 22, 22 mod 12 = 10 -> Aquarius');
  });
});

describe('generic cyclic vargas ((sign x N + part) mod 12)', () => {
  it('D5, D6, D8, D11', () => {
    check('D5', at('taurus', 7), 'libra', 'Taurus 7°: part 1 of 6°, 1 x 5 + 1 = 6 -> Libra');
    check('D6', at('gemini', 6), 'taurus', 'Gemini 6°: part 1 of 5°, 2 x 6 + 1 = 13 -> Taurus');
    check(
      'D8',
      at('taurus', 4),
      'capricorn',
      'Taurus 4°: part 1 of 3°45, 8 + 1 = 9 -> Capricorn (BPHS: fixed from Sagittarius, 2nd)',
    );
    check('D11', at('aries', 3), 'taurus', 'Aries 3°: part 1 of 2°43, 0 + 1 -> Taurus');
  });
});

describe('divisional entries and varga strength', () => {
  it('lists the nine grahas, then ascendant and midheaven, whatever the input order', () => {
    const bodies = [
      'midheaven',
      'uranus',
      'ketu',
      'ascendant',
      'saturn',
      'venus',
      'jupiter',
      'mercury',
      'mars',
      'moon',
      'sun',
      'rahu',
    ].map((planet, i) => ({ planet, longitude: i * 30 + 1 }));
    const entries = divisionalEntries('D1', bodies);
    assert.deepEqual(
      entries.map((e) => e.planet),
      ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu', 'ascendant', 'midheaven'],
    );
    assert.equal(entries[0]!.sign, 'aquarius', 'sun at 10 x 30 + 1 = 301°: Aquarius; uranus is not listed');
  });
  it('counts own signs and repeated signs over D1, D2, D3, D9, D10, D12, D30, D60 (hand-computed)', () => {
    // Sun at Leo 0°10: D1 Leo, D2 Leo (odd, 1st half), D3 Leo, D9 Aries (fire, 1st part), D10 Leo (odd,
    // from the sign), D12 Leo, D30 Aries (odd 0-5°, Mars), D60 Leo -> own in 6: Indramsa.
    // Moon at Cancer 0°10: D1 Cancer, D2 Cancer (even, 1st half), D3 Cancer, D9 Cancer (water), D10 Pisces
    // (even, from the 9th), D12 Cancer, D30 Taurus (even 0-5°, Venus), D60 Cancer -> own in 6.
    // Mars at Libra 16°: D1 Libra, D2 Cancer (odd, 2nd half), D3 Aquarius (5th), D9 Aquarius (air from
    // Libra, 5th part), D10 Pisces (odd, 6th from Libra), D12 Aries (7th from Libra), D30 Sagittarius
    // (odd 10-18°), D60 Gemini (6 + 32 = 38 -> 2) -> own only in D12: count 1, no name.
    const bodies = [
      { planet: 'sun', longitude: 120 + 1 / 6 },
      { planet: 'moon', longitude: 90 + 1 / 6 },
      { planet: 'mars', longitude: 196 },
    ];
    const [sun, moon, mars] = vargaStrength(bodies);
    assert.deepEqual(sun, {
      planet: 'sun',
      own_sign_count: 6,
      dignity_name: 'Indramsa',
      own_sign_vargas: ['D1', 'D2', 'D3', 'D10', 'D12', 'D60'],
      repeated_signs: [
        { sign: 'leo', count: 6 },
        { sign: 'aries', count: 2 },
      ],
    });
    assert.deepEqual(moon!.own_sign_vargas, ['D1', 'D2', 'D3', 'D9', 'D12', 'D60']);
    assert.deepEqual(moon!.repeated_signs, [{ sign: 'cancer', count: 6 }]);
    assert.deepEqual(mars, {
      planet: 'mars',
      own_sign_count: 1,
      dignity_name: null,
      own_sign_vargas: ['D12'],
      repeated_signs: [{ sign: 'aquarius', count: 2 }],
    });
  });
  it('names dignities by the spec table, null below 2', () => {
    assert.equal(dignityName(0), null);
    assert.equal(dignityName(1), null);
    assert.equal(dignityName(8), 'Gopuramsa');
    assert.equal(dignityName(12), 'Vaiseshikamsa');
  });
});
