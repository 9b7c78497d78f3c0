// The ayanamsha table against each ayanamsha's published definition (its value at its own epoch), and
// the sidereal frame it gives. Every expected value below comes from a published source named beside
// it, never from this code. Tolerances: 1" for the epoch definitions (the precession models differ by
// well under 1" over a century); 30" where the definition is a star's sidereal longitude (annual
// aberration, up to 20.5", and the catalogue's epoch and proper motion are left open by the definitions).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  AYANAMSHA_IDS,
  AYANAMSHAS,
  ayanamshaDegrees,
  bodyLongitude,
  computeChart,
  currentAyanamsha,
  isAyanamsha,
  withAyanamsha,
  type AyanamshaId,
} from './index.ts';

const ARCSEC = 1 / 3600;
const J1900 = 2415020.0; // 1899-12-31 12:00 ET (Newcomb's epoch)
const B1950 = 2433282.42346; // Besselian 1950.0
const J2000 = 2451545.0;

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol * 3600}")`);
}

/** Ecliptic longitude (mean ecliptic and equinox J2000) of ICRS right ascension / declination. */
function eclipticLongitude(raHours: number, decDegrees: number): number {
  const eps = (23.4392911 * Math.PI) / 180; // IAU 1980 obliquity at J2000 (Meeus, Astronomical Algorithms, 22.2)
  const a = (raHours * 15 * Math.PI) / 180;
  const d = (decDegrees * Math.PI) / 180;
  const l = (Math.atan2(Math.sin(a) * Math.cos(eps) + Math.tan(d) * Math.sin(eps), Math.cos(a)) * 180) / Math.PI;
  return (l + 360) % 360;
}
const hms = (h: number, m: number, s: number) => h + m / 60 + s / 3600;
const dms = (sign: 1 | -1, d: number, m: number, s: number) => sign * (d + m / 60 + s / 3600);

describe('ayanamsha table', () => {
  it("holds the issue's ten with distinct sweph modes, Lahiri first", () => {
    const required: AyanamshaId[] = [
      'lahiri',
      'true_chitra',
      'raman',
      'krishnamurti',
      'fagan_bradley',
      'yukteshwar',
      'true_revati',
      'true_pushya',
      'suryasiddhanta',
      'jn_bhasin',
    ];
    for (const id of required) assert.ok(isAyanamsha(id), id);
    assert.equal(AYANAMSHA_IDS[0], 'lahiri');
    const modes = AYANAMSHA_IDS.map((id) => AYANAMSHAS[id].mode);
    assert.equal(new Set(modes).size, modes.length);
    for (const id of AYANAMSHA_IDS) assert.match(id, /^[a-z0-9_]+$/);
    assert.equal(isAyanamsha('sayana'), false);
    assert.equal(isAyanamsha('toString'), false);
    assert.equal(isAyanamsha('LAHIRI'), false);
  });
});

describe('ayanamsha values at their defining epochs', () => {
  it('Fagan/Bradley: 24°02\'31.36" at B1950.0 (mean)', () => {
    // Fagan & Bradley's definition (SVP 5°57'28.64" Pisces at 1950.0), as given in the Swiss Ephemeris
    // documentation, section 2.7 "Sidereal ephemerides" (Astrodienst, swisseph.htm).
    near(ayanamshaDegrees('fagan_bradley', B1950, { mean: true }), 24 + 2 / 60 + 31.36 / 3600, ARCSEC, 'fagan');
  });

  it('Lahiri: 23°15\'00.658" on 1956-03-21 0h ET (true, with nutation)', () => {
    // Indian Astronomical Ephemeris / Calendar Reform Committee (1955): the official Lahiri definition.
    near(ayanamshaDegrees('lahiri', 2435553.5), 23 + 15 / 60 + 0.658 / 3600, ARCSEC, 'lahiri');
  });

  // Robert Hand's (Raman, Krishnamurti) and David Cochrane's (Yukteshwar, J. N. Bhasin) values at
  // J1900, as tabulated in the Swiss Ephemeris documentation, section 2.7 (the "ayanamsha at t0"
  // column): the sidereal longitude of the vernal point is 360° minus these.
  const J1900_VALUES: Array<[AyanamshaId, number, string]> = [
    ['raman', 360 - 338.98556, 'B. V. Raman (R. Hand)'],
    ['krishnamurti', 360 - 337.636111, 'K. S. Krishnamurti (R. Hand)'],
    ['yukteshwar', 360 - 338.917778, 'Sri Yukteshwar (D. Cochrane)'],
    ['jn_bhasin', 360 - 338.634444, 'J. N. Bhasin (D. Cochrane)'],
  ];
  for (const [id, expected, who] of J1900_VALUES)
    it(`${who}: ${expected.toFixed(6)}° at J1900 (mean)`, () => {
      near(ayanamshaDegrees(id, J1900, { mean: true }), expected, ARCSEC, id);
    });

  it('Suryasiddhanta: zero at the epoch of 499 CE (Kali 3600, vernal equinox)', () => {
    // Surya Siddhanta / Aryabhata: sidereal and tropical zodiacs coincide at the equinox of 499 CE
    // (JD 1903396.8128654 UT in the Swiss Ephemeris documentation, section 2.7).
    near(ayanamshaDegrees('suryasiddhanta', 1903396.8128654, { mean: true }), 0, ARCSEC, 'suryasiddhanta');
  });

  // The "true" (star-fixed) ayanamshas put a star at a fixed sidereal longitude; the star's ecliptic
  // longitude at J2000 comes from its ICRS coordinates in SIMBAD (Hipparcos, van Leeuwen 2007).
  const STAR_FIXED: Array<[AyanamshaId, string, number, number, number]> = [
    // Spica (alpha Vir) at 180° (Chitra paksha): RA 13h25m11.579s, Dec -11°09'40.75"
    ['true_chitra', 'Spica at 180°', hms(13, 25, 11.57937), dms(-1, 11, 9, 40.7501), 180],
    // zeta Piscium at 359°50' (Revati yogatara): RA 01h13m43.887s, Dec +07°34'31.27"
    ['true_revati', "zeta Psc at 359°50'", hms(1, 13, 43.88735), dms(1, 7, 34, 31.2745), 359 + 50 / 60],
    // delta Cancri at 106° (PVR Narasimha Rao's Pushya paksha): RA 08h44m41.099s, Dec +18°09'15.50"
    ['true_pushya', 'delta Cnc at 106°', hms(8, 44, 41.09921), dms(1, 18, 9, 15.5034), 106],
    // lambda Scorpii (Shaula, Mula's yogatara) at 240° (Chandra Hari): RA 17h33m36.520s, Dec -37°06'13.76"
    ['true_mula', 'lambda Sco at 240°', hms(17, 33, 36.52), dms(-1, 37, 6, 13.76), 240],
  ];
  for (const [id, what, ra, dec, siderealLon] of STAR_FIXED)
    it(`${id}: ${what} at J2000`, () => {
      const expected = (((eclipticLongitude(ra, dec) - siderealLon) % 360) + 360) % 360;
      near(ayanamshaDegrees(id, J2000, { mean: true }), expected, 30 * ARCSEC, id);
    });
});

