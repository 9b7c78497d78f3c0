// Strength routes through the gateway: the Shadbala family (shadbala, kala, kala-full, bhava-bala,
// ishta-kashta, strength/shadbala), composite strength, sign/house/planet strength, vimshopaka and
// varga-dignity. Checks: exact field sets, values worked by hand from the chart's own positions (uchcha
// bala, BPHS 27.1; naisargika and the fixed parts the spec states), cross-route consistency, ranges,
// every error row (422 unknown_planet / invalid_request / unsupported_astrology_system /
// panchanga_failed, 404 chart_not_found across tenants, 403 missing_scope).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

// Tuesday 15 May 1990, 10:30 IST, New Delhi: a day birth (the Sun rises about 05:30 local).
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const SEVEN = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];
const NINE = [...SEVEN, 'rahu', 'ketu'];
// Deep debilitation points (BPHS 3): sign index and degree.
const DEBILITATION: Record<string, number> = {
  sun: 6 * 30 + 10,
  moon: 7 * 30 + 3,
  mars: 3 * 30 + 28,
  mercury: 11 * 30 + 15,
  jupiter: 9 * 30 + 5,
  venus: 5 * 30 + 27,
  saturn: 0 * 30 + 20,
};
const SHADBALA_KEYS = [
  'chesta',
  'dig',
  'drik',
  'kala',
  'naisargika',
  'other_sthana',
  'planet',
  'simplified',
  'total',
  'uchcha',
];

let key: string;
let otherKey: string;
let readerWithoutScope: string;
let chartId: string;
let westernId: string;
let polarId: string;
let chart: any;

const base = (id = chartId) => `/v1/vedic/charts/${id}`;
const get = (p: string, k = key) => api('GET', p, { token: k });
const lon = (p: string) => chart.planets.find((x: any) => x.planet === p).longitude as number;
const close = (a: number, b: number, tol: number, what: string) =>
  assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  // A Free account holds one active key: the key without charts:read belongs to a third account.
  const c3 = await signup();
  readerWithoutScope = (await createKey(c3.accessToken, ['charts:write'])).plaintext;
  const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(c, 201);
  chart = c.json;
  chartId = chart.id;
  const w = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
  expectStatus(w, 201);
  westernId = w.json.id;
  // Longyearbyen, 21 June: midnight sun, no sunrise or sunset for the panchanga.
  const p = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: { moment: '2000-06-21T12:00:00+02:00', latitude: 78.22, longitude: 15.65 } },
  });
  expectStatus(p, 201);
  polarId = p.json.id;
});

