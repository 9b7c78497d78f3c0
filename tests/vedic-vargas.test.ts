// Divisional charts through the gateway: exact shapes, the 21 vargas, 422 for an unknown varga, Western
// charts accepted on /divisional and refused on the deprecated /vargas/{varga}, deprecation headers,
// cross-tenant 404. Expected signs are cross-checked against independent values: the chart's own
// navamsa_sign (astro-core counts the 108 padas from Aries, a different method from the varga rules)
// and the chart's rasi signs; the per-rule arithmetic is covered by the unit tests.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const BODIES = [
  'sun',
  'moon',
  'mars',
  'mercury',
  'jupiter',
  'venus',
  'saturn',
  'rahu',
  'ketu',
  'ascendant',
  'midheaven',
];
const VARGAS = [
  'D1',
  'D2',
  'D2_SUN_MOON',
  'D3',
  'D4',
  'D5',
  'D6',
  'D7',
  'D8',
  'D9',
  'D10',
  'D11',
  'D12',
  'D16',
  'D20',
  'D24',
  'D27',
  'D30',
  'D40',
  'D45',
  'D60',
];
const SHODASHA = [
  'D1',
  'D2',
  'D3',
  'D4',
  'D7',
  'D9',
  'D10',
  'D12',
  'D16',
  'D20',
  'D24',
  'D27',
  'D30',
  'D40',
  'D45',
  'D60',
];
const DEPRECATION = '@1791936000';

let key: string;
let otherKey: string;
let vedic: any;
let western: any;

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const v = await api('POST', '/v1/charts', {
    token: key,
    body: { birth, system: 'vedic', house_system: 'whole_sign' },
  });
  expectStatus(v, 201);
  vedic = v.json;
  const w = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western', ayanamsha: null } });
  expectStatus(w, 201);
  western = w.json;
});

function checkDivisional(body: any, varga: string, chartId: string) {
  assert.deepEqual(Object.keys(body), ['varga', 'chart_id', 'entries']);
  assert.equal(body.varga, varga);
  assert.equal(body.chart_id, chartId);
  assert.deepEqual(
    body.entries.map((e: any) => e.planet),
    BODIES,
  );
  for (const e of body.entries) {
    assert.deepEqual(Object.keys(e), ['planet', 'sign']);
    assert.ok(SIGNS.includes(e.sign), `${varga} ${e.planet}: ${e.sign}`);
  }
}

const signsOf = (body: any) => Object.fromEntries(body.entries.map((e: any) => [e.planet, e.sign]));

