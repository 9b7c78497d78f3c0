// Pancha Mahapurusha, solar (Ravi) and lunar (Chandra) yogas, as data. Chapters follow R. Santhanam's
// BPHS translation; "Raman" is B.V. Raman, Three Hundred Important Combinations, by the yoga's name.
import type { Graha } from '../chart.ts';
import type { Expr } from '../vocabulary.ts';
import type { YogaRule } from '../rule.ts';

const KENDRA = [1, 4, 7, 10];
const RAMAN = 'B.V. Raman, Three Hundred Important Combinations';

const mahapurusha = (id: string, name: string, planet: Graha): YogaRule => ({
  id,
  name,
  category: 'pancha_mahapurusha',
  source: `BPHS ch. 75; Phaladeepika ch. 6; ${RAMAN}, "${name}"`,
  rule: {
    all: [
      { in_house: { planet, houses: KENDRA } },
      { dignity: { planet, is: ['exalted', 'moolatrikona', 'own_sign'] } },
    ],
  },
  strength: {
    source: 'BPHS ch. 75: the yoga is named for a planet in a kendra in its exaltation or own sign',
    grades: [
      { label: 'exalted', when: { dignity: { planet, is: ['exalted'] } } },
      { label: 'moolatrikona', when: { dignity: { planet, is: ['moolatrikona'] } } },
    ],
    otherwise: 'own_sign',
  },
  note: 'Kendra counted from the lagna only (some authors also from the Moon).',
});

const TARA_NOTE =
  'Counts the five tara grahas (Mars to Saturn); the nodes and the luminaries do not form these yogas (PyJHora counts the nodes too).';

const jupiterGrade: YogaRule['strength'] = {
  source: 'BPHS ch. 36 (Jupiter not debilitated, not in an enemy sign)',
  grades: [
    { label: 'strong', when: { dignity: { planet: 'jupiter', is: ['exalted', 'moolatrikona', 'own_sign'] } } },
    { label: 'weak', when: { dignity: { planet: 'jupiter', is: ['debilitated', 'enemy'] } } },
  ],
  otherwise: 'ordinary',
};

const moonHouses = (houses: number[], at_least?: 'each'): Expr => ({
  occupied: { houses, from: 'moon', group: 'tara', ...(at_least ? { at_least } : {}) },
});
const sunHouses = (houses: number[], at_least?: 'each'): Expr => ({
  occupied: { houses, from: 'sun', group: 'tara', ...(at_least ? { at_least } : {}) },
});

