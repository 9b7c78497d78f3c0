// Jaimini routes through the gateway: exact shapes, rules checked against the stored chart (karakas by
// degree in sign, arudha with the 1st/7th exception, rashi aspects, badhaka by modality), deprecation
// headers, Western refusal and cross-tenant 404. Rule arithmetic on hand-computed charts is in the unit
// tests (services/vedic-calc/test/jaimini.test.ts).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const ROLES = [
  'Atmakaraka',
  'Amatyakaraka',
  'Bhratrukaraka',
  'Matrukaraka',
  'Putrakaraka',
  'Gnatikaraka',
  'Darakaraka',
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
const DEPRECATION = '@1791936000';

let key: string;
let otherKey: string;
let vedic: any;
let western: any;
const pos = (planet: string) => vedic.planets.find((p: any) => p.planet === planet);
const at = (sign: string, n: number): string => SIGNS[(SIGNS.indexOf(sign) + n + 120) % 12]!;

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

describe('GET .../jaimini/karakas and the deprecated .../karakas/jaimini', () => {
  it('ranks the seven planets by degree within sign', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/jaimini/karakas`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), [
      'chart_id',
      'method_version',
      'assignments',
      'atmakaraka',
      'amatyakaraka',
      'karakamsha_sign',
      'features_used',
    ]);
    assert.equal(r.json.method_version, 'jaimini-v1');
    const expected = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn']
      .map((p) => pos(p))
      .sort((a: any, b: any) => b.degree_in_sign - a.degree_in_sign);
    assert.deepEqual(
      r.json.assignments.map((a: any) => [a.role, a.planet, a.degree_in_sign]),
      expected.map((p: any, i: number) => [ROLES[i], p.planet, p.degree_in_sign]),
    );
    assert.equal(r.json.atmakaraka, expected[0].planet);
    assert.equal(r.json.amatyakaraka, expected[1].planet);
    assert.equal(r.json.karakamsha_sign, pos(r.json.atmakaraka).navamsa_sign, 'karakamsha = navamsa of the AK');
    const old = await api('GET', `/v1/vedic/charts/${vedic.id}/karakas/jaimini`, { token: key });
    expectStatus(old, 200);
    assert.deepEqual(Object.keys(old.json), ['chart_id', 'assignments']);
    assert.deepEqual(old.json.assignments, r.json.assignments);
    assert.equal(old.headers.get('deprecation'), DEPRECATION);
    assert.equal(old.headers.get('link'), `</v1/vedic/charts/${vedic.id}/jaimini/karakas>; rel="successor-version"`);
    assert.equal(r.headers.get('deprecation'), null);
  });
});

describe('GET .../jaimini/arudha and the deprecated .../arudha', () => {
  it('twelve padas, none in the 1st or 7th from its house; AL = A1, UL = A12', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/jaimini/arudha`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), [
      'chart_id',
      'method_version',
      'lagna_sign',
      'arudha_lagna',
      'upapada_lagna',
      'entries',
      'features_used',
    ]);
    const lagna = pos('ascendant').sign;
    assert.equal(r.json.lagna_sign, lagna);
    assert.equal(r.json.entries.length, 12);
    r.json.entries.forEach((e: any, i: number) => {
      assert.deepEqual(Object.keys(e), ['house_number', 'house_sign', 'house_lord', 'arudha_sign']);
      assert.equal(e.house_number, i + 1);
      assert.equal(e.house_sign, at(lagna, i));
      assert.equal(e.house_lord, RULER[e.house_sign]);
      // Independent recount: from the house to the lord, as many again; 1st/7th -> 10th from there.
      const lordSign = pos(e.house_lord).sign;
      const d = (SIGNS.indexOf(lordSign) - SIGNS.indexOf(e.house_sign) + 12) % 12;
      let pada = at(lordSign, d);
      if (pada === e.house_sign || pada === at(e.house_sign, 6)) pada = at(pada, 9);
      assert.equal(e.arudha_sign, pada, `A${i + 1}`);
    });
    assert.equal(r.json.arudha_lagna, r.json.entries[0].arudha_sign);
    assert.equal(r.json.upapada_lagna, r.json.entries[11].arudha_sign);
    const old = await api('GET', `/v1/vedic/charts/${vedic.id}/arudha`, { token: key });
    expectStatus(old, 200);
    assert.deepEqual(old.json, { chart_id: vedic.id, lagna_sign: lagna, entries: r.json.entries });
    assert.equal(old.headers.get('deprecation'), DEPRECATION);
    assert.equal(old.headers.get('link'), `</v1/vedic/charts/${vedic.id}/jaimini/arudha>; rel="successor-version"`);
  });
});

describe('GET .../jaimini/aspects', () => {
  it('36 sign aspects by the movable/fixed/dual rule with occupants', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/jaimini/aspects`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), ['chart_id', 'method_version', 'aspects', 'features_used']);
    assert.equal(r.json.aspects.length, 36);
    const targets = (s: string) =>
      r.json.aspects.filter((a: any) => a.source_sign === s).map((a: any) => a.target_sign);
    assert.deepEqual(targets('aries'), ['leo', 'scorpio', 'aquarius']);
    assert.deepEqual(targets('taurus'), ['cancer', 'libra', 'capricorn']);
    assert.deepEqual(targets('gemini'), ['virgo', 'sagittarius', 'pisces']);
    for (const a of r.json.aspects) {
      assert.deepEqual(Object.keys(a), [
        'source_sign',
        'target_sign',
        'source_planets',
        'target_planets',
        'aspect_type',
      ]);
      for (const p of a.source_planets) assert.equal(pos(p).sign, a.source_sign);
      for (const p of a.target_planets) assert.equal(pos(p).sign, a.target_sign);
    }
  });
});

describe('GET .../badhaka', () => {
  it('badhaka house by the lagna modality', async () => {
    const r = await api('GET', `/v1/vedic/charts/${vedic.id}/badhaka`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), [
      'lagna_sign',
      'badhaka_sign',
      'badhaka_lord',
      'badhaka_house',
      'explanation',
    ]);
    const lagna = pos('ascendant').sign;
    const house = [11, 9, 7][SIGNS.indexOf(lagna) % 3]!;
    assert.equal(r.json.lagna_sign, lagna);
    assert.equal(r.json.badhaka_house, house);
    assert.equal(r.json.badhaka_sign, at(lagna, house - 1));
    assert.equal(r.json.badhaka_lord, RULER[r.json.badhaka_sign]);
    assert.ok(r.json.explanation.length > 10);
  });
});

describe('errors', () => {
  it('422 for a Western chart, 404 for another tenant on every Jaimini route', async () => {
    for (const p of ['jaimini/karakas', 'jaimini/arudha', 'jaimini/aspects', 'karakas/jaimini', 'arudha', 'badhaka']) {
      expectError(
        await api('GET', `/v1/vedic/charts/${western.id}/${p}`, { token: key }),
        422,
        'unsupported_astrology_system',
      );
      expectError(await api('GET', `/v1/vedic/charts/${vedic.id}/${p}`, { token: otherKey }), 404, 'chart_not_found');
    }
  });
});
