// House aspects, livelihood (karmajiva), varna profile and career profile: chart readings built on
// ChartFacts without strength inputs. Pure.
import { rulerOf, SIGN_INFO, SIGNS, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import { charaKarakas } from '../jaimini/karakas.ts';
import { vargaSign } from '../vargas/charts.ts';
import {
  dignity,
  drishtiFraction,
  GRAHAS,
  mod12,
  occupantsOfSign,
  rashiAspects,
  round,
  signOfHouse,
  type ChartFacts,
  type Dignity,
  type Graha,
} from './facts.ts';

export const HOUSE_ASPECTS_METHOD_VERSION = 'house-aspects-v1';
export const LIVELIHOOD_METHOD_VERSION = 'livelihood-brihat-jataka-v1';
export const VARNA_METHOD_VERSION = 'varna-profile-v1';
export const CAREER_METHOD_VERSION = 'career-profile-v1';

/** Graha drishti (graded, BPHS ch. 26) and Jaimini rashi drishti falling on each whole-sign house. */
export function houseAspects(f: ChartFacts) {
  return Array.from({ length: 12 }, (_, i) => {
    const h = i + 1;
    const s = signOfHouse(f, h);
    const graha_drishti = GRAHAS.flatMap((p) => {
      const b = f.bodies[p];
      if (b.signIndex === s) return [];
      const distance = mod12(s - b.signIndex) + 1;
      const fraction = drishtiFraction(p, distance);
      return fraction > 0
        ? [{ planet: p, from_house: b.house, distance, fraction, virupa: 60 * fraction, full: fraction === 1 }]
        : [];
    });
    const rashi_drishti = GRAHAS.filter((p) => rashiAspects(f.bodies[p].signIndex, s)).map((p) => ({
      planet: p,
      from_sign: f.bodies[p].sign,
      from_house: f.bodies[p].house,
    }));
    return { house_number: h, sign: SIGNS[s]!, occupants: occupantsOfSign(f, s), graha_drishti, rashi_drishti };
  });
}

// ---------------------------------------------------------------- livelihood

/** Sources of earnings by planet, Brihat Jataka ch. 10 v. 2-3 (Varahamihira, tr. B. Suryanarain Rao). */
export const LIVELIHOOD_MEANS: Readonly<Record<ClassicalPlanet, string[]>> = {
  sun: ['father', 'perfumes and medicines', 'gold', 'wool', 'government service'],
  moon: ['mother', 'agriculture', 'water products', 'women', 'travel'],
  mars: ['brothers', 'land and minerals', 'fire and metals', 'weapons', 'courageous work'],
  mercury: ['friends', 'writing and accounts', 'poetry and arts', 'crafts', 'trade'],
  jupiter: ['teachers and priests', 'religious work', 'law and counsel', 'teaching'],
  venus: ['wife', 'cattle and vehicles', 'gems and silver', 'luxuries and arts'],
  saturn: ['hard labour', 'servants', 'low-paid or menial work', 'land-based toil', 'carrying loads'],
};

const DIGNITY_RANK: Record<Dignity, number> = {
  exaltation: 8,
  mooltrikona: 7,
  own: 6,
  great_friend: 5,
  friend: 4,
  neutral: 3,
  enemy: 2,
  great_enemy: 1,
  debilitation: 0,
};

/**
 * Brihat Jataka ch. 10 v. 1: of the lagna, the Moon and the Sun, take the strongest; the lord of the
 * navamsa occupied by the lord of the 10th from it gives the means of livelihood. "Strongest" here:
 * the best dignity of the reference's ruler (the lagna lord for the lagna, the luminary itself for the
 * Moon and the Sun); ties keep the order lagna, Moon, Sun.
 */
export function livelihood(f: ChartFacts) {
  const refs: { reference: 'lagna' | 'moon' | 'sun'; sign: number; ruler: ClassicalPlanet }[] = [
    { reference: 'lagna', sign: f.ascSignIndex, ruler: rulerOf(SIGNS[f.ascSignIndex]!) },
    { reference: 'moon', sign: f.bodies.moon.signIndex, ruler: 'moon' },
    { reference: 'sun', sign: f.bodies.sun.signIndex, ruler: 'sun' },
  ];
  const rows = refs.map((r) => {
    const tenth = mod12(r.sign + 9);
    const tenthLord = rulerOf(SIGNS[tenth]!);
    const navamsa = f.bodies[tenthLord].navamsaSign;
    const planet = rulerOf(navamsa);
    return {
      reference: r.reference,
      reference_sign: SIGNS[r.sign]!,
      reference_dignity: dignity(f, r.ruler),
      tenth_sign: SIGNS[tenth]!,
      tenth_lord: tenthLord,
      tenth_lord_navamsa_sign: navamsa,
      livelihood_planet: planet,
      means: LIVELIHOOD_MEANS[planet],
    };
  });
  const rank = (d: Dignity | null) => (d === null ? -1 : DIGNITY_RANK[d]);
  const primary = rows.reduce(
    (best, r) => (rank(r.reference_dignity) > rank(best.reference_dignity) ? r : best),
    rows[0]!,
  );
  return {
    primary_reference: primary.reference,
    livelihood_planet: primary.livelihood_planet,
    means: primary.means,
    by_reference: rows,
  };
}

// ---------------------------------------------------------------- varna

export type Varna = 'brahmin' | 'kshatriya' | 'vaishya' | 'shudra';
export const VARNAS: readonly Varna[] = ['brahmin', 'kshatriya', 'vaishya', 'shudra'];

/** Varna of a sign by element (Brihat Jataka ch. 1 v. 11 commentary; BPHS ch. 4): water brahmin, fire kshatriya, earth vaishya, air shudra. */
export function signVarna(sign: Sign): Varna {
  return ({ water: 'brahmin', fire: 'kshatriya', earth: 'vaishya', air: 'shudra' } as const)[SIGN_INFO[sign].element];
}
/** Varna of a planet (Brihat Jataka ch. 2 v. 7): Jupiter, Venus brahmin; Sun, Mars kshatriya; Moon vaishya; Mercury shudra; Saturn outcaste (counted shudra). */
export const PLANET_VARNA: Readonly<Record<ClassicalPlanet, Varna>> = {
  jupiter: 'brahmin',
  venus: 'brahmin',
  sun: 'kshatriya',
  mars: 'kshatriya',
  moon: 'vaishya',
  mercury: 'shudra',
  saturn: 'shudra',
};

/** Weights of the factors: lagna sign 0.35, Moon sign 0.25, Sun sign 0.15, lagna lord 0.15, atmakaraka 0.10. */
export function varnaProfile(f: ChartFacts, degreeInSign: (p: ClassicalPlanet) => number) {
  const lagnaSign = SIGNS[f.ascSignIndex]!;
  const lagnaLord = rulerOf(lagnaSign);
  const ak = charaKarakas(
    (['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'] as const).map((p) => ({
      planet: p,
      degree_in_sign: degreeInSign(p),
    })),
  )[0]!.planet;
  const factors = [
    { factor: 'lagna_sign', subject: lagnaSign, varna: signVarna(lagnaSign), weight: 0.35 },
    { factor: 'moon_sign', subject: f.bodies.moon.sign, varna: signVarna(f.bodies.moon.sign), weight: 0.25 },
    { factor: 'sun_sign', subject: f.bodies.sun.sign, varna: signVarna(f.bodies.sun.sign), weight: 0.15 },
    { factor: 'lagna_lord', subject: lagnaLord, varna: PLANET_VARNA[lagnaLord], weight: 0.15 },
    { factor: 'atmakaraka', subject: ak, varna: PLANET_VARNA[ak], weight: 0.1 },
  ];
  const scores = Object.fromEntries(
    VARNAS.map((v) => [
      v,
      round(
        factors.filter((x) => x.varna === v).reduce((a, x) => a + x.weight, 0),
        4,
      ),
    ]),
  ) as Record<Varna, number>;
  const dominant = VARNAS.reduce((best, v) => (scores[v] > scores[best] ? v : best), VARNAS[0]!);
  return { dominant_varna: dominant, scores, factors };
}

// ---------------------------------------------------------------- career

/** Career profile: the 10th house (sign, lord, occupants, lord's placement), Jaimini amatyakaraka, the dashamsa (D10) lagna and the Brihat Jataka livelihood planet. */
export function careerProfile(f: ChartFacts, degreeInSign: (p: ClassicalPlanet) => number) {
  const tenth = signOfHouse(f, 10);
  const lord = rulerOf(SIGNS[tenth]!);
  const karakas = charaKarakas(
    (['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'] as const).map((p) => ({
      planet: p,
      degree_in_sign: degreeInSign(p),
    })),
  );
  const live = livelihood(f);
  const amk = karakas[1]!.planet;
  const d10Lagna = vargaSign('D10', f.ascLongitude);
  return {
    tenth_house: {
      sign: SIGNS[tenth]!,
      lord,
      lord_house: f.bodies[lord].house,
      lord_sign: f.bodies[lord].sign,
      lord_dignity: dignity(f, lord),
      occupants: occupantsOfSign(f, tenth),
    },
    amatyakaraka: { planet: amk, sign: f.bodies[amk].sign, house: f.bodies[amk].house, means: LIVELIHOOD_MEANS[amk] },
    dashamsa_lagna: { sign: d10Lagna, lord: rulerOf(d10Lagna) },
    livelihood_planet: live.livelihood_planet,
    livelihood_reference: live.primary_reference,
    indicated_fields: [
      ...new Set([...LIVELIHOOD_MEANS[live.livelihood_planet], ...LIVELIHOOD_MEANS[lord], ...LIVELIHOOD_MEANS[amk]]),
    ],
  };
}

export type { Graha };