export const PLANETARY: YogaRule[] = [
  mahapurusha('ruchaka', 'Ruchaka Yoga', 'mars'),
  mahapurusha('bhadra', 'Bhadra Yoga', 'mercury'),
  mahapurusha('hamsa', 'Hamsa Yoga', 'jupiter'),
  mahapurusha('malavya', 'Malavya Yoga', 'venus'),
  mahapurusha('sasa', 'Sasa Yoga', 'saturn'),
  // Solar yogas: planets on either side of the Sun.
  {
    id: 'vesi',
    name: 'Vesi Yoga',
    category: 'surya',
    source: `BPHS ch. 38; ${RAMAN}, "Vesi Yoga"`,
    rule: sunHouses([2]),
    note: TARA_NOTE,
  },
  {
    id: 'vasi',
    name: 'Vasi (Vosi) Yoga',
    category: 'surya',
    source: `BPHS ch. 38; ${RAMAN}, "Vasi Yoga"`,
    rule: sunHouses([12]),
    note: TARA_NOTE,
  },
  {
    id: 'ubhayachari',
    name: 'Ubhayachari Yoga',
    category: 'surya',
    source: `BPHS ch. 38; ${RAMAN}, "Obhayachari Yoga"`,
    rule: sunHouses([2, 12], 'each'),
    note: TARA_NOTE,
  },
  {
    id: 'budha_aditya',
    name: 'Budha-Aditya (Nipuna) Yoga',
    category: 'surya',
    source: `${RAMAN}, "Budha-Aditya Yoga"`,
    rule: { conjunct: { planets: ['sun', 'mercury'] } },
    note: 'Sun and Mercury in one sign; combustion is not tested (PyJHora reads it the same way).',
  },
  // Lunar yogas: planets on either side of the Moon, and the Moon with Mars or Jupiter.
  {
    id: 'sunapha',
    name: 'Sunapha Yoga',
    category: 'chandra',
    source: `BPHS ch. 37; ${RAMAN}, "Sunapha Yoga"`,
    rule: moonHouses([2]),
    note: `${TARA_NOTE} Reported also when Durudhara forms.`,
  },
  {
    id: 'anapha',
    name: 'Anapha Yoga',
    category: 'chandra',
    source: `BPHS ch. 37; ${RAMAN}, "Anapha Yoga"`,
    rule: moonHouses([12]),
    note: `${TARA_NOTE} Reported also when Durudhara forms.`,
  },
  {
    id: 'durudhara',
    name: 'Durudhara Yoga',
    category: 'chandra',
    source: `BPHS ch. 37; ${RAMAN}, "Dhurdhura Yoga"`,
    rule: moonHouses([2, 12], 'each'),
    note: TARA_NOTE,
  },
  {
    id: 'kemadruma',
    name: 'Kemadruma Yoga',
    category: 'chandra',
    source: `BPHS ch. 37 (no planet on either side of the Moon); ${RAMAN}, "Kemadruma Yoga"; cancellation as PyJHora (yoga.kemadruma_yoga, "BVR-5"): no planet with the Moon nor in a kendra from the lagna`,
    rule: {
      all: [
        { empty: { houses: [1, 2, 12], from: 'moon', group: 'tara' } },
        { empty: { houses: KENDRA, group: ['sun', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'] } },
      ],
    },
    note: `${TARA_NOTE} A Kemadruma cancelled by a tara graha with the Moon, or by any planet but the Moon in a kendra from the lagna (the Sun too, as PyJHora), is reported absent.`,
  },
  {
    id: 'chandra_mangala',
    name: 'Chandra-Mangala Yoga',
    category: 'chandra',
    source: `${RAMAN}, "Chandra Mangala Yoga"`,
    rule: { conjunct: { planets: ['moon', 'mars'] } },
  },
  {
    id: 'adhi',
    name: 'Adhi Yoga',
    category: 'chandra',
    source: `BPHS ch. 37; ${RAMAN}, "Adhi Yoga"`,
    rule: { occupied: { houses: [6, 7, 8], from: 'moon', group: 'benefics' } },
    strength: {
      source:
        'Phaladeepika ch. 6 (benefics in all three of the 6th, 7th and 8th: a king; two: a minister; one: a commander)',
      grades: [
        { label: 'king', when: { occupied: { houses: [6, 7, 8], from: 'moon', group: 'benefics', at_least: 3 } } },
        { label: 'minister', when: { occupied: { houses: [6, 7, 8], from: 'moon', group: 'benefics', at_least: 2 } } },
      ],
      otherwise: 'commander',
    },
    note: 'Benefics are Mercury, Jupiter and Venus; one benefic in the 6th, 7th or 8th from the Moon suffices (PyJHora), the number of houses held grades it.',
  },
  {
    id: 'gaja_kesari',
    name: 'Gaja Kesari Yoga',
    category: 'chandra',
    source: `BPHS ch. 36; ${RAMAN}, "Gajakesari Yoga"`,
    rule: { in_house: { planet: 'jupiter', houses: KENDRA, from: 'moon' } },
    strength: jupiterGrade,
    note: "Jupiter in a kendra from the Moon (Raman's and PyJHora's rule); BPHS's further conditions grade the strength.",
  },
  {
    id: 'sakata',
    name: 'Sakata Yoga (Moon and Jupiter)',
    category: 'chandra',
    source: `${RAMAN}, "Sakata Yoga"`,
    rule: {
      all: [
        { in_house: { planet: 'moon', houses: [6, 8, 12], from: 'jupiter' } },
        { not: { in_house: { planet: 'moon', houses: KENDRA } } },
      ],
    },
    note: 'Cancelled (reported absent) when the Moon is in a kendra from the lagna, as Raman says.',
  },
];
