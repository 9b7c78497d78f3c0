// Ashtottari and Kalachakra dasha routes through the gateway: chain shapes at depth 1-4, current and
// next-change, depth and `at` 422s, cross-tenant 404, Western charts 422. Expected dates come from
// published worked examples, named beside each value: P.V.R. Narasimha Rao, "Vedic Astrology: An
// Integrated Approach" (PVR) ch. 17 Examples 60-62 as PyJHora 4.8.5 transcribes them
// (src/jhora/tests/pvr_tests.py, _ashtothari_test_1..3) and PyJHora's chart compared with JHora
// (_ashtothari_test_4). Those programs use the sidereal year (365.256 days) where we use 365.25, and
// their own ephemeris: dates are compared within two days. The Kalachakra birth cycle is worked by hand
// from the chart's own Moon (nakshatra = floor(moon / 13°20'), pada = quarter of it; BPHS ch. 46).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = 86_400_000;
const YEAR_MS = 365.25 * DAY;
const ASHTOTTARI_YEARS: Record<string, number> = {
  sun: 6,
  moon: 15,
  mars: 8,
  mercury: 17,
  saturn: 10,
  jupiter: 19,
  rahu: 12,
  venus: 21,
}; // BPHS ch. 46
const SIGN_YEARS = [7, 16, 9, 21, 5, 9, 16, 7, 10, 4, 4, 10]; // BPHS ch. 46, Aries first
const CONTEXT_KEYS = ['dignity', 'lord', 'lord_house', 'lord_strength', 'nakshatra', 'owned_houses', 'sign'];
const GRAHA_KEYS = [
  'dignity',
  'duration_days',
  'ends_at',
  'level',
  'lord',
  'lord_context',
  'lord_house',
  'lord_strength',
  'owned_houses',
  'parents',
  'period_level',
  'starts_at',
];
const SIGN_KEYS = [...GRAHA_KEYS.filter((k) => k !== 'lord'), 'gati', 'sign', 'sign_lord'].sort();
const LEVELS = ['maha', 'antar', 'pratyantar', 'sukshma'];
const NAKSHATRAS = [
  'ashwini',
  'bharani',
  'krittika',
  'rohini',
  'mrigashira',
  'ardra',
  'punarvasu',
  'pushya',
  'ashlesha',
  'magha',
  'purva_phalguni',
  'uttara_phalguni',
  'hasta',
  'chitra',
  'swati',
  'vishakha',
  'anuradha',
  'jyeshtha',
  'mula',
  'purva_ashadha',
  'uttara_ashadha',
  'shravana',
  'dhanishta',
  'shatabhisha',
  'purva_bhadrapada',
  'uttara_bhadrapada',
  'revati',
];
const RULER: Record<string, string> = {
  aries: 'mars',
  taurus: 'venus',
  gemini: 'mercury',
  cancer: 'moon',
  leo: 'sun',
  virgo: 'mercury',
  libra: 'venus',
  scorpio: 'mars',
  sagittarius: 'jupiter',
  capricorn: 'saturn',
  aquarius: 'saturn',
  pisces: 'jupiter',
};

// Birth data of the worked examples (PyJHora pvr_tests.py; times IST, +05:30).
const CHART_23 = { moment: '1912-08-08T19:38:00+05:30', latitude: 13.0, longitude: 77 + 35 / 60 }; // PVR Example 60
const CHART_61 = { moment: '1917-11-19T23:03:00+05:30', latitude: 25 + 28 / 60, longitude: 81 + 52 / 60 }; // Example 61
const CHART_6 = { moment: '1921-06-28T12:49:00+05:30', latitude: 18 + 26 / 60, longitude: 79 + 9 / 60 }; // Example 62
const JHORA_1996 = { moment: '1996-12-07T10:34:00+05:30', latitude: 13.0878, longitude: 80.2785 }; // _ashtothari_test_4

let key: string;
let otherKey: string;
const ids: Record<string, string> = {};
const charts: Record<string, any> = {};
let westernId: string;