describe('GET /v1/vedic/charts/{id}/shadbala and /strength/shadbala', () => {
  it('seven entries with all six balas counted; uchcha and naisargika worked by hand', async () => {
    const res = await get(`${base()}/shadbala`);
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), ['chart_id', 'entries', 'method_version', 'note']);
    assert.equal(j.chart_id, chartId);
    assert.equal(typeof j.note, 'string');
    assert.deepEqual(
      j.entries.map((e: any) => e.planet),
      SEVEN,
    );
    for (const e of j.entries) {
      assert.deepEqual(Object.keys(e).sort(), SHADBALA_KEYS);
      assert.equal(e.simplified, false);
      // BPHS 27.1: uchcha = arc from the deep debilitation point / 3.
      let d = Math.abs(lon(e.planet) - DEBILITATION[e.planet]!) % 360;
      if (d > 180) d = 360 - d;
      close(e.uchcha, d / 3, 1e-6, `${e.planet} uchcha`);
      assert.ok(e.dig >= 0 && e.dig <= 60);
      close(e.total, e.naisargika + e.dig + e.uchcha + e.drik + e.kala + e.chesta + e.other_sthana, 1e-6, 'total');
      // other_sthana: saptavargaja (7 x 1.875 .. 7 x 45) + ojayugma (0..30) + kendradi (15..60) + drekkana.
      assert.ok(e.other_sthana >= 13.125 + 15 && e.other_sthana <= 315 + 30 + 60 + 15);
    }
    // Spec: naisargika Sun 60 down to Saturn about 8.57 (60 x 7/7 ... 60 x 1/7).
    const nais = Object.fromEntries(j.entries.map((e: any) => [e.planet, e.naisargika]));
    close(nais.sun, 60, 0.01, 'sun');
    close(nais.moon, 51.43, 0.01, 'moon');
    close(nais.venus, 42.86, 0.01, 'venus');
    close(nais.jupiter, 34.29, 0.01, 'jupiter');
    close(nais.mercury, 25.71, 0.01, 'mercury');
    close(nais.mars, 17.14, 0.01, 'mars');
    close(nais.saturn, 8.57, 0.01, 'saturn');
    // Same answer on the strength/ alias.
    const alias = await get(`${base()}/strength/shadbala`);
    expectStatus(alias, 200);
    assert.deepEqual(alias.json, j);
  });

  it('kala: vara 45 for the weekday lord (Tuesday: Mars), kala totals agree with /shadbala', async () => {
    const [kala, sb] = await Promise.all([get(`${base()}/shadbala/kala`), get(`${base()}/shadbala`)]);
    expectStatus(kala, 200);
    assert.deepEqual(Object.keys(kala.json).sort(), ['chart_id', 'entries', 'method_version']);
    for (const e of kala.json.entries)
      assert.deepEqual(Object.keys(e).sort(), ['abda', 'masa', 'paksha', 'planet', 'total', 'vara', 'yuddha']);
    const by = Object.fromEntries(kala.json.entries.map((e: any) => [e.planet, e]));
    for (const p of SEVEN) assert.equal(by[p].vara, p === 'mars' ? 45 : 0, `${p} vara`);
    assert.equal(kala.json.entries.filter((e: any) => e.abda === 15).length, 1, 'one year lord');
    assert.equal(kala.json.entries.filter((e: any) => e.masa === 30).length, 1, 'one month lord');
    for (const e of kala.json.entries) assert.ok([0, 30, -30].includes(e.yuddha) || Math.abs(e.yuddha) % 30 === 0);
    const totals = Object.fromEntries(sb.json.entries.map((e: any) => [e.planet, e.kala]));
    for (const p of SEVEN) close(by[p].total, totals[p], 1e-9, `${p} kala total`);
    // Paksha (BPHS 27.11): benefics get elongation/3 (Moon doubled in shukla), malefics 60 minus that.
    let el = (lon('moon') - lon('sun') + 360) % 360;
    const shukla = el < 180;
    if (el > 180) el = 360 - el;
    close(by.jupiter.paksha, el / 3, 1e-6, 'jupiter paksha');
    close(by.saturn.paksha, 60 - el / 3, 1e-6, 'saturn paksha');
    close(by.moon.paksha, (el / 3) * (shukla ? 2 : 1), 1e-6, 'moon paksha');
  });

  it('kala-full: sunrise before birth before sunset (a day birth); Mercury nathonnatha and Jupiter tribhaga 60', async () => {
    const res = await get(`${base()}/shadbala/kala-full`);
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), ['chart_id', 'entries', 'method_version', 'sunrise', 'sunset']);
    const born = Date.parse(birth.moment);
    assert.ok(Date.parse(j.sunrise) < born && born < Date.parse(j.sunset));
    // Delhi mid-May: sunrise about 05:30 IST, sunset about 19:05 IST.
    close((born - Date.parse(j.sunrise)) / 3_600_000, 5.0, 0.25, 'hours since sunrise');
    const by = Object.fromEntries(j.entries.map((e: any) => [e.planet, e]));
    for (const e of j.entries) {
      assert.deepEqual(Object.keys(e).sort(), ['ayana', 'nathonnatha', 'planet', 'total', 'tribhaga']);
      assert.ok(e.nathonnatha >= 0 && e.nathonnatha <= 60);
      assert.ok(e.ayana >= 0 && e.ayana <= (e.planet === 'sun' ? 120 : 60));
    }
    assert.equal(by.mercury.nathonnatha, 60);
    assert.equal(by.jupiter.tribhaga, 60);
    // The day (about 05:30 to 19:05) has thirds of about 4.5 hours: 10:30 falls in the second, the Sun's.
    assert.equal(by.sun.tribhaga, 60);
    assert.equal(by.moon.tribhaga + by.venus.tribhaga + by.mars.tribhaga, 0, 'night rulers get nothing by day');
    // Day birth: the day planets' nathonnatha exceeds the night planets'; they sum to 60.
    close(by.sun.nathonnatha + by.moon.nathonnatha, 60, 1e-9, 'unnata + nata');
    assert.ok(by.sun.nathonnatha > by.moon.nathonnatha);
  });

  it("bhava-bala: twelve houses; bhavadhipati is the whole-sign lord's shadbala total", async () => {
    const [bb, sb] = await Promise.all([get(`${base()}/bhava-bala`), get(`${base()}/shadbala`)]);
    expectStatus(bb, 200);
    assert.deepEqual(Object.keys(bb.json).sort(), ['chart_id', 'entries', 'method_version']);
    assert.equal(bb.json.entries.length, 12);
    const totals = Object.fromEntries(sb.json.entries.map((e: any) => [e.planet, e.total]));
    const ascSign = Math.floor(lon('ascendant') / 30);
    const LORDS = [
      'mars',
      'venus',
      'mercury',
      'moon',
      'sun',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'saturn',
      'jupiter',
    ];
    bb.json.entries.forEach((e: any, i: number) => {
      assert.deepEqual(Object.keys(e).sort(), ['bhava_dig', 'bhava_drishti', 'bhavadhipati', 'house_number', 'total']);
      assert.equal(e.house_number, i + 1);
      close(e.bhavadhipati, totals[LORDS[(ascSign + i) % 12]!]!, 1e-9, `house ${i + 1} lord`);
      assert.equal(e.bhava_dig, [60, 30, 15][i % 3]);
      close(e.total, e.bhavadhipati + e.bhava_dig + e.bhava_drishti, 1e-9, 'sum');
    });
  });

  it('ishta-kashta: both 0..60 and ishta^2 + kashta^2 identity of the spec formula', async () => {
    const [ik, sb, comp] = await Promise.all([
      get(`${base()}/ishta-kashta`),
      get(`${base()}/shadbala`),
      get(`${base()}/strength/composite`),
    ]);
    expectStatus(ik, 200);
    const uchcha = Object.fromEntries(sb.json.entries.map((e: any) => [e.planet, e.uchcha]));
    const score = Object.fromEntries(comp.json.entries.map((e: any) => [e.planet, e.score]));
    for (const e of ik.json.entries) {
      assert.deepEqual(Object.keys(e).sort(), ['ishta', 'kashta', 'planet']);
      assert.ok(e.ishta >= 0 && e.ishta <= 60 && e.kashta >= 0 && e.kashta <= 60);
      // Spec: ishta = sqrt(c x u), kashta = sqrt((60 - c)(60 - u)) with c = 60 x composite score.
      const c = 60 * score[e.planet];
      close(e.ishta, Math.sqrt(c * uchcha[e.planet]), 1e-6, `${e.planet} ishta`);
      close(e.kashta, Math.sqrt((60 - c) * (60 - uchcha[e.planet])), 1e-6, `${e.planet} kashta`);
    }
  });
});

