// Kaal Sarp dosha against independent references: (a) PyJHora v4.8.5's own test cases for its sign rule
// (src/jhora/tests/pvr_tests.py, sarpa_dosha_tests: seven charts, house-to-planet lists, with the
// expected True/False), (b) the twelve types by Rahu's house as published (sitaaronkiduniya.com
// "The Kaal Sarp Yog" table; PyJHora dosha_msgs_en.json kala_sarpa[1..12]), (c) hand-worked charts of
// the published definitions of direction (vedicscholar.com: "Udit" between Rahu and Ketu, "Anudit"
// between Ketu and Rahu) and of the partial yoga (astro-matches.com: one planet on the other side of
// the axis), (d) a published chart: Jawaharlal Nehru's, read as having Kal-Sarpa Yoga by Dr. Shanker
// Adawal (shankerstudy.com, "The Political factor", 2007). The source is named beside each value.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { computeChart } from '@astro/astro-core';
import {
  hemmedBySigns,
  KAAL_SARP_PLANETS,
  kaalSarp,
  type KaalSarpChart,
  type KaalSarpPlanetName,
} from '../src/domain/doshas/kaal-sarp.ts';

/** PyJHora planet ids: 0 Sun .. 6 Saturn, 7 Rahu, 8 Ketu; 'L' the lagna. */
const PYJHORA_IDS: Record<string, KaalSarpPlanetName | 'rahu' | 'ketu' | 'lagna'> = {
  0: 'sun',
  1: 'moon',
  2: 'mars',
  3: 'mercury',
  4: 'jupiter',
  5: 'venus',
  6: 'saturn',
  7: 'rahu',
  8: 'ketu',
  L: 'lagna',
};

/** A PyJHora house-to-planet list (index 0 Aries .. 11 Pisces, ids joined by '/') as sign indices. */
function signsOf(hToP: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  hToP.forEach((cell, sign) => {
    if (cell) for (const id of cell.split('/')) out[PYJHORA_IDS[id]!] = sign;
  });
  return out;
}

/** A chart from longitudes (degrees) of the lagna, Rahu and the seven planets. */
const chart = (lagna: number, rahu: number, planets: Record<KaalSarpPlanetName, number>): KaalSarpChart => ({
  lagna,
  rahu,
  planets,
});
/** The seven planets at `lons` in KAAL_SARP_PLANETS order (Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn). */
const seven = (lons: number[]) =>
  Object.fromEntries(KAAL_SARP_PLANETS.map((p, i) => [p, lons[i]!])) as Record<KaalSarpPlanetName, number>;

describe('Kaal Sarp: the sign rule against PyJHora v4.8.5 tests/pvr_tests.py sarpa_dosha_tests', () => {
  const CASES: [string[], boolean][] = [
    // [house-to-planet list, expected] exactly as in pvr_tests.py lines 5145-5158
    [['L', '7', '0/1', '5/6', '2', '3', '4', '8', '', '', '', ''], true],
    [['L', '8', '0/1', '5/6', '2', '3', '4', '7', '', '', '', ''], true],
    [['L', '7/0', '1', '5', '2', '3', '4', '6/8', '', '', '', ''], true],
    [['L', '8/0', '1', '5', '2', '3', '4', '6/7', '', '', '', ''], true],
    [['L', '7', '0/1', '5', '2', '3', '4', '8', '6', '', '', ''], false],
    [['L/0', '7', '1', '5/6', '2', '3', '4', '8', '', '', '', ''], false],
    [['L/6', '5', '8', '', '', '', '', '', '7', '0/1', '2/3', '4'], true],
  ];
  CASES.forEach(([hToP, expected], i) =>
    it(`case ${i + 1}: ${hToP.join(',')} -> ${expected}`, () => {
      const s = signsOf(hToP);
      assert.equal(
        hemmedBySigns(
          s.rahu!,
          KAAL_SARP_PLANETS.map((p) => s[p]!),
        ),
        expected,
      );
      // The same through the whole reading (planets mid-sign): hemmed_by_signs is PyJHora's verdict.
      const mid = (sign: number) => sign * 30 + 15;
      const r = kaalSarp(chart(mid(s.lagna!), mid(s.rahu!), seven(KAAL_SARP_PLANETS.map((p) => mid(s[p]!)))));
      assert.equal(r.hemmed_by_signs, expected);
    }),
  );
});

