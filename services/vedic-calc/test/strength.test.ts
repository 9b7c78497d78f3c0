// Unit tests of the strength domain (shadbala, bhava bala, vimshopaka, composite strength, functional
// nature). Expected values come from a published shadbala table (source named beside each value) or
// are worked out by hand from the rule quoted beside them; properties cover ranges and sums.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  ageAvastha,
  chestaState,
  compositeCategory,
  computeShadbala,
  declination,
  drishti,
  functionalNature,
  isYogakaraka,
  NAISARGIKA,
  ramanAhargana,
  SEVEN,
  strengthProfile,
  uchchaBala,
  vimshopaka,
  VIMSHOPAKA_WEIGHTS,
  VARGA_GROUPS,
  type ShadbalaInput,
} from '../src/domain/strength/index.ts';

const DAY = 86_400_000;
const close = (actual: number, expected: number, tol: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual.toFixed(3)} vs ${expected} (tolerance ${tol})`);

// Published chart: born 2025-04-09 20:51 IST, Bengaluru (12.9716 N, 77.5946 E), Lahiri ayanamsha.
// Source: cryptekbits/astrovedic, Lahiri/Lahiri.md (an AstroSage export): "D1 Chart / Planet Positions"
// (sidereal longitudes, speeds, declinations), "Panchang Details" (sunrise 06:06, sunset 18:36,
// Budhawara) and "Shadbala" (components and totals in virupas).
const BIRTH = Date.parse('2025-04-09T20:51:00+05:30');
const SOURCE_CHART: ShadbalaInput = {
  bodies: [
    { planet: 'ascendant', longitude: 209.8423 },
    // The source prints no midheaven; 119.43 is the Lahiri MC of the same moment and place (Swiss
    // Ephemeris), used only by dig bala of the Sun, Mars, Moon and Venus.
    { planet: 'midheaven', longitude: 119.4347 },
    { planet: 'sun', longitude: 355.8057, speed: 0.98 },
    { planet: 'moon', longitude: 138.8496, speed: 12.11 },
    { planet: 'mars', longitude: 92.4202, speed: 0.37 },
    { planet: 'mercury', longitude: 332.8196, speed: 0.19 },
    { planet: 'jupiter', longitude: 53.1691, speed: 0.17 },
    { planet: 'venus', longitude: 330.6416, speed: -0.14 },
    { planet: 'saturn', longitude: 331.2942, speed: 0.12 },
    { planet: 'rahu', longitude: 332.0571, speed: -0.05 },
    { planet: 'ketu', longitude: 152.0571, speed: -0.05 },
  ],
  birthMs: BIRTH,
  sunriseMs: Date.parse('2025-04-09T06:06:00+05:30'),
  sunsetMs: Date.parse('2025-04-09T18:36:00+05:30'),
  nextSunriseMs: Date.parse('2025-04-10T06:05:00+05:30'),
  weekday: 3, // Budhawara
  ahargana: ramanAhargana(Math.floor(Date.parse('2025-04-09T00:00:00Z') / DAY)),
  ayanamsha: 24.2,
  // Declination column of the source's planet table.
  declinations: { sun: 7.83, moon: 7.86, mars: 23.24, mercury: -1.71, jupiter: 22.56, venus: 2.93, saturn: -3.57 },
};

// Source "Shadbala" table, virupas, in the order Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn.
const SOURCE = {
  sthana: [179.02, 167.22, 203.53, 94.06, 196.06, 182.46, 94.99],
  dig: [18.72, 6.4, 50.92, 19.01, 7.78, 49.67, 40.48],
  kala: [107.76, 234.67, 115.49, 244.82, 181.75, 127.22, 90.92],
  chesta: [36.67, 72.32, 38.67, 43.16, 20.67, 50.93, 7.31],
  naisargika: [60.0, 51.43, 17.14, 25.71, 34.29, 42.86, 8.57],
  drik: [5.8, 14.72, -1.88, 8.35, -2.46, 8.62, 8.54],
  total: [407.97, 546.76, 423.87, 435.11, 438.08, 461.76, 250.81],
};

describe('shadbala against the published table of 2025-04-09 20:51 IST Bengaluru', () => {
  const result = computeShadbala(SOURCE_CHART);
  const byIndex = (i: number) => result.entries[i]!;

  it('sthana bala (uchcha + saptavargaja + ojayugma + kendradi + drekkana) per planet, within 0.1 virupa', () => {
    SEVEN.forEach((p, i) => close(byIndex(i).uchcha + byIndex(i).other_sthana, SOURCE.sthana[i]!, 0.1, `${p} sthana`));
  });

  it('dig bala per planet, within 0.1 virupa', () => {
    SEVEN.forEach((p, i) => close(byIndex(i).dig, SOURCE.dig[i]!, 0.1, `${p} dig`));
  });

  it('drik bala per planet (signed quarter drishti), within 0.05 virupa; Mars on Venus and Saturn by arc', () => {
    // Venus and Saturn (Pisces) lie 238-239 degrees ahead of Mars (Cancer): inside Raman's 210-240
    // arc of Mars's 8th-house aspect, though Pisces is the 9th sign from Cancer. The source counts the
    // special aspect by sign and so leaves out the extra 15 virupa (a quarter of it, 3.75, in drik bala)
    // that Raman's arc rule, which his Standard Horoscope below needs, adds as a malefic aspect.
    SEVEN.forEach((p, i) => {
      const marsSpecial = p === 'venus' || p === 'saturn' ? -15 / 4 : 0;
      close(byIndex(i).drik, SOURCE.drik[i]! + marsSpecial, 0.05, `${p} drik`);
    });
  });

  it('naisargika bala per planet, within 0.01 virupa', () => {
    SEVEN.forEach((p, i) => close(byIndex(i).naisargika, SOURCE.naisargika[i]!, 0.01, `${p} naisargika`));
  });

  it("year and month lords of Raman's ahargana agree with the source (Moon 15, Venus 30 in its kala bala)", () => {
    assert.equal(result.lords.abda, 'moon');
    assert.equal(result.lords.masa, 'venus');
    assert.equal(result.lords.vara, 'mercury');
  });

  it("Mercury's kala bala (nathonnatha fixed at 60, no war) equals the source within 0.1 virupa", () => {
    close(byIndex(3).kala, SOURCE.kala[3]!, 0.1, 'mercury kala');
  });

  it('the kala parts other than nathonnatha and yuddha leave one consistent nathonnatha value in the source', () => {
    // The source does not publish nathonnatha. Whatever it used, the day planets (Sun, Jupiter, Venus)
    // share one value n and the night planets (Moon, Mars, Saturn) get 60 - n; so the source's kala
    // minus every other part we count must show exactly that pattern.
    const implied = SEVEN.map((_, i) => {
      const k = byIndex(i).parts.kala;
      return SOURCE.kala[i]! - (k.total - k.nathonnatha - k.yuddha);
    });
    const day = [0, 4, 5].map((i) => implied[i]!);
    const night = [1, 2, 6].map((i) => implied[i]!);
    for (const d of day) close(d, day[0]!, 0.1, 'day-planet nathonnatha');
    for (const n of night) close(n + day[0]!, 60, 0.1, 'night-planet nathonnatha');
    close(implied[3]!, 60, 0.1, 'mercury nathonnatha');
  });

  it('totals match the source within 0.1 rupa once its chesta and nathonnatha conventions are substituted', () => {
    // The spec replaces classical chesta (seeghra kendra) with eight motion states, and our
    // nathonnatha counts from the local apparent noon at the birthplace; the source's values for those
    // two parts (chesta from its table, nathonnatha implied as above) are swapped in, and its total has
    // no graha yuddha (the spec's +-30 for Venus and Saturn, 0.65 degrees apart, is left out). Venus
    // and Saturn also keep the 3.75 virupa of Mars's special aspect (see drik above).
    SEVEN.forEach((p, i) => {
      const e = byIndex(i);
      const k = e.parts.kala;
      const impliedNath = SOURCE.kala[i]! - (k.total - k.nathonnatha - k.yuddha);
      const total = e.total - e.chesta - k.nathonnatha - k.yuddha + SOURCE.chesta[i]! + impliedNath;
      close(total / 60, SOURCE.total[i]! / 60, 0.1, `${p} total rupas`);
    });
  });

  it("counts all six balas (simplified false) and the spec's graha yuddha for Venus and Saturn", () => {
    for (const e of result.entries) assert.equal(e.simplified, false);
    assert.equal(byIndex(5).parts.kala.yuddha + byIndex(6).parts.kala.yuddha, 0);
    assert.equal(Math.abs(byIndex(5).parts.kala.yuddha), 30);
  });
});

// B.V. Raman, "Graha and Bhava Balas", the Standard Horoscope worked through the whole book: born
// 16 October 1918, 2-20 pm apparent time (08:55:56 UT), 13 N, 77 E 35, a Wednesday. Inputs are the
// book's own: Nirayana longitudes (pp. 1-2), the bhava madhyas of the 1st and 10th (298 27, 216 36) and
// its kranti (declination) table (Ex. 32). Transcribed with the book's example numbers in
// sansbug/devashaa, api/test_shadbala.py, and in naturalstupid/PyJHora, src/jhora/tests/pvr_tests.py
// (shadbala_BVRamanBook_tests); where they differ, the value below is the one the book's own arithmetic
// supports (noted where it matters).
const dms = (d: number, m: number, s = 0) => d + m / 60 + s / 3600;
const RAMAN_BIRTH = Date.parse('1918-10-16T08:55:56Z');
const RAMAN_CHART: ShadbalaInput = {
  bodies: [
    { planet: 'ascendant', longitude: dms(298, 27) },
    { planet: 'midheaven', longitude: dms(216, 36) },
    { planet: 'sun', longitude: dms(180, 53, 55) },
    { planet: 'moon', longitude: dms(311, 17, 19) },
    { planet: 'mars', longitude: dms(229, 30, 34) },
    { planet: 'mercury', longitude: dms(181, 31, 34) },
    { planet: 'jupiter', longitude: dms(84, 0, 49) },
    { planet: 'venus', longitude: dms(171, 9, 56) },
    { planet: 'saturn', longitude: dms(124, 22, 41) },
  ],
  birthMs: RAMAN_BIRTH,
  // The book states the apparent time (2-20 pm) but prints no sunrise, so these are inputs, not
  // expectations: sunrise and sunset (upper limb, with refraction) at 13 N 77 E 35 that day from the
  // Swiss Ephemeris, 06:10 and 18:01 IST. Their midpoint, 06:35:24 UT, is within half a minute of the
  // apparent noon the book's 2-20 pm implies; the birth falls in the 3rd third of the day and the 9th
  // hora, as in the book (Ex. 19, 31).
  sunriseMs: Date.parse('1918-10-16T00:40:02Z'),
  sunsetMs: Date.parse('1918-10-16T12:30:45Z'),
  nextSunriseMs: Date.parse('1918-10-17T00:40:10Z'),
  weekday: 3,
  ahargana: ramanAhargana(Math.floor(Date.parse('1918-10-16T00:00:00Z') / DAY)),
  ayanamsha: 21,
  declinations: { sun: -8.75, moon: -10.75, mars: -22.45, mercury: 9.0, jupiter: 23.5, venus: -4.96, saturn: 13.0 },
};

// Book values (virupas), Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn.
const RAMAN = {
  // Ex. 3. Mars: the book prints 37.06, but its own longitude gives (229 30 34 - 118) / 3 = 37.17.
  uchcha: [3.0, 32.75, 37.17, 54.5, 56.33, 1.95, 34.8],
  saptavargaja: [90, 48.75, 90, 135, 71.25, 116.25, 97.5], // Ex. 9
  ojayugma: [30, 15, 15, 30, 15, 30, 15], // Ex. 10
  kendradi: [60, 30, 30, 60, 15, 15, 30], // Ex. 11
  drekkana: [15, 0, 0, 0, 0, 15, 0], // Ex. 12
  // Ex. 14-15. Mercury: printed 21.09; the arc the book states, 63 05, gives 21.03.
  dig: [48.1, 31.56, 55.7, 21.03, 11.5, 15.15, 58.02],
  nathonnatha: [48.32, 11.68, 11.68, 60, 48.32, 48.32, 11.68], // Ex. 16-17
  // Ex. 18: Mercury, with the Sun in Libra, is counted a malefic (60 - 43.46).
  paksha: [16.54, 86.92, 16.54, 16.54, 43.46, 43.46, 16.54],
  tribhaga: [0, 0, 0, 0, 60, 0, 60], // Ex. 19
  abda: [0, 0, 0, 0, 0, 0, 15], // Ex. 24: Saturn lord of the year
  masa: [0, 0, 0, 30, 0, 0, 0], // Ex. 25: Mercury lord of the month
  vara: [0, 0, 0, 45, 0, 0, 0], // Ex. 26: Wednesday
  hora: [0, 60, 0, 0, 0, 0, 0], // Ex. 31: 9th hora, the Moon's
  ayana: [38.12, 43.44, 1.84, 41.25, 59.4, 23.75, 13.75], // Ex. 33 (the Sun's doubled)
  kala: [102.98, 202.04, 30.06, 192.79, 211.18, 115.53, 116.97], // Ex. 35
  // Ex. 46-51, classical chesta from the seeghra kendra; the Sun's and Moon's are not added (blank).
  chesta: [0, 0, 22.23, 2.3, 35.26, 5.95, 21.14],
  naisargika: [60, 51.43, 17.14, 25.7, 34.28, 42.85, 8.57], // Art. 52 (truncated, not rounded)
  drik: [15.86, -21.73, 0.95, 15.64, -16.04, 18.47, 7.21], // Ex. 55
  // Ex. 56. The Sun's printed 424.24 is 0.70 below the sum of its own row (424.94).
  total: [424.24, 389.8, 298.14, 537.02, 433.71, 376.15, 389.21],
};

describe("shadbala against B.V. Raman's Standard Horoscope (Graha and Bhava Balas)", () => {
  const result = computeShadbala(RAMAN_CHART);
  const e = (i: number) => result.entries[i]!;

  it('sthana bala: uchcha within 0.05, saptavargaja, ojayugma, kendradi and drekkana exactly', () => {
    SEVEN.forEach((p, i) => {
      close(e(i).uchcha, RAMAN.uchcha[i]!, 0.05, `${p} uchcha`);
      close(e(i).parts.saptavargaja, RAMAN.saptavargaja[i]!, 1e-9, `${p} saptavargaja`);
      close(e(i).parts.ojayugma, RAMAN.ojayugma[i]!, 1e-9, `${p} ojayugma`);
      close(e(i).parts.kendradi, RAMAN.kendradi[i]!, 1e-9, `${p} kendradi`);
      close(e(i).parts.drekkana, RAMAN.drekkana[i]!, 1e-9, `${p} drekkana`);
    });
  });

  it('dig and drik bala within 0.05 virupa (Mercury with the Sun aspects as a malefic)', () => {
    assert.equal(result.natures.mercuryMalefic, true);
    SEVEN.forEach((p, i) => {
      close(e(i).dig, RAMAN.dig[i]!, 0.05, `${p} dig`);
      close(e(i).drik, RAMAN.drik[i]!, 0.05, `${p} drik`);
    });
  });

  it('kala bala part by part: the lords of year, month, day and hora, and every total within 0.15', () => {
    assert.deepEqual(result.lords, { abda: 'saturn', masa: 'mercury', vara: 'mercury', hora: 'moon' });
    // The book's ahargana of the day is 33405 (Ex. 24, counted from 2 May 1827 as day 1); ours, from
    // 10 July 1951, differs by 126 years of 360 days, so both epochs give the same year and month
    // lords on every day, not only on this one.
    assert.equal((33405 - RAMAN_CHART.ahargana) % 360, 0, 'ahargana congruent mod 360 (and so mod 30)');
    assert.equal((33405 - RAMAN_CHART.ahargana) % 7, 0, 'ahargana congruent mod 7');
    SEVEN.forEach((p, i) => {
      const k = e(i).parts.kala;
      close(k.nathonnatha, RAMAN.nathonnatha[i]!, 0.05, `${p} nathonnatha`);
      close(k.paksha, RAMAN.paksha[i]!, 0.02, `${p} paksha`);
      for (const part of ['tribhaga', 'abda', 'masa', 'vara', 'hora'] as const)
        close(k[part], RAMAN[part][i]!, 1e-9, `${p} ${part}`);
      // The book rounds the kranti before the ayana formula: Mars, Jupiter and Venus move by up to 0.1.
      close(k.ayana, RAMAN.ayana[i]!, 0.11, `${p} ayana`);
      close(k.yuddha, 0, 1e-9, `${p} yuddha (no war in this chart)`);
      close(e(i).kala, RAMAN.kala[i]!, 0.15, `${p} kala`);
    });
  });

  it('naisargika within 0.02 virupa', () => {
    SEVEN.forEach((p, i) => close(e(i).naisargika, RAMAN.naisargika[i]!, 0.02, `${p} naisargika`));
  });

  it("totals within 0.1 rupa once the book's classical chesta replaces the spec's motion-state chesta", () => {
    // The spec's chesta (eight motion states; the Sun's ayana and the Moon's paksha) is not the book's
    // seeghra-kendra chesta, so that one bala is swapped; every other bala is our own.
    SEVEN.forEach((p, i) => {
      const total = e(i).total - e(i).chesta + RAMAN.chesta[i]!;
      close(total / 60, RAMAN.total[i]! / 60, 0.1, `${p} total rupas`);
      // Tighter still: within 0.3 virupa of the sum of the book's own row.
      const bookRow =
        RAMAN.uchcha[i]! +
        RAMAN.saptavargaja[i]! +
        RAMAN.ojayugma[i]! +
        RAMAN.kendradi[i]! +
        RAMAN.drekkana[i]! +
        RAMAN.dig[i]! +
        RAMAN.kala[i]! +
        RAMAN.chesta[i]! +
        RAMAN.naisargika[i]! +
        RAMAN.drik[i]!;
      close(total, bookRow, 0.3, `${p} total virupa against the book's row`);
    });
  });
});

