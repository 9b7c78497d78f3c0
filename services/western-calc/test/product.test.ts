// Unit tests of product profiles, transit searches and UX cards. Published positions and published
// ephemeris events are named beside each expected value.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { computeChart } from '@astro/astro-core';
import { REL_POINTS, type ChartData } from '../src/domain/relationships/chart-data.ts';
import { natalView, signDignityPoints, angularityOf } from '../src/domain/product/natal-view.ts';
import { DOMAINS, domainProfile, FEATURES, productProfile } from '../src/domain/product/profile.ts';
import { SLOW_BODIES, transitHits, nextImportantTransit, TIMELINE_BODIES } from '../src/domain/product/transit-scan.ts';
import { profileSummaryCards, timelineCards, weatherCards } from '../src/domain/product/ux-cards.ts';
import { dailyWeather } from '../src/domain/product/weather.ts';

const dms = (d: number, m: number) => d + m / 60;

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

// Diana, Princess of Wales: 1961-07-01 19:45 BST (18:45 UT), Sandringham 52N50 0E30 (Astro-Databank).
const diana = natalView(chart('diana', '1961-07-01T18:45:00Z', dms(52, 50), dms(0, 30)));
// Charles: 1948-11-14 21:14 GMT, London 51N30 0W10 (Astro-Databank, AA).
const charles = natalView(chart('charles', '1948-11-14T21:14:00Z', dms(51, 30), -dms(0, 10)));

describe('sign dignity (Lilly points)', () => {
  it('rulership, exaltation, detriment, fall and peregrine', () => {
    assert.equal(signDignityPoints('venus', 'taurus'), 5);
    assert.equal(signDignityPoints('moon', 'taurus'), 4);
    assert.equal(signDignityPoints('venus', 'scorpio'), -5);
    assert.equal(signDignityPoints('venus', 'virgo'), -4);
    assert.equal(signDignityPoints('mars', 'virgo'), 0);
    assert.equal(signDignityPoints('uranus', 'aquarius'), 0);
    assert.deepEqual([1, 2, 3, 4, 12].map(angularityOf), ['angular', 'succedent', 'cadent', 'angular', 'cadent']);
  });
});

describe('product profile', () => {
  it("Diana's love and money significator dignity from her published Venus and Jupiter", () => {
    // Published: Venus 24°24' Taurus (own sign, +5), Jupiter 5°06' Aquarius (peregrine, 0).
    // love: Venus alone -> 5 / 5 = 1; money: (Jupiter 0 + Venus 5) / 2 / 5 = 0.5.
    assert.equal(domainProfile(diana, 'love').features[0]!.value, 1);
    assert.equal(domainProfile(diana, 'money').features[0]!.value, 0.5);
    // Love's first house is the 5th: published cusp 16°03' Taurus, ruled by Venus in Taurus (+5) -> 1.
    assert.equal(domainProfile(diana, 'love').features[1]!.value, 1);
  });

  it("Charles's emotions: Moon 0°26' Taurus, exalted (+4) -> 0.8", () => {
    assert.equal(domainProfile(charles, 'emotions').features[0]!.value, 0.8);
  });

  it('every domain has the same feature order; values within their documented ranges; deterministic', () => {
    const p = productProfile(diana);
    assert.deepEqual(
      p.domains.map((d) => d.domain),
      [...DOMAINS],
    );
    for (const d of p.domains) {
      assert.equal(d.vector.length, FEATURES.length);
      d.features.forEach((f, i) => {
        assert.equal(f.name, FEATURES[i]!.name);
        assert.equal(f.value, d.vector[i]);
        assert.ok(f.value >= f.min && f.value <= f.max, `${d.domain}.${f.name} = ${f.value}`);
      });
      assert.ok(d.score >= 0 && d.score <= 100);
    }
    assert.deepEqual(productProfile(diana), p);
    const scores = p.domains.map((d) => d.score);
    assert.equal(p.domains.find((d) => d.domain === p.strongest_domain)!.score, Math.max(...scores));
    assert.equal(p.domains.find((d) => d.domain === p.weakest_domain)!.score, Math.min(...scores));
  });

  it('summary cards: published big three, unique ids', () => {
    const cards = profileSummaryCards(diana, productProfile(diana));
    // Diana: Sun Cancer, Moon Aquarius, Ascendant Sagittarius (published 9°40' Can, 25°02' Aqu, 18°25' Sag).
    assert.equal(cards[0]!.id, 'profile.sun.cancer');
    assert.equal(cards[1]!.id, 'profile.moon.aquarius');
    assert.equal(cards[2]!.id, 'profile.rising.sagittarius');
    // Sagittarius is ruled by Jupiter.
    assert.equal(cards[3]!.id, 'profile.chart_ruler.jupiter');
    assert.equal(new Set(cards.map((c) => c.id)).size, cards.length);
    assert.deepEqual(
      cards.map((c) => c.priority),
      cards.map((_, i) => i + 1),
    );
  });
});

