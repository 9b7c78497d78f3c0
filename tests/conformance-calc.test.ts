// Conformance defects of issue 19 item 6, through the gateway as a client sees them: one code for a
// naive datetime per parameter on every route (spec 1-platform.md error table), sky ingresses' reversed
// range (invalid_date_range), theo/planets' spec tag, no float noise in any number, and one Vedic
// dignity for a planet on the dasha and strength routes.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';

// Three births (New Delhi 1990, London 1975, Chennai 2001) so the dignity check meets planets in
// friends', neutrals' and enemies' signs.
const BIRTHS = [
  { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 },
  { moment: '1975-11-02T22:10:00Z', latitude: 51.5074, longitude: -0.1278 },
  { moment: '2001-08-19T04:45:00+05:30', latitude: 13.0827, longitude: 80.2707 },
];
const SEVEN = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

let key: string;
let accessToken: string;
const vedic: string[] = [];
let western: string;

const get = (p: string) => api('GET', p, { token: key });
const enc = encodeURIComponent;

before(async () => {
  const a = await signup();
  accessToken = a.accessToken;
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  for (const birth of BIRTHS) {
    const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
    expectStatus(c, 201);
    vedic.push(c.json.id);
  }
  const w = await api('POST', '/v1/charts', { token: key, body: { birth: BIRTHS[0], system: 'western' } });
  expectStatus(w, 201);
  western = w.json.id;
});

describe('a datetime without an offset: one code per parameter, whatever the route or service', () => {
  const NAIVE = '2024-06-01T12:00:00';
  it('`at` is at_must_be_timezone_aware on Vedic, Western and UX routes', async () => {
    for (const path of [
      `/v1/vedic/charts/${vedic[0]}/dashas/vimshottari/current?at=${NAIVE}`,
      `/v1/western/charts/${western}/transits?at=${NAIVE}`,
      `/v1/western/charts/${western}/profections?at=${NAIVE}`,
      `/v1/western/charts/${western}/ux/daily-personal-weather?at=${NAIVE}`,
    ]) {
      const e = expectError(await get(path), 422, 'at_must_be_timezone_aware');
      assert.equal(e.details?.field, 'at', path);
    }
  });
  it('window bounds, sky ingress bounds and the birth moment are naive_datetime', async () => {
    const Z = enc('2024-06-02T00:00:00Z');
    for (const [path, field] of [
      [`/v1/vedic/charts/${vedic[0]}/dashas/vimshottari/cards?starts_at=${NAIVE}&ends_at=${Z}`, 'starts_at'],
      [`/v1/western/charts/${western}/transit-windows?starts_at=${NAIVE}&ends_at=${Z}`, 'starts_at'],
      [`/v1/vedic/sky/ingresses?from=${NAIVE}&to=${Z}`, 'from'],
    ] as const) {
      const e = expectError(await get(path), 422, 'naive_datetime');
      assert.equal(e.details?.field, field, path);
    }
    const c = await api('POST', '/v1/charts', { token: key, body: { birth: { ...BIRTHS[0], moment: NAIVE } } });
    const e = expectError(c, 422, 'naive_datetime');
    assert.equal((e.details as any).errors[0].reason, 'naive_datetime');
    // The usage window names naive_datetime in the spec (1-platform.md "Plans and usage").
    expectError(await api('GET', `/v1/tenant/usage?since=${NAIVE}`, { token: accessToken }), 422, 'naive_datetime');
  });
  it('a malformed datetime stays invalid_request', async () => {
    expectError(await get(`/v1/western/charts/${western}/transits?at=noon`), 422, 'invalid_request');
    expectError(await get(`/v1/vedic/charts/${vedic[0]}/dashas/vimshottari/current?at=noon`), 422, 'invalid_request');
  });
});

describe('sky ingresses', () => {
  it('a reversed range is 422 invalid_date_range (spec error table: bad range), not invalid_request', async () => {
    const from = enc('2024-05-01T00:00:00+05:30');
    const to = enc('2024-01-01T00:00:00+05:30');
    const e = expectError(await get(`/v1/vedic/sky/ingresses?from=${from}&to=${to}`), 422, 'invalid_date_range');
    assert.equal(e.details?.reason, 'invalid_range');
  });
});

describe('theo/planets', () => {
  it('reports method_version theo-strength-disposition-v2 (2-vedic.md "Theo")', async () => {
    const r = await get(`/v1/vedic/charts/${vedic[0]}/theo/planets`);
    expectStatus(r, 200);
    assert.equal(r.json.method_version, 'theo-strength-disposition-v2');
  });
});