// V.P. Jain's worked shadbala example: born 13 September 1981, 01:30 IST, 28 N 39, 77 E 13 (Delhi),
// a birth after midnight and before sunrise, so the Vedic day is Saturday. Book values as transcribed in
// naturalstupid/PyJHora, src/jhora/tests/pvr_tests.py (shadbala_VPJainBook_tests): positions and every
// kala part. Inputs the book does not print: the midheaven (Lahiri, Swiss Ephemeris; dig bala only),
// speeds (Swiss Ephemeris; chesta only), sunrise and sunset at the place (06:04 and 18:30 IST on the
// 12th, 06:04 on the 13th, Swiss Ephemeris) and the kranti, the declination of each book longitude.
const JAIN_BIRTH = Date.parse('1981-09-13T01:30:00+05:30');
// The book's ayanamsha is not printed; its Sun (146 37 19) against the tropical Sun of that moment
// (169 57, Swiss Ephemeris) implies 23.33, which turns the book's longitudes back into tropical ones.
const JAIN_AYANAMSHA = 23.33;
const JAIN_LON = {
  sun: dms(146, 37, 19),
  moon: dms(309, 50),
  mars: dms(103, 18),
  mercury: dms(170, 53),
  jupiter: dms(170, 45),
  venus: dms(186, 27),
  saturn: dms(166, 43),
};
const JAIN_SPEED = {
  sun: 0.973,
  moon: 13.725,
  mars: 0.626,
  mercury: 1.316,
  jupiter: 0.206,
  venus: 1.17,
  saturn: 0.118,
};
const JAIN_CHART: ShadbalaInput = {
  bodies: [
    { planet: 'ascendant', longitude: dms(86, 43) },
    { planet: 'midheaven', longitude: 346.14 },
    ...SEVEN.map((p) => ({ planet: p, longitude: JAIN_LON[p], speed: JAIN_SPEED[p] })),
    { planet: 'rahu', longitude: dms(97, 17), speed: -0.053 },
    { planet: 'ketu', longitude: dms(277, 17), speed: -0.053 },
  ],
  birthMs: JAIN_BIRTH,
  sunriseMs: Date.parse('1981-09-12T00:34:24Z'),
  sunsetMs: Date.parse('1981-09-12T13:00:05Z'),
  nextSunriseMs: Date.parse('1981-09-13T00:34:53Z'),
  weekday: 6, // Saturday: the birth precedes Sunday's sunrise
  ahargana: ramanAhargana(Math.floor(Date.parse('1981-09-12T00:00:00Z') / DAY)),
  ayanamsha: JAIN_AYANAMSHA,
  declinations: Object.fromEntries(SEVEN.map((p) => [p, declination(JAIN_LON[p] + JAIN_AYANAMSHA, 23.44)])),
};
// Book values (virupas), Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn (PyJHora transcription).
const JAIN = {
  nathonnatha: [6.1, 53.9, 53.9, 60, 6.1, 6.1, 53.9],
  paksha: [5.62, 108.76, 5.62, 54.38, 54.38, 54.38, 5.62],
  tribhaga: [0, 0, 0, 0, 60, 60, 0],
  abda: [0, 0, 15, 0, 0, 0, 0],
  masa: [0, 0, 30, 0, 0, 0, 0],
  vara: [0, 0, 0, 0, 0, 0, 45],
  hora: [0, 0, 0, 60, 0, 0, 0],
  ayana: [70.08, 43.19, 53.56, 37.1, 22.94, 15.41, 35.04],
  // The book's kala totals include the classical war bala of Mercury and Jupiter (0.13 degrees apart):
  // -0.80 and +0.80 (its parts above sum to 211.48 and 143.42).
  kala: [81.8, 205.85, 158.08, 210.68, 144.22, 135.89, 139.56],
  classicalYuddha: [0, 0, 0, -0.8, 0.8, 0, 0],
};

