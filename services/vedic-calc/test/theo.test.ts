// Theo, influence network, house quality, materialization and the probability engine: classical rules
// checked on hand-built charts (the source of every expected value is named beside it) and properties
// (shares sum to 1, scores in range, bands and labels match scores) on a computed chart.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { computeChart, initEphemeris } from '@astro/astro-core';
import { AppError } from '@astro/platform';
import {
  chartFacts,
  compoundRelation,
  drishtiFraction,
  functionalNature,
  type BodyInput,
} from '../src/domain/theo/facts.ts';
import { influenceNetwork, planetEdges } from '../src/domain/theo/influence.ts';
import { REQUIRED_RUPAS } from '../src/domain/theo/inputs.ts';
import { livelihood, signVarna, varnaProfile, houseAspects } from '../src/domain/theo/profiles.ts';
import {
  essentialPlanets,
  metaFactors,
  periodModifiers,
  probability,
  softCap,
  transitModifiers,
} from '../src/domain/theo/probability.ts';
import {
  basePotential,
  houseQuality,
  LIFE_AREAS,
  materializationAt,
  qualityLabel,
} from '../src/domain/theo/quality.ts';
import { DEFAULT_THEMES, SIGNIFICATORS, significator } from '../src/domain/theo/significators.ts';
import { dispositionBand, houseStrength, signInfluences, theoHouses, theoPlanets } from '../src/domain/theo/theo.ts';
import { transitsAt } from '../src/domain/theo/transits.ts';
import { periodsAt, vimshottariBirth } from '../src/domain/dashas/vimshottari.ts';
import { factsOf, strengthOf } from '../src/handlers/theo-common.ts';

initEphemeris();

const SIGN = {
  aries: 0,
  taurus: 1,
  gemini: 2,
  cancer: 3,
  leo: 4,
  virgo: 5,
  libra: 6,
  scorpio: 7,
  sagittarius: 8,
  capricorn: 9,
  aquarius: 10,
  pisces: 11,
};
type SignName = keyof typeof SIGN;

/** A chart from (sign, degree) per body; rahu/ketu opposite by default. */
function hand(asc: SignName, at: Partial<Record<string, [SignName, number]>>): BodyInput[] {
  const lon = ([s, d]: [SignName, number]) => SIGN[s] * 30 + d;
  const base: Record<string, [SignName, number]> = {
    sun: ['aries', 10],
    moon: ['taurus', 10],
    mars: ['gemini', 10],
    mercury: ['aries', 20],
    jupiter: ['cancer', 10],
    venus: ['pisces', 10],
    saturn: ['capricorn', 10],
    rahu: ['leo', 10],
    ...at,
  } as Record<string, [SignName, number]>;
  const out: BodyInput[] = Object.entries(base).map(([planet, pos]) => ({
    planet,
    longitude: lon(pos),
    speed_per_day: 1,
  }));
  out.push({ planet: 'ketu', longitude: (lon(base.rahu!) + 180) % 360 });
  out.push({ planet: 'ascendant', longitude: SIGN[asc] * 30 + 15 });
  return out;
}

test('yogakarakas by lagna (Laghu Parashari v. 19-21; BPHS ch. 34): Saturn for Taurus and Libra, Mars for Cancer and Leo, Venus for Capricorn and Aquarius', () => {
  for (const [lagna, planet] of [
    ['taurus', 'saturn'],
    ['libra', 'saturn'],
    ['cancer', 'mars'],
    ['leo', 'mars'],
    ['capricorn', 'venus'],
    ['aquarius', 'venus'],
  ] as const) {
    assert.equal(functionalNature(chartFacts(hand(lagna, {})), planet), 'yogakaraka', `${lagna}: ${planet}`);
  }
  // Laghu Parashari v. 8: for Aries lagna the 9th lord Jupiter is a functional benefic (it also owns the
  // 12th), Mercury (3rd and 6th lord) a functional malefic.
  const aries = chartFacts(hand('aries', {}));
  assert.equal(functionalNature(aries, 'jupiter'), 'benefic');
  assert.equal(functionalNature(aries, 'mercury'), 'malefic');
  assert.equal(functionalNature(aries, 'mars'), 'lagnesha');
});