const get = (p: string, k = key) => api('GET', p, { token: k });
const base = (name: string) => `/v1/vedic/charts/${ids[name]}/dashas`;
/** A PyJHora local (IST) date-time 'YYYY-MM-DD HH:MM:SS' as UTC ms. */
const ist = (s: string) => Date.parse(`${s.replace(' ', 'T')}+05:30`);
const near = (iso: string, expectedMs: number, days = 2, what = '') =>
  assert.ok(
    Math.abs(Date.parse(iso) - expectedMs) <= days * DAY,
    `${what} ${iso} vs ${new Date(expectedMs).toISOString()}`,
  );

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  for (const [name, birth] of Object.entries({ CHART_23, CHART_61, CHART_6, JHORA_1996 })) {
    const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
    expectStatus(c, 201);
    ids[name] = c.json.id;
    charts[name] = c.json;
  }
  const w = await api('POST', '/v1/charts', { token: key, body: { birth: JHORA_1996, system: 'western' } });
  expectStatus(w, 201);
  westernId = w.json.id;
});

function checkCommon(p: any, level: number, keys: string[], lordKey: string) {
  assert.deepEqual(Object.keys(p).sort(), keys);
  assert.equal(p.level, level);
  assert.equal(p.period_level, LEVELS[level - 1]);
  assert.equal(p.parents.length, level - 1);
  assert.match(p.starts_at, ISO_MS);
  assert.match(p.ends_at, ISO_MS);
  assert.ok(Math.abs((Date.parse(p.ends_at) - Date.parse(p.starts_at)) / DAY - p.duration_days) < 1e-6);
  assert.deepEqual(Object.keys(p.lord_context).sort(), CONTEXT_KEYS);
  assert.equal(p.lord_context.lord, p[lordKey]);
  assert.equal(p.lord_context.dignity, p.dignity);
  assert.equal(p.lord_context.lord_strength, p.lord_strength);
  assert.deepEqual(p.lord_context.owned_houses, p.owned_houses);
}
const checkGraha = (p: any, level: number) => {
  checkCommon(p, level, GRAHA_KEYS, 'lord');
  assert.ok(p.lord in ASHTOTTARI_YEARS);
};
const checkSign = (p: any, level: number) => {
  checkCommon(p, level, SIGN_KEYS, 'sign_lord');
  assert.ok(SIGNS.includes(p.sign));
  assert.equal(p.sign_lord, RULER[p.sign]);
  assert.ok([null, 'manduka', 'markati', 'simhavalokana'].includes(p.gati));
};

/** Each level's children tile their parent; `n` children per parent. */
function checkNesting(j: any, n: number, lordKey: string) {
  const lists = [j.mahadashas, j.antardashas, j.pratyantardashas, j.sukshmadashas];
  for (let l = 1; l < 4; l++) {
    if (lists[l].length === 0) continue;
    assert.equal(lists[l].length, lists[l - 1].length * n);
    lists[l - 1].forEach((p: any, i: number) => {
      const kids = lists[l].slice(i * n, i * n + n);
      assert.equal(kids[0].starts_at, p.starts_at);
      assert.equal(kids[n - 1].ends_at, p.ends_at);
      for (let k = 1; k < n; k++) assert.equal(kids[k].starts_at, kids[k - 1].ends_at);
      assert.deepEqual(kids[0].parents, [...p.parents, p[lordKey]]);
      assert.equal(kids[0][lordKey], p[lordKey]); // sub-periods start with the period's own lord/sign
    });
  }
}