describe('composite, signs, houses and planets', () => {
  it('strength/composite: seven entries, score 0..1 with its category and components', async () => {
    const res = await get(`${base()}/strength/composite`);
    expectStatus(res, 200);
    assert.deepEqual(Object.keys(res.json).sort(), ['chart_id', 'entries', 'method_version']);
    assert.deepEqual(
      res.json.entries.map((e: any) => e.planet),
      SEVEN,
    );
    for (const e of res.json.entries) {
      assert.deepEqual(Object.keys(e).sort(), ['category', 'components', 'planet', 'score']);
      assert.deepEqual(Object.keys(e.components).sort(), ['dignity_norm', 'shadbala_ratio', 'vimshopaka_norm']);
      assert.ok(e.score >= 0 && e.score <= 1);
      assert.ok(['very_weak', 'weak', 'medium', 'strong', 'very_strong'].includes(e.category));
      const c = e.components;
      close(
        e.score,
        Math.min(1, 0.4 * c.shadbala_ratio + 0.35 * c.vimshopaka_norm + 0.25 * c.dignity_norm),
        1e-9,
        'score',
      );
    }
  });

  it('strength/signs and strength/houses: twelve values 0..1; house n reads the n-th sign from the lagna', async () => {
    const [s, h] = await Promise.all([get(`${base()}/strength/signs`), get(`${base()}/strength/houses`)]);
    expectStatus(s, 200);
    expectStatus(h, 200);
    assert.deepEqual(Object.keys(s.json.by_sign).sort(), [...SIGNS].sort());
    assert.deepEqual(
      Object.keys(h.json.by_house).sort((a, b) => +a - +b),
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
    );
    const ascSign = Math.floor(lon('ascendant') / 30);
    for (let n = 1; n <= 12; n++) {
      const v = h.json.by_house[String(n)];
      assert.ok(v >= 0 && v <= 1);
      assert.equal(v, s.json.by_sign[SIGNS[(ascSign + n - 1) % 12]!]);
    }
  });

  it('strength/planets: nine entries; nodes have no shadbala or composite; houses from the lagna', async () => {
    const res = await get(`${base()}/strength/planets`);
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), ['chart_id', 'entries', 'features_used', 'method_version']);
    assert.deepEqual(
      j.entries.map((e: any) => e.planet),
      NINE,
    );
    const ascSign = Math.floor(lon('ascendant') / 30);
    for (const e of j.entries) {
      assert.deepEqual(Object.keys(e).sort(), [
        'avastha',
        'composite_category',
        'composite_score',
        'functional_nature',
        'house',
        'is_yogakaraka',
        'ishta_kashta',
        'owned_houses',
        'planet',
        'shadbala',
        'sign',
      ]);
      const sign = Math.floor(lon(e.planet) / 30);
      assert.equal(e.sign, SIGNS[sign]);
      assert.equal(e.house, ((sign - ascSign + 12) % 12) + 1);
      assert.deepEqual(Object.keys(e.avastha).sort(), ['age', 'dignity', 'motion']);
      if (e.planet === 'rahu' || e.planet === 'ketu') {
        assert.equal(e.shadbala, null);
        assert.equal(e.composite_score, null);
        assert.equal(e.ishta_kashta, null);
        assert.equal(e.functional_nature, null);
        assert.deepEqual(e.owned_houses, []);
      } else {
        assert.ok(e.composite_score >= 0 && e.composite_score <= 1);
        assert.ok(e.ishta_kashta.ishta >= 0 && e.ishta_kashta.ishta <= 1);
        assert.ok(['benefic', 'malefic', 'neutral'].includes(e.functional_nature));
        assert.equal(e.shadbala.simplified, false);
        // A yogakaraka owns a kendra and (another) trikona.
        const h = e.owned_houses as number[];
        const yk = h.some((k) => [1, 4, 7, 10].includes(k) && h.some((t) => t !== k && [1, 5, 9].includes(t)));
        assert.equal(e.is_yogakaraka, yk);
      }
    }
  });
});

