// Bhava bala (Raman, "Graha and Bhava Balas" ch. IX) with the spec's grading of bhava_dig: the house
// lord's shadbala (bhavadhipati), a dig part by house class (kendra 60, panaphara 30, apoklima 15) and
// the signed drishti on the bhava's middle (the ascendant degree advanced by 30 degrees per house).
import { rulerOf, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import { drikOnPoint, kendradiBala, type Natures, type ShadbalaEntry } from './shadbala.ts';

export interface BhavaBalaEntry {
  house_number: number;
  bhavadhipati: number;
  bhava_dig: number;
  bhava_drishti: number;
  total: number;
}

export function bhavaBala(
  shadbala: readonly ShadbalaEntry[],
  ascendant: number,
  planets: readonly { planet: ClassicalPlanet; longitude: number }[],
  natures: Natures,
): BhavaBalaEntry[] {
  const totals = new Map(shadbala.map((e) => [e.planet, e.total]));
  const ascSign = Math.floor((((ascendant % 360) + 360) % 360) / 30);
  const out: BhavaBalaEntry[] = [];
  for (let h = 1; h <= 12; h++) {
    const lord = rulerOf(SIGNS[(ascSign + h - 1) % 12]!);
    const bhavadhipati = totals.get(lord) ?? 0;
    const bhava_dig = kendradiBala(h);
    const bhava_drishti = drikOnPoint(ascendant + (h - 1) * 30, planets, natures);
    out.push({
      house_number: h,
      bhavadhipati,
      bhava_dig,
      bhava_drishti,
      total: bhavadhipati + bhava_dig + bhava_drishti,
    });
  }
  return out;
}
