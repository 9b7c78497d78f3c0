// Yogas of house lords: raja yogas (kendra-trikona lords, yogakaraka, dharma-karmadhipati, neecha
// bhanga, viparita), dhana yogas and the three parivartanas. Parameterised families are one rule each:
// every satisfying binding is one occurrence. Chapters follow R. Santhanam's BPHS translation.
import { SEVEN } from '../chart.ts';
import type { Expr, PlanetRef } from '../vocabulary.ts';
import type { YogaRule } from '../rule.ts';

const KENDRA = [1, 4, 7, 10];
const v = (name: string) => ({ $: name });
const lord = (house: number | { $: string }): PlanetRef => ({ lord: house });
const RAMAN = 'B.V. Raman, Three Hundred Important Combinations';
const ALL_HOUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The two lords are different planets and are associated (conjunction, mutual aspect or exchange). */
const lordsAssociated = (a: PlanetRef, b: PlanetRef): Expr => ({
  all: [{ different: { a, b } }, { associated: { a, b } }],
});

/** Lords a and b exchange signs (a before b, so each pair is one occurrence). */
const lordsExchange = (ordered: boolean): Expr => ({
  all: [
    ...(ordered ? [{ less: { a: v('a'), b: v('b') } }] : []),
    { different: { a: lord(v('a')), b: lord(v('b')) } },
    { exchange: { a: lord(v('a')), b: lord(v('b')) } },
  ],
});

const dusthanaLord = (id: string, name: string, house: number): YogaRule => ({
  id,
  name,
  category: 'raja',
  source: `Phaladeepika ch. 6 (viparita raja yogas: Harsha, Sarala, Vimala); ${RAMAN}, "${name}"`,
  rule: { in_house: { planet: lord(house), houses: [6, 8, 12] } },
  note: `Lord of the ${house}th in the 6th, 8th or 12th; conjunctions with other lords are not required.`,
});

const GOOD_HOUSES = [1, 2, 4, 5, 7, 9, 10, 11];

export const LORDSHIP: YogaRule[] = [
  {
    id: 'kendra_trikona_raja',
    name: 'Raja Yoga (kendra and trikona lords)',
    category: 'raja',
    source: `BPHS ch. 39; ${RAMAN}, "Raja Yogas"`,
    family: { k: KENDRA, t: [1, 5, 9] },
    rule: lordsAssociated(lord(v('k')), lord(v('t'))),
    note: 'Sambandha read as conjunction, mutual aspect or exchange; one occurrence per pair of planets.',
  },
  {
    id: 'yogakaraka',
    name: 'Yogakaraka (one planet lord of a kendra and a trikona)',
    category: 'raja',
    source: 'BPHS ch. 34 (a planet owning a kendra and a trikona gives raja yoga by itself)',
    family: { k: [4, 7, 10], t: [5, 9] },
    // The same planet: "in one sign" with itself, which names it.
    rule: {
      all: [
        { not: { different: { a: lord(v('k')), b: lord(v('t')) } } },
        { conjunct: { planets: [lord(v('k')), lord(v('t'))] } },
      ],
    },
    note: 'The lagna lord (lord of the 1st, both kendra and trikona) is not counted.',
  },
  {
    id: 'dharma_karmadhipati',
    name: 'Dharma-Karmadhipati Yoga',
    category: 'raja',
    source: `BPHS ch. 39 (lords of the 9th and 10th); ${RAMAN}, "Dharma-Karmadhipati Yoga"`,
    rule: lordsAssociated(lord(9), lord(10)),
  },
  {
    id: 'neecha_bhanga_raja',
    name: 'Neecha Bhanga Raja Yoga',
    category: 'raja',
    source: `Phaladeepika ch. 7 (lord of the debilitation sign or the planet exalted there in a kendra from the lagna or the Moon); ${RAMAN}, "Neechabhanga Raja Yoga"`,
    family: { p: SEVEN },
    rule: {
      all: [
        { dignity: { planet: v('p'), is: ['debilitated'] } },
        {
          any: [
            { in_house: { planet: { dispositor: v('p') }, houses: KENDRA } },
            { in_house: { planet: { dispositor: v('p') }, houses: KENDRA, from: 'moon' } },
            { in_house: { planet: { exalted_here: v('p') }, houses: KENDRA } },
            { in_house: { planet: { exalted_here: v('p') }, houses: KENDRA, from: 'moon' } },
          ],
        },
      ],
    },
  },
  {
    id: 'viparita_raja',
    name: 'Viparita Raja Yoga',
    category: 'raja',
    source: `Phaladeepika ch. 6 (lords of the 6th, 8th and 12th in those houses); ${RAMAN}, "Viparita Raja Yoga"`,
    family: { d: [6, 8, 12] },
    rule: { in_house: { planet: lord(v('d')), houses: [6, 8, 12] } },
    note: 'One occurrence per dusthana lord so placed; Harsha, Sarala and Vimala name the three.',
  },
  dusthanaLord('harsha', 'Harsha Yoga', 6),
  dusthanaLord('sarala', 'Sarala Yoga', 8),
  dusthanaLord('vimala', 'Vimala Yoga', 12),
  {
    id: 'dhana',
    name: 'Dhana Yoga',
    category: 'dhana',
    source: 'BPHS ch. 41 (lords of the 1st, 2nd, 5th, 9th and 11th associated)',
    family: { a: [1, 2, 5, 9, 11], b: [1, 2, 5, 9, 11] },
    rule: { all: [{ less: { a: v('a'), b: v('b') } }, lordsAssociated(lord(v('a')), lord(v('b')))] },
    note: 'One occurrence per pair of associated wealth lords (conjunction, mutual aspect or exchange).',
  },
  {
    id: 'maha_parivartana',
    name: 'Maha Parivartana Yoga',
    category: 'parivartana',
    source: 'Phaladeepika ch. 6 (Maha yoga: exchange between lords of the 1st, 2nd, 4th, 5th, 7th, 9th, 10th, 11th)',
    family: { a: GOOD_HOUSES, b: GOOD_HOUSES },
    rule: lordsExchange(true),
  },
  {
    id: 'khala_parivartana',
    name: 'Khala Parivartana Yoga',
    category: 'parivartana',
    source: 'Phaladeepika ch. 6 (Khala yoga: the 3rd lord in exchange with a lord other than of a dusthana)',
    family: { a: [3], b: GOOD_HOUSES },
    rule: lordsExchange(false),
  },
  {
    id: 'dainya_parivartana',
    name: 'Dainya Parivartana Yoga',
    category: 'parivartana',
    source: 'Phaladeepika ch. 6 (Dainya yoga: a lord of the 6th, 8th or 12th in exchange)',
    family: { a: [6, 8, 12], b: ALL_HOUSES },
    rule: lordsExchange(false),
    note: 'An exchange between two dusthana lords is one occurrence.',
  },
];
