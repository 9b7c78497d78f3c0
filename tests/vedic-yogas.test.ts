// Yoga routes through the gateway: the catalogue (GET /v1/vedic/yogas) and a chart's yogas (GET
// /v1/vedic/charts/{chart_id}/yogas) with their exact shapes, filters, errors (unknown category 422,
// Western chart 422, another tenant's chart 404). The rule arithmetic on published example charts is in
// the unit tests (services/vedic-calc/test/yogas.test.ts); here a published chart checks the whole path.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

// Narendra Modi, 17 September 1950 11:00 IST, Vadnagar (23°47' N, 72°38' E): the birth data of PyJHora
// v4.8.5's pvr_tests.py gaja_kesari_yoga_test and of easyastro.com/blog/horoscope-of-narendra-modi
// (Lahiri), which both publish the yogas checked below.
const MODI = { moment: '1950-09-17T11:00:00+05:30', latitude: 23 + 47 / 60, longitude: 72 + 38 / 60 };
const WESTERN_BIRTH = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const CATEGORIES = ['pancha_mahapurusha', 'surya', 'chandra', 'nabhasa', 'raja', 'dhana', 'parivartana', 'other'];

let key: string;
let otherKey: string;
let modi: any;
let western: any;

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const v = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: MODI, system: 'vedic', house_system: 'whole_sign' },
  });
  expectStatus(v, 201);
  modi = v.json;
  const w = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: WESTERN_BIRTH, system: 'western', ayanamsha: null },
  });
  expectStatus(w, 201);
  western = w.json;
});

const signOf = (planet: string): string => modi.planets.find((p: any) => p.planet === planet).sign;

describe('GET /v1/vedic/yogas (the catalogue)', () => {
  it('lists at least 60 rules, each with its rule as text and as data and its source', async () => {
    const r = await api('GET', '/v1/vedic/yogas', { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), ['method_version', 'count', 'yogas', 'conventions']);
    assert.equal(r.json.method_version, 'yogas-v1');
    assert.ok(r.json.count >= 60, `count ${r.json.count}`);
    assert.equal(r.json.yogas.length, r.json.count);
    assert.equal(new Set(r.json.yogas.map((y: any) => y.id)).size, r.json.count);
    for (const y of r.json.yogas) {
      for (const k of ['id', 'name', 'category', 'rule_text', 'rule_json', 'source'])
        assert.ok(typeof y[k] === 'string' && y[k].length > 0, `${y.id}.${k}`);
      assert.ok(CATEGORIES.includes(y.category), y.category);
      assert.equal(typeof JSON.parse(y.rule_json), 'object');
    }
    const raja = r.json.yogas.find((y: any) => y.id === 'kendra_trikona_raja');
    assert.equal(raja.family, 'k in {1, 4, 7, 10}; t in {1, 5, 9}');
    assert.match(raja.source, /BPHS ch\. 39/);
    const gk = r.json.yogas.find((y: any) => y.id === 'gaja_kesari');
    assert.match(gk.strength_rule, /strong when jupiter exalted/);
    assert.ok(r.json.conventions.some((c: any) => c.topic === 'aspects'));
  });

  it('filters by category: the 32 Nabhasa yogas of BPHS ch. 35 and the five Mahapurusha yogas', async () => {
    const n = await api('GET', '/v1/vedic/yogas?category=nabhasa', { token: key });
    expectStatus(n, 200);
    // BPHS ch. 35 counts 32 Nabhasa yogas (3 Ashraya, 2 Dala, 20 Akriti, 7 Sankhya).
    assert.equal(n.json.count, 32);
    assert.ok(n.json.yogas.every((y: any) => y.category === 'nabhasa'));
    const m = await api('GET', '/v1/vedic/yogas?category=pancha_mahapurusha', { token: key });
    expectStatus(m, 200);
    assert.deepEqual(
      m.json.yogas.map((y: any) => y.id),
      ['ruchaka', 'bhadra', 'hamsa', 'malavya', 'sasa'],
    );
  });

  it('422 unsupported_yoga_category for an unknown category', async () => {
    const e = expectError(
      await api('GET', '/v1/vedic/yogas?category=astral', { token: key }),
      422,
      'unsupported_yoga_category',
    );
    assert.ok(e.message.includes('astral'));
  });
});

