// Ashtakoota (guna milan): the eight kootas of the two Moons, 36 points, with the classical exceptions
// that cancel Nadi and Bhakoot dosha. Every koota answers its points, both partners' values, the reason
// and the source of its rule. Pure.
import { naturalRelation, SIGNS } from '@astro/astro-core';
import { signCount, starCount, type MatchingMoon } from './moon.ts';
import {
  BHAKOOT_DOSHA,
  GANA_OF_NAKSHATRA,
  GANA_POINTS,
  GANAS,
  INAUSPICIOUS_TARAS,
  MAITRI_POINTS,
  NADI_SOURCE,
  nadiOf,
  PYJHORA,
  SIGN_LORDS,
  TARAS,
  VARNA_OF_SIGN,
  VARNA_RANK,
  VARNA_SOURCE,
  VASHYA_GROUPS,
  VASHYA_POINTS,
  vashyaGroupOf,
  YONI_OF_NAKSHATRA,
  YONI_POINTS,
  YONI_SOURCE,
  YONIS,
} from './tables.ts';

export interface KootaResult {
  koota: 'varna' | 'vashya' | 'tara' | 'yoni' | 'graha_maitri' | 'gana' | 'bhakoot' | 'nadi';
  points: number;
  max_points: number;
  groom_value: string;
  bride_value: string;
  reason: string;
  source: string;
}

export interface DoshaCancellation {
  rule: string;
  reason: string;
  source: string;
}

export interface KootaDosha {
  dosha: 'nadi' | 'bhakoot';
  present: boolean;
  cancelled: boolean;
  cancellations: DoshaCancellation[];
  /** Points the koota gets back when its dosha is cancelled (total_points_after_exceptions). */
  points_restored: number;
  reason: string;
}

export interface AshtakootaResult {
  kootas: KootaResult[];
  total_points: number;
  max_points: number;
  doshas: KootaDosha[];
  total_points_after_exceptions: number;
  verdict: string;
}

const name = (s: string) => s.replace(/_/g, ' ');

function varna(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const gv = VARNA_OF_SIGN[g.signIndex]!;
  const bv = VARNA_OF_SIGN[b.signIndex]!;
  const ok = VARNA_RANK[gv] >= VARNA_RANK[bv];
  return {
    koota: 'varna',
    points: ok ? 1 : 0,
    max_points: 1,
    groom_value: gv,
    bride_value: bv,
    reason: ok
      ? `the groom's varna (${gv}) is equal to or above the bride's (${bv})`
      : `the groom's varna (${gv}) is below the bride's (${bv})`,
    source: VARNA_SOURCE,
  };
}

function vashya(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const gv = vashyaGroupOf(g.longitude);
  const bv = vashyaGroupOf(b.longitude);
  const points = VASHYA_POINTS[VASHYA_GROUPS.indexOf(bv)]![VASHYA_GROUPS.indexOf(gv)]!;
  return {
    koota: 'vashya',
    points,
    max_points: 2,
    groom_value: gv,
    bride_value: bv,
    reason: gv === bv ? `both Moons are ${gv}` : `groom ${gv}, bride ${bv}: ${points} of 2 in the vashya table`,
    source: `vashya groups of the Moon sign (halves of Sagittarius and Capricorn at 15°); points: ${PYJHORA} VasiyaArray (saravali.de)`,
  };
}

/** Tara of the star counted `count` stars from a birth star (1..27): 1 janma .. 9 parama mitra. */
export const taraOf = (count: number): number => ((count - 1) % 9) + 1;

function tara(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const fromBride = taraOf(starCount(b.nakshatraIndex, g.nakshatraIndex));
  const fromGroom = taraOf(starCount(g.nakshatraIndex, b.nakshatraIndex));
  const good = (t: number) => !INAUSPICIOUS_TARAS.includes(t);
  const points = (good(fromBride) ? 1.5 : 0) + (good(fromGroom) ? 1.5 : 0);
  const t = (n: number) => `${TARAS[n - 1]} (${n})`;
  return {
    koota: 'tara',
    points,
    max_points: 3,
    groom_value: g.nakshatra,
    bride_value: b.nakshatra,
    reason:
      `the groom's star is tara ${t(fromBride)} from the bride's, the bride's is tara ${t(fromGroom)} from the groom's; ` +
      'vipat (3), pratyari (5) and vadha (7) are inauspicious, every other tara gives 1.5',
    source: 'count of the stars both ways, remainder by 9 (astrobix.com "Taara Milan"; kundalimilan.in)',
  };
}

