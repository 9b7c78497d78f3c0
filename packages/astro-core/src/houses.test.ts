// Angles and house cusps against the textbook formulas evaluated with astronomy-engine's sidereal time
// and obliquity (independent of sweph), plus the arithmetic invariants of each system.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { computeChart, type ChartInput, type ComputedChart, type HouseSystem } from './index.ts';
import {
  angularDistance,
  ascendantFormula,
  mcFormula,
  norm,
  placidusCusp,
  refObliquity,
  refRamc,
} from './test-reference.ts';

interface Place {
  name: string;
  iso: string;
  lat: number;
  lon: number;
}
const PLACES: Place[] = [
  { name: 'New Delhi', iso: '1990-05-15T05:00:00Z', lat: 28.6139, lon: 77.209 },
  { name: 'Greenwich', iso: '2000-01-01T12:00:00Z', lat: 51.4779, lon: -0.0015 },
  { name: 'New York', iso: '1969-07-20T20:17:00Z', lat: 40.7128, lon: -74.006 },
  { name: 'Sydney', iso: '1975-07-20T12:00:00Z', lat: -33.8688, lon: 151.2093 },
  { name: 'Reykjavik', iso: '2021-03-01T03:30:00Z', lat: 64.1466, lon: -21.9426 },
  { name: 'Quito', iso: '1850-11-11T16:45:00Z', lat: -0.1807, lon: -78.4678 },
];

function chart(p: Place, houseSystem: HouseSystem, over: Partial<ChartInput> = {}): ComputedChart {
  return computeChart({
    utcMs: Date.parse(p.iso),
    latitude: p.lat,
    longitude: p.lon,
    system: 'western',
    houseSystem,
    ayanamsha: null,
    ...over,
  });
}

const angle = (c: ComputedChart, k: 'ascendant' | 'midheaven') => c.planets.find((x) => x.planet === k)!;
const cusp = (c: ComputedChart, h: number) => c.houses[h - 1]!.longitude;
const close = (a: number, b: number, tol: number, msg: string) =>
  assert.ok(angularDistance(a, b) < tol, `${msg}: ${a} vs ${b}`);

describe('ascendant and midheaven vs Meeus eq. 14.2 with astronomy-engine sidereal time', () => {
  for (const p of PLACES) {
    it(p.name, () => {
      const c = chart(p, 'placidus');
      const ms = Date.parse(p.iso);
      const ramc = refRamc(ms, p.lon);
      const eps = refObliquity(ms);
      close(angle(c, 'ascendant').longitude, ascendantFormula(ramc, eps, p.lat), 0.01, 'asc');
      close(angle(c, 'midheaven').longitude, mcFormula(ramc, eps), 0.01, 'mc');
      // Speeds: central difference of the same formulas over ±30 s, within 1°/day (they are ~250-600).
      const h = 30_000;
      for (const [key, f] of [
        ['ascendant', (t: number) => ascendantFormula(refRamc(t, p.lon), refObliquity(t), p.lat)],
        ['midheaven', (t: number) => mcFormula(refRamc(t, p.lon), refObliquity(t))],
      ] as const) {
        const d = norm(f(ms + h) - f(ms - h) + 180) - 180;
        const v = (d / (2 * h)) * 86_400_000;
        assert.ok(Math.abs(angle(c, key).speed_per_day - v) < 1, `${key} speed ${angle(c, key).speed_per_day} vs ${v}`);
        assert.ok(angle(c, key).speed_per_day > 0);
      }
    });
  }
});

describe('Placidus cusps vs semi-arc trisection (Holden), iterated independently', () => {
  for (const p of PLACES) {
    it(p.name, () => {
      const c = chart(p, 'placidus');
      assert.equal(c.house_system, 'placidus');
      const ms = Date.parse(p.iso);
      const ramc = refRamc(ms, p.lon);
      const eps = refObliquity(ms);
      for (const h of [11, 12, 2, 3] as const) close(cusp(c, h), placidusCusp(ramc, eps, p.lat, h), 0.01, `cusp ${h}`);
      close(cusp(c, 1), angle(c, 'ascendant').longitude, 1e-9, 'cusp 1 = asc');
      close(cusp(c, 10), angle(c, 'midheaven').longitude, 1e-9, 'cusp 10 = mc');
      for (let h = 1; h <= 6; h++) close(cusp(c, h + 6), cusp(c, h) + 180, 1e-9, `cusp ${h + 6} opposite`);
    });
  }
});