describe('vimshopaka and varga-dignity', () => {
  it('vimshopaka: default shad_varga, the four groups, per-varga points summing to 0..20', async () => {
    const def = await get(`${base()}/vimshopaka/jupiter`);
    expectStatus(def, 200);
    assert.deepEqual(Object.keys(def.json).sort(), [
      'chart_id',
      'method_version',
      'per_varga_points',
      'planet',
      'points',
      'varga_group',
    ]);
    assert.equal(def.json.varga_group, 'shad_varga');
    assert.deepEqual(Object.keys(def.json.per_varga_points).sort(), ['D1', 'D12', 'D2', 'D3', 'D30', 'D9']);
    const sizes: Record<string, number> = { shad_varga: 6, sapta_varga: 7, dasha_varga: 10, shodasha_varga: 16 };
    for (const g of Object.keys(sizes)) {
      const r = await get(`${base()}/vimshopaka/venus?group=${g}`);
      expectStatus(r, 200);
      assert.equal(r.json.varga_group, g);
      assert.equal(Object.keys(r.json.per_varga_points).length, sizes[g]);
      const sum = Object.values(r.json.per_varga_points as Record<string, number>).reduce((a, b) => a + b, 0);
      close(sum, r.json.points, 1e-9, 'sum');
      assert.ok(r.json.points >= 0 && r.json.points <= 20);
    }
  });

  it('vimshopaka: 422 unknown_planet for a node or a made-up body; 422 invalid_request for a bad group', async () => {
    expectError(await get(`${base()}/vimshopaka/rahu`), 422, 'unknown_planet');
    expectError(await get(`${base()}/vimshopaka/pluto`), 422, 'unknown_planet');
    const e = expectError(await get(`${base()}/vimshopaka/sun?group=octo_varga`), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['group']);
  });

  it('varga-dignity: seven entries over the sixteen vargas; names follow the spec by own-sign count', async () => {
    const res = await get(`${base()}/varga-dignity`);
    expectStatus(res, 200);
    const NAMES: Record<number, string> = {
      2: 'Parijatamsa',
      3: 'Parvathamsa',
      4: 'Simhasanamsa',
      5: 'Swargabalamsa',
      6: 'Indramsa',
      7: 'Rajapadmamsa',
      8: 'Gopuramsa',
      9: 'Brahmapadamsa',
      10: 'Vaishnavamsa',
      11: 'Saivamsa',
      12: 'Vaiseshikamsa',
    };
    assert.deepEqual(
      res.json.entries.map((e: any) => e.planet),
      SEVEN,
    );
    for (const e of res.json.entries) {
      assert.deepEqual(Object.keys(e).sort(), ['dignity_name', 'own_sign_count', 'own_sign_vargas', 'planet']);
      assert.equal(e.own_sign_vargas.length, e.own_sign_count);
      assert.ok(e.own_sign_count <= 16);
      assert.equal(e.dignity_name, NAMES[e.own_sign_count] ?? null);
    }
    // D1 own sign by hand: a planet in a sign it rules lists D1.
    const RULER = [
      'mars',
      'venus',
      'mercury',
      'moon',
      'sun',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'saturn',
      'jupiter',
    ];
    for (const e of res.json.entries)
      assert.equal(e.own_sign_vargas.includes('D1'), RULER[Math.floor(lon(e.planet) / 30)] === e.planet, e.planet);
  });
});