function yoni(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const gy = YONI_OF_NAKSHATRA[g.nakshatraIndex]!;
  const by = YONI_OF_NAKSHATRA[b.nakshatraIndex]!;
  const points = YONI_POINTS[by]![gy]!;
  const label: Record<number, string> = {
    4: 'same yoni',
    3: 'friendly',
    2: 'neutral',
    1: 'inimical',
    0: 'intense enemies',
  };
  return {
    koota: 'yoni',
    points,
    max_points: 4,
    groom_value: YONIS[gy]!,
    bride_value: YONIS[by]!,
    reason: `${YONIS[gy]} and ${YONIS[by]}: ${label[points]}`,
    source: YONI_SOURCE,
  };
}

/** Graha maitri points of two sign lords and the two views behind them. */
export function maitriPoints(groomLord: string, brideLord: string): { points: number; views: [number, number] } {
  type P = Parameters<typeof naturalRelation>[0];
  const a = naturalRelation(groomLord as P, brideLord as P);
  const c = naturalRelation(brideLord as P, groomLord as P);
  const views = [a, c].sort((x, y) => x - y) as [number, number];
  return { points: MAITRI_POINTS[views.join(',')]!, views: [a, c] };
}

const VIEW = { 1: 'friend', 0: 'neutral', [-1]: 'enemy' } as Record<number, string>;

function grahaMaitri(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const gl = SIGN_LORDS[g.signIndex]!;
  const bl = SIGN_LORDS[b.signIndex]!;
  const { points, views } = maitriPoints(gl, bl);
  return {
    koota: 'graha_maitri',
    points,
    max_points: 5,
    groom_value: gl,
    bride_value: bl,
    reason:
      gl === bl
        ? `both Moon signs are ruled by ${gl}`
        : `${gl} holds ${bl} a ${VIEW[views[0]]}, ${bl} holds ${gl} a ${VIEW[views[1]]}`,
    source: `natural relationships of the Moon-sign lords (BPHS ch. 3 v. 55); points as ${PYJHORA} raasi_adhipathi_array`,
  };
}

function gana(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const gg = GANA_OF_NAKSHATRA[g.nakshatraIndex]!;
  const bg = GANA_OF_NAKSHATRA[b.nakshatraIndex]!;
  const points = GANA_POINTS[GANAS.indexOf(bg)]![GANAS.indexOf(gg)]!;
  return {
    koota: 'gana',
    points,
    max_points: 6,
    groom_value: gg,
    bride_value: bg,
    reason: `groom ${gg}, bride ${bg}: ${points} of 6`,
    source: `gana of the birth star; points: ${PYJHORA} gana_array (saravali.de)`,
  };
}

function bhakoot(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const n = signCount(b.signIndex, g.signIndex);
  const m = signCount(g.signIndex, b.signIndex);
  const dosha = BHAKOOT_DOSHA[n];
  return {
    koota: 'bhakoot',
    points: dosha ? 0 : 7,
    max_points: 7,
    groom_value: g.sign,
    bride_value: b.sign,
    reason: dosha
      ? `the Moon signs are ${n}/${m} from each other (${dosha}): Bhakoot dosha`
      : `the Moon signs are ${n}/${m} from each other`,
    source: `sign counts 2/12, 5/9 and 6/8 score 0, all others 7 (${PYJHORA} raasi_array)`,
  };
}

function nadi(g: MatchingMoon, b: MatchingMoon): KootaResult {
  const gn = nadiOf(g.nakshatraIndex);
  const bn = nadiOf(b.nakshatraIndex);
  return {
    koota: 'nadi',
    points: gn === bn ? 0 : 8,
    max_points: 8,
    groom_value: gn,
    bride_value: bn,
    reason: gn === bn ? `both birth stars are of ${gn} nadi: Nadi dosha` : `different nadis (${gn}, ${bn})`,
    source: NADI_SOURCE,
  };
}

export const NADI_EXCEPTION_SOURCE =
  'Muhurta Chintamani (Vivaha prakarana) exceptions to Nadi dosha, as commonly stated (acharyavipintiwari.blogspot.com "नाड़ी दोष निरस्त: 3 नियम")';
export const BHAKOOT_EXCEPTION_SOURCE =
  'Bhakoot dosha exceptions of Muhurta Chintamani, as stated at truthstar.com/doshas-cancellation (rashi lords common or friends; navamsha lords common or friends)';

