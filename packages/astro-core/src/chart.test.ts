// Chart shape, Vedic fields, input checks and determinism.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  BUNDLED_EPHE_PATH,
  computeChart,
  initEphemeris,
  nakshatraOf,
  navamsaSignOf,
  PLANET_KEYS,
  rulerOf,
  signOf,
  type ChartInput,
} from './index.ts';

const BASE: ChartInput = {
  utcMs: Date.parse('1990-05-15T05:00:00Z'),
  latitude: 28.6139,
  longitude: 77.209,
  system: 'vedic',
  houseSystem: 'placidus',
  ayanamsha: 'lahiri',
};

describe('computeChart', () => {
  it('uses the bundled Swiss Ephemeris files unless given another folder, or none (Moshier)', () => {
    assert.deepEqual(initEphemeris(), { mode: 'swiss' });
    assert.deepEqual(initEphemeris({ ephePath: BUNDLED_EPHE_PATH }), { mode: 'swiss' });
    assert.deepEqual(initEphemeris({ ephePath: '' }), { mode: 'moshier' });
    assert.deepEqual(initEphemeris({ ephePath: 'moshier' }), { mode: 'moshier' }); // SE_EPHE_PATH=moshier
    assert.throws(() => initEphemeris({ ephePath: '/nonexistent/ephe' }), /Swiss Ephemeris files/);
    assert.deepEqual(initEphemeris({}), { mode: 'swiss' });
  });

  it('agrees with Moshier within its stated accuracy, inside the files and (Moshier per call) outside them', () => {
    // Moshier's series: planets within ~1", the Moon within a few arcseconds (sweph's documentation);
    // the files (JPL DE431) are the better of the two. Outside 1800-2400 sweph uses Moshier per call.
    const lon = (utcMs: number) => computeChart({ ...BASE, utcMs }).planets.map((p) => p.longitude);
    for (const year of [1990, 1650, 2500]) {
      const at = Date.UTC(year, 4, 15, 5);
      initEphemeris();
      const files = lon(at);
      initEphemeris({ ephePath: '' });
      const moshier = lon(at);
      for (let i = 0; i < files.length; i++) {
        const arcsec = Math.abs(((files[i]! - moshier[i]! + 540) % 360) - 180) * 3600;
        assert.ok(arcsec < (PLANET_KEYS[i] === 'moon' ? 5 : 1.5), `${year} ${PLANET_KEYS[i]}: ${arcsec}"`);
      }
    }
    initEphemeris();
  });

  it('gives 14 positions in the spec order and 12 cusps, all normalised', () => {
    for (const system of ['vedic', 'western'] as const) {
      const c = computeChart({ ...BASE, system });
      assert.deepEqual(
        c.planets.map((p) => p.planet),
        [...PLANET_KEYS],
      );
      assert.deepEqual(
        c.houses.map((h) => h.house),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      );
      for (const p of c.planets) {
        assert.ok(p.longitude >= 0 && p.longitude < 360);
        assert.ok(p.degree_in_sign >= 0 && p.degree_in_sign < 30);
        assert.equal(p.sign, signOf(p.longitude));
        assert.ok(Number.isFinite(p.speed_per_day) && p.speed_per_day !== 0, `${p.planet} speed`);
        assert.equal(p.is_retrograde, p.speed_per_day < 0);
      }
      for (const h of c.houses) assert.equal(h.sign, signOf(h.longitude));
      assert.ok(Math.abs(c.jd_ut - (2448026.5 + 5 / 24)) < 1e-9); // Meeus ch. 7: 1990 May 15.0 = JD 2448026.5
    }
  });

  it('adds nakshatra and navamsa fields on Vedic charts only', () => {
    const v = computeChart(BASE);
    for (const p of v.planets) {
      const n = nakshatraOf(p.longitude);
      assert.equal(p.nakshatra, n.name);
      assert.equal(p.pada, n.pada);
      assert.equal(p.global_pada, n.global_pada);
      assert.equal(p.nakshatra_lord, n.lord);
      assert.equal(p.navamsa_sign, navamsaSignOf(p.longitude));
      assert.equal(p.navamsa_lord, rulerOf(p.navamsa_sign!));
    }
    const w = computeChart({ ...BASE, system: 'western' });
    for (const p of w.planets) {
      for (const k of ['nakshatra', 'pada', 'global_pada', 'nakshatra_lord', 'navamsa_sign', 'navamsa_lord']) {
        assert.equal(k in p, false, `${p.planet}.${k}`);
      }
    }
  });

  it('is deterministic, also after other computations in between', () => {
    const a = computeChart(BASE);
    const b = computeChart(BASE);
    computeChart({ ...BASE, system: 'western', utcMs: Date.parse('1800-01-01T00:00:00Z'), latitude: 75 });
    computeChart({ ...BASE, utcMs: Date.parse('2099-01-01T00:00:00Z'), houseSystem: 'whole_sign' });
    const c = computeChart(BASE);
    assert.deepEqual(b, a);
    assert.deepEqual(c, a);
  });

  it('refuses input outside the contract', () => {
    const bad: Array<Partial<ChartInput>> = [
      { latitude: 91 },
      { longitude: -180.5 },
      { utcMs: Number.NaN },
      { system: 'hindu' as never },
      { houseSystem: 'koch' as never },
      { ayanamsha: 'sayana' as never },
      { ayanamsha: null }, // Vedic without an ayanamsha
    ];
    for (const over of bad) assert.throws(() => computeChart({ ...BASE, ...over }), RangeError, JSON.stringify(over));
    assert.equal(computeChart({ ...BASE, latitude: 90 }).house_system, 'porphyry');
    assert.equal(computeChart({ ...BASE, latitude: -90, houseSystem: 'equal' }).house_system, 'equal');
  });
});
