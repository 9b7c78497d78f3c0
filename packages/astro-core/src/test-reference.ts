// TEST-ONLY: independent reference computations for the tests. Nothing here calls sweph or this
// package's code: positions come from astronomy-engine (VSOP87 / Montenbruck-Pfleger lunar theory,
// IAU 2000B nutation; an implementation unrelated to the Swiss Ephemeris) and the house formulas are
// the textbook ones, written out here.
import * as Astronomy from 'astronomy-engine';

export const REF_BODIES = {
  sun: Astronomy.Body.Sun,
  moon: Astronomy.Body.Moon,
  mercury: Astronomy.Body.Mercury,
  venus: Astronomy.Body.Venus,
  mars: Astronomy.Body.Mars,
  jupiter: Astronomy.Body.Jupiter,
  saturn: Astronomy.Body.Saturn,
  uranus: Astronomy.Body.Uranus,
  neptune: Astronomy.Body.Neptune,
  pluto: Astronomy.Body.Pluto,
} as const;
export type RefBody = keyof typeof REF_BODIES;

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

export function norm(deg: number): number {
  return ((deg % 360) + 360) % 360;
}

/** |a − b| on the circle, degrees in [0, 180]. */
export function angularDistance(a: number, b: number): number {
  const d = norm(a - b);
  return d > 180 ? 360 - d : d;
}

/**
 * Apparent geocentric ecliptic longitude, true equinox and ecliptic of date: GeoVector with light time
 * and aberration (J2000 equator), rotated by Ecliptic() through precession and nutation of date.
 */
export function refLongitude(body: RefBody, utcMs: number): number {
  const vec = Astronomy.GeoVector(REF_BODIES[body], new Date(utcMs), true);
  return Astronomy.Ecliptic(vec).elon;
}

/** Central-difference speed of refLongitude, degrees/day. */
export function refSpeed(body: RefBody, utcMs: number, hMs = 60_000): number {
  const d = norm(refLongitude(body, utcMs + hMs) - refLongitude(body, utcMs - hMs) + 180) - 180;
  return (d / (2 * hMs)) * 86_400_000;
}

/** Terrestrial time in Julian centuries since J2000 (astronomy-engine's own ΔT). */
export function refJulianCenturiesTT(utcMs: number): number {
  return Astronomy.MakeTime(new Date(utcMs)).tt / 36525;
}

/** True obliquity of date, degrees. */
export function refObliquity(utcMs: number): number {
  return Astronomy.e_tilt(Astronomy.MakeTime(new Date(utcMs))).tobl;
}

/** Local apparent sidereal time = right ascension of the MC (RAMC), degrees. */
export function refRamc(utcMs: number, eastLongitude: number): number {
  return norm(Astronomy.SiderealTime(new Date(utcMs)) * 15 + eastLongitude);
}

/** MC: the ecliptic point on the meridian, tan λ = tan RAMC / cos ε. */
export function mcFormula(ramc: number, eps: number): number {
  return norm(Math.atan2(Math.sin(ramc * D2R), Math.cos(ramc * D2R) * Math.cos(eps * D2R)) * R2D);
}

/**
 * Ascendant: Meeus, Astronomical Algorithms (2nd ed.), eq. 14.2, the ecliptic point on the eastern
 * horizon: tan λ = −cos θ / (sin ε tan φ + cos ε sin θ), θ = local sidereal time.
 */
export function ascendantFormula(ramc: number, eps: number, lat: number): number {
  const t = ramc * D2R;
  const e = eps * D2R;
  const y = -Math.cos(t);
  const x = Math.sin(e) * Math.tan(lat * D2R) + Math.cos(e) * Math.sin(t);
  // atan2(y, x) is the western intersection; the eastern one (the ascendant) is opposite.
  return norm(Math.atan2(y, x) * R2D + 180);
}

/**
 * Placidus cusp by trisection of semi-arcs, iterated (R. Holden, "The Elements of House Division",
 * 1977): the cusp of house 11/12 lies 1/3 or 2/3 of its own diurnal semi-arc east of the meridian,
 * houses 2/3 at 1/3 or 2/3 of its nocturnal semi-arc below the ascendant.
 */
export function placidusCusp(ramc: number, eps: number, lat: number, house: 11 | 12 | 2 | 3): number {
  const e = eps * D2R;
  const tanPhi = Math.tan(lat * D2R);
  const raFor = (sa: number): number => {
    const nsa = 180 - sa;
    if (house === 11) return ramc + sa / 3;
    if (house === 12) return ramc + (2 * sa) / 3;
    if (house === 2) return ramc + sa + nsa / 3;
    return ramc + sa + (2 * nsa) / 3;
  };
  let ra = raFor(90);
  let lon = 0;
  for (let i = 0; i < 200; i++) {
    lon = norm(Math.atan2(Math.sin(ra * D2R), Math.cos(ra * D2R) * Math.cos(e)) * R2D);
    const dec = Math.asin(Math.sin(e) * Math.sin(lon * D2R));
    const sa = Math.acos(-tanPhi * Math.tan(dec)) * R2D; // diurnal semi-arc
    const next = raFor(sa);
    if (Math.abs(next - ra) < 1e-12) break;
    ra = next;
  }
  return lon;
}

export function refObserver(lat: number, lon: number): Astronomy.Observer {
  return new Astronomy.Observer(lat, lon, 0);
}

/** astronomy-engine rise/set (upper limb, standard refraction) within `limitDays`, or null. */
export function refRiseSet(
  body: 'sun' | 'moon',
  kind: 'rise' | 'set',
  utcMs: number,
  lat: number,
  lon: number,
  limitDays = 1,
): number | null {
  const t = Astronomy.SearchRiseSet(
    REF_BODIES[body],
    refObserver(lat, lon),
    kind === 'rise' ? 1 : -1,
    new Date(utcMs),
    limitDays,
  );
  return t ? t.date.getTime() : null;
}

/** astronomy-engine: the body's centre at geometric altitude 0 (no refraction). */
export function refCentreOnHorizon(
  body: 'sun' | 'moon',
  kind: 'rise' | 'set',
  utcMs: number,
  lat: number,
  lon: number,
) {
  const t = Astronomy.SearchAltitude(
    REF_BODIES[body],
    refObserver(lat, lon),
    kind === 'rise' ? 1 : -1,
    new Date(utcMs),
    1,
    0,
  );
  return t ? t.date.getTime() : null;
}

export function refMarchEquinox(year: number): number {
  return Astronomy.Seasons(year).mar_equinox.date.getTime();
}

export function refJuneSolstice(year: number): number {
  return Astronomy.Seasons(year).jun_solstice.date.getTime();
}

/** Moment the Moon−Sun elongation reaches `phase` degrees (0 new, 180 full), searching from utcMs. */
export function refMoonPhase(phase: number, utcMs: number, limitDays = 40): number | null {
  const t = Astronomy.SearchMoonPhase(phase, new Date(utcMs), limitDays);
  return t ? t.date.getTime() : null;
}

/**
 * Mean longitude of the Moon's ascending node, Meeus, Astronomical Algorithms (2nd ed.), eq. 47.7:
 * Ω = 125.0445479 − 1934.1362891 T + 0.0020754 T² + T³/467441 − T⁴/60616000 (T in TT centuries).
 */
export function meeusMeanNode(T: number): number {
  return norm(125.0445479 - 1934.1362891 * T + 0.0020754 * T * T + T ** 3 / 467441 - T ** 4 / 60616000);
}