test('graded graha drishti (BPHS ch. 26 v. 2-5): 7th full; 4/8 three-quarters, 5/9 half, 3/10 quarter; special full aspects of Mars, Jupiter, Saturn', () => {
  assert.equal(drishtiFraction('sun', 7), 1);
  assert.equal(drishtiFraction('venus', 4), 0.75);
  assert.equal(drishtiFraction('moon', 9), 0.5);
  assert.equal(drishtiFraction('mercury', 10), 0.25);
  assert.equal(drishtiFraction('mars', 4), 1);
  assert.equal(drishtiFraction('mars', 8), 1);
  assert.equal(drishtiFraction('jupiter', 5), 1);
  assert.equal(drishtiFraction('jupiter', 9), 1);
  assert.equal(drishtiFraction('saturn', 3), 1);
  assert.equal(drishtiFraction('saturn', 10), 1);
  assert.equal(drishtiFraction('sun', 2), 0);
  assert.equal(drishtiFraction('sun', 1), 0);
});

test('five-fold relationship (BPHS ch. 3 v. 57-58) on a hand chart', () => {
  // Sun in Aries, Jupiter in Cancer (4th from the Sun: temporary friend); natural friends -> great friend.
  const f = chartFacts(hand('aries', {}));
  assert.equal(compoundRelation(f, 'sun', 'jupiter'), 'great_friend');
  // Sun and Saturn: natural enemies; Saturn in Capricorn is the 10th from Aries: temporary friend -> neutral.
  assert.equal(compoundRelation(f, 'sun', 'saturn'), 'neutral');
  // The Sun is neutral to Mercury by nature (BPHS ch. 3 v. 55); Mercury in the same sign (1st from the
  // Sun) is a temporary enemy -> enemy.
  assert.equal(compoundRelation(f, 'sun', 'mercury'), 'enemy');
});

test('influence network: via table base strengths and directed ties on a hand chart', () => {
  // Parivartana: Mars in Leo (the Sun's sign), the Sun in Aries (Mars's sign).
  const f = chartFacts(hand('aries', { sun: ['aries', 10], mars: ['leo', 12], mercury: ['aries', 14] }));
  const edges = planetEdges(f);
  const find = (s: string, t: string, via: string) =>
    edges.find((e) => e.source === s && e.target === t && e.via === via);
  assert.equal(find('sun', 'mars', 'sign_exchange')?.strength, 100);
  assert.equal(find('mars', 'sun', 'sign_exchange')?.strength, 100);
  assert.equal(find('sun', 'mars', 'dispositorship'), undefined, 'exchange replaces plain dispositorship');
  // Mercury 4 degrees from the Sun: combust (orb 5, spec); conjunction 80 - 20 x 4/30.
  assert.equal(find('sun', 'mercury', 'combustion')?.strength, 70);
  assert.equal(find('mercury', 'sun', 'being_combust')?.strength, 50);
  assert.ok(Math.abs(find('sun', 'mercury', 'conjunction')!.strength - (80 - (20 * 4) / 30)) < 0.01);
  // Jupiter in Cancer: its 5th is Scorpio, 9th Pisces: Venus in Pisces gets Jupiter's full aspect (60).
  assert.equal(find('jupiter', 'venus', 'aspect')?.strength, 60);
  for (const e of edges) assert.ok(e.strength > 0 && e.strength <= 100, `${e.via} ${e.strength}`);
  const net = influenceNetwork(f);
  assert.equal(net.planet_summaries.length, 9);
  assert.equal(net.house_influences.length, 12);
  for (const h of net.house_influences) {
    assert.ok(h.support >= -1 && h.support <= 1);
    assert.equal(h.edges.filter((e) => e.via === 'lordship').length, 1);
    assert.ok(h.edges.filter((e) => e.via === 'occupation').every((e) => e.strength === 100));
  }
});

test('livelihood (Brihat Jataka ch. 10 v. 1): lord of the navamsa of the 10th lord, worked by hand', () => {
  // Aries lagna: 10th Capricorn, lord Saturn at Aries 5 degrees. Navamsas of a fire sign start from
  // Aries (BPHS ch. 6): 3°20'-6°40' is the 2nd navamsa, Taurus -> Venus.
  const f = chartFacts(hand('aries', { saturn: ['aries', 5], sun: ['pisces', 10], moon: ['scorpio', 10] }));
  const live = livelihood(f);
  const lagna = live.by_reference.find((r) => r.reference === 'lagna')!;
  assert.equal(lagna.tenth_sign, 'capricorn');
  assert.equal(lagna.tenth_lord, 'saturn');
  assert.equal(lagna.tenth_lord_navamsa_sign, 'taurus');
  assert.equal(lagna.livelihood_planet, 'venus');
});

