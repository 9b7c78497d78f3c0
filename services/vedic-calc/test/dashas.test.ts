// Unit tests of the dasha domain. Expected values are computed by hand in the test from the classical
// rules (BPHS ch. 46 for Vimshottari, the classical antardasha tables, the Yogini ring, the spec's
// Chara rule), never read back from our own code.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { cardSignals } from '../src/domain/dashas/cards.ts';
import { charaDasha, charaYears } from '../src/domain/dashas/chara.ts';
import { dignityOf, lordContexts, ownedHouses, type NatalBody } from '../src/domain/dashas/lord-context.ts';
import { MS_PER_DAY, MS_PER_YEAR, isoUtc } from '../src/domain/dashas/time.ts';
import {
  mahadashas,
  nextChange,
  periodsAt,
  subPeriods,
  vimshottariBirth,
  vimshottariChain,
} from '../src/domain/dashas/vimshottari.ts';
import { startingYoginiIndex, yoginiDasha, YOGINIS } from '../src/domain/dashas/yogini.ts';

const BIRTH = Date.UTC(1990, 4, 15, 5, 0, 0); // 1990-05-15T05:00:00Z
const YEAR = 365.25; // days, the documented convention
const years = (ms: number) => ms / MS_PER_YEAR;

describe('Vimshottari birth balance', () => {
  it('Moon at 23°20′ sidereal Aries: Bharani (13°20′-26°40′), lord Venus, balance 5 years', () => {
    // Hand arithmetic: 23°20′ - 13°20′ = 10° traversed of 13°20′ -> 3/4 elapsed; Venus 20 y x 1/4 = 5 y.
    const b = vimshottariBirth(23 + 20 / 60, BIRTH);
    assert.equal(b.lord, 'venus');
    assert.ok(Math.abs(b.balanceYears - 5) < 1e-9, String(b.balanceYears));
    // birth_dasha_start = birth - 15 years (15 of Venus's 20 years already elapsed)
    assert.ok(Math.abs(BIRTH - b.startMs - 15 * YEAR * MS_PER_DAY) <= 1);
  });

  it('Moon at 0° Cancer (90°): Punarvasu (80°-93°20′), lord Jupiter, balance 4 years', () => {
    // 90 - 80 = 10° of 13°20′ -> 0.75 elapsed; Jupiter 16 y x 0.25 = 4 y.
    const b = vimshottariBirth(90, BIRTH);
    assert.equal(b.lord, 'jupiter');
    assert.ok(Math.abs(b.balanceYears - 4) < 1e-9);
  });

  it('Moon at 5° Aries: Ashwini, Ketu, balance 7 x (1 - 5/13.333) = 4.375 years', () => {
    // 5 / (40/3) = 0.375 elapsed; 7 x 0.625 = 4.375 y (4 y 4 m 15 d in 30-day months).
    const b = vimshottariBirth(5, BIRTH);
    assert.equal(b.lord, 'ketu');
    assert.ok(Math.abs(b.balanceYears - 4.375) < 1e-9);
  });

  it('Moon at 359.9° (Revati, Mercury) and exactly on 0° (Ashwini starts, nothing elapsed)', () => {
    assert.equal(vimshottariBirth(359.9, BIRTH).lord, 'mercury');
    const b = vimshottariBirth(0, BIRTH);
    assert.equal(b.lord, 'ketu');
    assert.equal(b.startMs, BIRTH);
  });
});