describe('GET /v1/vedic/charts/{id}/dashas/ashtottari', () => {
  it('depth 4 (default): 8/64/512/4096 period objects, 108 years, conventions and features', async () => {
    const res = await get(`${base('JHORA_1996')}/ashtottari`);
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), [
      'antardashas',
      'applicable',
      'balance_years',
      'birth_dasha_lord',
      'birth_dasha_start',
      'birth_nakshatra',
      'chart_id',
      'conventions',
      'features_used',
      'mahadashas',
      'method_version',
      'pratyantardashas',
      'sukshmadashas',
    ]);
    assert.equal(j.chart_id, ids.JHORA_1996);
    assert.equal(j.method_version, 'ashtottari-v1-jy365.25');
    assert.deepEqual(
      [j.mahadashas.length, j.antardashas.length, j.pratyantardashas.length, j.sukshmadashas.length],
      [8, 64, 512, 4096],
    );
    assert.ok(typeof j.applicable === 'boolean');
    for (const c of j.conventions) assert.deepEqual(Object.keys(c).sort(), ['alternatives', 'choice', 'topic']);
    assert.ok(
      ['sub_periods', 'applicability', 'balance', 'year_length'].every((t) =>
        j.conventions.some((c: any) => c.topic === t),
      ),
    );
    j.mahadashas.forEach((p: any) => checkGraha(p, 1));
    j.antardashas.forEach((p: any) => checkGraha(p, 2));
    j.sukshmadashas.slice(0, 40).forEach((p: any) => checkGraha(p, 4));
    checkNesting(j, 8, 'lord');
    for (const m of j.mahadashas) assert.ok(Math.abs(m.duration_days - ASHTOTTARI_YEARS[m.lord]! * 365.25) < 1e-6);
    assert.equal(j.mahadashas[0].starts_at, j.birth_dasha_start);
    const birth = Date.parse(JHORA_1996.moment);
    assert.ok(Math.abs(Date.parse(j.mahadashas[0].ends_at) - birth - j.balance_years * YEAR_MS) < 2);
    assert.ok(Math.abs(Date.parse(j.mahadashas[7].ends_at) - Date.parse(j.birth_dasha_start) - 108 * YEAR_MS) <= 1);
  });

  it('PyJHora chart compared with JHora (1996-12-07 10:34 IST, Chennai): mahadasha starts', async () => {
    const j = (await get(`${base('JHORA_1996')}/ashtottari?depth=1`)).json;
    // PyJHora pvr_tests.py _ashtothari_test_4 (IST): [[2, '1992-11-21 08:54:59 AM'], [3, '2000-11-21 10:08:18 AM'],
    // [6, '2017-11-21 18:44:05 PM'], [4, '2027-11-22 08:15:44 AM'], [7, '2046-11-22 05:09:51 AM'],
    // [5, '2058-11-22 06:59:49 AM'], [0, '2079-11-22 16:12:16 PM'], [1, '2085-11-22 05:07:15 AM']]
    const expected: [string, string][] = [
      ['mars', '1992-11-21 08:54:59'],
      ['mercury', '2000-11-21 10:08:18'],
      ['saturn', '2017-11-21 18:44:05'],
      ['jupiter', '2027-11-22 08:15:44'],
      ['rahu', '2046-11-22 05:09:51'],
      ['venus', '2058-11-22 06:59:49'],
      ['sun', '2079-11-22 16:12:16'],
      ['moon', '2085-11-22 05:07:15'],
    ];
    assert.deepEqual(
      j.mahadashas.map((p: any) => p.lord),
      expected.map((e) => e[0]),
    );
    j.mahadashas.forEach((p: any, i: number) => near(p.starts_at, ist(expected[i]![1]), 2, p.lord));
  });

  it('PVR Example 60 (Chart 23): Venus at birth; Rahu-Moon running on 20 Dec 1998, from 1998-10-12 to 2000-06-12', async () => {
    const j = (await get(`${base('CHART_23')}/ashtottari?depth=2`)).json;
    assert.equal(j.birth_dasha_lord, 'venus'); // PVR Example 60 (pvr_tests.py: expected_dhasa_planet = 5 # Venus)
    const cur = (
      await get(`${base('CHART_23')}/ashtottari/current?at=${encodeURIComponent('1998-12-20T12:00:00+05:30')}`)
    ).json;
    // PVR Example 60: "Dhasa during 20-Dec-1998" is Rahu-Moon
    assert.deepEqual([cur.md.lord, cur.ad.lord], ['rahu', 'moon']);
    // pvr_tests.py _ashtothari_test_1: [[7, 1, '1998-10-12 16:41:05 PM'], [7, 2, '2000-06-12 10:56:22 AM']]
    near(cur.ad.starts_at, ist('1998-10-12 16:41:05'), 2, 'Rahu-Moon start');
    near(cur.ad.ends_at, ist('2000-06-12 10:56:22'), 2, 'Rahu-Mars start');
    const next = j.antardashas.find((p: any) => p.starts_at === cur.ad.ends_at);
    assert.deepEqual([next.parents, next.lord], [['rahu'], 'mars']);
  });

  it('PVR Example 61 (Indira Gandhi): Saturn at birth, Moon mahadasha during 1980-1995', async () => {
    const j = (await get(`${base('CHART_61')}/ashtottari?depth=1`)).json;
    assert.equal(j.birth_dasha_lord, 'saturn'); // pvr_tests.py _ashtothari_test_2: expected_dhasa_planet = 6 # Saturn
    const moon = j.mahadashas.find((p: any) => p.lord === 'moon');
    // PVR Example 61: "Moon Dhasa during 1980 - 1995"
    near(moon.starts_at, Date.parse('1980-07-01T00:00:00Z'), 366, 'Moon MD start in 1980');
    near(moon.ends_at, Date.parse('1995-07-01T00:00:00Z'), 366, 'Moon MD end in 1995');
  });

  it('PVR Example 62 (Chart 6): Rahu at birth, Mercury mahadasha during 1981-1997', async () => {
    const j = (await get(`${base('CHART_6')}/ashtottari?depth=1`)).json;
    assert.equal(j.birth_dasha_lord, 'rahu'); // pvr_tests.py _ashtothari_test_3: expected_dhasa_planet = 7 # Rahu
    const cur = (await get(`${base('CHART_6')}/ashtottari/current?at=1990-01-01T00:00:00Z`)).json;
    assert.equal(cur.md.lord, 'mercury'); // PVR Example 62: "Mercury Dhasa during 1981-1997"
    assert.equal(new Date(cur.md.starts_at).getUTCFullYear(), 1981); // starts in 1981 (PVR Example 62)
    const late = (await get(`${base('CHART_6')}/ashtottari/current?at=1997-06-30T00:00:00Z`)).json;
    assert.deepEqual([late.md.lord, late.md.starts_at], ['mercury', cur.md.starts_at]); // still running in 1997
  });

  it('depth 1..3 leaves deeper lists empty; out of range or non-integer depth is 422 invalid_request', async () => {
    const d1 = (await get(`${base('JHORA_1996')}/ashtottari?depth=1`)).json;
    assert.deepEqual([d1.mahadashas.length, d1.antardashas.length, d1.sukshmadashas.length], [8, 0, 0]);
    const d3 = (await get(`${base('JHORA_1996')}/ashtottari?depth=3`)).json;
    assert.deepEqual([d3.pratyantardashas.length, d3.sukshmadashas.length], [512, 0]);
    for (const bad of ['0', '5', '-1', 'x', '2.5']) {
      const e = expectError(await get(`${base('JHORA_1996')}/ashtottari?depth=${bad}`), 422, 'invalid_request');
      assert.deepEqual(invalidFields(e), ['depth']);
    }
  });

  it('current and next-change: nesting periods; boundary, level and both sukshmas; nulls outside', async () => {
    const at = '2024-03-01T12:00:00Z';
    const cur = (await get(`${base('JHORA_1996')}/ashtottari/current?at=${at}`)).json;
    assert.deepEqual(Object.keys(cur).sort(), ['ad', 'at', 'chart_id', 'features_used', 'md', 'pd', 'sd']);
    const path = [cur.md, cur.ad, cur.pd, cur.sd];
    path.forEach((p: any, i: number) => {
      checkGraha(p, i + 1);
      assert.ok(Date.parse(p.starts_at) <= Date.parse(at) && Date.parse(at) < Date.parse(p.ends_at));
    });
    const nc = (await get(`${base('JHORA_1996')}/ashtottari/next-change?at=${at}`)).json;
    assert.deepEqual(Object.keys(nc).sort(), [
      'at',
      'changed_level',
      'changes_at',
      'chart_id',
      'current_period',
      'features_used',
      'next_period',
    ]);
    assert.equal(nc.changes_at, cur.sd.ends_at);
    assert.deepEqual(nc.current_period, cur.sd);
    assert.equal(nc.next_period.starts_at, nc.changes_at);
    assert.ok(LEVELS.includes(nc.changed_level));
    const out = (await get(`${base('JHORA_1996')}/ashtottari/current?at=1700-01-01T00:00:00Z`)).json;
    assert.deepEqual([out.md, out.ad, out.pd, out.sd], [null, null, null, null]);
    const after = (await get(`${base('JHORA_1996')}/ashtottari/next-change?at=2200-01-01T00:00:00Z`)).json;
    assert.deepEqual(
      [after.changes_at, after.changed_level, after.current_period, after.next_period],
      [null, null, null, null],
    );
  });

  it('naive `at` is 422 at_must_be_timezone_aware; missing or malformed is invalid_request', async () => {
    for (const r of ['ashtottari', 'kalachakra'])
      for (const c of ['current', 'next-change']) {
        expectError(
          await get(`${base('JHORA_1996')}/${r}/${c}?at=2024-03-01T12:00:00`),
          422,
          'at_must_be_timezone_aware',
        );
        const e = expectError(await get(`${base('JHORA_1996')}/${r}/${c}`), 422, 'invalid_request');
        assert.deepEqual(invalidFields(e), ['at']);
        expectError(await get(`${base('JHORA_1996')}/${r}/${c}?at=yesterday`), 422, 'invalid_request');
      }
  });
});