describe('equal, whole-sign and porphyry invariants', () => {
  for (const p of PLACES) {
    it(p.name, () => {
      const asc = angle(chart(p, 'placidus'), 'ascendant').longitude;
      const mc = angle(chart(p, 'placidus'), 'midheaven').longitude;
      const eq = chart(p, 'equal');
      for (let h = 1; h <= 12; h++) close(cusp(eq, h), asc + 30 * (h - 1), 1e-9, `equal ${h}`);
      const ws = chart(p, 'whole_sign');
      for (let h = 1; h <= 12; h++) close(cusp(ws, h), Math.floor(asc / 30) * 30 + 30 * (h - 1), 1e-9, `whole ${h}`);
      assert.equal(ws.houses[0]!.sign, angle(ws, 'ascendant').sign);
      // Porphyry: each quadrant trisected, by arithmetic from Asc and MC.
      const po = chart(p, 'porphyry');
      const q4 = norm(asc - mc); // MC -> Asc
      const q1 = 180 - q4; // Asc -> IC
      const expected: Record<number, number> = {
        1: asc,
        2: asc + q1 / 3,
        3: asc + (2 * q1) / 3,
        10: mc,
        11: mc + q4 / 3,
        12: mc + (2 * q4) / 3,
      };
      for (const [h, v] of Object.entries(expected)) {
        close(cusp(po, Number(h)), v, 1e-9, `porphyry ${h}`);
        close(cusp(po, Number(h) > 6 ? Number(h) - 6 : Number(h) + 6), v + 180, 1e-9, `porphyry opposite ${h}`);
      }
      for (const c of [eq, ws, po]) for (const x of c.houses) assert.ok(x.longitude >= 0 && x.longitude < 360);
    });
  }
});

describe('Vedic (sidereal) houses', () => {
  it('are the tropical cusps minus the ayanamsha; whole sign starts at the sidereal ascendant sign', () => {
    const p = PLACES[0]!;
    for (const hs of ['placidus', 'equal', 'porphyry'] as const) {
      const trop = chart(p, hs, { ayanamsha: 'lahiri' });
      const sid = chart(p, hs, { system: 'vedic', ayanamsha: 'lahiri' });
      for (let h = 1; h <= 12; h++) close(cusp(sid, h), cusp(trop, h) - sid.ayanamsha_degrees!, 1e-7, `${hs} ${h}`);
    }
    const ws = chart(p, 'whole_sign', { system: 'vedic', ayanamsha: 'lahiri' });
    const sidAsc = angle(ws, 'ascendant').longitude;
    for (let h = 1; h <= 12; h++) close(cusp(ws, h), Math.floor(sidAsc / 30) * 30 + 30 * (h - 1), 1e-9, `ws ${h}`);
  });
});

describe('Placidus inside the polar circles falls back to Porphyry', () => {
  const polar: Place[] = [
    { name: 'Tromsø', iso: '1990-05-15T05:00:00Z', lat: 69.6496, lon: 18.956 },
    { name: 'Longyearbyen', iso: '2024-12-15T10:00:00Z', lat: 78.2232, lon: 15.6267 },
    { name: 'Antarctic 70 S', iso: '2010-06-01T18:00:00Z', lat: -70, lon: 2.5 },
  ];
  for (const p of polar) {
    it(p.name, () => {
      const pl = chart(p, 'placidus');
      const po = chart(p, 'porphyry');
      assert.equal(pl.house_system, 'porphyry');
      assert.deepEqual(pl.houses, po.houses);
      const asc = angle(pl, 'ascendant').longitude;
      const mc = angle(pl, 'midheaven').longitude;
      const q4 = norm(asc - mc);
      // sweph's polar convention: the ascendant is always 0-180° ahead of the MC (else the opposite
      // point is taken), so the quadrants keep their order; it is Meeus' ecliptic-horizon point or its opposite.
      assert.ok(q4 > 0 && q4 < 180);
      const ms = Date.parse(p.iso);
      const formula = ascendantFormula(refRamc(ms, p.lon), refObliquity(ms), p.lat);
      assert.ok(Math.min(angularDistance(asc, formula), angularDistance(asc, formula + 180)) < 0.01);
      close(cusp(pl, 11), mc + q4 / 3, 1e-9, 'cusp 11');
      close(cusp(pl, 12), mc + (2 * q4) / 3, 1e-9, 'cusp 12');
      close(cusp(pl, 2), asc + (180 - q4) / 3, 1e-9, 'cusp 2');
      close(cusp(pl, 3), asc + (2 * (180 - q4)) / 3, 1e-9, 'cusp 3');
    });
  }

  it('just outside the circle (66.0° N) Placidus is kept', () => {
    const c = chart({ name: 'x', iso: '2000-06-21T12:00:00Z', lat: 66.0, lon: 25 }, 'placidus');
    assert.equal(c.house_system, 'placidus');
  });

  it('other systems are never relabelled', () => {
    for (const hs of ['equal', 'whole_sign', 'porphyry'] as const) {
      assert.equal(chart({ name: 'x', iso: '2000-06-21T12:00:00Z', lat: 80, lon: 25 }, hs).house_system, hs);
    }
  });
});