describe('Vimshottari chain', () => {
  const birth = vimshottariBirth(23 + 20 / 60, BIRTH);
  const chain = vimshottariChain(birth, 4);

  it('counts 9 / 81 / 729 / 6561 periods over 120 years', () => {
    assert.deepEqual(
      chain.map((l) => l.length),
      [9, 81, 729, 6561],
    );
    assert.ok(Math.abs(years(birth.endMs - birth.startMs) - 120) < 1e-9);
    const depth2 = vimshottariChain(birth, 2);
    assert.deepEqual(
      depth2.map((l) => l.length),
      [9, 81, 0, 0],
    );
  });

  it('mahadasha order and lengths follow the Vimshottari table from the birth lord', () => {
    // Table (spec, BPHS): ketu 7, venus 20, sun 6, moon 10, mars 7, rahu 18, jupiter 16, saturn 19, mercury 17.
    const expected: [string, number][] = [
      ['venus', 20],
      ['sun', 6],
      ['moon', 10],
      ['mars', 7],
      ['rahu', 18],
      ['jupiter', 16],
      ['saturn', 19],
      ['mercury', 17],
      ['ketu', 7],
    ];
    const md = chain[0]!;
    md.forEach((p, i) => {
      assert.equal(p.lord, expected[i]![0]);
      assert.ok(Math.abs(years(p.endMs - p.startMs) - expected[i]![1]) < 1e-9, p.lord);
    });
  });

  it('every level tiles its parent exactly (durations sum to the parent, contiguous bounds)', () => {
    for (let l = 1; l < 4; l++) {
      const parents = chain[l - 1]!;
      const children = chain[l]!;
      parents.forEach((p, i) => {
        const kids = children.slice(i * 9, i * 9 + 9);
        assert.equal(kids[0]!.startMs, p.startMs);
        assert.equal(kids[8]!.endMs, p.endMs);
        for (let k = 1; k < 9; k++) assert.equal(kids[k]!.startMs, kids[k - 1]!.endMs);
        const sum = kids.reduce((s, c) => s + (c.endMs - c.startMs), 0);
        assert.equal(sum, p.endMs - p.startMs);
        for (const c of kids) assert.deepEqual(c.parents, [...p.parents, p.lord]);
        assert.equal(kids[0]!.lord, p.lord, 'sub-periods start with the parent lord');
      });
    }
  });

  it('antardasha lengths match the classical table (360-day-month notation: y-m-d)', () => {
    // Classical antardasha table: Venus/Venus 3-4-0, Venus/Sun 1-0-0, Sun/Sun 0-3-18, Ketu/Ketu 0-4-27,
    // Moon/Moon 0-10-0, Saturn/Saturn 3-0-3 (years(L1) x years(L2) / 120).
    const ad = chain[1]!;
    const find = (a: string, b: string) => ad.find((p) => p.parents[0] === a && p.lord === b)!;
    const ymd = (y: number, m: number, d: number) => y + m / 12 + d / 360;
    const cases: [string, string, number][] = [
      ['venus', 'venus', ymd(3, 4, 0)],
      ['venus', 'sun', ymd(1, 0, 0)],
      ['sun', 'sun', ymd(0, 3, 18)],
      ['ketu', 'ketu', ymd(0, 4, 27)],
      ['moon', 'moon', ymd(0, 10, 0)],
      ['saturn', 'saturn', ymd(3, 0, 3)],
    ];
    for (const [a, b, y] of cases)
      assert.ok(Math.abs(years(find(a, b).endMs - find(a, b).startMs) - y) < 1e-6, `${a}/${b}`);
  });

  it('sub-period of sub-period: Venus/Venus/Venus = 20 x 20 x 20 / 120² years', () => {
    const vv = subPeriods(mahadashas(birth)[0]!)[0]!;
    const vvv = subPeriods(vv)[0]!;
    assert.ok(Math.abs(years(vvv.endMs - vvv.startMs) - 8000 / 14400) < 1e-6);
  });

  it('current periods: at birth the birth lord rules; outside the chain there is none', () => {
    const path = periodsAt(birth, BIRTH);
    assert.equal(path.length, 4);
    assert.equal(path[0]!.lord, 'venus');
    for (const p of path) assert.ok(p.startMs <= BIRTH && BIRTH < p.endMs);
    assert.deepEqual(periodsAt(birth, birth.startMs - 1), []);
    assert.deepEqual(periodsAt(birth, birth.endMs), []);
    // A printed boundary (ms) maps back to the period it starts.
    const sd = chain[3]![100]!;
    assert.equal(periodsAt(birth, Date.parse(isoUtc(sd.startMs)))[3]!.startMs, sd.startMs);
  });

  it('next change: the first boundary at or after `at` with the highest changing level', () => {
    const md2 = chain[0]![1]!; // Sun mahadasha
    const nc = nextChange(birth, md2.startMs - 1000)!;
    assert.equal(nc.changesAtMs, md2.startMs);
    assert.equal(nc.changedLevel, 'maha');
    assert.equal(nc.next!.lord, 'sun');
    assert.deepEqual(nc.next!.parents, ['sun', 'sun', 'sun']);
    assert.equal(nc.current!.endMs, md2.startMs);
    const exact = nextChange(birth, md2.startMs)!;
    assert.equal(exact.changesAtMs, md2.startMs, 'a boundary equal to at counts');
    const ad2 = chain[1]![1]!; // Venus/Sun
    assert.equal(nextChange(birth, ad2.startMs - 5)!.changedLevel, 'antar');
    const pd2 = chain[2]![1]!;
    assert.equal(nextChange(birth, pd2.startMs - 5)!.changedLevel, 'pratyantar');
    const sd2 = chain[3]![1]!;
    assert.equal(nextChange(birth, sd2.startMs - 5)!.changedLevel, 'sukshma');
    const before = nextChange(birth, birth.startMs - 1e9)!;
    assert.equal(before.changesAtMs, birth.startMs);
    assert.equal(before.current, null);
    const end = nextChange(birth, birth.endMs - 1)!;
    assert.equal(end.changesAtMs, birth.endMs);
    assert.equal(end.next, null);
    assert.equal(nextChange(birth, birth.endMs + 1), null);
  });

  it('builds depth 4 quickly (in-process timing printed, not asserted)', () => {
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) vimshottariChain(birth, 4);
    console.log(`# vimshottariChain depth 4: ${((performance.now() - t0) / 20).toFixed(2)} ms per chain`);
  });
});

