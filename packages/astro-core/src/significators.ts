// The 133 significators of the probability engine (spec 2-vedic.md "Predictive probability engine"):
// each theme is a (karaka, house) pair. Houses and their significations: BPHS ch. 11-23 (bhava
// phala) and Phaladeepika ch. 1 v. 11-25; karakas: BPHS ch. 32 (sthira/naisargika karakas) and
// Phaladeepika ch. 2 (what each planet signifies). Where a house has several karakas (the 10th: Sun,
// Mercury, Jupiter, Saturn) the one classically tied to that particular signification is used.
// One table for the whole fleet (vedic-calc's probability engine, the llm service's theme routes);
// never edit a row without bumping vedic-calc's PROBABILITY_METHOD_VERSION.
/** The nine grahas that can be a theme's karaka. */
export type Karaka = 'sun' | 'moon' | 'mars' | 'mercury' | 'jupiter' | 'venus' | 'saturn' | 'rahu' | 'ketu';

export interface Significator {
  theme: string;
  karaka: Karaka;
  house: number;
}

const BY_HOUSE: Record<number, [string, Karaka][]> = {
  1: [
    ['self', 'sun'],
    ['body', 'sun'],
    ['vitality', 'sun'],
    ['personality', 'sun'],
    ['complexion', 'moon'],
    ['fame', 'sun'],
    ['head', 'sun'],
    ['childhood', 'moon'],
    ['character', 'jupiter'],
    ['constitution', 'saturn'],
  ],
  2: [
    ['wealth', 'jupiter'],
    ['family', 'jupiter'],
    ['speech', 'mercury'],
    ['food', 'moon'],
    ['right_eye', 'sun'],
    ['face', 'venus'],
    ['savings', 'jupiter'],
    ['early_education', 'mercury'],
    ['truthfulness', 'jupiter'],
    ['jewellery', 'venus'],
    ['accumulated_assets', 'jupiter'],
  ],
  3: [
    ['siblings', 'mars'],
    ['younger_siblings', 'mars'],
    ['courage', 'mars'],
    ['short_journeys', 'mercury'],
    ['communication', 'mercury'],
    ['writing', 'mercury'],
    ['hands', 'mercury'],
    ['neighbours', 'mars'],
    ['efforts', 'mars'],
    ['right_ear', 'mercury'],
    ['hobbies', 'venus'],
  ],
  4: [
    ['mother', 'moon'],
    ['home', 'moon'],
    ['property', 'mars'],
    ['vehicles', 'venus'],
    ['schooling', 'mercury'],
    ['happiness', 'moon'],
    ['land', 'mars'],
    ['heart', 'moon'],
    ['relatives', 'moon'],
    ['cattle', 'moon'],
    ['comforts', 'venus'],
    ['homeland', 'moon'],
  ],
  5: [
    ['children', 'jupiter'],
    ['intelligence', 'jupiter'],
    ['creativity', 'sun'],
    ['romance', 'venus'],
    ['mantra', 'jupiter'],
    ['past_merit', 'jupiter'],
    ['speculation', 'mercury'],
    ['disciples', 'jupiter'],
    ['counsel', 'jupiter'],
    ['stomach', 'sun'],
    ['learning', 'mercury'],
  ],
  6: [
    ['enemies', 'mars'],
    ['disease', 'saturn'],
    ['debts', 'saturn'],
    ['litigation', 'mars'],
    ['service', 'saturn'],
    ['maternal_uncle', 'mercury'],
    ['obstacles', 'saturn'],
    ['injuries', 'mars'],
    ['employees', 'saturn'],
    ['pets', 'mercury'],
    ['competition', 'mars'],
  ],
  7: [
    ['spouse', 'venus'],
    ['marriage_for_man', 'venus'],
    ['marriage_for_woman', 'jupiter'],
    ['partnership', 'mercury'],
    ['business', 'mercury'],
    ['sexual_life', 'venus'],
    ['open_enemies', 'mars'],
    ['trade', 'mercury'],
    ['public_dealings', 'mercury'],
    ['desires', 'venus'],
    ['travel_abroad', 'moon'],
  ],
  8: [
    ['longevity', 'saturn'],
    ['death', 'saturn'],
    ['inheritance', 'jupiter'],
    ['occult', 'ketu'],
    ['chronic_illness', 'saturn'],
    ['accidents', 'mars'],
    ['secrets', 'ketu'],
    ['spouse_wealth', 'venus'],
    ['research', 'saturn'],
    ['sudden_events', 'rahu'],
    ['insurance', 'saturn'],
  ],
  9: [
    ['father', 'sun'],
    ['dharma', 'jupiter'],
    ['fortune', 'jupiter'],
    ['guru', 'jupiter'],
    ['higher_education', 'jupiter'],
    ['long_journeys', 'jupiter'],
    ['religion', 'jupiter'],
    ['pilgrimage', 'jupiter'],
    ['philosophy', 'jupiter'],
    ['grandchildren', 'jupiter'],
    ['charity', 'jupiter'],
  ],
  10: [
    ['career', 'saturn'],
    ['status', 'sun'],
    ['authority', 'sun'],
    ['government', 'sun'],
    ['profession', 'mercury'],
    ['reputation', 'sun'],
    ['karma', 'saturn'],
    ['honours', 'jupiter'],
    ['knees', 'saturn'],
    ['power', 'mars'],
    ['achievements', 'sun'],
  ],
  11: [
    ['gain', 'jupiter'],
    ['income', 'jupiter'],
    ['elder_siblings', 'jupiter'],
    ['friends', 'mercury'],
    ['aspirations', 'jupiter'],
    ['networks', 'saturn'],
    ['profits', 'mercury'],
    ['rewards', 'jupiter'],
    ['left_ear', 'mercury'],
    ['awards', 'sun'],
    ['fulfilment', 'jupiter'],
  ],
  12: [
    ['loss', 'saturn'],
    ['expenses', 'saturn'],
    ['moksha', 'ketu'],
    ['foreign_residence', 'rahu'],
    ['sleep', 'venus'],
    ['bed_pleasures', 'venus'],
    ['isolation', 'saturn'],
    ['hospitalisation', 'saturn'],
    ['donations', 'jupiter'],
    ['liberation', 'ketu'],
    ['left_eye', 'moon'],
    ['spiritual_practice', 'ketu'],
  ],
};

export const SIGNIFICATORS: readonly Significator[] = Object.freeze(
  Object.entries(BY_HOUSE).flatMap(([house, rows]) =>
    rows.map(([theme, karaka]) => Object.freeze({ theme, karaka, house: Number(house) })),
  ),
);

const BY_THEME = new Map(SIGNIFICATORS.map((s) => [s.theme, s]));

export function significator(theme: string): Significator | undefined {
  return BY_THEME.get(theme);
}

/** The ten default themes of the meta factors (spec). */
export const DEFAULT_THEMES = [
  'self',
  'wealth',
  'siblings',
  'mother',
  'children',
  'spouse',
  'career',
  'dharma',
  'longevity',
  'gain',
] as const;