describe('errors on every strength route', () => {
  const ROUTES = [
    '/shadbala',
    '/shadbala/kala',
    '/shadbala/kala-full',
    '/bhava-bala',
    '/ishta-kashta',
    '/strength/shadbala',
    '/strength/composite',
    '/strength/signs',
    '/strength/houses',
    '/strength/planets',
    '/vimshopaka/sun',
    '/varga-dignity',
  ];

  it("404 chart_not_found for another tenant's chart and for an unknown id", async () => {
    for (const r of ROUTES) {
      expectError(await get(`${base()}${r}`, otherKey), 404, 'chart_not_found');
      expectError(await get(`${base('00000000-0000-7000-8000-000000000000')}${r}`), 404, 'chart_not_found');
    }
  });

  it('422 unsupported_astrology_system for a Western chart', async () => {
    for (const r of ROUTES) expectError(await get(`${base(westernId)}${r}`), 422, 'unsupported_astrology_system');
  });

  it('403 missing_scope for a key without charts:read', async () => {
    for (const r of ROUTES) expectError(await get(`${base()}${r}`, readerWithoutScope), 403, 'missing_scope');
  });

  it('422 panchanga_failed where the Sun neither rises nor sets (kala bala needs the day)', async () => {
    for (const r of ROUTES.filter((x) => !x.startsWith('/vimshopaka') && x !== '/varga-dignity'))
      expectError(await get(`${base(polarId)}${r}`), 422, 'panchanga_failed');
    // Routes that need no sunrise still answer.
    expectStatus(await get(`${base(polarId)}/varga-dignity`), 200);
    expectStatus(await get(`${base(polarId)}/vimshopaka/moon`), 200);
  });
});
