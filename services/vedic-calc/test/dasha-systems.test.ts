// Unit tests of Ashtottari and Kalachakra. Expected values come from published worked examples, named
// beside each value: P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach" (PVR), ch. 24
// Example 95, Exercise 34 and Example 97 (as transcribed in PyJHora 4.8.5 src/jhora/tests/pvr_tests.py,
// kalachakra_dhasa_tests), the BPHS ch. 46 tables (sign years, paramayus, Ashtottari years and groups),
// and PyJHora's documented Ashtottari antardasha order (pvr_tests.py _ashtothari_test_6). Where a value
// is worked by hand from a rule, the rule is named.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  ashtottariApplicable,
  ashtottariBirth,
  ashtottariTree,
  ASHTOTTARI_LORDS,
} from '../src/domain/dashas/ashtottari.ts';
import { dashaSystemChainJson } from '../src/domain/dashas/dasha-systems-json.ts';
import {
  KALACHAKRA_CYCLES,
  kalachakraBirth,
  kalachakraGroupOf,
  kalachakraTree,
  paramayusOf,
} from '../src/domain/dashas/kalachakra.ts';
import { lordContexts } from '../src/domain/dashas/lord-context.ts';
import { chainLevels, nextChangeOf, pathAt } from '../src/domain/dashas/period-chain.ts';
import { MS_PER_YEAR } from '../src/domain/dashas/time.ts';

const BIRTH = Date.UTC(1912, 0, 1, 6, 30); // any instant: the worked examples give only the Moon
const dm = (sign: number, deg: number, min: number) => sign * 30 + deg + min / 60;
const years = (a: number, b: number) => (b - a) / MS_PER_YEAR;
const close = (a: number, b: number, tol = 1e-6) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

/** Mahadashas as [sign, years lived after birth] (the first one's balance, the others whole). */
function kalachakraMahas(moon: number): [string, number][] {
  const birth = kalachakraBirth(moon, BIRTH);
  return kalachakraTree(birth)
    .mahadashas()
    .map((p) => [p.lord, years(Math.max(p.startMs, BIRTH), p.endMs)]);
}

function expectMahas(moon: number, expected: [string, number][]) {
  const got = kalachakraMahas(moon);
  expected.forEach(([sign, y], i) => {
    assert.equal(got[i]![0], sign, `mahadasha ${i + 1}`);
    close(got[i]![1], y, 1e-6);
  });
}

