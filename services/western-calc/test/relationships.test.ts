// Unit tests of the relationship domain (synastry, overlays, composite, Davison, scores, UX builders).
// Public charts: Charles, Prince of Wales (1948-11-14 21:14 GMT, London 51N30 0W10, Rodden AA) and
// Diana, Princess of Wales (1961-07-01 19:45 BST = 18:45 UT, Sandringham 52N50 0E30). Published
// positions (arc-minutes) quoted beside each expected value; midpoints are worked by hand in comments.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { computeChart, norm360 } from '@astro/astro-core';
import { REL_POINTS, houseOf, type ChartData } from '../src/domain/relationships/chart-data.ts';
import { compositeCusps, nearerMidpoint } from '../src/domain/relationships/composite.ts';
import { davisonMoment } from '../src/domain/relationships/davison.ts';
import { pairFacts, signRelation } from '../src/domain/relationships/pair-facts.ts';
import { relationship } from '../src/domain/relationships/report.ts';
import { DIMENSIONS, dimensionScore, supportShare } from '../src/domain/relationships/score.ts';
import { aspectBetween, synastryContacts } from '../src/domain/relationships/synastry.ts';
import { bestCompatibilityTopics, ordinal, relationshipHighlights } from '../src/domain/relationships/ux.ts';

const dms = (d: number, m: number, s = 0) => d + m / 60 + s / 3600;

function chart(id: string, iso: string, latitude: number, longitude: number): ChartData {
  const utcMs = Date.parse(iso);
  const c = computeChart({ utcMs, latitude, longitude, system: 'western', houseSystem: 'placidus', ayanamsha: null });
  return {
    chartId: id,
    utcMs,
    latitude,
    longitude,
    houseSystem: 'placidus',
    positions: c.planets
      .filter((p) => (REL_POINTS as readonly string[]).includes(p.planet))
      .map((p) => ({ planet: p.planet as never, longitude: p.longitude, speed_per_day: p.speed_per_day })),
    cusps: c.houses.map((h) => h.longitude),
  };
}

const charles = chart('charles', '1948-11-14T21:14:00Z', dms(51, 30), -dms(0, 10));
const diana = chart('diana', '1961-07-01T18:45:00Z', dms(52, 50), dms(0, 30));

/** Angular distance in arc-minutes. */
const arcmin = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) * 60;

describe('composite by midpoints', () => {
  it('nearer midpoint takes the shorter arc, also across 0° Aries', () => {
    assert.equal(nearerMidpoint(10, 50), 30);
    assert.equal(nearerMidpoint(350, 10), 0); // 350° and 10°: the short arc passes 0°
    assert.equal(nearerMidpoint(300, 100), 20); // 160° apart going forwards from 300°
    assert.equal(nearerMidpoint(0, 180), 90); // exactly opposite: forwards from a
  });

  it('composite Sun and Moon of Charles and Diana match the hand midpoints of their published positions', () => {
    // Charles: Sun 22°25' Scorpio = 232°25', Moon 0°26' Taurus = 30°26' (Astro-Databank).
    // Diana: Sun 9°40' Cancer = 99°40', Moon 25°02' Aquarius = 325°02' (Astro-Databank; the
    // astrologyclub.org listing "Sun 09.40 CAN, Moon 25.02 AQU" agrees).
    // Sun: (232°25' + 99°40') / 2 = 332°05' / 2 = 166°02.5' = 16°02.5' Virgo (arc 132°45' < 180°).
    // Moon: from 325°02' forwards to 30°26' is 65°24'; half is 32°42'; 325°02' + 32°42' = 357°44'
    //       = 27°44' Pisces.
    const r = relationship(charles, diana);
    const sun = r.composite.positions.find((p) => p.planet === 'sun')!;
    const moon = r.composite.positions.find((p) => p.planet === 'moon')!;
    assert.equal(sun.sign, 'virgo');
    assert.ok(arcmin(sun.longitude, dms(166, 2.5)) < 2, `composite Sun ${sun.longitude}`);
    assert.equal(moon.sign, 'pisces');
    assert.ok(arcmin(moon.longitude, dms(357, 44)) < 2, `composite Moon ${moon.longitude}`);
  });

  it('composite cusps: midpoints of corresponding cusps, and always in zodiacal order', () => {
    // Two equal-house charts with 1st cusps at 10° and 50°: every cusp is the plain midpoint.
    const eq = (asc: number) => Array.from({ length: 12 }, (_, i) => norm360(asc + 30 * i));
    assert.deepEqual(compositeCusps(eq(10), eq(50)), eq(30));
    // 1st cusps 179° apart, 2nd cusps 181° apart: plain nearer midpoints would jump by 180° between
    // houses 1 and 2; the composite keeps the mean house sizes instead.
    const a = eq(0);
    const b = eq(179).map((c, i) => (i === 0 ? c : norm360(c + 2)));
    const cusps = compositeCusps(a, b);
    assert.equal(cusps[0], 89.5);
    for (let i = 1; i < 12; i++) assert.ok(norm360(cusps[i]! - cusps[i - 1]!) < 180, `cusp ${i + 1}`);
  });

  it('every composite point is equidistant from the two natal points, on the shorter arc', () => {
    const r = relationship(charles, diana);
    for (const p of r.composite.positions) {
      const la = charles.positions.find((x) => x.planet === p.planet)!.longitude;
      const lb = diana.positions.find((x) => x.planet === p.planet)!.longitude;
      const da = arcmin(p.longitude, la);
      const db = arcmin(p.longitude, lb);
      assert.ok(Math.abs(da - db) < 1e-6, p.planet);
      assert.ok(da <= 90 * 60 + 1e-6, p.planet);
    }
  });
});