test('varna of signs by element (Brihat Jataka ch. 1 v. 11): water brahmin, fire kshatriya, earth vaishya, air shudra', () => {
  assert.equal(signVarna('cancer'), 'brahmin');
  assert.equal(signVarna('scorpio'), 'brahmin');
  assert.equal(signVarna('aries'), 'kshatriya');
  assert.equal(signVarna('taurus'), 'vaishya');
  assert.equal(signVarna('gemini'), 'shudra');
  const f = chartFacts(hand('cancer', {}));
  const v = varnaProfile(f, () => 10);
  assert.ok(Math.abs(Object.values(v.scores).reduce((a, b) => a + b, 0) - 1) < 1e-9);
});

test('133 significators, distinct themes, (karaka, house) pairs with a graha and a house 1-12; the ten default themes exist', () => {
  assert.equal(SIGNIFICATORS.length, 133);
  assert.equal(new Set(SIGNIFICATORS.map((s) => s.theme)).size, 133);
  for (const s of SIGNIFICATORS) {
    assert.ok(['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'].includes(s.karaka));
    assert.ok(Number.isInteger(s.house) && s.house >= 1 && s.house <= 12);
  }
  for (const t of DEFAULT_THEMES) assert.ok(significator(t), t);
  // Spec examples and their classical karakas (BPHS ch. 32): father Sun 9th, mother Moon 4th, spouse Venus 7th.
  assert.deepEqual(significator('father'), { theme: 'father', karaka: 'sun', house: 9 });
  assert.deepEqual(significator('mother'), { theme: 'mother', karaka: 'moon', house: 4 });
  assert.deepEqual(significator('marriage_for_woman'), { theme: 'marriage_for_woman', karaka: 'jupiter', house: 7 });
  for (const t of ['self', 'wealth', 'siblings', 'spouse', 'career', 'dharma', 'longevity', 'marriage_for_man'])
    assert.ok(significator(t), t);
});

test('bands and labels follow the spec thresholds', () => {
  assert.equal(dispositionBand(0.5), 'very_benefic');
  assert.equal(dispositionBand(0.15), 'benefic');
  assert.equal(dispositionBand(0.1499), 'mixed');
  assert.equal(dispositionBand(-0.15), 'difficult');
  assert.equal(dispositionBand(-0.5), 'very_difficult');
  assert.equal(qualityLabel(-1.0), 'very_difficult');
  assert.equal(qualityLabel(-0.2), 'difficult');
  assert.equal(qualityLabel(0.2), 'neutral');
  assert.equal(qualityLabel(1.0), 'good');
  assert.equal(qualityLabel(1.01), 'very_good');
  assert.equal(softCap(0.5), 0.5);
  assert.ok(softCap(3) > 1 && softCap(3) < 1.5);
});

test('a chart without an ascendant answers the route code (theo_house_strength_failed, varna_profile_failed)', () => {
  const stored = { chart: { planets: hand('aries', {}).filter((p) => p.planet !== 'ascendant') } } as never;
  for (const code of ['theo_house_strength_failed', 'varna_profile_failed']) {
    assert.throws(
      () => factsOf(stored, code),
      (e: unknown) => e instanceof AppError && e.code === code,
    );
  }
});

// ---------------------------------------------------------------- properties on a computed chart

const utcMs = Date.parse('1990-05-15T05:00:00Z');
const computed = computeChart({
  utcMs,
  latitude: 28.6139,
  longitude: 77.209,
  system: 'vedic',
  houseSystem: 'whole_sign',
  ayanamsha: 'lahiri',
});
const stored = {
  chart: { system: 'vedic', birth: { latitude: 28.6139, longitude: 77.209 }, planets: computed.planets },
  utc_ms: utcMs,
  offset_minutes: 330,
} as never;