describe('Kaal Sarp: the twelve types by Rahu house (sitaaronkiduniya.com table; PyJHora dosha_msgs_en.json)', () => {
  // Rahu in house n (lagna Aries, so Rahu's sign is n-1) -> the published name
  const TYPES: [number, string][] = [
    [1, 'anant'], // "Anant Kalsarp 1st house 7th house"
    [2, 'kulik'], // "Kulik Kalsarp 2nd house 8th house"
    [3, 'vasuki'], // "Vasuki Kalsarp 3rd house 9th house"
    [4, 'shankhpal'], // "Shankpal Kalsarp 4th house 10th house"
    [5, 'padma'], // "Padam Kalsarp 5th house 11th house"
    [6, 'mahapadma'], // "Mahapadam Kalsarp 6th house 12th house"
    [7, 'takshak'], // "Takshak Kalsarp 7th house 1st house"
    [8, 'karkotak'], // "Karkotak Kalsarp 8th house 2nd house"
    [9, 'shankhachur'], // "Shankachood Kalsarp 9th house 3rd house"
    [10, 'ghatak'], // "Ghatak Kalsarp 10th house 4th house"
    [11, 'vishdhar'], // "Vishdhar Kalsarp 11th house 5th house"
    [12, 'sheshnag'], // "Sheshnag Kalsarp 12th house 6th house"
  ];
  for (const [house, name] of TYPES)
    it(`Rahu in house ${house}: ${name}`, () => {
      const rahu = (house - 1) * 30 + 10;
      // The seven planets 20°..140° ahead of Rahu: all between Rahu and Ketu in zodiacal order.
      const r = kaalSarp(chart(5, rahu, seven([20, 40, 60, 80, 100, 120, 140].map((d) => rahu + d))));
      assert.equal(r.status, 'present');
      assert.equal(r.type, name);
      assert.equal(r.rahu_house, house);
      assert.equal(r.ketu_house, ((house + 5) % 12) + 1); // Ketu is always 7th from Rahu (every source)
    });
});

describe('Kaal Sarp: direction, partial, breaking planets (hand-worked published definitions)', () => {
  const RAHU = 45; // Taurus 15°; Ketu Scorpio 15° (225°)

  it('all seven from Rahu to Ketu in zodiacal order: savya (vedicscholar.com "Udit", planets moving away from Rahu)', () => {
    const r = kaalSarp(chart(0, RAHU, seven([60, 80, 100, 120, 150, 180, 200])));
    assert.equal(r.status, 'present');
    assert.equal(r.direction, 'savya');
    assert.deepEqual(r.breaking_planets, []);
  });

  it('all seven from Ketu to Rahu: apasavya (vedicscholar.com "Anudit", planets moving into Rahu)', () => {
    const r = kaalSarp(chart(0, RAHU, seven([240, 260, 280, 300, 330, 0, 20])));
    assert.equal(r.status, 'present');
    assert.equal(r.direction, 'apasavya');
    assert.equal(r.type, 'kulik'); // Rahu in Taurus, lagna Aries: Rahu in house 2
  });

  it('one planet on the other side: partial, that planet named (astro-matches.com "partial kaal sarp yoga")', () => {
    // Moon at 300° (Aquarius) is between Ketu and Rahu; the other six between Rahu and Ketu.
    const r = kaalSarp(chart(0, RAHU, seven([60, 300, 100, 120, 150, 180, 200])));
    assert.equal(r.status, 'partial');
    assert.deepEqual(r.breaking_planets, ['moon']);
    assert.equal(r.direction, 'savya');
  });

  it('two planets on the other side, outside the node signs: absent (astro-matches.com "not a kaal sarp yog")', () => {
    const r = kaalSarp(chart(0, RAHU, seven([60, 300, 100, 120, 150, 180, 260])));
    assert.equal(r.status, 'absent');
    assert.equal(r.type, null);
    assert.equal(r.direction, null);
    assert.deepEqual(r.breaking_planets, ['moon', 'saturn']);
    assert.equal(r.hemmed_by_signs, false); // PyJHora's rule: Aquarius and Sagittarius are outside Taurus..Scorpio
  });

  it("a planet in Rahu's sign beyond the node breaks by longitude; PyJHora's sign rule still counts it", () => {
    // Sun at Taurus 10° (40°) is before Rahu (Taurus 15°); Saturn at Scorpio 20° (230°) beyond Ketu.
    const r = kaalSarp(chart(0, RAHU, seven([40, 80, 100, 120, 150, 180, 230])));
    // Both node signs count for PyJHora ("rahu_house + 0..6"): hemmed by signs.
    assert.equal(r.hemmed_by_signs, true);
    assert.deepEqual(r.breaking_planets, ['sun', 'saturn']);
    assert.equal(r.status, 'partial');
    assert.equal(r.planets.find((p) => p.planet === 'sun')!.with_node, 'rahu');
    assert.equal(r.planets.find((p) => p.planet === 'saturn')!.with_node, 'ketu');
  });

  it('a planet in Rahu\'s sign on the inner side of the node is hemmed ("all on one side of the axis")', () => {
    // Sun at Taurus 20° (50°), after Rahu at Taurus 15°.
    const r = kaalSarp(chart(0, RAHU, seven([50, 80, 100, 120, 150, 180, 200])));
    assert.equal(r.status, 'present');
    assert.equal(r.planets[0]!.with_node, 'rahu');
    assert.equal(r.planets[0]!.side, 'rahu_to_ketu');
  });

  it('the lagna does not count: outside the arc it changes nothing (PyJHora uses SUN_TO_SATURN only)', () => {
    const r = kaalSarp(chart(300, RAHU, seven([60, 80, 100, 120, 150, 180, 200])));
    assert.equal(r.status, 'present');
    assert.equal(r.lagna_side, 'ketu_to_rahu');
  });
});

