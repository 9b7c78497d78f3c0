// Event searches against astronomy-engine's own searches (independent ephemeris and search code).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  bodyLongitude,
  computeChart,
  findAllAngleCrossings,
  findAllLongitudeCrossings,
  findAngleCrossing,
  findLongitudeCrossing,
  findStations,
  riseSet,
} from './index.ts';
import {
  angularDistance,
  refCentreOnHorizon,
  refJuneSolstice,
  refLongitude,
  refMarchEquinox,
  refMoonPhase,
  refRiseSet,
  refSpeed,
} from './test-reference.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const DELHI = { lat: 28.6139, lon: 77.209 };
const at = (iso: string) => Date.parse(iso);
const near = (a: number | null, b: number | null, tolMs: number, msg: string) => {
  assert.ok(a !== null && b !== null, `${msg}: ${a} / ${b}`);
  assert.ok(Math.abs(a - b) <= tolMs, `${msg}: ${new Date(a).toISOString()} vs ${new Date(b).toISOString()}`);
};

describe('riseSet vs astronomy-engine SearchRiseSet (upper limb, standard refraction)', () => {
  // Start at local midnight (IST = UTC+5:30) so each search finds that civil day's events.
  for (const day of ['1990-05-15', '2024-03-20', '2024-06-21', '2024-12-21']) {
    it(`New Delhi ${day}`, () => {
      const start = at(`${day}T00:00:00+05:30`);
      for (const body of ['sun', 'moon'] as const) {
        for (const kind of ['rise', 'set'] as const) {
          const ours = riseSet(start, DELHI.lat, DELHI.lon, body, kind);
          const ref = refRiseSet(body, kind, start, DELHI.lat, DELHI.lon);
          // Within 1 minute for the Sun; the Moon also within 1 minute (its parallax is modelled by both).
          near(ours, ref, MIN, `${body} ${kind}`);
        }
      }
    });
  }

  it('disc centre without refraction vs astronomy-engine SearchAltitude(centre, 0°)', () => {
    const start = at('2024-03-20T00:00:00+05:30');
    for (const kind of ['rise', 'set'] as const) {
      const ours = riseSet(start, DELHI.lat, DELHI.lon, 'sun', kind, { convention: 'disc_center_unrefracted' });
      near(ours, refCentreOnHorizon('sun', kind, start, DELHI.lat, DELHI.lon), MIN, kind);
    }
    const limb = riseSet(start, DELHI.lat, DELHI.lon, 'sun', 'rise')!;
    const centre = riseSet(start, DELHI.lat, DELHI.lon, 'sun', 'rise', { convention: 'disc_center_unrefracted' })!;
    // Semi-diameter 16' + refraction ~35' ≈ 51' of altitude ≈ 3.9 min at Delhi at the equinox.
    assert.ok(centre - limb > 3 * MIN && centre - limb < 5 * MIN, `${(centre - limb) / MIN} min`);
  });

  it('gives null in polar night and polar day (Longyearbyen 78.22° N)', () => {
    const lat = 78.2232;
    const lon = 15.6267;
    for (const iso of ['2024-12-15T00:00:00Z', '2024-06-15T00:00:00Z']) {
      for (const kind of ['rise', 'set'] as const) {
        assert.equal(riseSet(at(iso), lat, lon, 'sun', kind), null, `${iso} ${kind}`);
        assert.equal(refRiseSet('sun', kind, at(iso), lat, lon), null, `reference ${iso} ${kind}`);
      }
    }
    // The first sunrise after the polar night (mid-February) is found again.
    near(
      riseSet(at('2025-02-18T00:00:00Z'), lat, lon, 'sun', 'rise'),
      refRiseSet('sun', 'rise', at('2025-02-18T00:00:00Z'), lat, lon),
      MIN,
      'Feb',
    );
  });
});

