// Badhaka (obstruction) house from the lagna by its modality (BPHS; Prasna Marga 15): movable lagna the
// 11th, fixed the 9th, dual the 7th; the badhaka lord is the classical ruler of that sign. Pure.
import { SIGNS, SIGN_INFO, rulerOf, type ClassicalPlanet, type Sign } from '@astro/astro-core';

export interface Badhaka {
  lagna_sign: Sign;
  badhaka_sign: Sign;
  badhaka_lord: ClassicalPlanet;
  badhaka_house: number;
  explanation: string;
}

const BY_MODALITY = {
  cardinal: { house: 11, word: 'movable' },
  fixed: { house: 9, word: 'fixed' },
  mutable: { house: 7, word: 'dual' },
} as const;

const ORDINAL: Record<number, string> = { 7: '7th', 9: '9th', 11: '11th' };
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function badhaka(lagna: Sign): Badhaka {
  const rule = BY_MODALITY[SIGN_INFO[lagna].modality];
  const sign = SIGNS[(SIGNS.indexOf(lagna) + rule.house - 1) % 12]!;
  const lord = rulerOf(sign);
  return {
    lagna_sign: lagna,
    badhaka_sign: sign,
    badhaka_lord: lord,
    badhaka_house: rule.house,
    explanation:
      `${cap(lagna)} is a ${rule.word} sign, so the badhaka house is the ${ORDINAL[rule.house]} from the lagna: ` +
      `${cap(sign)}, ruled by ${cap(lord)}.`,
  };
}