describe('GET /v1/vedic/charts/{id}/dashas/kalachakra', () => {
  it('depth 4: the birth cycle from the Moon by hand, sign years, nine children per period, gatis', async () => {
    const res = await get(`${base('CHART_61')}/kalachakra`);
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), [
      'antardashas',
      'balance_years',
      'birth_cycle',
      'birth_dasha_sign',
      'birth_dasha_start',
      'chart_id',
      'conventions',
      'features_used',
      'mahadashas',
      'method_version',
      'pratyantardashas',
      'sukshmadashas',
    ]);
    assert.equal(j.method_version, 'kalachakra-v1-pvr-jy365.25');
    // By hand: nakshatra = floor(moon / 13°20'), pada = floor(rest / 3°20') + 1 (BPHS ch. 46).
    const moon = charts.CHART_61.planets.find((p: any) => p.planet === 'moon').longitude;
    const nk = Math.floor(moon / (360 / 27));
    const pada = Math.floor((moon - nk * (360 / 27)) / (360 / 108)) + 1;
    const c = j.birth_cycle;
    assert.deepEqual(Object.keys(c).sort(), [
      'deha_sign',
      'direction',
      'group',
      'jeeva_sign',
      'nakshatra',
      'pada',
      'paramayus_years',
      'signs',
    ]);
    assert.equal(c.nakshatra, NAKSHATRAS[nk]);
    assert.equal(c.pada, pada);
    // Savya triples from Ashwini, Punarvasu, Hasta, Mula, P.Bhadra; apasavya from Rohini, Magha, Vishakha, Shravana.
    assert.equal(c.direction, Math.floor(nk / 3) % 2 === 0 ? 'savya' : 'apasavya');
    assert.equal(c.signs.length, 9);
    const savyaParamayus = [100, 85, 83, 86]; // BPHS ch. 46
    const apasavyaParamayus = [86, 83, 85, 100];
    assert.equal(c.paramayus_years, (c.direction === 'savya' ? savyaParamayus : apasavyaParamayus)[pada - 1]);
    assert.equal(
      c.paramayus_years,
      c.signs.reduce((s: number, x: string) => s + SIGN_YEARS[SIGNS.indexOf(x)]!, 0),
    );
    assert.ok(c.signs.includes(j.birth_dasha_sign));
    assert.ok(j.mahadashas.length >= 9);
    assert.equal(j.mahadashas[0].sign, j.birth_dasha_sign);
    assert.equal(j.mahadashas[0].starts_at, j.birth_dasha_start);
    for (const m of j.mahadashas)
      assert.ok(Math.abs(m.duration_days - SIGN_YEARS[SIGNS.indexOf(m.sign)]! * 365.25) < 1e-6, m.sign);
    const birth = Date.parse(CHART_61.moment);
    assert.ok(Math.abs(Date.parse(j.mahadashas[0].ends_at) - birth - j.balance_years * YEAR_MS) < 2);
    assert.ok(Date.parse(j.mahadashas.at(-1).ends_at) >= birth + 120 * YEAR_MS - 1);
    j.mahadashas.forEach((p: any) => checkSign(p, 1));
    j.antardashas.forEach((p: any) => checkSign(p, 2));
    j.pratyantardashas.slice(0, 40).forEach((p: any) => checkSign(p, 3));
    j.sukshmadashas.slice(0, 40).forEach((p: any) => checkSign(p, 4));
    checkNesting(j, 9, 'sign');
    // Gatis by their classical sign pairs (BPHS ch. 46 as PVR ch. 24 names them).
    const seq = [...j.antardashas.slice(0, 9)];
    for (let i = 1; i < seq.length; i++) {
      const d = (SIGNS.indexOf(seq[i].sign) - SIGNS.indexOf(seq[i - 1].sign) + 12) % 12;
      if (d === 4 || d === 8) assert.equal(seq[i].gati, 'simhavalokana');
      if (d === 2 || d === 10) assert.equal(seq[i].gati, 'manduka');
    }
    assert.ok(j.conventions.some((x: any) => x.topic === 'groups'));
  });

  it('depth 1 and 2; depth out of range is 422 invalid_request', async () => {
    const d1 = (await get(`${base('CHART_6')}/kalachakra?depth=1`)).json;
    assert.deepEqual([d1.antardashas.length, d1.pratyantardashas.length], [0, 0]);
    const d2 = (await get(`${base('CHART_6')}/kalachakra?depth=2`)).json;
    assert.equal(d2.antardashas.length, 9 * d2.mahadashas.length);
    for (const bad of ['0', '5', 'x', '1.5']) {
      const e = expectError(await get(`${base('CHART_6')}/kalachakra?depth=${bad}`), 422, 'invalid_request');
      assert.deepEqual(invalidFields(e), ['depth']);
    }
  });

  it('current and next-change agree with the chain', async () => {
    const at = '2001-09-11T12:00:00Z';
    const cur = (await get(`${base('CHART_6')}/kalachakra/current?at=${at}`)).json;
    [cur.md, cur.ad, cur.pd, cur.sd].forEach((p: any, i: number) => {
      checkSign(p, i + 1);
      assert.ok(Date.parse(p.starts_at) <= Date.parse(at) && Date.parse(at) < Date.parse(p.ends_at));
    });
    const chain = (await get(`${base('CHART_6')}/kalachakra?depth=2`)).json;
    assert.deepEqual(
      chain.antardashas.find((p: any) => p.starts_at === cur.ad.starts_at),
      cur.ad,
    );
    const nc = (await get(`${base('CHART_6')}/kalachakra/next-change?at=${at}`)).json;
    assert.equal(nc.changes_at, cur.sd.ends_at);
    assert.deepEqual(nc.current_period, cur.sd);
    assert.equal(nc.next_period.starts_at, nc.changes_at);
    const before = (await get(`${base('CHART_6')}/kalachakra/next-change?at=1800-01-01T00:00:00Z`)).json;
    assert.equal(before.changes_at, chain.birth_dasha_start);
    assert.equal(before.changed_level, 'maha');
    assert.equal(before.current_period, null);
  });
});