describe("kala bala against V.P. Jain's worked example (a birth between midnight and sunrise)", () => {
  const result = computeShadbala(JAIN_CHART);
  const k = (i: number) => result.entries[i]!.parts.kala;

  it('nathonnatha counts from the midnight just past: 6.1 for the day planets, 53.9 for the night ones', () => {
    SEVEN.forEach((p, i) => close(k(i).nathonnatha, JAIN.nathonnatha[i]!, 0.1, `${p} nathonnatha`));
  });

  it('paksha, tribhaga, abda, masa, vara and hora as in the book', () => {
    assert.deepEqual(result.lords, { abda: 'mars', masa: 'mars', vara: 'saturn', hora: 'mercury' });
    SEVEN.forEach((p, i) => {
      close(k(i).paksha, JAIN.paksha[i]!, 0.05, `${p} paksha`);
      for (const part of ['tribhaga', 'abda', 'masa', 'vara', 'hora'] as const)
        close(k(i)[part], JAIN[part][i]!, 1e-9, `${p} ${part}`);
    });
  });

  it('ayana from the kranti of each longitude, within 0.35 virupa (the book rounds its kranti)', () => {
    SEVEN.forEach((p, i) => close(k(i).ayana, JAIN.ayana[i]!, 0.35, `${p} ayana`));
  });

  it("kala totals within 0.4 virupa; Mercury and Jupiter with the spec's war of +-30 for the book's +-0.80", () => {
    assert.equal(k(3).yuddha + k(4).yuddha, 0);
    assert.equal(Math.abs(k(3).yuddha), 30);
    SEVEN.forEach((p, i) => {
      const expected = JAIN.kala[i]! - JAIN.classicalYuddha[i]! + k(i).yuddha;
      close(result.entries[i]!.kala, expected, 0.4, `${p} kala`);
    });
  });
});