describe('Kalachakra tables (BPHS ch. 46)', () => {
  it('paramayus of padas 1-4: savya 100, 85, 83, 86; apasavya 86, 83, 85, 100', () => {
    // BPHS ch. 46 (PyJHora const.kalachakra_paramayush)
    assert.deepEqual(KALACHAKRA_CYCLES.ashwini.map(paramayusOf), [100, 85, 83, 86]);
    assert.deepEqual(KALACHAKRA_CYCLES.bharani.map(paramayusOf), [100, 85, 83, 86]);
    assert.deepEqual(KALACHAKRA_CYCLES.rohini.map(paramayusOf), [86, 83, 85, 100]);
    assert.deepEqual(KALACHAKRA_CYCLES.mrigashira.map(paramayusOf), [86, 83, 85, 100]);
  });

  it('groups: Ashwini, Krittika, Punarvasu, Revati savya-Ashwini; Bharani, Pushya savya-Bharani; Rohini, Ardra, Magha apasavya-Rohini; Mrigashira, Dhanishta apasavya-Mrigashira', () => {
    // BPHS ch. 46 v. 56-60 (Santhanam's translation, astrojyoti.com/bphspage6-2.htm): "The Padas of Ashvini,
    // Punarvasu, Hast, Mul, Purvabhadrapad, Kritika, Aslesha, Swati, Uttarashadha and Revati" share the
    // Ashwini cycles; the apasavya triples mirror them, Rohini-Mrigashira-Rohini (saravali.de "Kalachakra
    // Dasa - Basics" table; Sanjay Rath, "Kalachakra dasa", SJC 2005).
    const g = (i: number) => kalachakraGroupOf(i);
    assert.deepEqual([g(0), g(2), g(6), g(26)], ['ashwini', 'ashwini', 'ashwini', 'ashwini']);
    assert.deepEqual([g(1), g(7), g(13), g(19), g(25)], ['bharani', 'bharani', 'bharani', 'bharani', 'bharani']);
    assert.deepEqual([g(3), g(5), g(9), g(23)], ['rohini', 'rohini', 'rohini', 'rohini']);
    assert.deepEqual([g(4), g(10), g(16), g(22)], ['mrigashira', 'mrigashira', 'mrigashira', 'mrigashira']);
  });

  it('Ashwini pada 1: Aries to Sagittarius, deha Aries, jeeva Sagittarius', () => {
    // BPHS ch. 46: the first pada of Ashwini runs Aries..Sagittarius, Aries deha and Sagittarius jeeva.
    const b = kalachakraBirth(1, BIRTH);
    assert.deepEqual(b.cycle.signs, [
      'aries',
      'taurus',
      'gemini',
      'cancer',
      'leo',
      'virgo',
      'libra',
      'scorpio',
      'sagittarius',
    ]);
    assert.equal(b.cycle.direction, 'savya');
    assert.equal(b.cycle.deha, 'aries');
    assert.equal(b.cycle.jeeva, 'sagittarius');
    assert.equal(b.cycle.paramayus, 100);
  });
  it('deha and jeeva of every pada of the four groups (savya: first/last sign; apasavya: last/first)', () => {
    // Published deha/jiva table ("Deha and Jiv rashi", psychologicallyastrology.com, after Shakti Mohan
    // Singh's "Kaala Chakra Dasha System"): [deha, jiva] for padas 1-4 of the Ashwini, Bharani, Rohini and
    // Mrigashira groups.
    const table: [number, string[][]][] = [
      [
        0,
        [
          ['aries', 'sagittarius'],
          ['capricorn', 'gemini'],
          ['taurus', 'gemini'],
          ['cancer', 'pisces'],
        ],
      ],
      [
        1,
        [
          ['scorpio', 'pisces'],
          ['aquarius', 'virgo'],
          ['libra', 'virgo'],
          ['cancer', 'sagittarius'],
        ],
      ],
      [
        3,
        [
          ['cancer', 'sagittarius'],
          ['libra', 'virgo'],
          ['aquarius', 'virgo'],
          ['scorpio', 'pisces'],
        ],
      ],
      [
        4,
        [
          ['cancer', 'pisces'],
          ['taurus', 'gemini'],
          ['capricorn', 'gemini'],
          ['aries', 'sagittarius'],
        ],
      ],
    ];
    for (const [nk, padas] of table)
      padas.forEach(([deha, jeeva], pada) => {
        const b = kalachakraBirth(nk * (360 / 27) + (pada + 0.5) * (360 / 108), BIRTH);
        assert.deepEqual([b.cycle.deha, b.cycle.jeeva], [deha, jeeva], `nakshatra ${nk} pada ${pada + 1}`);
      });
  });
});