describe('Davison chart', () => {
  it('is cast for the midpoint in time and space of the two births', () => {
    const m = davisonMoment(charles, diana);
    // Time: 1948-11-14 21:14 UT to 1961-07-01 18:45 UT is 4611 days 21 h 31 min; half of it is
    // 2305 d 22 h 45 min 30 s. 1948-11-14 + 2305 d = 1955-03-08 (1948-11-14 -> 1955-11-14 is 7 x 365
    // + 1 leap day = 2556 d, and 1955-03-08 is 251 d before 1955-11-14), so the Davison moment is
    // 1955-03-08 21:14 + 22:45:30 = 1955-03-09 19:59:30 UT.
    assert.equal(new Date(m.utcMs).toISOString(), '1955-03-09T19:59:30.000Z');
    // Space: latitude (51°30' + 52°50') / 2 = 52°10' N; longitude (−0°10' + 0°30') / 2 = 0°10' E.
    assert.ok(Math.abs(m.latitude - dms(52, 10)) < 1e-9);
    assert.ok(Math.abs(m.longitude - dms(0, 10)) < 1e-9);
  });

  it('takes the shorter way round the antimeridian', () => {
    const a = { ...charles, longitude: 170, latitude: 10 };
    const b = { ...diana, longitude: -170, latitude: 20 };
    const m = davisonMoment(a, b);
    assert.equal(Math.abs(m.longitude), 180);
    assert.equal(m.latitude, 15);
  });

  it('the Davison chart positions are the sky at that moment and place', () => {
    const r = relationship(charles, diana);
    const sky = computeChart({
      utcMs: r.davison.moment.utcMs,
      latitude: r.davison.moment.latitude,
      longitude: r.davison.moment.longitude,
      system: 'western',
      houseSystem: 'placidus',
      ayanamsha: null,
    });
    for (const p of r.davison.positions)
      assert.equal(p.longitude, sky.planets.find((x) => x.planet === p.planet)!.longitude);
    // 1955-03-09: the Sun is in Pisces (it enters Aries around 21 March every year).
    assert.equal(r.davison.positions[0]!.sign, 'pisces');
  });
});