describe('GET /v1/vedic/charts/{chart_id}/divisional/{varga}', () => {
  it('answers every one of the 21 vargas with the exact shape', async () => {
    for (const varga of VARGAS) {
      const r = await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/${varga}`, { token: key });
      expectStatus(r, 200);
      checkDivisional(r.json, varga, vedic.id);
      assert.equal(r.headers.get('deprecation'), null);
    }
  });
  it('D1 is the rasi chart and D9 matches the chart navamsa_sign (independent pada count)', async () => {
    const d1 = signsOf((await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/D1`, { token: key })).json);
    const d9 = signsOf((await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/D9`, { token: key })).json);
    for (const p of vedic.planets.filter((x: any) => BODIES.includes(x.planet))) {
      assert.equal(d1[p.planet], p.sign, `D1 ${p.planet}`);
      assert.equal(d9[p.planet], p.navamsa_sign, `D9 ${p.planet}`);
    }
  });
  it('D2 only ever gives Leo or Cancer (Parashara hora)', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/D2`, { token: key });
    for (const e of r.json.entries) assert.ok(['leo', 'cancer'].includes(e.sign), e.planet);
  });
  it('accepts a Western chart, recomputed sidereally: same signs as the Vedic chart of the same birth', async () => {
    for (const varga of ['D1', 'D9', 'D60']) {
      const w = await api('GET', `/v1/vedic/charts/${western.id}/divisional/${varga}`, { token: key });
      expectStatus(w, 200);
      checkDivisional(w.json, varga, western.id);
      const v = await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/${varga}`, { token: key });
      assert.deepEqual(w.json.entries, v.json.entries, varga);
    }
  });
  it('422 invalid_request (field varga) for an unknown varga', async () => {
    for (const bad of ['D13', 'd9', 'navamsa']) {
      const e = expectError(
        await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/${bad}`, { token: key }),
        422,
        'invalid_request',
      );
      assert.deepEqual(
        (e.details as any).errors.map((x: any) => x.field),
        ['varga'],
      );
    }
  });
  it('404 chart_not_found for another tenant and for an unknown id', async () => {
    expectError(
      await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/D9`, { token: otherKey }),
      404,
      'chart_not_found',
    );
    expectError(
      await api('GET', '/v1/vedic/charts/00000000-0000-7000-8000-000000000000/divisional/D9', { token: key }),
      404,
      'chart_not_found',
    );
  });
});

describe('GET /v1/vedic/charts/{chart_id}/vargas/{varga} (deprecated)', () => {
  it('answers the same body with Deprecation and Link headers', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/vargas/D10`, { token: key });
    expectStatus(r, 200);
    checkDivisional(r.json, 'D10', vedic.id);
    const d = await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/D10`, { token: key });
    assert.deepEqual(r.json, d.json);
    assert.equal(r.headers.get('deprecation'), DEPRECATION);
    assert.equal(r.headers.get('link'), `</v1/vedic/charts/${vedic.id}/divisional/D10>; rel="successor-version"`);
  });
  it('refuses a Western chart (422 unsupported_astrology_system) and an unknown varga', async () => {
    expectError(
      await api('GET', `/v1/vedic/charts/${western.id}/vargas/D9`, { token: key }),
      422,
      'unsupported_astrology_system',
    );
    expectError(await api('GET', `/v1/vedic/charts/${vedic.id}/vargas/D99`, { token: key }), 422, 'invalid_request');
    expectError(
      await api('GET', `/v1/vedic/charts/${vedic.id}/vargas/D9`, { token: otherKey }),
      404,
      'chart_not_found',
    );
  });
});

describe('GET .../vargas, .../navamsa, .../dashamsa, .../varga-strength', () => {
  it('/vargas lists the sixteen vargas in order', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/vargas`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), ['chart_id', 'method_version', 'vargas', 'features_used']);
    assert.equal(r.json.method_version, 'vargas-bphs-v1');
    assert.deepEqual(
      r.json.vargas.map((v: any) => v.varga),
      SHODASHA,
    );
    for (const v of r.json.vargas) checkDivisional(v, v.varga, vedic.id);
    for (const f of r.json.features_used) assert.deepEqual(Object.keys(f), ['source', 'version', 'fields']);
    expectError(
      await api('GET', `/v1/vedic/charts/${western.id}/vargas`, { token: key }),
      422,
      'unsupported_astrology_system',
    );
  });
  it('/navamsa and /dashamsa carry their varga and focus topics', async () => {
    const n = await api('GET', `/v1/vedic/charts/${vedic.id}/navamsa`, { token: key });
    expectStatus(n, 200);
    assert.deepEqual(Object.keys(n.json), ['chart_id', 'varga', 'entries', 'focus_topics', 'features_used']);
    assert.equal(n.json.varga, 'D9');
    assert.deepEqual(n.json.focus_topics, ['marriage', 'dharma']);
    const d9 = await api('GET', `/v1/vedic/charts/${vedic.id}/divisional/D9`, { token: key });
    assert.deepEqual(n.json.entries, d9.json.entries);
    const d = await api('GET', `/v1/vedic/charts/${vedic.id}/dashamsa`, { token: key });
    expectStatus(d, 200);
    assert.equal(d.json.varga, 'D10');
    assert.deepEqual(d.json.focus_topics, ['career', 'status']);
    expectError(
      await api('GET', `/v1/vedic/charts/${western.id}/navamsa`, { token: key }),
      422,
      'unsupported_astrology_system',
    );
  });
  it('/varga-strength: eight vargas, entries with repeated_signs', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/varga-strength`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), ['chart_id', 'method_version', 'vargas', 'entries', 'features_used']);
    assert.deepEqual(r.json.vargas, ['D1', 'D2', 'D3', 'D9', 'D10', 'D12', 'D30', 'D60']);
    assert.deepEqual(
      r.json.entries.map((e: any) => e.planet),
      ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'],
    );
    for (const e of r.json.entries) {
      assert.deepEqual(Object.keys(e), [
        'planet',
        'own_sign_count',
        'dignity_name',
        'own_sign_vargas',
        'repeated_signs',
      ]);
      assert.equal(e.own_sign_count, e.own_sign_vargas.length);
      if (e.own_sign_count < 2) assert.equal(e.dignity_name, null);
      else assert.equal(typeof e.dignity_name, 'string');
      for (const s of e.repeated_signs) {
        assert.deepEqual(Object.keys(s), ['sign', 'count']);
        assert.ok(s.count >= 2 && s.count <= 8);
      }
    }
    expectError(
      await api('GET', `/v1/vedic/charts/${vedic.id}/varga-strength`, { token: otherKey }),
      404,
      'chart_not_found',
    );
  });
});
