// The ten poruthams of South Indian matching (dina, gana, mahendra, stree deergha, yoni, rasi,
// rasyadhipati, vasya, rajju, vedha): each agreeable or not, with both partners' values, the reason
// and the source of its rule. Rajju and vedha are essential: a match failing either is not recommended
// whatever the count. Pure.
import { naturalRelation, SIGNS, type ClassicalPlanet } from '@astro/astro-core';
import { signCount, starCount, type MatchingMoon } from './moon.ts';
import {
  GANA_OF_NAKSHATRA,
  MAHENDRA_COUNTS,
  PYJHORA,
  rajjuOf,
  SIGN_LORDS,
  STREE_DEERGHA_MIN_EXCLUSIVE,
  VASYA_SIGNS,
  VEDHA_PAIRS,
  YONI_ENEMIES,
  YONI_OF_NAKSHATRA,
  YONI_SOURCE,
  YONIS,
} from './tables.ts';

export type PoruthamName =
  'dina' | 'gana' | 'mahendra' | 'stree_deergha' | 'yoni' | 'rasi' | 'rasyadhipati' | 'vasya' | 'rajju' | 'vedha';

export interface PoruthamResult {
  porutham: PoruthamName;
  agreeable: boolean;
  groom_value: string;
  bride_value: string;
  reason: string;
  source: string;
}

export interface PoruthamsResult {
  poruthams: PoruthamResult[];
  agreeable_count: number;
  max_count: number;
  essential_failed: PoruthamName[];
  verdict: string;
}

const ESSENTIAL: readonly PoruthamName[] = ['rajju', 'vedha'];
const n = (s: string) => s.replace(/_/g, ' ');

/** Agreeable dina counts (vysyamala.com, as quoted in PyJHora's dina_porutham_south docstring). */
export const DINA_COUNTS: readonly number[] = [2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26];

function dina(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const c = starCount(b.nakshatraIndex, g.nakshatraIndex);
  const ok = DINA_COUNTS.includes(c);
  return {
    porutham: 'dina',
    agreeable: ok,
    groom_value: g.nakshatra,
    bride_value: b.nakshatra,
    reason: `the groom's star is ${c} from the bride's; agreeable at ${DINA_COUNTS.join(', ')}`,
    source: "count from the bride's star to the groom's: vysyamala.com's list, as quoted in " + PYJHORA,
  };
}

function gana(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const gg = GANA_OF_NAKSHATRA[g.nakshatraIndex]!;
  const bg = GANA_OF_NAKSHATRA[b.nakshatraIndex]!;
  const ok = gg === bg || (gg !== 'rakshasa' && bg !== 'rakshasa');
  return {
    porutham: 'gana',
    agreeable: ok,
    groom_value: gg,
    bride_value: bg,
    reason: ok
      ? gg === bg
        ? `same gana (${gg})`
        : `deva and manushya agree`
      : `rakshasa gana with ${gg === 'rakshasa' ? bg : gg}`,
    source: `same gana, or deva with manushya, agrees; rakshasa with another gana does not (${PYJHORA} gana_porutham_south)`,
  };
}

function mahendra(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const c = starCount(b.nakshatraIndex, g.nakshatraIndex);
  const ok = MAHENDRA_COUNTS.includes(c);
  return {
    porutham: 'mahendra',
    agreeable: ok,
    groom_value: g.nakshatra,
    bride_value: b.nakshatra,
    reason: `the groom's star is ${c} from the bride's; agreeable at ${MAHENDRA_COUNTS.join(', ')}`,
    source: `${PYJHORA} mahendra_porutham`,
  };
}

function streeDeergha(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const c = starCount(b.nakshatraIndex, g.nakshatraIndex);
  const ok = c > STREE_DEERGHA_MIN_EXCLUSIVE;
  return {
    porutham: 'stree_deergha',
    agreeable: ok,
    groom_value: g.nakshatra,
    bride_value: b.nakshatra,
    reason: `the groom's star is ${c} from the bride's; agreeable beyond ${STREE_DEERGHA_MIN_EXCLUSIVE}`,
    source: `${PYJHORA} sthree_dheerga_porutham (threshold 13)`,
  };
}

function yoni(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const gy = YONIS[YONI_OF_NAKSHATRA[g.nakshatraIndex]!]!;
  const by = YONIS[YONI_OF_NAKSHATRA[b.nakshatraIndex]!]!;
  const enemy = YONI_ENEMIES.some(([x, y]) => (x === gy && y === by) || (x === by && y === gy));
  return {
    porutham: 'yoni',
    agreeable: !enemy,
    groom_value: gy,
    bride_value: by,
    reason: enemy ? `${gy} and ${by} are intense enemies` : `${gy} and ${by} are not intense enemies`,
    source: YONI_SOURCE,
  };
}