/** Nadi dosha exceptions: same sign with different stars, same star with different signs or padas. */
export function nadiCancellations(g: MatchingMoon, b: MatchingMoon): DoshaCancellation[] {
  const out: DoshaCancellation[] = [];
  if (g.signIndex === b.signIndex && g.nakshatraIndex !== b.nakshatraIndex)
    out.push({
      rule: 'same_sign_different_nakshatra',
      reason: `both Moons are in ${g.sign} but in different stars (${name(g.nakshatra)}, ${name(b.nakshatra)})`,
      source: NADI_EXCEPTION_SOURCE,
    });
  if (g.nakshatraIndex === b.nakshatraIndex && g.signIndex !== b.signIndex)
    out.push({
      rule: 'same_nakshatra_different_sign',
      reason: `both Moons are in ${name(g.nakshatra)} but in different signs (${g.sign}, ${b.sign})`,
      source: NADI_EXCEPTION_SOURCE,
    });
  if (g.nakshatraIndex === b.nakshatraIndex && g.pada !== b.pada)
    out.push({
      rule: 'same_nakshatra_different_pada',
      reason: `both Moons are in ${name(g.nakshatra)} but in different padas (${g.pada}, ${b.pada})`,
      source: NADI_EXCEPTION_SOURCE,
    });
  return out;
}

/** Lords of two signs are the same planet or friends both ways. */
function lordsAgree(a: number, c: number): { agree: boolean; text: string } {
  const la = SIGN_LORDS[a]!;
  const lc = SIGN_LORDS[c]!;
  if (la === lc) return { agree: true, text: `both are ruled by ${la}` };
  const { views } = maitriPoints(la, lc);
  const agree = views[0] === 1 && views[1] === 1;
  return { agree, text: `${la} and ${lc} are ${agree ? 'mutual friends' : 'not mutual friends'}` };
}

/** Bhakoot dosha exceptions: Moon-sign lords one planet or mutual friends; likewise the navamsa lords. */
export function bhakootCancellations(g: MatchingMoon, b: MatchingMoon): DoshaCancellation[] {
  const out: DoshaCancellation[] = [];
  const rasi = lordsAgree(g.signIndex, b.signIndex);
  if (rasi.agree)
    out.push({
      rule: 'moon_sign_lords_same_or_friends',
      reason: `the Moon signs ${g.sign} and ${b.sign}: ${rasi.text}`,
      source: BHAKOOT_EXCEPTION_SOURCE,
    });
  const gi = SIGNS.indexOf(g.navamsaSign);
  const bi = SIGNS.indexOf(b.navamsaSign);
  const nav = lordsAgree(gi, bi);
  if (nav.agree)
    out.push({
      rule: 'navamsa_lords_same_or_friends',
      reason: `the Moons' navamsa signs ${g.navamsaSign} and ${b.navamsaSign}: ${nav.text}`,
      source: BHAKOOT_EXCEPTION_SOURCE,
    });
  return out;
}

/** Verdict bands of the total (the common reading: below 18 is not recommended). */
export function verdictOf(total: number): string {
  if (total < 18) return 'not_recommended';
  if (total < 25) return 'average';
  if (total < 33) return 'good';
  return 'excellent';
}

export function ashtakoota(groom: MatchingMoon, bride: MatchingMoon): AshtakootaResult {
  const kootas = [varna, vashya, tara, yoni, grahaMaitri, gana, bhakoot, nadi].map((f) => f(groom, bride));
  const total = kootas.reduce((s, k) => s + k.points, 0);
  const nadiK = kootas.find((k) => k.koota === 'nadi')!;
  const bhakootK = kootas.find((k) => k.koota === 'bhakoot')!;
  const dosha = (d: 'nadi' | 'bhakoot', k: KootaResult, cancels: () => DoshaCancellation[]): KootaDosha => {
    const present = k.points === 0;
    const cancellations = present ? cancels() : [];
    const cancelled = cancellations.length > 0;
    return {
      dosha: d,
      present,
      cancelled,
      cancellations,
      points_restored: cancelled ? k.max_points : 0,
      reason: !present
        ? `no ${d} dosha`
        : cancelled
          ? `${d} dosha is cancelled (${cancellations.map((c) => c.rule).join(', ')})`
          : `${d} dosha stands: no classical exception applies`,
    };
  };
  const doshas = [
    dosha('nadi', nadiK, () => nadiCancellations(groom, bride)),
    dosha('bhakoot', bhakootK, () => bhakootCancellations(groom, bride)),
  ];
  const after = total + doshas.reduce((s, d) => s + d.points_restored, 0);
  return {
    kootas,
    total_points: total,
    max_points: 36,
    doshas,
    total_points_after_exceptions: after,
    verdict: verdictOf(after),
  };
}