describe('sidereal frame per ayanamsha', () => {
  const BASE = {
    utcMs: Date.parse('1990-05-15T05:00:00Z'),
    latitude: 28.6139,
    longitude: 77.209,
    system: 'vedic' as const,
    houseSystem: 'whole_sign' as const,
  };

  it('a planet under Krishnamurti minus under Lahiri is the published Lahiri − KP difference', () => {
    // R. Hand's J1900 values (Swiss Ephemeris documentation, section 2.7): Lahiri 360-337.53953,
    // Krishnamurti 360-337.636111, so KP's zodiac starts 0.096581° (5'47.7") later. The two advance at
    // the same precession rate, so the difference holds at any date; tolerance 2" (the modern Lahiri
    // definition of 1956 and Hand's J1900 value differ by ~0.2").
    const published = 337.636111 - 337.53953;
    const lahiri = computeChart({ ...BASE, ayanamsha: 'lahiri' });
    const kp = computeChart({ ...BASE, ayanamsha: 'krishnamurti' });
    for (const planet of ['sun', 'saturn'] as const) {
      const l = lahiri.planets.find((p) => p.planet === planet)!.longitude;
      const k = kp.planets.find((p) => p.planet === planet)!.longitude;
      near(k - l, published, 2 * ARCSEC, planet);
    }
    near(lahiri.ayanamsha_degrees! - kp.ayanamsha_degrees!, published, 2 * ARCSEC, 'ayanamsha_degrees');
  });

  it('the scope chooses the mode for bodyLongitude; nothing leaks out of it', async () => {
    const at = BASE.utcMs;
    const lahiri = bodyLongitude('moon', at, { sidereal: true }).longitude;
    const fagan = await withAyanamsha('fagan_bradley', async () => {
      await Promise.resolve(); // the scope survives an await
      assert.equal(currentAyanamsha(), 'fagan_bradley');
      return bodyLongitude('moon', at, { sidereal: true }).longitude;
    });
    assert.equal(currentAyanamsha(), 'lahiri');
    // Fagan/Bradley 24°02'31.36" at 1950.0 (mean, its definition) vs Lahiri then: 23°15'00.658" true
    // at 1956-03-21 (IAE), i.e. 23°14'43.9" mean, less 6.22 years of general precession at 50.29"/year
    // (IAU) = 23°09'31": F/B sidereal longitudes are 0.8834° smaller.
    near(lahiri - fagan, 0.883, 0.005, 'fagan vs lahiri moon');
    assert.equal(bodyLongitude('moon', at, { sidereal: true }).longitude, lahiri);
    // An explicit ayanamsha in a chart input wins over the scope.
    const inScope = withAyanamsha('raman', () => computeChart({ ...BASE, ayanamsha: 'lahiri' }));
    assert.deepEqual(inScope, computeChart({ ...BASE, ayanamsha: 'lahiri' }));
    assert.throws(() => withAyanamsha('sayana' as AyanamshaId, () => 0), RangeError);
  });

  it('a Western chart records the chosen ayanamsha but stays tropical', () => {
    const a = computeChart({ ...BASE, system: 'western', ayanamsha: 'lahiri' });
    const b = computeChart({ ...BASE, system: 'western', ayanamsha: 'krishnamurti' });
    assert.deepEqual(a.planets, b.planets);
    assert.notEqual(a.ayanamsha_degrees, b.ayanamsha_degrees);
  });
});