describe("Kaal Sarp in a published chart: Jawaharlal Nehru (Dr. Shanker Adawal, shankerstudy.com: 'Kal-Sarpa Yoga')", () => {
  // Birth: 14 November 1889, 11.30 pm, Allahabad, lagna Cancer (B.V. Raman, "Notable Horoscopes", p. 318, as
  // quoted by B.S.H. Indrasena, "Horoscope of Jawaharlal Nehru as seen through different Ayanamshas", 2011),
  // taken as IST (UTC+5:30) as that article does; Allahabad 25°27' N, 81°51' E.
  const c = computeChart({
    utcMs: Date.UTC(1889, 10, 14, 23, 30) - 330 * 60_000,
    latitude: 25 + 27 / 60,
    longitude: 81 + 51 / 60,
    system: 'vedic',
    houseSystem: 'whole_sign',
    ayanamsha: 'lahiri',
  });
  const lon = (p: string) => c.planets.find((x) => x.planet === p)!.longitude;
  const r = kaalSarp(chart(lon('ascendant'), lon('rahu'), seven(KAAL_SARP_PLANETS.map(lon))));

  it('the chart as published: Cancer lagna, Rahu in the 12th, Ketu with Jupiter', () => {
    // Raman: lagna Cancer; blabberwockying.wordpress.com (2016): "Rahu in 12th", "Ketu is associated with Jupiter"
    assert.equal(c.planets.find((x) => x.planet === 'ascendant')!.sign, 'cancer');
    assert.equal(r.rahu_house, 12);
    assert.equal(r.planets.find((p) => p.planet === 'jupiter')!.with_node, 'ketu');
  });

  it('Kal-Sarpa Yoga by the sign rule, type sheshnag (Rahu in the 12th), savya (planets from Rahu onwards)', () => {
    // Adawal: Kal-Sarpa Yoga; all seven lie in Cancer..Sagittarius, the signs from Rahu (Gemini) to Ketu
    assert.equal(r.hemmed_by_signs, true);
    assert.notEqual(r.status, 'absent');
    assert.equal(r.type, 'sheshnag'); // sitaaronkiduniya.com: "Sheshnag Kalsarp 12th house 6th house"
    assert.equal(r.direction, 'savya');
    // Jupiter, in Ketu's sign, is the only planet that can break the hemming by degree (docs/doshas.md: with the
    // platform's mean node it lies just beyond Ketu, so the answer is partial under our convention).
    assert.ok(r.breaking_planets.every((p) => p === 'jupiter'));
  });
});