describe('longitude crossings', () => {
  it('finds the March equinox and June solstice (astronomy-engine Seasons) to the minute', () => {
    // Published: 2000-03-20 07:35 UT (USNO); 2024-06-20 20:51 UT.
    near(
      findLongitudeCrossing('sun', 0, at('2000-03-01T00:00:00Z'), at('2000-04-01T00:00:00Z')),
      refMarchEquinox(2000),
      MIN,
      'equinox 2000',
    );
    near(
      findLongitudeCrossing('sun', 90, at('2024-06-01T00:00:00Z'), at('2024-07-01T00:00:00Z')),
      refJuneSolstice(2024),
      MIN,
      'solstice 2024',
    );
    assert.equal(findLongitudeCrossing('sun', 0, at('2000-04-01T00:00:00Z'), at('2000-05-01T00:00:00Z')), null);
  });

  it('finds all three passes of Mercury over 20° Aries around its April 2024 retrograde', () => {
    const from = at('2024-03-01T00:00:00Z');
    const to = at('2024-06-01T00:00:00Z');
    const xs = findAllLongitudeCrossings('mercury', 20, from, to);
    assert.deepEqual(
      xs.map((x) => x.direction),
      ['direct', 'retrograde', 'direct'],
    );
    for (const x of xs)
      assert.ok(angularDistance(refLongitude('mercury', x.utcMs), 20) < 0.01, new Date(x.utcMs).toISOString());
    assert.equal(findLongitudeCrossing('mercury', 20, from, to), xs[0]!.utcMs);
  });

  it('finds every lunar return over 400 days, each exact per astronomy-engine', () => {
    const from = at('2024-01-01T00:00:00Z');
    const target = 123.456;
    const xs = findAllLongitudeCrossings('moon', target, from, from + 400 * DAY);
    // None missed: the first within one sidereal month of the start, the last within one of the end,
    // and consecutive ones a sidereal month (27.32 days ± perturbations) apart.
    assert.ok(xs.length >= 14);
    assert.ok(xs[0]!.utcMs - from < 27.7 * DAY);
    assert.ok(from + 400 * DAY - xs.at(-1)!.utcMs < 27.7 * DAY);
    for (const x of xs) assert.ok(angularDistance(refLongitude('moon', x.utcMs), target) < 0.02);
    for (let i = 1; i < xs.length; i++) {
      const gap = (xs[i]!.utcMs - xs[i - 1]!.utcMs) / DAY;
      assert.ok(gap > 27 && gap < 27.7, `gap ${gap}`);
    }
  });

  it('handles the retrograde mean node and the 360° wrap', () => {
    const xs = findAllLongitudeCrossings('rahu', 0, at('2000-01-01T00:00:00Z'), at('2030-01-01T00:00:00Z'));
    assert.equal(xs.length, 2); // one node cycle is 18.6 years
    assert.ok(xs.every((x) => x.direction === 'retrograde'));
    const ketu = bodyLongitude('ketu', xs[0]!.utcMs);
    assert.ok(angularDistance(ketu.longitude, 180) < 1e-6);
  });

  it('searches the sidereal zodiac when asked (Sun into sidereal Aries, April 2024)', () => {
    const t = findLongitudeCrossing('sun', 0, at('2024-04-01T00:00:00Z'), at('2024-05-01T00:00:00Z'), {
      sidereal: true,
    })!;
    const aya = computeChart({
      utcMs: t,
      latitude: 0,
      longitude: 0,
      system: 'western',
      houseSystem: 'equal',
      ayanamsha: 'lahiri',
    }).ayanamsha_degrees!;
    assert.ok(angularDistance(refLongitude('sun', t), aya) < 0.001);
    assert.ok(t > at('2024-04-13T00:00:00Z') && t < at('2024-04-14T00:00:00Z'));
  });
});