describe('numbers carry no float noise', () => {
  /** Significant digits and decimals of a number as JSON prints it (shortest round-trip form). */
  function digits(n: number): { significant: number; decimals: number } {
    const [mantissa, exp] = String(Math.abs(n)).split('e');
    const [int, frac = ''] = mantissa!.split('.');
    const significant = `${int}${frac}`.replace(/^0+/, '').length;
    return { significant, decimals: Math.max(0, frac.length - Number(exp ?? 0)) };
  }
  function noisy(v: unknown, path: string, out: string[]): void {
    if (typeof v === 'number') {
      if (Number.isInteger(v)) return;
      const d = digits(v);
      // A double holds 15-17 significant digits; a 16th or 17th printed digit is binary noise.
      if (d.significant > 15 || d.decimals > 10) out.push(`${path}=${v}`);
    } else if (Array.isArray(v)) v.forEach((x, i) => noisy(x, `${path}[${i}]`, out));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) noisy(x, `${path}.${k}`, out);
  }
  it('on Vedic, Western and chart routes (proto-mapped and passthrough bodies alike)', async () => {
    const v = (r: string) => `/v1/vedic/charts/${vedic[0]}/${r}`;
    const w = (r: string) => `/v1/western/charts/${western}/${r}`;
    const paths = [
      `/v1/charts/${vedic[0]}`,
      v('strength/planets'),
      v('strength/composite'),
      v('shadbala'),
      v('shadbala/kala'),
      v('shadbala/kala-full'),
      v('bhava-bala'),
      v('ishta-kashta'),
      v('vimshopaka/sun'),
      v('house-quality'),
      v('influence-network'),
      v('theo/planets'),
      v('theo/houses'),
      v('theo/house-strength'),
      v('dashas/vimshottari?depth=2'),
      w('aspects'),
      w('dignities'),
      w('summary'),
      w(`transits?at=${enc('2025-03-20T09:01:00Z')}`),
      w('lots'),
    ];
    const found: string[] = [];
    for (const p of paths) {
      const r = await get(p);
      expectStatus(r, 200);
      noisy(r.json, p, found);
    }
    assert.deepEqual(found.slice(0, 10), [], `${found.length} noisy numbers`);
  });
});

describe('one Vedic dignity per planet', () => {
  it('the dasha lord context and strength/planets avastha agree for every classical planet', async () => {
    for (const id of vedic) {
      const d = await get(`/v1/vedic/charts/${id}/dashas/vimshottari?depth=1`);
      expectStatus(d, 200);
      const s = await get(`/v1/vedic/charts/${id}/strength/planets`);
      expectStatus(s, 200);
      const fromDasha = new Map(d.json.mahadashas.map((p: any) => [p.lord, p.lord_context.dignity]));
      for (const planet of SEVEN) {
        const entry = s.json.entries.find((e: any) => e.planet === planet);
        assert.equal(fromDasha.get(planet), entry.avastha.dignity, `${id} ${planet}`);
      }
    }
  });
});

describe("kala bala through the gateway against V.P. Jain's worked example", () => {
  // Born 13 Sep 1981 01:30 IST at 28 N 39, 77 E 13: after midnight, before sunrise. Book values as
  // transcribed in naturalstupid/PyJHora, src/jhora/tests/pvr_tests.py (shadbala_VPJainBook_tests).
  // Our Lahiri positions differ from the book's by about 0.27 degree, hence 0.5 virupa on ayana.
  const NATH = [6.1, 53.9, 53.9, 60, 6.1, 6.1, 53.9];
  const AYANA = [70.08, 43.19, 53.56, 37.1, 22.94, 15.41, 35.04];
  const PAKSHA = [5.62, 108.76, 5.62, 54.38, 54.38, 54.38, 5.62];
  const TRIBHAGA = [0, 0, 0, 0, 60, 60, 0];
  // Kala totals; Mercury's and Jupiter's include the book's classical war bala (-0.80, +0.80).
  const KALA = [81.8, 205.85, 158.08, 210.68, 144.22, 135.89, 139.56];
  const WAR = [0, 0, 0, -0.8, 0.8, 0, 0];
  const near = (got: number, want: number, tol: number, what: string) =>
    assert.ok(Math.abs(got - want) <= tol, `${what}: ${got} vs ${want} (tolerance ${tol})`);

  it('nathonnatha, paksha, tribhaga, ayana and the totals agree with the book', async () => {
    const birth = { moment: '1981-09-13T01:30:00+05:30', latitude: 28 + 39 / 60, longitude: 77 + 13 / 60 };
    const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
    expectStatus(c, 201);
    const full = await get(`/v1/vedic/charts/${c.json.id}/shadbala/kala-full`);
    expectStatus(full, 200);
    const kala = await get(`/v1/vedic/charts/${c.json.id}/shadbala/kala`);
    expectStatus(kala, 200);
    SEVEN.forEach((p, i) => {
      const f = full.json.entries.find((e: any) => e.planet === p);
      const k = kala.json.entries.find((e: any) => e.planet === p);
      near(f.nathonnatha, NATH[i]!, 0.1, `${p} nathonnatha`);
      near(f.tribhaga, TRIBHAGA[i]!, 0, `${p} tribhaga`);
      near(f.ayana, AYANA[i]!, 0.5, `${p} ayana`);
      near(k.paksha, PAKSHA[i]!, 0.05, `${p} paksha`);
      assert.equal(k.vara, p === 'saturn' ? 45 : 0, `${p} vara (a Saturday birth by the Vedic day)`);
      // The spec's war is +-30 where the book counts +-0.80 (Mercury and Jupiter, 0.13 degree apart).
      near(k.total, KALA[i]! - WAR[i]! + k.yuddha, 0.6, `${p} kala total`);
    });
  });
});

