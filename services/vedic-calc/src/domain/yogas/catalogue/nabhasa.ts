// The 32 Nabhasa yogas of BPHS ch. 35 (R. Santhanam's translation): 3 Ashraya, 2 Dala, 20 Akriti, 7
// Sankhya. They read the seven planets only (the nodes take no part), houses from the lagna. "All planets
// in these houses" is read as PyJHora v4.8.5 (horoscope/chart/yoga.py) reads each yoga: for the two- and
// three-house shapes (Gada, Sakata, Vihaga, Sringataka, Hala), the six-house Chakra and Samudra and the
// seven-house runs, every named house is occupied; Kamala, Vapi and the four-house runs (Yupa, Ishu,
// Shakti, Danda) ask only that all planets be within the houses; Vajra and Yava ask for a benefic
// (malefic) present in each of their houses.
import type { Expr } from '../vocabulary.ts';
import type { YogaRule } from '../rule.ts';

const SRC = 'BPHS ch. 35';
const RAMAN = 'B.V. Raman, Three Hundred Important Combinations';

/** All seven planets within `houses`, each house occupied. */
const filling = (houses: number[]): Expr => ({
  all: [{ confined: { group: 'seven', houses } }, { occupied: { houses, group: 'seven', at_least: 'each' } }],
});
const oneOf = (...sets: number[][]): Expr => ({ any: sets.map(filling) });
/** All seven planets within `houses` (some may stay empty). */
const within = (houses: number[]): Expr => ({ confined: { group: 'seven', houses } });
/** A member of the group in each of the houses. */
const present = (group: 'benefics' | 'malefics', houses: number[]): Expr => ({
  occupied: { houses, group, at_least: 'each' },
});
/** Seven consecutive houses from `start`. */
const run7 = (start: number): number[] => Array.from({ length: 7 }, (_, i) => ((start - 1 + i) % 12) + 1);

const akriti = (id: string, name: string, rule: Expr, note?: string): YogaRule => ({
  id,
  name,
  category: 'nabhasa',
  source: `${SRC} (Akriti); ${RAMAN}, "${name}"`,
  rule,
  ...(note ? { note } : {}),
});

const sankhya = (id: string, name: string, count: number): YogaRule => ({
  id,
  name,
  category: 'nabhasa',
  source: `${SRC} (Sankhya); ${RAMAN}, "${name}"`,
  rule: { sign_count: { group: 'seven', count } },
  note: 'BPHS applies a Sankhya yoga only when no other Nabhasa yoga forms; here each is reported on its own rule.',
});

export const NABHASA: YogaRule[] = [
  // Ashraya: the seven planets all in movable, fixed or dual signs.
  {
    id: 'rajju',
    name: 'Rajju Yoga',
    category: 'nabhasa',
    source: `${SRC} (Ashraya)`,
    rule: { confined: { group: 'seven', signs: ['aries', 'cancer', 'libra', 'capricorn'] } },
  },
  {
    id: 'musala',
    name: 'Musala Yoga',
    category: 'nabhasa',
    source: `${SRC} (Ashraya)`,
    rule: { confined: { group: 'seven', signs: ['taurus', 'leo', 'scorpio', 'aquarius'] } },
  },
  {
    id: 'nala',
    name: 'Nala Yoga',
    category: 'nabhasa',
    source: `${SRC} (Ashraya)`,
    rule: { confined: { group: 'seven', signs: ['gemini', 'virgo', 'sagittarius', 'pisces'] } },
  },
  // Dala: three kendras held by benefics (Mala) or by malefics (Sarpa).
  {
    id: 'mala',
    name: 'Mala (Srik) Yoga',
    category: 'nabhasa',
    source: `${SRC} (Dala)`,
    rule: { occupied: { houses: [1, 4, 7, 10], group: 'benefics', at_least: 3 } },
  },
  {
    id: 'sarpa',
    name: 'Sarpa Yoga',
    category: 'nabhasa',
    source: `${SRC} (Dala)`,
    rule: { occupied: { houses: [1, 4, 7, 10], group: 'malefics', at_least: 3 } },
    note: 'Malefics are the Sun, Mars and Saturn: Nabhasa yogas leave out the nodes (some programs count them).',
  },
  // Akriti: the shapes.
  akriti('gada', 'Gada Yoga', oneOf([1, 4], [4, 7], [7, 10], [10, 1])),
  akriti('nabhasa_sakata', 'Sakata Yoga (Nabhasa)', filling([1, 7])),
  akriti('vihaga', 'Vihaga Yoga', filling([4, 10])),
  akriti('sringataka', 'Sringataka Yoga', filling([1, 5, 9])),
  akriti('hala', 'Hala Yoga', oneOf([2, 6, 10], [3, 7, 11], [4, 8, 12])),
  akriti('vajra', 'Vajra Yoga', { all: [present('benefics', [1, 7]), present('malefics', [4, 10])] }),
  akriti('yava', 'Yava Yoga', { all: [present('malefics', [1, 7]), present('benefics', [4, 10])] }),
  akriti('kamala', 'Kamala (Padma) Yoga', within([1, 4, 7, 10])),
  akriti('vapi', 'Vapi Yoga', { any: [within([2, 5, 8, 11]), within([3, 6, 9, 12])] }),
  akriti('yupa', 'Yupa Yoga', within([1, 2, 3, 4])),
  akriti('ishu', 'Ishu (Sara) Yoga', within([4, 5, 6, 7])),
  akriti('shakti', 'Shakti Yoga', within([7, 8, 9, 10])),
  akriti('danda', 'Danda Yoga', within([10, 11, 12, 1])),
  akriti('nauka', 'Nauka Yoga', filling(run7(1))),
  akriti('kuta', 'Kuta Yoga', filling(run7(4))),
  akriti('chhatra', 'Chhatra Yoga', filling(run7(7))),
  akriti('chapa', 'Chapa (Karmuka) Yoga', filling(run7(10))),
  akriti(
    'ardha_chandra',
    'Ardha Chandra Yoga',
    oneOf(...[2, 3, 5, 6, 8, 9, 11, 12].map(run7)),
    'Seven consecutive houses starting from a house that is not a kendra.',
  ),
  akriti('chakra', 'Chakra Yoga', filling([1, 3, 5, 7, 9, 11])),
  akriti('samudra', 'Samudra Yoga', filling([2, 4, 6, 8, 10, 12])),
  // Sankhya: the number of signs the seven planets occupy.
  sankhya('vallaki', 'Vallaki (Veena) Yoga', 7),
  sankhya('dama', 'Dama Yoga', 6),
  sankhya('pasa', 'Pasa Yoga', 5),
  sankhya('kedara', 'Kedara Yoga', 4),
  sankhya('sula', 'Sula Yoga', 3),
  sankhya('yuga', 'Yuga Yoga', 2),
  sankhya('gola', 'Gola Yoga', 1),
];