describe('stations', () => {
  it('finds Mercury stations of 2024 where astronomy-engine speed changes sign', () => {
    const st = findStations('mercury', at('2024-01-01T00:00:00Z'), at('2025-01-01T00:00:00Z'));
    // Mercury stations about 3 times a year, alternately retrograde and direct. (Published: retrograde
    // 2024-04-01 22:14 UT, direct 2024-04-25 12:54 UT.)
    assert.deepEqual(
      st.map((s) => s.kind),
      ['direct', 'retrograde', 'direct', 'retrograde', 'direct', 'retrograde', 'direct'],
    );
    for (const s of st) {
      const before = refSpeed('mercury', s.utcMs - 10 * MIN);
      const after = refSpeed('mercury', s.utcMs + 10 * MIN);
      assert.ok(
        s.kind === 'retrograde' ? before > 0 && after < 0 : before < 0 && after > 0,
        new Date(s.utcMs).toISOString(),
      );
      assert.ok(angularDistance(refLongitude('mercury', s.utcMs), s.longitude) < 0.01);
    }
    near(st[1]!.utcMs, at('2024-04-01T22:14:00Z'), 2 * MIN, 'April retrograde station');
    near(st[2]!.utcMs, at('2024-04-25T12:54:00Z'), 2 * MIN, 'April direct station');
    assert.deepEqual(findStations('sun', at('2024-01-01T00:00:00Z'), at('2025-01-01T00:00:00Z')), []);
  });
});

describe('generic angle crossings', () => {
  const elongation = (ms: number) => bodyLongitude('moon', ms).longitude - bodyLongitude('sun', ms).longitude;

  it('finds the new moon of Meeus example 49.a to seconds', () => {
    // Meeus, Astronomical Algorithms (2nd ed.), example 49.a: new moon 1977 Feb 18, 3h37m42s TD;
    // with ΔT = 47.5 s (Meeus table 10.A) that is 03:36:54.5 UT. Meeus' series are good to seconds.
    const from = at('1977-02-10T00:00:00Z');
    near(
      findAngleCrossing(elongation, 0, from, from + 20 * DAY, DAY),
      at('1977-02-18T03:36:54.5Z'),
      10_000,
      'Meeus 49.a',
    );
  });

  it('finds new and full moons (tithi boundaries 0° and 180°) vs astronomy-engine SearchMoonPhase', () => {
    const from = at('2000-01-01T00:00:00Z');
    // astronomy-engine's lunar theory is the coarser one here (its new moon of example 49.a is 41 s
    // late): 2 minutes. Published: new moon 2000-01-06 18:14 UT, full moon 2000-01-21 04:40 UT.
    near(findAngleCrossing(elongation, 0, from, from + 40 * DAY, DAY), refMoonPhase(0, from), 2 * MIN, 'new moon');
    near(findAngleCrossing(elongation, 180, from, from + 40 * DAY, DAY), refMoonPhase(180, from), 2 * MIN, 'full moon');
    near(
      findAngleCrossing(elongation, 0, from, from + 40 * DAY, DAY),
      at('2000-01-06T18:14:00Z'),
      MIN,
      'published new',
    );
    near(
      findAngleCrossing(elongation, 180, from, from + 40 * DAY, DAY),
      at('2000-01-21T04:40:00Z'),
      MIN,
      'published full',
    );
  });

  it('finds 30 tithi ends per synodic month, each 12° apart', () => {
    const from = at('2024-01-11T12:00:00Z'); // just after a new moon
    const ends: number[] = [];
    for (let k = 1; k <= 30; k++) ends.push(...findAllAngleCrossings(elongation, 12 * k, from, from + 29.6 * DAY, DAY));
    ends.sort((a, b) => a - b);
    assert.equal(ends.length, 30);
    for (const t of ends) {
      const e = refLongitude('moon', t) - refLongitude('sun', t);
      assert.ok(angularDistance(e, Math.round(e / 12) * 12) < 0.02);
    }
  });

  it('returns null when the window holds no crossing and rejects a bad step', () => {
    assert.equal(
      findAngleCrossing(() => 10, 0, 0, DAY, DAY / 4),
      null,
    );
    assert.throws(() => findAllAngleCrossings(() => 0, 0, 0, DAY, 0), RangeError);
  });
});