describe('shadbala rules worked by hand', () => {
  it('uchcha bala: 60 at the deep exaltation point, 0 at debilitation (BPHS 27.1)', () => {
    close(uchchaBala('sun', 10), 60, 1e-9, 'sun at 10 Aries');
    close(uchchaBala('sun', 190), 0, 1e-9, 'sun at 10 Libra');
    close(uchchaBala('saturn', 20 + 180 + 90), 30, 1e-9, 'saturn 90 degrees from its debilitation');
  });

  it('drishti: full aspect on the 7th, special aspects of Mars, Jupiter and Saturn (BPHS 26)', () => {
    close(drishti('sun', 0, 180), 60, 1e-9, '7th');
    // Exactly 90, 120 and 60 degrees ahead, in the 4th, 5th and 3rd signs: 45 + 15, 30 + 30, 15 + 45.
    close(drishti('mars', 0, 90), 60, 1e-9, 'mars 4th');
    close(drishti('jupiter', 0, 120), 60, 1e-9, 'jupiter 5th');
    close(drishti('saturn', 0, 60), 60, 1e-9, 'saturn 3rd');
    // Without the special aspect: 45 for the 4th, 30 for the 5th, 15 for the 3rd.
    close(drishti('sun', 0, 90), 45, 1e-9, 'sun 4th');
    close(drishti('venus', 0, 120), 30, 1e-9, 'venus 5th');
    close(drishti('moon', 0, 60), 15, 1e-9, 'moon 3rd');
  });

  it('chesta states follow the spec thresholds', () => {
    assert.equal(chestaState('mars', -0.2), 'vakra');
    assert.equal(chestaState('mars', -0.2, true), 'anuvakra');
    assert.equal(chestaState('mars', 0.524 * 1.6), 'atichara');
    assert.equal(chestaState('mars', 0.524 * 1.05), 'sama');
    assert.equal(chestaState('mars', 0.524 * 1.3), 'chara');
    assert.equal(chestaState('mars', 0.524 * 0.8), 'manda');
    assert.equal(chestaState('mars', 0.524 * 0.3), 'mandatara');
    assert.equal(chestaState('mars', 0.524 * 0.01), 'vikala');
  });

  it('naisargika: Sun 60 down to Saturn 8.57', () => {
    close(NAISARGIKA.sun, 60, 1e-9, 'sun');
    close(NAISARGIKA.saturn, 8.57, 0.01, 'saturn');
  });
});