describe('GET /v1/vedic/charts/{chart_id}/yogas', () => {
  it("a published chart's yogas: Ruchaka, Chandra-Mangala, Gaja Kesari, Budha-Aditya, Neecha Bhanga", async () => {
    const r = await api('GET', `/v1/vedic/charts/${modi.id}/yogas`, { token: key });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), [
      'chart_id',
      'method_version',
      'present_count',
      'yogas',
      'conventions',
      'features_used',
    ]);
    assert.equal(r.json.chart_id, modi.id);
    assert.equal(r.json.present_count, r.json.yogas.length);
    assert.ok(r.json.yogas.every((y: any) => y.present === true));
    const byId = new Map(r.json.yogas.map((y: any) => [y.id, y]));
    // easyastro.com (Lahiri, 11:00 IST): Scorpio lagna with Mars and the Moon: Ruchaka yoga; the
    // debilitated Moon with its own-sign dispositor Mars in the lagna: neecha bhanga raja yoga; the Sun
    // with Mercury in Virgo: Budha-Aditya. PyJHora pvr_tests.py gaja_kesari_yoga_test: Gaja Kesari true
    // for this chart (Jupiter in Aquarius, the 4th from the Moon). Moon and Mars together: Chandra-Mangala.
    for (const id of ['ruchaka', 'neecha_bhanga_raja', 'budha_aditya', 'gaja_kesari', 'chandra_mangala'])
      assert.ok(byId.has(id), `${id} present`);
    // easyastro.com: "5th lord Jupiter mutually aspecting 4th lord Saturn and 7th lord Venus from their
    // 4-10 kendra positions gives 2 strong Raja Yogas"; blog.astrolozer.com/prediction-on-pm-modi-horoscope:
    // "the relation of Moon-Mars conjunction i.e. Lagnesh and Navmesh ... is Raja Yoga ... a good Dhan Yoga".
    const pairs = (id: string) => (byId.get(id) as any).occurrences.map((o: any) => o.planets.join('+'));
    for (const pair of ['jupiter+saturn', 'jupiter+venus', 'moon+mars'])
      assert.ok(pairs('kendra_trikona_raja').includes(pair), `raja yoga ${pair}`);
    assert.ok(pairs('dhana').includes('moon+mars'));
    // A planet with the Moon cancels Kemadruma.
    assert.equal(byId.has('kemadruma'), false);
    const ruchaka: any = byId.get('ruchaka');
    assert.deepEqual(
      ruchaka.occurrences.map((o: any) => [o.planets, o.houses]),
      [[['mars'], [1]]],
    );
    const nb: any = byId.get('neecha_bhanga_raja');
    assert.ok(nb.occurrences.some((o: any) => o.planets.includes('moon') && o.planets.includes('mars')));
    assert.deepEqual(nb.occurrences.find((o: any) => o.planets.includes('moon')).bindings, [
      { variable: 'p', value: 'moon' },
    ]);
    // Every occurrence's houses are the whole-sign houses of its planets from the stored chart's lagna.
    const lagna = SIGNS.indexOf(signOf('ascendant'));
    for (const y of r.json.yogas as any[]) {
      assert.deepEqual(Object.keys(y), [
        'id',
        'name',
        'category',
        'present',
        'occurrences',
        'source',
        'strength_source',
      ]);
      for (const o of y.occurrences) {
        const houses = [...new Set(o.planets.map((p: string) => ((SIGNS.indexOf(signOf(p)) - lagna + 12) % 12) + 1))];
        assert.deepEqual(
          o.houses,
          houses.sort((a: any, b: any) => a - b),
          `${y.id} houses`,
        );
      }
    }
  });

  it('include_absent lists every rule; category filters; an unknown category is 422', async () => {
    const all = await api('GET', `/v1/vedic/charts/${modi.id}/yogas?include_absent=true`, { token: key });
    expectStatus(all, 200);
    const cat = await api('GET', '/v1/vedic/yogas', { token: key });
    assert.equal(all.json.yogas.length, cat.json.count);
    assert.equal(all.json.yogas.filter((y: any) => y.present).length, all.json.present_count);
    for (const y of all.json.yogas.filter((x: any) => !x.present)) assert.deepEqual(y.occurrences, []);
    const chandra = await api('GET', `/v1/vedic/charts/${modi.id}/yogas?category=chandra&include_absent=true`, {
      token: key,
    });
    expectStatus(chandra, 200);
    assert.ok(chandra.json.yogas.length > 0);
    assert.ok(chandra.json.yogas.every((y: any) => y.category === 'chandra'));
    expectError(
      await api('GET', `/v1/vedic/charts/${modi.id}/yogas?category=lunar`, { token: key }),
      422,
      'unsupported_yoga_category',
    );
  });

  it('422 for a Western chart, 404 for another tenant, an unknown chart and a malformed id; 422 for a bad flag', async () => {
    expectError(
      await api('GET', `/v1/vedic/charts/${western.id}/yogas`, { token: key }),
      422,
      'unsupported_astrology_system',
    );
    expectError(await api('GET', `/v1/vedic/charts/${modi.id}/yogas`, { token: otherKey }), 404, 'chart_not_found');
    expectError(
      await api('GET', '/v1/vedic/charts/01900000-0000-7000-8000-000000000000/yogas', { token: key }),
      404,
      'chart_not_found',
    );
    expectError(await api('GET', '/v1/vedic/charts/not-a-uuid/yogas', { token: key }), 404, 'chart_not_found');
    expectError(
      await api('GET', `/v1/vedic/charts/${modi.id}/yogas?include_absent=maybe`, { token: key }),
      422,
      'invalid_request',
    );
  });
});