/** A natal view with the Sun at exactly 0° Aquarius (300°), for ephemeris-event checks. */
function withSunAt(longitude: number) {
  const base = chart('x', '1990-01-01T00:00:00Z', 0, 0);
  return natalView({
    ...base,
    positions: base.positions.map((p) => (p.planet === 'sun' ? { ...p, longitude } : p)),
  });
}

describe('transit searches', () => {
  it("Saturn's 2020 passes over 0° Aquarius: three exact conjunctions, one retrograde", () => {
    // Published ingresses (Astrodienst ephemeris; also NASA/JPL Horizons): Saturn enters Aquarius
    // 2020-03-22 03:58 UT, re-enters Capricorn retrograde 2020-07-01 23:37 UT, re-enters Aquarius
    // 2020-12-17 05:04 UT.
    const v = withSunAt(300);
    const hits = transitHits(
      v,
      ['saturn'],
      Date.parse('2020-01-01T00:00:00Z'),
      Date.parse('2021-01-01T00:00:00Z'),
    ).filter((h) => h.natal_planet === 'sun' && h.aspect === 'conjunction');
    assert.equal(hits.length, 3);
    const expected = ['2020-03-22T03:58:00Z', '2020-07-01T23:37:00Z', '2020-12-17T05:04:00Z'];
    hits.forEach((h, i) => {
      const diffMin = Math.abs(h.exact_at_ms - Date.parse(expected[i]!)) / 60_000;
      assert.ok(diffMin < 10, `hit ${i}: ${new Date(h.exact_at_ms).toISOString()} vs ${expected[i]}`);
    });
    assert.deepEqual(
      hits.map((h) => h.direction),
      ['direct', 'retrograde', 'direct'],
    );
    for (const h of hits) assert.ok(h.window_start_ms <= h.exact_at_ms && h.exact_at_ms <= h.window_end_ms);
  });

  it('next important transit is the earliest slow-planet hit, and timeline cards are in time order', () => {
    const from = Date.parse('2020-01-01T00:00:00Z');
    const next = nextImportantTransit(diana, from)!;
    assert.ok(next);
    assert.ok((SLOW_BODIES as readonly string[]).includes(next.transit_planet));
    const all = transitHits(diana, SLOW_BODIES, from, next.exact_at_ms);
    assert.equal(all[0]!.exact_at_ms, next.exact_at_ms);
    const end = from + 120 * 86_400_000;
    const cards = timelineCards(diana, transitHits(diana, TIMELINE_BODIES, from, end));
    assert.ok(cards.length > 0);
    for (let i = 1; i < cards.length; i++) assert.ok(cards[i - 1]!.exact_at! <= cards[i]!.exact_at!);
    assert.equal(new Set(cards.map((c) => c.id)).size, cards.length);
    for (const c of cards) assert.ok(Date.parse(c.exact_at!) > from && Date.parse(c.exact_at!) <= end);
  });
});

describe('daily weather', () => {
  it('names the lunar phase: full on the evening of the 2020-10-31 full moon', () => {
    // Full moon 2020-10-31 14:49 UT (NASA lunar phase tables); five hours later the elongation is
    // about 182.5°, inside the full phase (180-225°).
    const w = dailyWeather(diana, Date.parse('2020-10-31T20:00:00Z'));
    assert.equal(w.moon.phase, 'full');
    assert.ok(w.moon.elongation_degrees > 180 && w.moon.elongation_degrees < 185);
    // That full moon fell at 8°38' Taurus (published lunation tables), so the Moon is in Taurus.
    assert.equal(w.moon.sign, 'taurus');
    assert.ok(w.score >= 0 && w.score <= 100);
    for (const t of w.transits) assert.ok(t.orb_degrees <= t.max_orb_degrees);
    const cards = weatherCards(w);
    assert.equal(cards[0]!.id, 'weather.2020-10-31.overall');
    assert.equal(new Set(cards.map((c) => c.id)).size, cards.length);
  });
});