test('theo planets, houses, house strength: properties', () => {
  const f = factsOf(stored);
  const s = strengthOf(stored).inputs;
  const planets = theoPlanets(f, s);
  assert.deepEqual(
    planets.map((p) => p.planet),
    ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'],
  );
  const ranks = planets
    .filter((p) => p.strength)
    .map((p) => p.strength!.rank)
    .sort();
  assert.deepEqual(ranks, [1, 2, 3, 4, 5, 6, 7]);
  for (const p of planets) {
    if (p.planet === 'rahu' || p.planet === 'ketu') {
      assert.equal(p.strength, null);
      assert.equal(p.disposition.terms.find((t) => t.name === 'dignity')!.weight, 0);
    } else {
      const st = p.strength!;
      const c = st.components;
      const sum = c.naisargika + c.dig + c.uchcha + c.drik + c.kala + c.chesta + c.sthana;
      assert.ok(Math.abs(sum - st.virupa) < 0.05, `${p.planet} components sum`);
      assert.ok(Math.abs(st.rupas - st.virupa / 60) < 0.001);
      assert.equal(st.required_rupas, REQUIRED_RUPAS[p.planet as keyof typeof REQUIRED_RUPAS]);
      assert.equal(st.complete, st.missing.length === 0);
    }
    const d = p.disposition;
    assert.ok(d.score >= -1 && d.score <= 1);
    assert.equal(d.band, dispositionBand(d.score));
    const w = d.terms.reduce((a, t) => a + t.weight, 0);
    assert.ok(Math.abs(d.terms.reduce((a, t) => a + t.weight * t.score, 0) / w - d.score) < 1e-3);
    assert.ok(p.connection.received >= 0 && p.connection.given >= 0);
  }
  const houses = theoHouses(f, s);
  assert.equal(houses.length, 12);
  assert.ok(Math.abs(houses.reduce((a, h) => a + h.share, 0) - 1) < 1e-9);
  for (const h of houses) assert.ok(h.support >= -1 && h.support <= 1);
  for (const h of houseStrength(f, s)) {
    assert.ok(h.score >= 0 && h.score <= 1);
    assert.equal(h.percent, Math.round(h.score * 100));
    for (const v of Object.values(h.components)) assert.ok(v >= 0 && v <= 1);
  }
  const signs = signInfluences(f);
  assert.equal(signs.length, 12);
  for (const s2 of signs) {
    for (const k of ['net_strength', 'benefic_strength', 'malefic_strength']) assert.ok(!(k in s2));
    assert.equal(s2.influences.filter((x) => x.via === 'lordship').length, 1);
  }
});

test('house quality, materialization, probability, meta factors: properties', () => {
  const f = factsOf(stored);
  const s = strengthOf(stored).inputs;
  for (const q of houseQuality(f, s)) {
    assert.ok(q.score >= -2 && q.score <= 2);
    assert.equal(q.label, qualityLabel(q.score));
  }
  const at = Date.parse('2024-06-01T00:00:00Z');
  const transits = transitsAt(at);
  for (const a of LIFE_AREAS) {
    const b = basePotential(f, s, a);
    assert.ok(b.base_potential >= 0 && b.base_potential <= 1, a.area);
    const m = materializationAt(f, s, a, transits);
    assert.ok(m.transit_multiplier >= 0.8 && m.transit_multiplier <= 1.5);
    assert.ok(m.final_probability >= 0 && m.final_probability <= 1);
    for (const c of m.contributing_contacts) {
      assert.equal(c.contribution > 0, ['jupiter', 'venus', 'mercury', 'moon'].includes(c.transit_planet));
    }
  }
  const chain = periodsAt(vimshottariBirth(f.bodies.moon.longitude, utcMs), at, 3);
  const period = periodModifiers(f, chain);
  // Each of the three chain lords gets its bonus (100, 50, 25); everyone else stays at 100.
  for (const p of period) {
    const roles = chain.filter((c) => c.lord === p.planet).length;
    if (roles === 0) assert.equal(p.score, 100);
  }
  const tm = transitModifiers(s, transits);
  assert.deepEqual(
    tm.map((t) => t.planet),
    ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'],
  );
  for (const t of tm) assert.equal(t.score, 100 + 5 * (t.sarva_bindus - 28) + 10 * (t.bhinna_bindus - 4));
  const act = {
    period: Object.fromEntries(period.map((p) => [p.planet, p.score])) as never,
    transit: Object.fromEntries(tm.map((t) => [t.planet, t.score])),
  };
  for (const sig of SIGNIFICATORS) {
    const p = probability(f, s, act, sig);
    assert.equal(p.sources.length, 7);
    assert.ok(p.raw_probability >= 0 && p.raw_probability <= 1);
    assert.ok(p.final_probability >= 0 && p.final_probability <= p.raw_probability + 1e-9);
    assert.equal(p.failed_conditions.length, p.sources.filter((x) => !x.is_satisfied).length);
    for (const src of p.sources) assert.equal(src.is_satisfied, src.activation >= src.threshold);
    const e = essentialPlanets(f, sig);
    assert.equal(e.ranked.length, 9);
  }
  const meta = metaFactors(f, s);
  assert.equal(meta.themes_analysed.length, 10);
  for (let i = 1; i < meta.meta_factors.length; i++)
    assert.ok(meta.meta_factors[i - 1]!.weighted_score >= meta.meta_factors[i]!.weighted_score);
  for (const m of meta.meta_factors) assert.ok(new Set([...m.themes_as_karaka, ...m.themes_as_essential]).size >= 2);
  assert.equal(houseAspects(f).length, 12);
});