function rasi(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const c = signCount(b.signIndex, g.signIndex);
  const ok = c > 6;
  return {
    porutham: 'rasi',
    agreeable: ok,
    groom_value: g.sign,
    bride_value: b.sign,
    reason: `the groom's Moon sign is ${c} from the bride's; agreeable from the 7th on`,
    source: `${PYJHORA} raasi_porutham_south (count from the bride's sign above 6)`,
  };
}

function rasyadhipati(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const gl = SIGN_LORDS[g.signIndex]! as ClassicalPlanet;
  const bl = SIGN_LORDS[b.signIndex]! as ClassicalPlanet;
  const a = naturalRelation(gl, bl);
  const c = naturalRelation(bl, gl);
  const ok = a !== -1 && c !== -1;
  return {
    porutham: 'rasyadhipati',
    agreeable: ok,
    groom_value: gl,
    bride_value: bl,
    reason:
      gl === bl
        ? `one lord (${gl})`
        : ok
          ? `${gl} and ${bl} are friends or neutral to each other`
          : `${a === -1 ? `${gl} is an enemy of ${bl}` : `${bl} is an enemy of ${gl}`}`,
    source: 'Moon-sign lords not enemies either way, by the natural relationships of BPHS ch. 3 v. 55',
  };
}

function vasya(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const ok = VASYA_SIGNS[b.signIndex]!.includes(g.signIndex);
  const list = VASYA_SIGNS[b.signIndex]!.map((i) => SIGNS[i]).join(', ');
  return {
    porutham: 'vasya',
    agreeable: ok,
    groom_value: g.sign,
    bride_value: b.sign,
    reason: ok
      ? `${g.sign} is vasya to the bride's ${b.sign}`
      : `the vasya signs of ${b.sign} are ${list}; ${g.sign} is not one of them`,
    source: `the classical vasya table of signs, read from the bride's sign (${PYJHORA} vasiya_porutham_south)`,
  };
}

function rajju(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const gr = rajjuOf(g.nakshatraIndex);
  const br = rajjuOf(b.nakshatraIndex);
  return {
    porutham: 'rajju',
    agreeable: gr !== br,
    groom_value: gr,
    bride_value: br,
    reason: gr === br ? `both stars are of ${gr} rajju` : `different rajjus (${gr}, ${br})`,
    source: `${PYJHORA} rajju_porutham (prokerala.com body parts)`,
  };
}

function vedha(g: MatchingMoon, b: MatchingMoon): PoruthamResult {
  const x = g.nakshatraIndex + 1;
  const y = b.nakshatraIndex + 1;
  const hit = VEDHA_PAIRS.some(([p, q]) => (p === x && q === y) || (p === y && q === x));
  return {
    porutham: 'vedha',
    agreeable: !hit,
    groom_value: g.nakshatra,
    bride_value: b.nakshatra,
    reason: hit
      ? `${n(g.nakshatra)} and ${n(b.nakshatra)} obstruct each other (vedha)`
      : `${n(g.nakshatra)} and ${n(b.nakshatra)} are not a vedha pair`,
    source: `the classical vedha pairs (${PYJHORA}'s vedha_pair list, with mrigashira, chitra and dhanishta mutual)`,
  };
}

export function verdictOfPoruthams(count: number, essentialFailed: readonly string[]): string {
  if (essentialFailed.length) return 'not_recommended';
  if (count >= 8) return 'excellent';
  if (count >= 6) return 'good';
  if (count >= 5) return 'average';
  return 'not_recommended';
}

export function poruthams(groom: MatchingMoon, bride: MatchingMoon): PoruthamsResult {
  const list = [dina, gana, mahendra, streeDeergha, yoni, rasi, rasyadhipati, vasya, rajju, vedha].map((f) =>
    f(groom, bride),
  );
  const count = list.filter((p) => p.agreeable).length;
  const essentialFailed = list.filter((p) => !p.agreeable && ESSENTIAL.includes(p.porutham)).map((p) => p.porutham);
  return {
    poruthams: list,
    agreeable_count: count,
    max_count: 10,
    essential_failed: essentialFailed,
    verdict: verdictOfPoruthams(count, essentialFailed),
  };
}