describe('synastry contacts', () => {
  it('finds the closest aspect with the synastry orbs and luminary allowance', () => {
    // Sun at 10°, Moon at 129°: 119° apart, a trine 1° wide; max orb 6 + 2 (a light) = 8.
    const c = aspectBetween('sun', 10, 'moon', 129)!;
    assert.equal(c.aspect, 'trine');
    assert.ok(Math.abs(c.orb_degrees - 1) < 1e-9);
    assert.equal(c.max_orb_degrees, 8);
    assert.ok(Math.abs(c.strength - 7 / 8) < 1e-12);
    // Venus–Mars 7° from a trine is out of the 6° orb without a light.
    assert.equal(aspectBetween('venus', 0, 'mars', 127), null);
    // Minor aspects get no luminary allowance: a quincunx 2.5° wide is out even with the Sun.
    assert.equal(aspectBetween('sun', 0, 'saturn', 152.5), null);
    // Across two charts the angles count fully: Ascendant on Ascendant, 7° apart, is a conjunction.
    assert.equal(aspectBetween('ascendant', 100, 'ascendant', 107)!.aspect, 'conjunction');
  });

  it("Charles's Sun and Diana's Moon are square (published 22°25' Sco and 25°02' Aqu: 92°37' apart)", () => {
    const c = synastryContacts(charles, diana).find((x) => x.planet_a === 'sun' && x.planet_b === 'moon')!;
    assert.equal(c.aspect, 'square');
    // 325°02' − 232°25' = 92°37' -> orb 2°37' = 2.617°
    assert.ok(Math.abs(c.orb_degrees - dms(2, 37)) < 2 / 60, String(c.orb_degrees));
  });

  it('every contact is within its max orb, strength in [0, 1], sorted strongest first', () => {
    const contacts = synastryContacts(charles, diana);
    assert.ok(contacts.length > 0);
    for (const c of contacts) {
      assert.ok(c.orb_degrees <= c.max_orb_degrees);
      assert.ok(c.strength >= 0 && c.strength <= 1);
      assert.equal(c.is_applying, false); // two natal charts: nothing moves
    }
    for (let i = 1; i < contacts.length; i++) assert.ok(contacts[i - 1]!.strength >= contacts[i]!.strength);
  });

  it('swapping the partners mirrors every contact', () => {
    const ab = synastryContacts(charles, diana);
    const ba = synastryContacts(diana, charles);
    assert.equal(ab.length, ba.length);
    for (const c of ab) {
      const m = ba.find((x) => x.planet_a === c.planet_b && x.planet_b === c.planet_a)!;
      assert.equal(m.aspect, c.aspect);
      assert.ok(Math.abs(m.orb_degrees - c.orb_degrees) < 1e-9);
    }
  });
});

describe('house overlays', () => {
  it('houseOf follows the cusps, including a house that spans 0° Aries', () => {
    const cusps = [300, 330, 0, 30, 60, 90, 120, 150, 180, 210, 240, 270];
    assert.equal(houseOf(300, cusps), 1);
    assert.equal(houseOf(359.9, cusps), 2);
    assert.equal(houseOf(0, cusps), 3);
    assert.equal(houseOf(299.99, cusps), 12);
  });

  it('are bidirectional: both directions place all twelve points, each in the other chart', () => {
    const r = relationship(charles, diana);
    const { a_in_b, b_in_a } = r.house_overlays;
    assert.equal(a_in_b.from_chart_id, 'charles');
    assert.equal(a_in_b.to_chart_id, 'diana');
    assert.equal(b_in_a.from_chart_id, 'diana');
    assert.equal(b_in_a.to_chart_id, 'charles');
    assert.equal(a_in_b.overlays.length, 12);
    assert.equal(b_in_a.overlays.length, 12);
    for (const o of a_in_b.overlays)
      assert.equal(o.house, houseOf(charles.positions.find((p) => p.planet === o.planet)!.longitude, diana.cusps));
    for (const o of b_in_a.overlays)
      assert.equal(o.house, houseOf(diana.positions.find((p) => p.planet === o.planet)!.longitude, charles.cusps));
    // Diana's Ascendant (published 18°25' Sagittarius) in Charles's chart (Asc 5°25' Leo, Placidus):
    // the 5th house, which runs from about 1° to 5° of Sagittarius up to the 6th cusp in Capricorn.
    assert.equal(b_in_a.overlays.find((o) => o.planet === 'ascendant')!.house, 5);
    const occupied = a_in_b.occupied_houses.flatMap((h) => h.planets);
    assert.equal(occupied.length, 12);
  });
});

