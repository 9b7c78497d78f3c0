// The "many other yogas" of BPHS ch. 36 and B.V. Raman's Three Hundred Important Combinations, as data.
// "Strong" is read as a sign of exaltation, moolatrikona, own or friendly sign (astro-core's compound
// relationship): the texts ask for a strong lord without a number, and this is the reading chosen.
import type { Expr, PlanetRef } from '../vocabulary.ts';
import type { YogaRule } from '../rule.ts';

const KENDRA = [1, 4, 7, 10];
const RAMAN = 'B.V. Raman, Three Hundred Important Combinations';
const lord = (house: number): PlanetRef => ({ lord: house });
const strong = (planet: PlanetRef): Expr => ({
  dignity: { planet, is: ['exalted', 'moolatrikona', 'own_sign', 'friend'] },
});
const inKendraFrom = (planet: PlanetRef, from: PlanetRef): Expr => ({ in_house: { planet, houses: KENDRA, from } });
const other = (id: string, name: string, source: string, rule: Expr, note?: string): YogaRule => ({
  id,
  name,
  category: 'other',
  source,
  rule,
  ...(note ? { note } : {}),
});
const BENEFIC_PAIRS = [
  ['mercury', 'jupiter'],
  ['mercury', 'venus'],
  ['jupiter', 'venus'],
] as const;
/** Non-benefics: a house "unoccupied or occupied by benefics" holds none of these. */
const NOT_BENEFIC = ['sun', 'moon', 'mars', 'saturn', 'rahu', 'ketu'] as const;