describe('tenancy and chart system', () => {
  const paths = (id: string) => [
    `/v1/vedic/charts/${id}/dashas/ashtottari?depth=1`,
    `/v1/vedic/charts/${id}/dashas/ashtottari/current?at=2024-01-01T00:00:00Z`,
    `/v1/vedic/charts/${id}/dashas/ashtottari/next-change?at=2024-01-01T00:00:00Z`,
    `/v1/vedic/charts/${id}/dashas/kalachakra?depth=1`,
    `/v1/vedic/charts/${id}/dashas/kalachakra/current?at=2024-01-01T00:00:00Z`,
    `/v1/vedic/charts/${id}/dashas/kalachakra/next-change?at=2024-01-01T00:00:00Z`,
  ];

  it("another tenant's chart is 404 chart_not_found on every route (the cached chain too)", async () => {
    expectStatus(await get(paths(ids.JHORA_1996!)[0]!), 200); // warm the chain cache first
    for (const p of paths(ids.JHORA_1996!)) expectError(await get(p, otherKey), 404, 'chart_not_found');
  });

  it('a Western chart is 422 unsupported_astrology_system', async () => {
    for (const p of paths(westernId)) expectError(await get(p), 422, 'unsupported_astrology_system');
  });

  it('no credential is 401', async () => {
    assert.equal((await api('GET', paths(ids.JHORA_1996!)[0]!)).status, 401);
  });
});
