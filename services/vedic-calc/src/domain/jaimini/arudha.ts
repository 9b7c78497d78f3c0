// Arudha padas (BPHS ch. 29 "Effects of Arudha"; Jaimini Sutras 1.3): for each house counted by whole
// signs from the lagna, count from the house to its lord, then as many again from the lord. When that
// lands on the house itself (1st) or on the 7th from it, the pada is the 10th from that result: 1st ->
// 10th from the house, 7th -> the 4th from the house (as in Jagannatha Hora and P.V.R. Narasimha Rao's
// "Vedic Astrology: An Integrated Approach", ch. 9). The spec words this "the 10th from the lord is
// used"; taken literally that would put the pada back into the 1st or 7th whenever the lord is in the
// 4th or 10th, so the classical reading (10th from the computed result) is implemented.
// Lords: the classical single rulers (Mars for Scorpio, Saturn for Aquarius; no Ketu/Rahu co-lordship).
// Upapada lagna = arudha of the 12th house. Pure.
import { SIGNS, rulerOf, type ClassicalPlanet, type Sign } from '@astro/astro-core';

export interface ArudhaEntry {
  house_number: number;
  house_sign: Sign;
  house_lord: ClassicalPlanet;
  arudha_sign: Sign;
}

export interface ArudhaResult {
  lagna_sign: Sign;
  arudha_lagna: Sign;
  upapada_lagna: Sign;
  entries: ArudhaEntry[];
}

const mod12 = (n: number) => ((n % 12) + 12) % 12;

/** Arudha of the house in sign `houseSign` whose lord sits in `lordSign` (sign indices). */
export function arudhaOf(houseSign: number, lordSign: number): number {
  const distance = mod12(lordSign - houseSign); // 0 = lord in the house itself
  const pada = mod12(lordSign + distance);
  if (pada === houseSign || pada === mod12(houseSign + 6)) return mod12(pada + 9);
  return pada;
}

/** `signOfPlanet` gives the (rasi) sign of each classical planet. */
export function arudhaPadas(lagna: Sign, signOfPlanet: (p: ClassicalPlanet) => Sign): ArudhaResult {
  const lagnaIndex = SIGNS.indexOf(lagna);
  const entries: ArudhaEntry[] = [];
  for (let h = 1; h <= 12; h++) {
    const houseIndex = mod12(lagnaIndex + h - 1);
    const houseSign = SIGNS[houseIndex]!;
    const lord = rulerOf(houseSign);
    const pada = arudhaOf(houseIndex, SIGNS.indexOf(signOfPlanet(lord)));
    entries.push({ house_number: h, house_sign: houseSign, house_lord: lord, arudha_sign: SIGNS[pada]! });
  }
  return {
    lagna_sign: lagna,
    arudha_lagna: entries[0]!.arudha_sign,
    upapada_lagna: entries[11]!.arudha_sign,
    entries,
  };
}