describe('Kalachakra mahadashas: PVR worked examples', () => {
  it('Example 95, Moon 15°50′ Taurus (Rohini pada 2): Sc 4.75, Li 16, Vi 9, Le 5, Cn 21, Ge 9, Ta 16, Ar 7, Sg 10', () => {
    // PVR ch. 24 Example 95 (pvr_tests.py: "Ans: Sc(4.75), Li(16), Vi, Le, Cn, Ge, Ta, Ar, Sg")
    expectMahas(dm(1, 15, 50), [
      ['scorpio', 4.75],
      ['libra', 16],
      ['virgo', 9],
      ['leo', 5],
      ['cancer', 21],
      ['gemini', 9],
      ['taurus', 16],
      ['aries', 7],
      ['sagittarius', 10],
    ]);
    const b = kalachakraBirth(dm(1, 15, 50), BIRTH);
    assert.deepEqual([b.cycle.nakshatra, b.cycle.pada, b.cycle.direction], ['rohini', 2, 'apasavya']);
    close(b.balanceYears, 4.75);
  });

  it('Example 95, Moon 3°00′ Cancer (Punarvasu pada 4): Pi 8.6, Sc 7, Li 16, Vi 9, Cn 21, Le 5, Ge 9, Ta 16, Ar 7', () => {
    // PVR ch. 24 Example 95 (pvr_tests.py: "Ans Pi(8.6) Sc, Li, Vi, Cn, Le, Ge, Ta, Ar")
    expectMahas(dm(3, 3, 0), [
      ['pisces', 8.6],
      ['scorpio', 7],
      ['libra', 16],
      ['virgo', 9],
      ['cancer', 21],
      ['leo', 5],
      ['gemini', 9],
      ['taurus', 16],
      ['aries', 7],
    ]);
  });

  it('Exercise 34, Moon 5°50′ Aquarius (Dhanishta pada 4): Ge 2, Ta 16, Ar 7, Sg 10, Cp 4, Aq 4, Pi 10, Ar 7, Ta 16, Ge 9', () => {
    // PVR ch. 24 Exercise 34 answer (pvr_tests.py: "Ans: Ge(2), Ta(16), Ar(7), Sg(10), Cp(4), Aq(4), Pi(10),
    // Ar(7), Ta(16), Ge(9)"): ten mahadashas, continuing from Dhanishta pada 4 into Rohini pada 1.
    expectMahas(dm(10, 5, 50), [
      ['gemini', 2],
      ['taurus', 16],
      ['aries', 7],
      ['sagittarius', 10],
      ['capricorn', 4],
      ['aquarius', 4],
      ['pisces', 10],
      ['aries', 7],
      ['taurus', 16],
      ['gemini', 9],
    ]);
  });

  it('Example 97: antardashas of the Leo mahadasha (Moon 15°50′ Taurus) are Le, Cn, Ge, Ta, Ar, Sg, Cp, Aq, Pi, each 5 x years / 86', () => {
    // PVR ch. 24 Example 97 (pvr_tests.py: exp = [(Le, 5/86*5), (Cn, 21/86*5), ... (Pi, 10/86*5)])
    const tree = kalachakraTree(kalachakraBirth(dm(1, 15, 50), BIRTH));
    const leo = tree.mahadashas()[3]!;
    assert.equal(leo.lord, 'leo');
    const ads = tree.subPeriods(leo);
    const expected: [string, number][] = [
      ['leo', 5],
      ['cancer', 21],
      ['gemini', 9],
      ['taurus', 16],
      ['aries', 7],
      ['sagittarius', 10],
      ['capricorn', 4],
      ['aquarius', 4],
      ['pisces', 10],
    ];
    assert.equal(ads.length, 9);
    ads.forEach((ad, i) => {
      assert.equal(ad.lord, expected[i]![0]);
      close(years(ad.startMs, ad.endMs), (5 * expected[i]![1]) / 86, 1e-9);
      assert.deepEqual(ad.parents, ['leo']);
    });
  });

  it('gatis: Pi->Sc simhavalokana, Vi->Cn manduka, Cn->Le markati, Le->Ge manduka; Ar->Sg simhavalokana (apasavya)', () => {
    // BPHS ch. 46 gatis as PVR ch. 24 names them: simhavalokana Pisces->Scorpio, Sagittarius->Aries (savya)
    // and their mirrors; manduka Virgo->Cancer, Leo->Gemini; markati the Cancer/Leo step between them.
    const savya = kalachakraTree(kalachakraBirth(dm(3, 3, 0), BIRTH)).mahadashas();
    assert.deepEqual(
      savya.map((p) => [p.lord, p.gati]),
      [
        ['pisces', null],
        ['scorpio', 'simhavalokana'],
        ['libra', null],
        ['virgo', null],
        ['cancer', 'manduka'],
        ['leo', 'markati'],
        ['gemini', 'manduka'],
        ['taurus', null],
        ['aries', null],
        ...savya.slice(9).map((p) => [p.lord, p.gati]),
      ],
    );
    const apasavya = kalachakraTree(kalachakraBirth(dm(1, 15, 50), BIRTH)).mahadashas();
    assert.equal(apasavya[8]!.lord, 'sagittarius');
    assert.equal(apasavya[8]!.gati, 'simhavalokana');
  });

  it('the chain holds at least nine mahadashas and reaches 120 years after birth; children tile parents', () => {
    // Convention (docs): nine or more mahadashas, until birth + 120 years is covered.
    for (const moon of [dm(1, 15, 50), dm(3, 3, 0), dm(10, 5, 50), 0.01, 359.99]) {
      const tree = kalachakraTree(kalachakraBirth(moon, BIRTH));
      const mds = tree.mahadashas();
      assert.ok(mds.length >= 9);
      assert.ok(tree.endMs >= BIRTH + 120 * MS_PER_YEAR - 1);
      assert.ok(mds[mds.length - 2]!.endMs < BIRTH + 120 * MS_PER_YEAR || mds.length === 9);
      const lists = chainLevels(tree, 3);
      for (let l = 1; l < 3; l++)
        lists[l - 1]!.forEach((p, i) => {
          const kids = lists[l]!.slice(i * 9, i * 9 + 9);
          assert.equal(kids[0]!.startMs, p.startMs);
          assert.equal(kids[8]!.endMs, p.endMs);
          for (let k = 1; k < 9; k++) assert.equal(kids[k]!.startMs, kids[k - 1]!.endMs);
        });
    }
  });
});