describe('Western transits: is_applying', () => {
  it('agrees, for every hit of Mercury to Pluto, with the orb the API gives an hour later', async () => {
    // Definition (spec 3): applying when the motion reduces the orb; the natal point stands still.
    // 2025-03-20 09:01 UT has Venus and Mercury retrograde and the slow planets near their stations.
    let checked = 0;
    for (const at of ['2025-03-20T09:01:00Z', '2024-09-01T00:00:00Z', '2023-08-27T12:00:00Z']) {
      const later = new Date(Date.parse(at) + 3_600_000).toISOString();
      const now = await get(`/v1/western/charts/${western}/transits?at=${enc(at)}`);
      const next = await get(`/v1/western/charts/${western}/transits?at=${enc(later)}`);
      expectStatus(now, 200);
      expectStatus(next, 200);
      for (const h of now.json.hits) {
        if (h.transit_planet === 'sun' || h.transit_planet === 'moon') continue;
        const n = next.json.hits.find(
          (x: any) =>
            x.transit_planet === h.transit_planet && x.natal_planet === h.natal_planet && x.aspect === h.aspect,
        );
        if (!n) continue;
        assert.equal(
          h.is_applying,
          n.orb_degrees < h.orb_degrees,
          `${at} ${h.transit_planet} ${h.aspect} ${h.natal_planet}`,
        );
        checked++;
      }
    }
    assert.ok(checked >= 5, `only ${checked} hits checked`);
  });
});

describe('Western transits: is_applying against a published Saturn station', () => {
  // Independent reference: Saturn entered Aries on 2025-05-24, stationed retrograde on 2025-07-13 at
  // 1°56' Aries and re-entered Pisces on 2025-09-01 (Astrodienst/astro.com 2025 ephemeris; the same
  // dates in every published 2025 retrograde table). A natal Sun at about 0°30' Aries (born
  // 2000-03-20 19:35 UT, 12 hours after the Sun's Aries ingress at 07:35 UT) is then conjoined twice:
  // in June Saturn moves forward away from it (separating), in August it moves backward onto it
  // (applying), the slow planet's own retrograde speed deciding it.
  let natal: string;
  before(async () => {
    const c = await api('POST', '/v1/charts', {
      token: key,
      body: { birth: { moment: '2000-03-20T19:35:00Z', latitude: 51.5, longitude: 0 }, system: 'western' },
    });
    expectStatus(c, 201);
    natal = c.json.id;
  });
  const saturnOnSun = async (at: string) => {
    const r = await get(`/v1/western/charts/${natal}/transits?at=${enc(at)}`);
    expectStatus(r, 200);
    const hit = r.json.hits.find(
      (h: any) => h.transit_planet === 'saturn' && h.natal_planet === 'sun' && h.aspect === 'conjunction',
    );
    assert.ok(hit, `${at}: Saturn conjunct the natal Sun within orb`);
    return hit;
  };
  it('2025-06-20, Saturn direct between ingress and station: separating', async () => {
    assert.equal((await saturnOnSun('2025-06-20T00:00:00Z')).is_applying, false);
  });
  it('2025-08-15, Saturn retrograde between station and Pisces: applying', async () => {
    assert.equal((await saturnOnSun('2025-08-15T00:00:00Z')).is_applying, true);
  });
});
