// Kundli matching through the gateway: Ashtakoota and porutham for two stored charts and for inline
// birth data, Manglik dosha of a chart, and the error rows (cross-tenant 404, bad birth data 422, the
// same chart twice 422, a Western chart 422, missing key 401). The rules' expected values against
// independent references (PyJHora's documented outputs, hand-worked published rules) are in the unit
// tests (services/vedic-calc/test/matching.test.ts); here the routes must read the Moon, lagna, Mars,
// Venus, Jupiter and Saturn of the stored chart exactly as the chart route serves them.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const BIRTH_A = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const BIRTH_B = { moment: '1992-11-03T06:15:00+05:30', latitude: 13.0827, longitude: 80.2707 };

let key: string;
let otherKey: string;
let a: any;
let b: any;
let western: any;
let foreign: any;

const post = (path: string, body: unknown, token = key) => api('POST', path, { token, body });

before(async () => {
  const s = await signup();
  key = (await createKey(s.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const o = await signup();
  otherKey = (await createKey(o.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const mk = async (birth: unknown, extra: object = {}, token = key) => {
    const r = await api('POST', '/v1/charts', { token, body: { birth, house_system: 'whole_sign', ...extra } });
    expectStatus(r, 201);
    return r.json;
  };
  a = await mk(BIRTH_A);
  b = await mk(BIRTH_B);
  western = await mk(BIRTH_A, { system: 'western', ayanamsha: null });
  foreign = await mk(BIRTH_B, {}, otherKey);
});

const pos = (chart: any, planet: string) => chart.planets.find((p: any) => p.planet === planet);

describe('POST /v1/vedic/matching/ashtakoota', () => {
  it('two stored charts: eight kootas, doshas, Manglik of both, conventions', async () => {
    const r = await post('/v1/vedic/matching/ashtakoota', { groom: { chart_id: a.id }, bride: { chart_id: b.id } });
    expectStatus(r, 200);
    assert.deepEqual(Object.keys(r.json), [
      'method_version',
      'groom',
      'bride',
      'kootas',
      'total_points',
      'max_points',
      'doshas',
      'total_points_after_exceptions',
      'verdict',
      'manglik',
      'conventions',
      'features_used',
    ]);
    assert.equal(r.json.method_version, 'kundli-matching-v1');
    const moon = pos(a, 'moon');
    assert.equal(r.json.groom.chart_id, a.id);
    assert.equal(r.json.groom.moon_longitude, moon.longitude);
    assert.equal(r.json.groom.moon_sign, moon.sign);
    assert.equal(r.json.groom.nakshatra, moon.nakshatra);
    assert.equal(r.json.groom.pada, moon.pada);
    assert.equal(r.json.groom.navamsa_sign, moon.navamsa_sign);
    assert.equal(r.json.bride.nakshatra, pos(b, 'moon').nakshatra);
    assert.deepEqual(
      r.json.kootas.map((k: any) => [k.koota, k.max_points]),
      [
        ['varna', 1],
        ['vashya', 2],
        ['tara', 3],
        ['yoni', 4],
        ['graha_maitri', 5],
        ['gana', 6],
        ['bhakoot', 7],
        ['nadi', 8],
      ],
    );
    for (const k of r.json.kootas) {
      assert.ok(k.points >= 0 && k.points <= k.max_points, k.koota);
      assert.ok(k.reason.length > 0 && k.source.length > 0, k.koota);
    }
    const total = r.json.kootas.reduce((s: number, k: any) => s + k.points, 0);
    assert.equal(r.json.total_points, total);
    assert.equal(r.json.max_points, 36);
    assert.deepEqual(
      r.json.doshas.map((d: any) => d.dosha),
      ['nadi', 'bhakoot'],
    );
    const restored = r.json.doshas.reduce((s: number, d: any) => s + d.points_restored, 0);
    assert.equal(r.json.total_points_after_exceptions, total + restored);
    assert.ok(['not_recommended', 'average', 'good', 'excellent'].includes(r.json.verdict));
    assert.equal(r.json.manglik.groom.chart_id, a.id);
    assert.equal(r.json.manglik.groom.mars_sign, pos(a, 'mars').sign);
    const lagna = SIGNS.indexOf(pos(a, 'ascendant').sign);
    const mars = SIGNS.indexOf(pos(a, 'mars').sign);
    assert.equal(r.json.manglik.groom.references[0].reference, 'lagna');
    assert.equal(r.json.manglik.groom.references[0].mars_house, ((mars - lagna + 12) % 12) + 1);
    assert.equal(typeof r.json.manglik.compatible, 'boolean');
    assert.ok(r.json.conventions.some((c: any) => c.topic === 'tara' && c.choice && c.alternatives));
  });

  it('inline birth data gives the same answer as the stored charts of the same births', async () => {
    const stored = await post('/v1/vedic/matching/ashtakoota', {
      groom: { chart_id: a.id },
      bride: { chart_id: b.id },
    });
    const inline = await post('/v1/vedic/matching/ashtakoota', {
      groom: { birth: BIRTH_A },
      bride: { birth: BIRTH_B },
    });
    expectStatus(inline, 200);
    assert.equal(inline.json.groom.chart_id, null);
    assert.equal(inline.json.manglik.bride.chart_id, null);
    const strip = (x: any) => ({ ...x, chart_id: null });
    assert.deepEqual(inline.json.groom, strip(stored.json.groom));
    assert.deepEqual(inline.json.kootas, stored.json.kootas);
    assert.deepEqual(inline.json.doshas, stored.json.doshas);
    assert.deepEqual(inline.json.manglik.groom.references, stored.json.manglik.groom.references);
    // Mixed: one stored chart and one birth.
    const mixed = await post('/v1/vedic/matching/ashtakoota', { groom: { chart_id: a.id }, bride: { birth: BIRTH_B } });
    expectStatus(mixed, 200);
    assert.equal(mixed.json.total_points, stored.json.total_points);
  });

  it('the same birth for both: one star, one nadi (dosha, no exception), same sign', async () => {
    const r = await post('/v1/vedic/matching/ashtakoota', { groom: { birth: BIRTH_A }, bride: { birth: BIRTH_A } });
    expectStatus(r, 200);
    const nadi = r.json.doshas.find((d: any) => d.dosha === 'nadi');
    assert.deepEqual([nadi.present, nadi.cancelled], [true, false]);
    assert.equal(r.json.kootas.find((k: any) => k.koota === 'bhakoot').points, 7);
    assert.equal(r.json.kootas.find((k: any) => k.koota === 'tara').points, 3);
  });
});

describe('POST /v1/vedic/matching/porutham', () => {
  it('ten poruthams with the count, essentials and Manglik', async () => {
    const r = await post('/v1/vedic/matching/porutham', { groom: { chart_id: a.id }, bride: { birth: BIRTH_B } });
    expectStatus(r, 200);
    assert.deepEqual(
      r.json.poruthams.map((p: any) => p.porutham),
      ['dina', 'gana', 'mahendra', 'stree_deergha', 'yoni', 'rasi', 'rasyadhipati', 'vasya', 'rajju', 'vedha'],
    );
    assert.equal(r.json.agreeable_count, r.json.poruthams.filter((p: any) => p.agreeable).length);
    assert.equal(r.json.max_count, 10);
    assert.deepEqual(
      r.json.essential_failed,
      r.json.poruthams
        .filter((p: any) => !p.agreeable && ['rajju', 'vedha'].includes(p.porutham))
        .map((p: any) => p.porutham),
    );
    assert.ok(r.json.conventions.some((c: any) => c.topic === 'rajju_vedha'));
    assert.equal(r.json.manglik.groom.chart_id, a.id);
  });
});

describe('GET /v1/vedic/charts/{chart_id}/dosha/manglik', () => {
  it('Mars counted from the lagna, the Moon and Venus of the stored chart', async () => {
    const r = await api('GET', `/v1/vedic/charts/${b.id}/dosha/manglik`, { token: key });
    expectStatus(r, 200);
    assert.equal(r.json.chart_id, b.id);
    assert.equal(r.json.method_version, 'kundli-matching-v1');
    const mars = SIGNS.indexOf(pos(b, 'mars').sign);
    assert.deepEqual(
      r.json.references.map((x: any) => [x.reference, x.reference_sign, x.mars_house]),
      ['ascendant', 'moon', 'venus'].map((p, i) => {
        const s = SIGNS.indexOf(pos(b, p).sign);
        return [['lagna', 'moon', 'venus'][i], pos(b, p).sign, ((mars - s + 12) % 12) + 1];
      }),
    );
    for (const x of r.json.references) assert.equal(x.dosha, [1, 2, 4, 7, 8, 12].includes(x.mars_house));
    assert.equal(
      r.json.dosha_present,
      r.json.references.some((x: any) => x.dosha),
    );
    assert.equal(r.json.is_manglik && r.json.cancelled, false);
    assert.ok(r.json.conventions.some((c: any) => c.topic === 'manglik_houses'));
  });
  it('404 for another tenant, 422 for a Western chart', async () => {
    expectError(
      await api('GET', `/v1/vedic/charts/${foreign.id}/dosha/manglik`, { token: key }),
      404,
      'chart_not_found',
    );
    expectError(
      await api('GET', `/v1/vedic/charts/${western.id}/dosha/manglik`, { token: key }),
      422,
      'unsupported_astrology_system',
    );
  });
});

describe('matching errors', () => {
  for (const route of ['ashtakoota', 'porutham']) {
    const path = `/v1/vedic/matching/${route}`;
    it(`${route}: another tenant's chart is 404 chart_not_found`, async () => {
      const e = expectError(
        await post(path, { groom: { chart_id: a.id }, bride: { chart_id: foreign.id } }),
        404,
        'chart_not_found',
      );
      assert.ok(e.message.length > 0);
    });
    it(`${route}: the same chart twice is 422 duplicate_matching_charts`, async () => {
      const e = expectError(
        await post(path, { groom: { chart_id: a.id }, bride: { chart_id: a.id } }),
        422,
        'duplicate_matching_charts',
      );
      assert.equal(e.details?.chart_id, a.id);
      expectError(
        await post(path, { groom: { chart_id: a.id }, bride: { chart_id: a.id.toUpperCase() } }),
        422,
        'duplicate_matching_charts',
      );
    });
    it(`${route}: a chart id that is no UUID is 404 chart_not_found`, async () => {
      expectError(
        await post(path, { groom: { chart_id: 'not-a-chart' }, bride: { chart_id: b.id } }),
        404,
        'chart_not_found',
      );
    });
    it(`${route}: a Western chart is 422 unsupported_astrology_system`, async () => {
      expectError(
        await post(path, { groom: { chart_id: western.id }, bride: { chart_id: b.id } }),
        422,
        'unsupported_astrology_system',
      );
    });
    it(`${route}: birth data out of range, both or neither input, missing partner: 422 with every field`, async () => {
      const e = expectError(
        await post(path, {
          groom: { birth: { moment: '0900-01-01T00:00:00Z', latitude: 91, longitude: 200 } },
          bride: { chart_id: b.id, birth: BIRTH_B },
        }),
        422,
        'invalid_request',
      );
      assert.deepEqual(invalidFields(e).sort(), [
        'bride',
        'groom.birth.latitude',
        'groom.birth.longitude',
        'groom.birth.moment',
      ]);
      const none = expectError(await post(path, { groom: {}, bride: { birth: BIRTH_B } }), 422, 'invalid_request');
      assert.deepEqual(invalidFields(none), ['groom']);
      const missing = expectError(await post(path, { groom: { birth: BIRTH_A } }), 422, 'invalid_request');
      assert.ok(invalidFields(missing).includes('bride'));
    });
    it(`${route}: a birth moment without an offset is 422 naive_datetime`, async () => {
      const e = expectError(
        await post(path, {
          groom: { birth: { ...BIRTH_A, moment: '1990-05-15T10:30:00' } },
          bride: { birth: BIRTH_B },
        }),
        422,
        'naive_datetime',
      );
      assert.equal(e.details?.field, 'groom.birth.moment');
    });
    it(`${route}: needs an API key`, async () => {
      const r = await api('POST', path, { body: { groom: { birth: BIRTH_A }, bride: { birth: BIRTH_B } } });
      assert.equal(r.status, 401);
    });
  }
});
