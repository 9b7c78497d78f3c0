// The conventions the Ashtottari and Kalachakra routes follow where published sources disagree:
// answered in each chain response's `conventions` and repeated in docs/dashas-ashtottari-kalachakra.md.
// Pure data.

export interface DashaConvention {
  topic: string;
  choice: string;
  alternatives: string;
}

const YEAR: DashaConvention = {
  topic: 'year_length',
  choice: 'Dasha year of 365.25 days (Julian year), as Vimshottari; named in method_version (-jy365.25).',
  alternatives: 'JHora and PyJHora use the sidereal year (365.256364 days); others the 360-day savana year.',
};

export const ASHTOTTARI_CONVENTIONS: readonly DashaConvention[] = Object.freeze([
  {
    topic: 'nakshatra_groups',
    choice:
      'From Ardra: Sun 4 nakshatras, Moon 3, Mars 4, Mercury 3, Saturn 3 (P.Ashadha, U.Ashadha, Shravana), Jupiter 3, Rahu 4, Venus 3; the Moon seeds the dasha.',
    alternatives: 'Texts that count Abhijit give Saturn four nakshatras (P.Ashadha, U.Ashadha, Abhijit, Shravana).',
  },
  {
    topic: 'balance',
    choice:
      "The Moon's traversed part of its lord's whole nakshatra group (in longitude) is the elapsed part of the birth mahadasha (JHora, PyJHora).",
    alternatives:
      "Some tables divide the lord's years equally among its nakshatras and count only the birth nakshatra's share.",
  },
  {
    topic: 'sub_periods',
    choice:
      "Eight sub-periods in Ashtottari order starting with the period's own lord, each parent x years(lord) / 108 (BPHS ch. 46 proportional rule; JHora and PyJHora default); the same at every level.",
    alternatives: "P.V.R. Narasimha Rao's book starts the antardashas from the lord after the mahadasha lord.",
  },
  {
    topic: 'applicability',
    choice:
      "`applicable` is true when Rahu is in a kendra (1, 4, 7, 10) or trikona (5, 9) from the lagna lord's sign and not in the lagna (BPHS ch. 46, as PyJHora checks it); the chain is computed either way.",
    alternatives:
      'Other schools apply Ashtottari by paksha and day/night birth, or whenever the lagna is not in a sign of the Moon.',
  },
  YEAR,
]);

export const KALACHAKRA_CONVENTIONS: readonly DashaConvention[] = Object.freeze([
  {
    topic: 'groups',
    choice:
      'Savya triples Ashwini-Bharani-Krittika, Punarvasu-Pushya-Ashlesha, Hasta-Chitra-Swati, Mula-P.Ashadha-U.Ashadha, P.Bhadra-U.Bhadra-Revati in Ashwini-Bharani-Ashwini groups; apasavya triples from Rohini, Magha, Vishakha and Shravana in Rohini-Mrigashira-Rohini groups (BPHS ch. 46).',
    alternatives:
      'PyJHora 4.8.5 puts Revati in the Bharani group; it and some lesson texts put Ardra, U.Phalguni, Jyeshtha and Shatabhisha in the Mrigashira group.',
  },
  {
    topic: 'balance',
    choice:
      "The Moon's traversed part of its pada x the pada's paramayus is the part of the nine-sign cycle already lived; the sign it falls in is the birth mahadasha (P.V.R. Narasimha Rao, Example 95).",
    alternatives: 'Some texts take the balance from the paramayus alone, without locating the running sign.',
  },
  {
    topic: 'progression',
    choice:
      "After a pada's nine signs come the next pada's nine; after pada 4 pada 1 of the other group of the same direction (Ashwini <-> Bharani, Rohini <-> Mrigashira), as in PVR's Exercise 34. Mahadashas run from the birth one, at least nine and until 120 years after birth.",
    alternatives:
      "Raghavacharya's method (JHora's default) steps the mahadashas by navamsa instead; some continue with the next nakshatra's pada.",
  },
  {
    topic: 'sub_periods',
    choice:
      "The nine signs of the progression starting with the period's own sign, each parent x years(sign) / (total of those nine) (PVR Example 97; BPHS proportional rule); the same at every level.",
    alternatives:
      "PyJHora's PVR method rotates the pada's own cycle to the period's sign (dividing by its paramayus); Raghavacharya's uses the nine padas of the period's navamsa sign.",
  },
  {
    topic: 'deha_jeeva',
    choice:
      "Savya: deha is the first sign of the birth pada's cycle and jeeva the last; apasavya: the reverse (the published deha/jiva tables after Shakti Mohan Singh).",
    alternatives: 'Tables that list the apasavya cycles in reverse order name the same signs from the other end.',
  },
  {
    topic: 'gati',
    choice:
      'Named on each period from the sign before it in the progression: simhavalokana (jump to a trine: Pi->Sc, Sg->Ar, Sc->Pi, Ar->Sg), manduka (two-sign jump: Vi->Cn, Le->Ge, Ge->Le, Cn->Vi), markati (the one-sign Cancer-Leo step back between two manduka jumps).',
    alternatives: 'Some authors list only the mahadasha-level jumps.',
  },
  YEAR,
]);