describe('Ashtottari', () => {
  it('years Sun 6, Moon 15, Mars 8, Mercury 17, Saturn 10, Jupiter 19, Rahu 12, Venus 21 (108); groups from Ardra', () => {
    // BPHS ch. 46
    assert.deepEqual(
      ASHTOTTARI_LORDS.map((l) => [l.lord, l.years]),
      [
        ['sun', 6],
        ['moon', 15],
        ['mars', 8],
        ['mercury', 17],
        ['saturn', 10],
        ['jupiter', 19],
        ['rahu', 12],
        ['venus', 21],
      ],
    );
    // Ardra (6th nakshatra, starts 66°40′) opens the Sun's group; Krittika (26°40′) Venus's; Ashwini is Rahu's.
    assert.equal(ashtottariBirth(66.67, BIRTH).lord, 'sun');
    assert.equal(ashtottariBirth(26.67, BIRTH).lord, 'venus');
    assert.equal(ashtottariBirth(0.01, BIRTH).lord, 'rahu');
    assert.equal(ashtottariBirth(dm(8, 14, 0), BIRTH).lord, 'saturn'); // P.Ashadha (253°20′-266°40′)
  });

  it("balance: Moon at 0° Aries is half through Rahu's group (U.Bhadra, Revati, Ashwini, Bharani): 6 of 12 years left", () => {
    // Rule (JHora/PyJHora): elapsed = traversed longitude of the lord's group / the group's span.
    const b = ashtottariBirth(0, BIRTH);
    close(b.balanceYears, 6, 1e-9);
    close(years(b.startMs, BIRTH), 6, 1e-9);
  });

  it('antardashas of Mars: Mars, Mercury, Saturn, Jupiter, Rahu, Venus, Sun, Moon, each 8 x years / 108', () => {
    // PyJHora pvr_tests.py _ashtothari_test_6, option 1 (JHora default): [2, 3, 6, 4, 7, 5, 0, 1]
    const b = ashtottariBirth(dm(6, 0, 0), BIRTH); // 180°: Chitra, Mars's group
    assert.equal(b.lord, 'mars');
    const tree = ashtottariTree(b);
    const mars = tree.mahadashas()[0]!;
    const ads = tree.subPeriods(mars);
    assert.deepEqual(
      ads.map((p) => p.lord),
      ['mars', 'mercury', 'saturn', 'jupiter', 'rahu', 'venus', 'sun', 'moon'],
    );
    const y: Record<string, number> = {
      mars: 8,
      mercury: 17,
      saturn: 10,
      jupiter: 19,
      rahu: 12,
      venus: 21,
      sun: 6,
      moon: 15,
    };
    for (const ad of ads) close(years(ad.startMs, ad.endMs), (8 * y[ad.lord]!) / 108, 1e-9);
  });

  it('current and next-change on the chain: nesting, boundary counted, null after the end', () => {
    const tree = ashtottariTree(ashtottariBirth(123.4, BIRTH));
    const at = BIRTH + 30 * MS_PER_YEAR;
    const path = pathAt(tree, at);
    assert.equal(path.length, 4);
    for (let i = 1; i < 4; i++) assert.deepEqual(path[i]!.parents, [...path[i - 1]!.parents, path[i - 1]!.lord]);
    const nc = nextChangeOf(tree, at)!;
    assert.equal(nc.changesAtMs, path[3]!.endMs);
    assert.equal(nextChangeOf(tree, nc.changesAtMs)!.changesAtMs, nc.changesAtMs); // a boundary equal to `at` counts
    assert.equal(nextChangeOf(tree, tree.endMs + 1), null);
    assert.deepEqual(pathAt(tree, tree.endMs), []);
    assert.equal(chainLevels(tree, 4)[3]!.length, 4096);
  });

  it('applicability: Rahu in a kendra or trikona from the lagna lord, not in the lagna', () => {
    // BPHS ch. 46 rule as PyJHora's applicability_check reads it. Lagna Aries (0), lord Mars in Leo (4).
    assert.equal(ashtottariApplicable(0, 4, 8), true); // Sagittarius: 5th from Leo
    assert.equal(ashtottariApplicable(0, 4, 7), true); // Scorpio: 4th from Leo
    assert.equal(ashtottariApplicable(0, 4, 5), false); // Virgo: 2nd from Leo
    assert.equal(ashtottariApplicable(0, 4, 0), false); // Aries: 9th from Leo, but the lagna itself
  });
});

