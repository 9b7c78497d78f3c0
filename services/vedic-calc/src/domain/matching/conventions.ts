// The conventions the matching routes follow where published sources disagree: answered in each
// response's `conventions` and repeated in the README ("Kundli matching"). Pure data.

export const MATCHING_METHOD_VERSION = 'kundli-matching-v1';

export interface Convention {
  topic: string;
  choice: string;
  alternatives: string;
}

const MOON: Convention = {
  topic: 'moon',
  choice:
    'Sidereal (Lahiri) Moon of each chart; nakshatra, pada and sign from its longitude; vashya halves of Sagittarius and Capricorn split at 15°.',
  alternatives: 'PyJHora splits the halves by pada (1-2 / 3-4) instead of by degree.',
};

const MANGLIK: Convention[] = [
  {
    topic: 'manglik_houses',
    choice: 'Mars in houses 1, 2, 4, 7, 8 or 12 (whole signs) from the lagna, the Moon or Venus.',
    alternatives:
      'North Indian calculators often omit the 2nd; PyJHora by default omits the 1st and counts from the lagna only.',
  },
  {
    topic: 'manglik_exceptions',
    choice:
      "B.V. Raman's exceptions as PyJHora lists them: Mars in Leo or Aquarius; in the 2nd in Gemini/Virgo, 4th in Aries/Scorpio, 7th in Cancer/Capricorn, 8th in Sagittarius/Pisces, 12th in Taurus/Libra (per reference); Mars with or aspected by Jupiter or Saturn; Mars retrograde; lagna Cancer or Leo. Two manglik partners cancel each other.",
    alternatives:
      'Raman also lists weakness, dispositor and benefic-in-lagna reductions; they are not applied (they reduce rather than cancel).',
  },
];

export const ASHTAKOOTA_CONVENTIONS: readonly Convention[] = [
  MOON,
  {
    topic: 'varna',
    choice: 'Moon-sign varna by element: water brahmin, fire kshatriya, earth vaishya, air shudra.',
    alternatives: 'PyJHora swaps Taurus/Virgo/Capricorn and Gemini/Libra/Aquarius (vaishya and shudra).',
  },
  {
    topic: 'tara',
    choice: 'Counted both ways; taras 3 (vipat), 5 (pratyari) and 7 (vadha) score 0, every other 1.5 per direction.',
    alternatives: 'PyJHora v4.8.5 scores 1.5 for the remainders 3, 5 and 7 instead (the reverse).',
  },
  {
    topic: 'vashya_gana_yoni_tables',
    choice:
      'Vashya, gana and yoni points from the saravali.de tables as PyJHora holds them (gana: groom deva with bride manushya 5, groom manushya with bride deva 6, groom deva with bride rakshasa 1).',
    alternatives:
      'Other published tables differ: astroyogi.com vashya points; ranjanadikshit.com vashya 2 same group, 1 when one is vasya to the other, 0.5 when one is food to the other; "Gana, Nadi, Bhakuta" (scribd 268021076) gana 5 for deva with manushya either way, 1 for manushya with rakshasa, 0 for deva with rakshasa.',
  },
  {
    topic: 'dosha_exceptions',
    choice:
      'Nadi dosha cancelled by the same Moon sign with different stars, the same star in different signs, or the same star in different padas; Bhakoot dosha cancelled when the Moon-sign lords or the Moon navamsa lords are one planet or mutual friends. A cancelled dosha restores the koota in total_points_after_exceptions; total_points keeps the table value.',
    alternatives: 'Many calculators only report the cancellation and keep the total as is (our total_points).',
  },
  {
    topic: 'verdict',
    choice:
      'On total_points_after_exceptions: below 18 not_recommended, 18-24.5 average, 25-32.5 good, 33-36 excellent.',
    alternatives: 'Some sources accept 18 or more, others 20 or more.',
  },
  ...MANGLIK,
];

export const PORUTHAM_CONVENTIONS: readonly Convention[] = [
  MOON,
  {
    topic: 'counting',
    choice: "Star and sign counts run from the bride's to the groom's, both counted (same star = 1).",
    alternatives: 'Some Tamil almanacs count dina from the groom.',
  },
  {
    topic: 'dina',
    choice:
      "Agreeable when the groom's star is the 2nd, 4th, 6th, 8th, 9th, 11th, 13th, 15th, 18th, 20th, 24th or 26th from the bride's (vysyamala.com's list).",
    alternatives:
      'The plain remainder rule (2, 4, 6, 8, 0 by 9) also accepts 17, 22 (vainashika) and 27; Tamil almanacs add 17, 21, 25 and exceptions within one sign (PyJHora dina_porutham_south).',
  },
  {
    topic: 'rajju_vedha',
    choice:
      'Rajju by the five body parts (prokerala.com); vedha by the classical pairs. Both are essential: failing either makes the verdict not_recommended.',
    alternatives: 'PyJHora south uses an aaroha/avaroha variant of rajju and a sum rule (19, 28, 37) for vedha.',
  },
  {
    topic: 'verdict',
    choice:
      '8-10 agreeable excellent, 6-7 good, 5 average, fewer not_recommended; rajju or vedha failing: not_recommended.',
    alternatives: 'Tamil practice also weighs which poruthams agree (dina, gana, yoni, rasi, rajju first).',
  },
  ...MANGLIK,
];

export const MANGLIK_CONVENTIONS: readonly Convention[] = [MOON, ...MANGLIK];
