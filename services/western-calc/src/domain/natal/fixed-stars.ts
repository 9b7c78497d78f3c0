// Fixed-star contacts (spec 3 "Fixed star"): conjunctions in ecliptic longitude between Sun to Pluto or
// the angles and the catalog stars, within `max_orb_degrees`.
//
// Star of date: J2000 RA/Dec moved by proper motion, turned to J2000 ecliptic coordinates (mean
// obliquity 23°26'21.406", IAU 2006), then precessed in longitude by the IAU 2006 general precession
// p_A = 5028.796195"·T + 1.1054348"·T² (Capitaine et al. 2003). Nutation and aberration (< 40") are
// left out: the result is the mean longitude of date, good to well under an arcminute for 1800-2400.
import { norm360, signOf, type Sign } from '@astro/astro-core';
import { houseOf, type Cusp } from './houses.ts';
import { CATALOG_VERSION, STAR_CATALOG, type CatalogStar } from './star-catalog.ts';
import type { Point } from './points.ts';

const RAD = Math.PI / 180;
const J2000_MS = Date.UTC(2000, 0, 1, 12);
const OBLIQUITY_J2000 = 23.4392794444; // 84381.406"

export interface StarOfDate {
  star: string;
  longitude: number;
  latitude: number;
  magnitude: number;
  nature: string;
  keywords: string[];
}

/** Ecliptic longitude and latitude of date of a catalog star (degrees). */
export function starOfDate(star: CatalogStar, utcMs: number): StarOfDate {
  const years = (utcMs - J2000_MS) / (365.25 * 86_400_000);
  const [h, m, sec] = star.ra;
  const [sg, d, dm, ds] = star.dec;
  const dec0 = sg * (d + dm / 60 + ds / 3600);
  const decDeg = dec0 + (star.pmDec * years) / 3_600_000;
  const raDeg = (h + m / 60 + sec / 3600) * 15 + (star.pmRa * years) / 3_600_000 / Math.cos(dec0 * RAD);
  const ra = raDeg * RAD;
  const dec = decDeg * RAD;
  const eps = OBLIQUITY_J2000 * RAD;
  const lon = Math.atan2(Math.sin(ra) * Math.cos(eps) + Math.tan(dec) * Math.sin(eps), Math.cos(ra));
  const lat = Math.asin(Math.sin(dec) * Math.cos(eps) - Math.cos(dec) * Math.sin(eps) * Math.sin(ra));
  const T = years / 100;
  const precession = (5028.796195 * T + 1.1054348 * T * T) / 3600;
  return {
    star: star.name,
    longitude: norm360(lon / RAD + precession),
    latitude: lat / RAD,
    magnitude: star.magnitude,
    nature: star.nature,
    keywords: star.keywords,
  };
}

export interface StarContact {
  star: string;
  catalog_version: string;
  longitude: number;
  sign: Sign;
  magnitude: number;
  planet: string;
  planet_longitude: number;
  house: number;
  orb_degrees: number;
  max_orb_degrees: number;
  nature: string;
  keywords: string[];
}

/** Contacts within maxOrb, closest first. */
export function fixedStarContacts(
  points: readonly Point[],
  cusps: readonly Cusp[],
  utcMs: number,
  maxOrb: number,
): StarContact[] {
  const stars = STAR_CATALOG.map((s) => starOfDate(s, utcMs));
  const out: StarContact[] = [];
  for (const p of points)
    for (const st of stars) {
      const d = Math.abs(norm360(p.longitude - st.longitude + 180) - 180);
      if (d <= maxOrb)
        out.push({
          star: st.star,
          catalog_version: CATALOG_VERSION,
          longitude: st.longitude,
          sign: signOf(st.longitude),
          magnitude: st.magnitude,
          planet: p.planet,
          planet_longitude: p.longitude,
          house: houseOf(st.longitude, cusps),
          orb_degrees: d,
          max_orb_degrees: maxOrb,
          nature: st.nature,
          keywords: st.keywords,
        });
    }
  return out.sort((a, b) => a.orb_degrees - b.orb_degrees);
}