describe('chain JSON', () => {
  it('writes valid JSON with the level counts (Ashtottari 8/64/512/4096)', () => {
    const planets = [
      { planet: 'moon', longitude: 123.4 },
      { planet: 'ascendant', longitude: 10 },
      { planet: 'sun', longitude: 40 },
    ];
    const j = JSON.parse(
      dashaSystemChainJson(
        {
          system: 'ashtottari',
          chartId: 'c',
          birth: ashtottariBirth(123.4, BIRTH),
          applicable: null,
          contexts: lordContexts(planets),
        },
        4,
        [],
      ).toString(),
    );
    assert.deepEqual(
      [j.mahadashas.length, j.antardashas.length, j.pratyantardashas.length, j.sukshmadashas.length],
      [8, 64, 512, 4096],
    );
    assert.equal(j.applicable, null);
    const k = JSON.parse(
      dashaSystemChainJson(
        {
          system: 'kalachakra',
          chartId: 'c',
          birth: kalachakraBirth(dm(1, 15, 50), BIRTH),
          contexts: lordContexts(planets),
        },
        2,
        [],
      ).toString(),
    );
    assert.equal(k.birth_dasha_sign, 'scorpio'); // PVR Example 95
    assert.equal(k.antardashas.length, 9 * k.mahadashas.length);
    assert.equal(k.mahadashas[0].sign_lord, 'mars');
  });
});