describe('scores', () => {
  it('no contacts give 50; harmonious contacts raise and dynamic ones lower the score', () => {
    assert.equal(dimensionScore('emotional', []).score, 50);
    const trine = aspectBetween('moon', 0, 'venus', 120)!; // exact: strength 1
    const square = aspectBetween('moon', 0, 'saturn', 90)!;
    // One exact harmonious contact: 50 + 50 * 1 / 2 = 75.
    assert.equal(dimensionScore('emotional', [trine]).score, 75);
    assert.equal(dimensionScore('emotional', [square]).score, 25);
    assert.equal(dimensionScore('emotional', [trine, square]).score, 50);
  });

  it('conjunctions take the nature of their planets', () => {
    assert.equal(supportShare(aspectBetween('venus', 0, 'jupiter', 1)!), 1);
    assert.equal(supportShare(aspectBetween('saturn', 0, 'mars', 1)!), 0);
    assert.equal(supportShare(aspectBetween('venus', 0, 'mars', 1)!), 0.5);
    assert.equal(supportShare(aspectBetween('mercury', 0, 'ascendant', 1)!), 0.5);
  });

  it('stay in range and are deterministic', () => {
    const r1 = relationship(charles, diana);
    const r2 = relationship(charles, diana);
    assert.deepEqual(r1, r2);
    assert.deepEqual(
      r1.scores.dimensions.map((d) => d.dimension),
      [...DIMENSIONS],
    );
    for (const d of r1.scores.dimensions) {
      assert.ok(d.score > 0 && d.score < 100);
      assert.ok(d.intensity >= 0 && d.intensity < 1);
    }
    assert.ok(r1.scores.overall >= 0 && r1.scores.overall <= 100);
    const weights = r1.scores.dimensions.reduce((s, d) => s + d.weight, 0);
    assert.ok(Math.abs(weights - 1) < 1e-12);
  });
});

describe('relationship UX and pair facts', () => {
  it('ranks topics by score and limits them', () => {
    const r = relationship(charles, diana);
    const t = bestCompatibilityTopics(r, 3);
    assert.equal(t.length, 3);
    assert.deepEqual(
      t.map((x) => x.rank),
      [1, 2, 3],
    );
    for (let i = 1; i < t.length; i++) assert.ok(t[i - 1]!.score >= t[i]!.score);
    assert.equal(bestCompatibilityTopics(r, 7).length, 7);
  });

  it('highlights have unique stable ids and consecutive priorities', () => {
    const r = relationship(charles, diana);
    const h = relationshipHighlights(r);
    assert.equal(new Set(h.map((c) => c.id)).size, h.length);
    assert.deepEqual(
      h.map((c) => c.priority),
      h.map((_, i) => i + 1),
    );
    assert.deepEqual(relationshipHighlights(relationship(charles, diana)), h);
    assert.equal(h[0]!.kind, 'score');
    assert.equal(ordinal(1), '1st');
    assert.equal(ordinal(12), '12th');
    assert.equal(ordinal(22), '22nd');
  });

  it('pair facts: published signs and whole-sign relations', () => {
    const f = pairFacts(charles, diana, relationship(charles, diana));
    // Charles: Sun Scorpio, Moon Taurus, Asc Leo; Diana: Sun Cancer, Moon Aquarius, Asc Sagittarius.
    assert.deepEqual([f.person_a.sun_sign, f.person_a.moon_sign, f.person_a.rising_sign], ['scorpio', 'taurus', 'leo']);
    assert.deepEqual(
      [f.person_b.sun_sign, f.person_b.moon_sign, f.person_b.rising_sign],
      ['cancer', 'aquarius', 'sagittarius'],
    );
    // Scorpio and Cancer are both water signs, four signs apart: trine.
    assert.deepEqual(f.sign_pairs[0], {
      point: 'sun',
      sign_a: 'scorpio',
      sign_b: 'cancer',
      relation: 'trine',
      same_element: true,
    });
    assert.equal(signRelation('taurus', 'aquarius'), 'square');
    assert.equal(signRelation('aries', 'libra'), 'opposite');
    assert.equal(signRelation('pisces', 'aries'), 'semisextile');
    // 4611 days 21 h 31 min = 4611 + 1291/1440 = 4611.8965 days, rounded to 4611.897
    assert.equal(f.birth_interval_days, 4611.897);
    assert.equal(f.davison.moment, '1955-03-09T19:59:30.000Z');
    assert.equal(norm360(0), 0);
  });
});