describe('lord context', () => {
  it('dignities from the classical tables and the five-fold relationship (BPHS ch. 3)', () => {
    // Rasi signs (0 = Aries) for the temporary relationship: Sun Virgo, Moon Aries, Mars Aries,
    // Mercury Cancer, Jupiter Gemini, Venus Aries, Saturn Sagittarius.
    const R = { sun: 5, moon: 0, mars: 0, mercury: 3, jupiter: 2, venus: 0, saturn: 8 };
    assert.equal(dignityOf('sun', 10, R), 'exalted'); // Aries
    assert.equal(dignityOf('sun', 190, R), 'debilitated'); // Libra
    assert.equal(dignityOf('sun', 125, R), 'moolatrikona'); // Leo 5°
    assert.equal(dignityOf('sun', 145, R), 'own_sign'); // Leo 25°
    assert.equal(dignityOf('moon', 31, R), 'exalted'); // Taurus 1°
    assert.equal(dignityOf('moon', 40, R), 'moolatrikona'); // Taurus 10°
    assert.equal(dignityOf('moon', 100, R), 'own_sign'); // Cancer
    assert.equal(dignityOf('mercury', 150 + 17, R), 'moolatrikona'); // Virgo 17°
    assert.equal(dignityOf('mercury', 150 + 25, R), 'own_sign'); // Virgo 25°
    assert.equal(dignityOf('mercury', 150 + 5, R), 'exalted'); // Virgo 5°
    assert.equal(dignityOf('saturn', 15, R), 'debilitated'); // Aries
    assert.equal(dignityOf('jupiter', 70, R), 'neutral'); // Gemini: Mercury natural enemy, 2nd from Jupiter (temporary friend)
    assert.equal(dignityOf('jupiter', 130, { ...R, jupiter: 4 }), 'great_friend'); // Leo: Sun natural friend, 2nd from Jupiter
    assert.equal(dignityOf('saturn', 250, { ...R, jupiter: 11 }), 'friend'); // Sagittarius: Jupiter neutral, 4th from Saturn
    assert.equal(dignityOf('saturn', 250, { ...R, jupiter: 2 }), 'enemy'); // Jupiter neutral, 7th from Saturn
    assert.equal(dignityOf('rahu', 10, R), null);
  });

  it('owned houses (whole sign) and yogakaraka: Mars for Cancer lagna owns 5 and 10', () => {
    assert.deepEqual(ownedHouses('mars', 3), [5, 10]); // Cancer lagna: Scorpio 5th, Aries 10th
    assert.deepEqual(ownedHouses('saturn', 0), [10, 11]); // Aries lagna
    assert.deepEqual(ownedHouses('rahu', 0), []);
    const planets: NatalBody[] = [
      { planet: 'ascendant', longitude: 95 }, // Cancer
      { planet: 'mars', longitude: 275 }, // Capricorn: exalted, 7th house
      { planet: 'rahu', longitude: 200, is_retrograde: true },
    ];
    const ctx = lordContexts(planets);
    const mars = ctx.get('mars')!;
    assert.equal(mars.lord_house, 7);
    assert.equal(mars.dignity, 'exalted');
    assert.equal(mars.lord_strength, 1);
    assert.equal(mars.sign, 'capricorn');
    assert.equal(mars.nakshatra, 'uttara_ashadha'); // 275° in 266°40'-280°
    const rahu = ctx.get('rahu')!;
    assert.equal(rahu.lord_strength, null);
    assert.equal(rahu.dignity, null);
    assert.deepEqual(rahu.owned_houses, []);
    const signals = cardSignals({ level: 2, lord: 'mars', parents: ['mars'], startMs: 0, endMs: 1 }, mars);
    assert.deepEqual(signals, ['lord_exalted', 'lord_in_kendra', 'lord_is_yogakaraka', 'own_antardasha']);
  });
});