export const OTHER: YogaRule[] = [
  other('shubha', 'Shubha Yoga', 'BPHS ch. 36 (benefics in the lagna, or in both the 12th and the 2nd)', {
    any: [
      { occupied: { houses: [1], group: 'benefics' } },
      { occupied: { houses: [2, 12], group: 'benefics', at_least: 'each' } },
    ],
  }),
  other(
    'ashubha',
    'Ashubha Yoga',
    'BPHS ch. 36 (malefics in the lagna, or in both the 12th and the 2nd)',
    {
      any: [
        { occupied: { houses: [1], group: 'malefics_with_nodes' } },
        { occupied: { houses: [2, 12], group: 'malefics_with_nodes', at_least: 'each' } },
      ],
    },
    'Here the nodes count as malefics (as in PyJHora).',
  ),
  other(
    'amala',
    'Amala Yoga',
    `BPHS ch. 36; ${RAMAN}, "Amala Yoga"`,
    {
      any: [
        { occupied: { houses: [10], group: 'benefics' } },
        { occupied: { houses: [10], from: 'moon', group: 'benefics' } },
      ],
    },
    'A natural benefic in the 10th from the lagna or from the Moon.',
  ),
  other(
    'parvata',
    'Parvata Yoga',
    `BPHS ch. 36; ${RAMAN}, "Parvata Yoga"`,
    {
      any: [
        {
          all: [{ occupied: { houses: KENDRA, group: 'benefics' } }, { empty: { houses: [6, 8], group: NOT_BENEFIC } }],
        },
        inKendraFrom(lord(1), lord(12)),
      ],
    },
    'Benefics in kendras with the 6th and 8th empty or held by benefics; or the lords of the 1st and 12th in mutual kendras.',
  ),
  other('kahala', 'Kahala Yoga', `BPHS ch. 36; ${RAMAN}, "Kahala Yoga"`, {
    all: [inKendraFrom(lord(4), lord(9)), strong(lord(1))],
  }),
  other(
    'chamara',
    'Chamara Yoga',
    `BPHS ch. 36; ${RAMAN}, "Chamara Yoga"`,
    {
      any: [
        {
          all: [
            { dignity: { planet: lord(1), is: ['exalted'] } },
            { in_house: { planet: lord(1), houses: KENDRA } },
            { aspects: { from: 'jupiter', to: lord(1) } },
          ],
        },
        ...BENEFIC_PAIRS.map(([a, b]): Expr => ({
          all: [{ conjunct: { planets: [a, b] } }, { in_house: { planet: a, houses: [1, 7, 9, 10] } }],
        })),
      ],
    },
    'The lagna lord exalted in a kendra and aspected by Jupiter; or two benefics together in the 1st, 7th, 9th or 10th.',
  ),
  other('sankha', 'Sankha Yoga', `BPHS ch. 36; ${RAMAN}, "Sankha Yoga"`, {
    all: [inKendraFrom(lord(5), lord(6)), strong(lord(1))],
  }),
  other(
    'bheri',
    'Bheri Yoga',
    `${RAMAN}, "Bheri Yoga"`,
    {
      all: [inKendraFrom('jupiter', 'venus'), inKendraFrom(lord(1), 'venus'), strong(lord(9))],
    },
    "Raman's form: Venus, Jupiter and the lagna lord in mutual kendras and the 9th lord strong.",
  ),
  other('sreenatha', 'Sreenatha Yoga', `BPHS ch. 36; ${RAMAN}, "Sreenatha Yoga"`, {
    all: [
      { in_house: { planet: lord(7), houses: [10] } },
      { dignity: { planet: lord(7), is: ['exalted'] } },
      { conjunct: { planets: [lord(10), lord(9)] } },
    ],
  }),
  other('lakshmi', 'Lakshmi Yoga', `BPHS ch. 36; ${RAMAN}, "Lakshmi Yoga"`, {
    all: [
      { in_house: { planet: lord(9), houses: [1, 4, 5, 7, 9, 10] } },
      { dignity: { planet: lord(9), is: ['exalted', 'moolatrikona', 'own_sign'] } },
      strong(lord(1)),
    ],
  }),
  other(
    'saraswati',
    'Saraswati Yoga',
    `${RAMAN}, "Saraswathi Yoga"; Phaladeepika ch. 6`,
    {
      all: [
        { confined: { group: ['mercury', 'jupiter', 'venus'], houses: [1, 2, 4, 5, 7, 9, 10] } },
        strong('jupiter'),
      ],
    },
    'Mercury, Jupiter and Venus in kendras, trikonas or the 2nd, Jupiter in exaltation, own or a friendly sign.',
  ),
  other(
    'kalanidhi',
    'Kalanidhi Yoga',
    `BPHS ch. 36; ${RAMAN}, "Kalanidhi Yoga"`,
    {
      all: [
        { in_house: { planet: 'jupiter', houses: [2, 5] } },
        {
          any: [
            { conjunct: { planets: ['jupiter', 'mercury', 'venus'] } },
            {
              all: [{ aspects: { from: 'mercury', to: 'jupiter' } }, { aspects: { from: 'venus', to: 'jupiter' } }],
            },
          ],
        },
      ],
    },
    'Jupiter in the 2nd or 5th joined by, or aspected by, both Mercury and Venus.',
  ),
  other('vasumathi', 'Vasumathi Yoga', `${RAMAN}, "Vasumathi Yoga"`, {
    any: [
      { confined: { group: 'benefics', houses: [3, 6, 10, 11] } },
      { confined: { group: 'benefics', houses: [3, 6, 10, 11], from: 'moon' } },
    ],
  }),
  other('chatussagara', 'Chatussagara Yoga', `${RAMAN}, "Chatussagara Yoga"`, {
    occupied: { houses: KENDRA, group: 'seven', at_least: 'each' },
  }),
  other('rajalakshana', 'Rajalakshana Yoga', `${RAMAN}, "Rajalakshana Yoga"`, {
    confined: { group: ['jupiter', 'venus', 'mercury', 'moon'], houses: KENDRA },
  }),
  other(
    'lagnadhi',
    'Lagnadhi Yoga',
    `${RAMAN}, "Lagnadhi Yoga"`,
    {
      all: [
        { occupied: { houses: [6, 7, 8], group: 'benefics' } },
        { empty: { houses: [6, 7, 8], group: ['sun', 'mars', 'saturn', 'rahu', 'ketu'] } },
      ],
    },
    'Benefics in the 7th and 8th (and 6th) from the lagna, not joined or aspected by malefics; aspects are not tested.',
  ),
  other('brahma', 'Brahma Yoga', `BPHS ch. 36; ${RAMAN}, "Brahma Yoga"`, {
    all: [
      inKendraFrom('jupiter', lord(9)),
      inKendraFrom('venus', lord(11)),
      { any: [inKendraFrom('mercury', lord(1)), inKendraFrom('mercury', lord(10))] },
    ],
  }),
  other('hari', 'Hari Yoga', 'BPHS ch. 36 (benefics in the 2nd, 12th and 8th from the lord of the 2nd)', {
    occupied: { houses: [2, 8, 12], from: lord(2), group: 'benefics', at_least: 'each' },
  }),
  other('hara', 'Hara Yoga', 'BPHS ch. 36 (benefics in the 4th, 9th and 8th from the lord of the 7th)', {
    occupied: { houses: [4, 8, 9], from: lord(7), group: 'benefics', at_least: 'each' },
  }),
  other('khadga', 'Khadga Yoga', `BPHS ch. 36; ${RAMAN}, "Khadga Yoga"`, {
    all: [{ exchange: { a: lord(2), b: lord(9) } }, { in_house: { planet: lord(1), houses: [1, 4, 5, 7, 9, 10] } }],
  }),
];
