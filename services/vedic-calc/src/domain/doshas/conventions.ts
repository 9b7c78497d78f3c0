// The conventions each dosha route states in its answer (`conventions`), where published sources
// disagree. docs/doshas.md repeats them with their sources.

export const DOSHAS_METHOD_VERSION = 'doshas-v1';

export interface Convention {
  topic: string;
  choice: string;
  alternatives: string;
}

export const KAAL_SARP_CONVENTIONS: readonly Convention[] = [
  {
    topic: 'planets',
    choice: 'the seven grahas Sun to Saturn; Uranus, Neptune and Pluto are ignored',
    alternatives: 'some include the outer planets (cyberastro.com), which makes the yoga very rare',
  },
  {
    topic: 'planet_with_a_node',
    choice:
      "a planet in Rahu's or Ketu's sign is judged by its longitude: on the inner side of the node it is hemmed, beyond it it breaks the yoga (astrojai.com, astro-matches.com)",
    alternatives:
      'PyJHora v4.8.5 counts both node signs as inside whatever the degree (reported as hemmed_by_signs); vedicscholar.com cancels the yoga when any planet joins a node',
  },
  {
    topic: 'partial',
    choice:
      'partial when exactly one planet lies on the other side of the axis, or when the planets are hemmed by signs (PyJHora) but not by longitude',
    alternatives:
      'some call a chart with the Moon alone outside a full yoga of lesser strength (astrologerpanditji.com)',
  },
  {
    topic: 'lagna',
    choice: 'the lagna does not count (lagna_side is informational)',
    alternatives: 'a reading of "agre rahur atho ketu" asks for Rahu ahead of the lagna and Ketu behind it',
  },
  {
    topic: 'type_and_direction',
    choice:
      "type named by Rahu's whole-sign house from the lagna (1 anant .. 12 sheshnag) in both directions; savya when the planets lie from Rahu to Ketu in zodiacal order (udita), apasavya from Ketu to Rahu (anudita)",
    alternatives: "some name the apasavya types by Ketu's house instead",
  },
  {
    topic: 'nodes',
    choice: "the chart's mean nodes (the platform's node), Ketu opposite Rahu",
    alternatives: 'true nodes move the axis by up to ~1.5°',
  },
];

export const SADE_SATI_CONVENTIONS: readonly Convention[] = [
  {
    topic: 'reference',
    choice: 'the natal Moon sign (sidereal, Lahiri, whole signs)',
    alternatives: 'some also read Saturn from the lagna; not done here',
  },
  {
    topic: 'phases',
    choice:
      'Sade Sati: Saturn in the 12th (rising), 1st (peak) and 2nd (setting) sign from the Moon; Dhaiya: the 4th (ardhashtama, Kantaka Shani) and the 8th (ashtama) sign',
    alternatives:
      'South Indian usage names the 4th ardhashtama and the 8th ashtama; North Indian usage calls both "Dhaiya"',
  },
  {
    topic: 'retrograde_returns',
    choice:
      'every sign ingress counts, retrograde re-entries included; stays of one kind less than two years apart form one cycle, from its first ingress to its last egress',
    alternatives: 'some almanacs date a Sade Sati from the first ingress to the first forward egress only',
  },
  {
    topic: 'ingress_dating',
    choice:
      "Saturn's sidereal (Lahiri) longitude from the platform ephemeris (the bundled Swiss Ephemeris files; Moshier's series outside 1800-2400), bisected to the millisecond, reported to the second",
    alternatives:
      'published Indian panchangs differ from each other by minutes (up to ~20 minutes for a slow Saturn) through their ayanamsha and ephemeris',
  },
  {
    topic: 'whole_periods',
    choice: 'stays and cycles overlapping [from, to] are reported whole, not clipped to the range',
    alternatives: 'clip to the range',
  },
];

export const PITRA_CONVENTIONS: readonly Convention[] = [
  {
    topic: 'rule_set',
    choice:
      'pyjhora-toi-v1: the five rules of PyJHora v4.8.5 dosha.pitru_dosha (after The Times of India); the dosha is present when at least one fires',
    alternatives: 'BPHS ch. 83 (curses, pitru shapa) combinations of the Sun, the 5th and 9th houses: not applied',
  },
  {
    topic: 'ketu_in_4th',
    choice: "rule 2 tests Ketu in the 4th house, as PyJHora's published rule text says",
    alternatives: "PyJHora v4.8.5's code tests Rahu in the 4th house",
  },
  {
    topic: 'affliction',
    choice:
      'rule 3: Mars or Saturn in the same sign as the Sun, Moon, Rahu or Ketu, or casting its graha drishti on it (Mars 4th, 7th, 8th; Saturn 3rd, 7th, 10th)',
    alternatives: 'PyJHora asks for an association: conjunction, mutual graha drishti or sign exchange',
  },
  {
    topic: 'two_planets',
    choice: 'rule 4: two or more of Venus, Mercury and Rahu together in one of the 2nd, 5th, 9th or 12th houses',
    alternatives: 'a looser reading counts any one of them in those houses',
  },
  {
    topic: 'houses',
    choice: 'whole signs from the lagna; conjunction means the same sign',
    alternatives: 'degree-based conjunction orbs',
  },
];