describe('Yogini dasha', () => {
  it('the fixed ring: names, lords and years 1..8 totalling 36', () => {
    assert.deepEqual(
      YOGINIS.map((y) => `${y.name}:${y.lord}:${y.years}`),
      [
        'mangala:moon:1',
        'pingala:sun:2',
        'dhanya:jupiter:3',
        'bhramari:mars:4',
        'bhadrika:mercury:5',
        'ulka:saturn:6',
        'siddha:venus:7',
        'sankata:rahu:8',
      ],
    );
  });

  it('starting yogini = (nakshatra_index + 3) mod 8', () => {
    // Classical: nakshatra number (Ashwini 1) + 3, remainder by 8. Ashwini 1+3=4 -> Bhramari;
    // Revati 27+3=30, 30 mod 8 = 6 -> Ulka; Punarvasu 7+3=10 -> 2 Pingala; Rohini 4+3=7 -> Siddha.
    assert.equal(startingYoginiIndex(0), 3);
    assert.equal(YOGINIS[startingYoginiIndex(0)]!.name, 'bhramari');
    assert.equal(YOGINIS[startingYoginiIndex(26)]!.name, 'ulka');
    assert.equal(YOGINIS[startingYoginiIndex(6)]!.name, 'pingala');
    assert.equal(YOGINIS[startingYoginiIndex(3)]!.name, 'siddha');
  });

  it('72 years = two rings from the birth yogini; first starts before birth by the elapsed part', () => {
    // Moon 5° Ashwini: 0.375 elapsed of Bhramari's 4 years -> first period starts 1.5 y before birth.
    const y = yoginiDasha(5, BIRTH, 72);
    assert.equal(y.birthNakshatra, 'ashwini');
    assert.equal(y.startingIndex, 3);
    assert.equal(y.periods.length, 16);
    assert.deepEqual(
      y.periods.slice(0, 9).map((p) => p.yogini_name),
      ['bhramari', 'bhadrika', 'ulka', 'siddha', 'sankata', 'mangala', 'pingala', 'dhanya', 'bhramari'],
    );
    assert.equal(
      y.periods.reduce((s, p) => s + p.years, 0),
      72,
    );
    assert.ok(Math.abs(years(BIRTH - y.periods[0]!.startMs) - 1.5) < 1e-9);
    for (let i = 1; i < y.periods.length; i++) assert.equal(y.periods[i]!.startMs, y.periods[i - 1]!.endMs);
  });
});

describe('Chara dasha', () => {
  // Hand example: lagna Aries. Positions (sidereal): Sun Leo, Moon Cancer, Mars Aries, Mercury Leo,
  // Jupiter Pisces, Venus Gemini, Saturn Capricorn.
  const planets: NatalBody[] = [
    { planet: 'ascendant', longitude: 5 },
    { planet: 'sun', longitude: 130 },
    { planet: 'moon', longitude: 100 },
    { planet: 'mars', longitude: 10 },
    { planet: 'mercury', longitude: 135 },
    { planet: 'jupiter', longitude: 340 },
    { planet: 'venus', longitude: 70 },
    { planet: 'saturn', longitude: 280 },
  ];
  // Counting forward from each sign to its lord's sign (next sign = 1; own sign = 12):
  // Aries (Mars in Aries) 12; Taurus (Venus in Gemini) 1; Gemini (Mercury in Leo) 2; Cancer (Moon in
  // Cancer) 12; Leo (Sun in Leo) 12; Virgo (Mercury in Leo) 11; Libra (Venus in Gemini) 8; Scorpio (Mars
  // in Aries) 5; Sagittarius (Jupiter in Pisces) 3; Capricorn (Saturn in Capricorn) 12; Aquarius (Saturn
  // in Capricorn) 11; Pisces (Jupiter in Pisces) 12. Sum = 101.
  const HAND = [12, 1, 2, 12, 12, 11, 8, 5, 3, 12, 11, 12];

  it('sign lengths by the distance to the lord, 12 in own sign', () => {
    const idx = new Map(planets.map((p) => [p.planet, Math.floor(p.longitude / 30)]));
    assert.deepEqual(charaYears(idx), HAND);
  });

  it('periods from the lagna in zodiacal order starting at birth', () => {
    const c = charaDasha(planets, BIRTH, 78)!;
    assert.equal(c.startingSign, 'aries');
    // 12+1+2+12+12+11+8+5+3+12 = 78: ten periods cover 78 years exactly.
    assert.deepEqual(
      c.periods.map((p) => p.years),
      HAND.slice(0, 10),
    );
    assert.equal(c.periods[0]!.startMs, BIRTH);
    assert.equal(c.periods[0]!.sign_lord, 'mars');
    assert.equal(c.periods[9]!.sign, 'capricorn');
    assert.ok(Math.abs(years(c.periods[9]!.endMs - BIRTH) - 78) < 1e-9);
  });

  it('second cycle: 12 minus the first-cycle years (signs with 12 get none)', () => {
    const c = charaDasha(planets, BIRTH, 120)!;
    // first cycle 101 y; then Taurus 11, Gemini 10 -> 122 >= 120
    assert.deepEqual(
      c.periods.slice(12).map((p) => `${p.sign}:${p.years}`),
      ['taurus:11', 'gemini:10'],
    );
  });

  it('no ascendant -> null', () => {
    assert.equal(
      charaDasha(
        planets.filter((p) => p.planet !== 'ascendant'),
        BIRTH,
        78,
      ),
      null,
    );
  });
});