describe('strength profile properties', () => {
  const profile = strengthProfile(SOURCE_CHART);

  it('composite scores lie in 0..1 and their category matches the score', () => {
    assert.equal(profile.composite.length, 7);
    for (const c of profile.composite) {
      assert.ok(c.score >= 0 && c.score <= 1, `${c.planet} ${c.score}`);
      assert.equal(c.category, compositeCategory(c.score));
      assert.ok(c.components.shadbala_ratio >= 0 && c.components.shadbala_ratio <= 1.5);
    }
  });

  it('sign and house strengths lie in 0..1; houses read the sign on their whole-sign cusp', () => {
    for (const v of Object.values(profile.signs)) assert.ok(v >= 0 && v <= 1);
    assert.equal(Object.keys(profile.houses).length, 12);
    assert.equal(profile.houses['1'], profile.signs.libra);
    assert.equal(profile.houses['7'], profile.signs.aries);
  });

  it('bhava bala: twelve houses, bhava_dig by house class (kendra 60, panaphara 30, apoklima 15)', () => {
    assert.deepEqual(
      profile.bhavaBala.map((b) => b.bhava_dig),
      [60, 30, 15, 60, 30, 15, 60, 30, 15, 60, 30, 15],
    );
    for (const b of profile.bhavaBala) close(b.total, b.bhavadhipati + b.bhava_dig + b.bhava_drishti, 1e-9, 'sum');
    // House 1 is Libra, ruled by Venus: bhavadhipati is Venus's shadbala total.
    assert.equal(profile.bhavaBala[0]!.bhavadhipati, profile.shadbala.entries[5]!.total);
  });

  it('vimshopaka: each group weighs 20 and a planet scores 0..20 with per-varga points summing to the total', () => {
    const lons = new Map(SOURCE_CHART.bodies.map((b) => [b.planet, b.longitude]));
    const rasi = Object.fromEntries(SEVEN.map((p) => [p, Math.floor(lons.get(p)! / 30)])) as never;
    for (const g of VARGA_GROUPS) {
      const weights = Object.values(VIMSHOPAKA_WEIGHTS[g]).reduce((a, b) => a + b, 0);
      close(weights, 20, 1e-9, `${g} weights`);
      for (const p of SEVEN) {
        const v = vimshopaka(p, lons.get(p)!, rasi, g);
        assert.ok(v.points >= 0 && v.points <= 20);
        close(
          Object.values(v.per_varga_points).reduce((a, b) => a + b, 0),
          v.points,
          1e-9,
          `${p} ${g}`,
        );
      }
    }
  });
});

describe('functional nature and avastha', () => {
  it('yogakaraka: Saturn for Libra lagna (4th and 5th), Mars for Cancer lagna (5th and 10th); not Mars for Aries', () => {
    assert.ok(isYogakaraka([4, 5]));
    assert.ok(isYogakaraka([5, 10]));
    assert.ok(!isYogakaraka([1, 8]));
    assert.equal(functionalNature('saturn', [4, 5]), 'benefic');
  });

  it('lords of 3, 6, 11 are malefic; trikona lords benefic; nodes have none', () => {
    assert.equal(functionalNature('mercury', [3, 12]), 'malefic'); // Cancer lagna: Mercury rules 3 and 12
    assert.equal(functionalNature('jupiter', [1, 4]), 'benefic');
    assert.equal(functionalNature('rahu', []), null);
  });

  it('baladi avastha: odd signs bala..mrita, even signs reversed', () => {
    assert.equal(ageAvastha(3), 'bala'); // Aries 3
    assert.equal(ageAvastha(29), 'mrita');
    assert.equal(ageAvastha(30 + 3), 'mrita'); // Taurus 3
    assert.equal(ageAvastha(30 + 15), 'yuva');
  });
});
