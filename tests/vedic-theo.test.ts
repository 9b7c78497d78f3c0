// Theo views, influence network, house quality, materialization, the probability engine and the
// Vedic "other routes" (house aspects, livelihood, varna/career profiles, sky ingresses, Vaishnava
// calendar) through the gateway: shapes, properties, every error code, cross-tenant 404, Western 422.
// Published reference values are checked in services/vedic-calc/test/{theo,sky-vaishnava}.test.ts.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup } from './helpers/client.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const GRAHAS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];
const AT = encodeURIComponent('2024-06-01T12:00:00+05:30');

let key: string;
let otherKey: string;
let chartId: string;
let westernId: string;

const get = (p: string, k = key) => api('GET', p, { token: k });
const v = (id: string, rest: string) => `/v1/vedic/charts/${id}${rest}`;

/** Every chart route this file covers (suffix after the chart id, or a full path with {id}). */
const CHART_ROUTES = [
  v('{id}', '/theo/planets'),
  v('{id}', '/theo/houses'),
  v('{id}', '/theo/house-strength'),
  v('{id}', '/theo/sign-influences'),
  v('{id}', '/influence-network'),
  v('{id}', '/house-quality'),
  v('{id}', '/predict/materialization/career'),
  v('{id}', `/predict/materialization/career/at?at=${AT}`),
  v('{id}', '/essential-planets/career'),
  v('{id}', `/period-modifiers?at=${AT}`),
  v('{id}', `/transit-modifiers?at=${AT}`),
  v('{id}', `/probability/career?at=${AT}`),
  v('{id}', `/complete-factor/career?at=${AT}`),
  v('{id}', '/meta-factors'),
  v('{id}', '/house-aspects'),
  v('{id}', '/livelihood'),
  '/v1/charts/{id}/profile/varna',
  '/v1/charts/{id}/profile/career',
];
const route = (r: string, id: string) => r.replace('{id}', id);

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const c = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(c, 201);
  chartId = c.json.id;
  const w = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
  expectStatus(w, 201);
  westernId = w.json.id;
});

describe('chart routes: access rules', () => {
  it('every chart route answers 200 with chart_id and method_version', async () => {
    for (const r of CHART_ROUTES) {
      const res = await get(route(r, chartId));
      expectStatus(res, 200);
      assert.equal(res.json.chart_id, chartId, r);
      assert.equal(typeof res.json.method_version, 'string', r);
    }
  });
  it("another tenant's chart and an unknown id answer 404 chart_not_found", async () => {
    for (const r of CHART_ROUTES) {
      expectError(await get(route(r, chartId), otherKey), 404, 'chart_not_found');
      expectError(await get(route(r, '00000000-0000-7000-8000-000000000000')), 404, 'chart_not_found');
    }
  });
  it('a Western chart answers 422 unsupported_astrology_system', async () => {
    for (const r of CHART_ROUTES) expectError(await get(route(r, westernId)), 422, 'unsupported_astrology_system');
  });
});

describe('Theo', () => {
  it('theo/planets: nine planets in fixed order, strength with rank (null for nodes), disposition, connection', async () => {
    const res = await get(v(chartId, '/theo/planets'));
    expectStatus(res, 200);
    assert.equal(res.json.method_version, 'theo-strength-disposition-v2'); // 2-vedic.md "Theo"
    const planets = res.json.planets;
    assert.deepEqual(
      planets.map((p: any) => p.planet),
      GRAHAS,
    );
    const ranks: number[] = [];
    for (const p of planets) {
      assert.deepEqual(Object.keys(p).sort(), ['connection', 'disposition', 'planet', 'strength']);
      if (p.planet === 'rahu' || p.planet === 'ketu') assert.equal(p.strength, null);
      else {
        const s = p.strength;
        assert.deepEqual(Object.keys(s).sort(), [
          'complete',
          'components',
          'missing',
          'rank',
          'ratio',
          'required_rupas',
          'rupas',
          'virupa',
        ]);
        assert.deepEqual(Object.keys(s.components).sort(), [
          'chesta',
          'dig',
          'drik',
          'kala',
          'naisargika',
          'sthana',
          'uchcha',
        ]);
        const sum = Object.values(s.components as Record<string, number>).reduce((a, b) => a + b, 0);
        assert.ok(Math.abs(sum - s.virupa) < 0.05);
        assert.ok(Math.abs(s.ratio - s.rupas / s.required_rupas) < 0.001);
        assert.deepEqual(s.missing, []);
        assert.equal(s.complete, true);
        ranks.push(s.rank);
      }
      const d = p.disposition;
      assert.ok(d.score >= -1 && d.score <= 1);
      const band =
        d.score >= 0.5
          ? 'very_benefic'
          : d.score >= 0.15
            ? 'benefic'
            : d.score > -0.15
              ? 'mixed'
              : d.score > -0.5
                ? 'difficult'
                : 'very_difficult';
      assert.equal(d.band, band);
      assert.deepEqual(
        d.terms.map((t: any) => t.name),
        ['functional_nature', 'dignity', 'house', 'association', 'condition'],
      );
      const weights = d.terms.map((t: any) => t.weight);
      if (p.planet === 'rahu' || p.planet === 'ketu') assert.deepEqual(weights, [0.3, 0, 0.2, 0.15, 0.1]);
      else assert.deepEqual(weights, [0.3, 0.25, 0.2, 0.15, 0.1]);
      assert.ok(p.connection.received >= 0 && p.connection.given >= 0);
    }
    assert.deepEqual(ranks.sort(), [1, 2, 3, 4, 5, 6, 7]);
  });
  it('theo/houses: twelve houses, share sums to 1, support in -1..+1', async () => {
    const res = await get(v(chartId, '/theo/houses'));
    expectStatus(res, 200);
    assert.equal(res.json.houses.length, 12);
    const total = res.json.houses.reduce((a: number, h: any) => a + h.share, 0);
    assert.ok(Math.abs(total - 1) < 1e-9);
    for (const h of res.json.houses) {
      assert.deepEqual(Object.keys(h).sort(), ['house_number', 'occupants', 'share', 'sign', 'support', 'weighted']);
      assert.ok(h.support >= -1 && h.support <= 1);
    }
  });
  it('theo/house-strength: score 0..1, percent = round(score x 100), four components', async () => {
    const res = await get(v(chartId, '/theo/house-strength'));
    expectStatus(res, 200);
    assert.equal(res.json.by_house.length, 12);
    for (const h of res.json.by_house) {
      assert.deepEqual(Object.keys(h.components).sort(), ['bhava_bala', 'bindus', 'company', 'lord']);
      const c = h.components;
      const score = 0.3 * c.lord + 0.25 * c.bindus + 0.25 * c.company + 0.2 * c.bhava_bala;
      assert.ok(Math.abs(score - h.score) < 1e-3);
      assert.equal(h.percent, Math.round(h.score * 100));
    }
  });
  it('theo/sign-influences: twelve signs, no net/benefic/malefic fields', async () => {
    const res = await get(v(chartId, '/theo/sign-influences'));
    expectStatus(res, 200);
    assert.equal(res.json.signs.length, 12);
    const text = JSON.stringify(res.json);
    for (const k of ['net_strength', 'benefic_strength', 'malefic_strength']) assert.ok(!text.includes(k));
  });
});

describe('influence, quality, materialization', () => {
  it('influence-network: nine planet summaries, twelve house influences, vias from the spec table', async () => {
    const res = await get(v(chartId, '/influence-network'));
    expectStatus(res, 200);
    const j = res.json;
    assert.equal(j.planet_summaries.length, 9);
    assert.equal(j.house_influences.length, 12);
    const vias = new Set([
      'sign_exchange',
      'conjunction',
      'combustion',
      'being_combust',
      'aspect',
      'dispositorship',
      'sign_aspect',
      'navamsa',
      'nakshatra_lord',
    ]);
    for (const p of j.planet_summaries) {
      assert.deepEqual(Object.keys(p).sort(), ['incoming', 'influence_given', 'influence_received', 'planet']);
      for (const e of p.incoming) {
        assert.equal(e.target, p.planet);
        assert.ok(vias.has(e.via), e.via);
        assert.ok(e.strength > 0);
      }
    }
    for (const h of j.house_influences) {
      assert.deepEqual(Object.keys(h).sort(), [
        'connection',
        'edges',
        'house_number',
        'house_sign',
        'occupants',
        'support',
      ]);
      assert.ok(h.support >= -1 && h.support <= 1);
      const sum = h.edges.reduce((a: number, e: any) => a + e.strength, 0);
      assert.ok(Math.abs(sum - h.connection) < 0.05);
    }
  });
  it('house-quality: labels match the spec thresholds', async () => {
    const res = await get(v(chartId, '/house-quality'));
    expectStatus(res, 200);
    assert.equal(res.json.by_house.length, 12);
    for (const h of res.json.by_house) {
      const s = h.score;
      const label =
        s <= -1 ? 'very_difficult' : s <= -0.2 ? 'difficult' : s <= 0.2 ? 'neutral' : s <= 1 ? 'good' : 'very_good';
      assert.equal(h.label, label);
      assert.deepEqual(Object.keys(h.components).sort(), ['bhava_norm', 'house_strength', 'sign_net_norm']);
    }
  });
  it('materialization: base potential for every documented area; date-bound multiplier clamped', async () => {
    for (const area of [
      'self',
      'wealth',
      'siblings',
      'home',
      'education',
      'children',
      'health',
      'marriage',
      'longevity',
      'fortune',
      'career',
      'gains',
      'travel',
      'spirituality',
    ]) {
      const res = await get(v(chartId, `/predict/materialization/${area}`));
      expectStatus(res, 200);
      const j = res.json;
      assert.equal(j.area, area);
      assert.ok(j.base_potential >= 0 && j.base_potential <= 1);
      for (const k of ['house_qualities', 'karaka_strengths', 'lord_strength']) assert.ok(k in j, k);
    }
    const res = await get(v(chartId, `/predict/materialization/career/at?at=${AT}`));
    expectStatus(res, 200);
    const j = res.json;
    assert.equal(j.moment, '2024-06-01T06:30:00.000Z');
    assert.ok(j.transit_multiplier >= 0.8 && j.transit_multiplier <= 1.5);
    assert.ok(j.final_probability >= 0 && j.final_probability <= 1);
    for (const c of j.contributing_contacts)
      assert.deepEqual(Object.keys(c).sort(), ['contribution', 'kind', 'natal_planet', 'strength', 'transit_planet']);
  });
  it('materialization: unknown area 422 unknown_theme; naive or missing `at`', async () => {
    expectError(await get(v(chartId, '/predict/materialization/astrology')), 422, 'unknown_theme');
    expectError(
      await get(v(chartId, '/predict/materialization/career/at?at=2024-06-01T12:00:00')),
      422,
      'at_must_be_timezone_aware',
    );
    const e = expectError(await get(v(chartId, '/predict/materialization/career/at')), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['at']);
  });
});

describe('probability engine', () => {
  it('essential-planets: arudhas and nine ranked planets', async () => {
    const res = await get(v(chartId, '/essential-planets/spouse'));
    expectStatus(res, 200);
    const j = res.json;
    assert.equal(j.theme, 'spouse');
    assert.equal(j.karaka, 'venus');
    assert.equal(j.house_number, 7);
    assert.equal(j.ranked.length, 9);
    for (let i = 1; i < 9; i++) assert.ok(j.ranked[i - 1].total_influence >= j.ranked[i].total_influence);
  });
  it('period-modifiers: chain lords lifted by 100/50/25 on a base of 100', async () => {
    const res = await get(v(chartId, `/period-modifiers?at=${AT}`));
    expectStatus(res, 200);
    const j = res.json;
    assert.equal(j.current_periods.length, 3);
    const lords = j.current_periods.map((p: any) => p.lord);
    for (const p of j.planets) {
      if (!lords.includes(p.planet)) assert.equal(p.score, 100);
      else assert.ok(p.modifiers.some((m: any) => m.name.endsWith('dasha')));
      assert.equal(j.scores[p.planet], p.score);
    }
  });
  it('transit-modifiers: formula from the bindus, nodes skipped', async () => {
    const res = await get(v(chartId, `/transit-modifiers?at=${AT}`));
    expectStatus(res, 200);
    assert.deepEqual(res.json.skipped, ['rahu', 'ketu']);
    assert.equal(res.json.planets.length, 7);
    for (const t of res.json.planets)
      assert.equal(t.score, 100 + 5 * (t.sarva_bindus - 28) + 10 * (t.bhinna_bindus - 4));
  });
  it('probability: seven sources, failed conditions for the unsatisfied ones, 0..1', async () => {
    const res = await get(v(chartId, `/probability/wealth?at=${AT}`));
    expectStatus(res, 200);
    const j = res.json;
    assert.deepEqual(Object.keys(j).sort(), [
      'chart_id',
      'failed_conditions',
      'final_probability',
      'method_version',
      'moment',
      'raw_probability',
      'sources',
      'theme',
    ]);
    assert.deepEqual(
      j.sources.map((s: any) => [s.condition_type, s.importance, s.threshold]),
      [
        ['KARAKA', 0.3, 70],
        ['HOUSE_FROM_LAGNA', 0.4, 50],
        ['HOUSE_FROM_MOON', 0.3, 50],
        ['HOUSE_FROM_SUN', 0.2, 50],
        ['HOUSE_FROM_KARAKA', 0.3, 50],
        ['ARUDHA_FROM_LAGNA', 0.05, 30],
        ['ARUDHA_FROM_KARAKA', 0.05, 30],
      ],
    );
    for (const s of j.sources) assert.equal(s.is_satisfied, s.activation >= s.threshold);
    assert.deepEqual(
      j.failed_conditions.map((f: any) => f.condition_type),
      j.sources.filter((s: any) => !s.is_satisfied).map((s: any) => s.condition_type),
    );
    assert.ok(j.final_probability >= 0 && j.final_probability <= 1);
    assert.ok(j.final_probability <= j.raw_probability);
  });
  it('complete-factor and meta-factors', async () => {
    const cf = await get(v(chartId, `/complete-factor/career?at=${AT}`));
    expectStatus(cf, 200);
    assert.equal(cf.json.karaka, 'saturn');
    assert.equal(cf.json.house_number, 10);
    assert.equal(cf.json.sources.length, 7);
    assert.equal(cf.json.top_essential_planets.length, 3);
    assert.deepEqual(Object.keys(cf.json.arudhas).sort(), ['from_karaka', 'from_lagna']);
    const mf = await get(v(chartId, '/meta-factors'));
    expectStatus(mf, 200);
    assert.deepEqual(mf.json.themes_analysed, [
      'self',
      'wealth',
      'siblings',
      'mother',
      'children',
      'spouse',
      'career',
      'dharma',
      'longevity',
      'gain',
    ]);
    const scores = mf.json.meta_factors.map((m: any) => m.weighted_score);
    assert.deepEqual(
      scores,
      [...scores].sort((a: number, b: number) => b - a),
    );
  });
  it('422 unknown_theme, unknown_planet, house_number_out_of_range, at_must_be_timezone_aware', async () => {
    for (const p of ['/probability/astrology', '/essential-planets/astrology', '/complete-factor/astrology'])
      expectError(await get(v(chartId, p)), 422, 'unknown_theme');
    expectError(await get(v(chartId, '/probability/career?karaka=pluto')), 422, 'unknown_planet');
    expectError(await get(v(chartId, '/period-modifiers?planet=pluto')), 422, 'unknown_planet');
    expectError(await get(v(chartId, '/transit-modifiers?planet=chiron')), 422, 'unknown_planet');
    expectError(await get(v(chartId, '/essential-planets/career?house=13')), 422, 'house_number_out_of_range');
    expectError(await get(v(chartId, '/probability/career?house=0')), 422, 'house_number_out_of_range');
    expectError(await get(v(chartId, '/probability/career?at=2024-06-01T12:00:00')), 422, 'at_must_be_timezone_aware');
    for (const p of [
      '/probability/career',
      '/transit-modifiers',
      '/period-modifiers',
      '/predict/materialization/career/at',
    ]) {
      const far = expectError(await get(v(chartId, `${p}?at=9999-01-01T00:00:00Z`)), 422, 'invalid_request');
      assert.deepEqual(invalidFields(far), ['at']);
    }
    const ok = await get(v(chartId, '/essential-planets/career?karaka=moon&house=4'));
    expectStatus(ok, 200);
    assert.equal(ok.json.karaka, 'moon');
    assert.equal(ok.json.house_number, 4);
  });
});

describe('other Vedic routes', () => {
  it('house-aspects, livelihood, varna and career profiles', async () => {
    const ha = await get(v(chartId, '/house-aspects'));
    expectStatus(ha, 200);
    assert.equal(ha.json.houses.length, 12);
    const lv = await get(v(chartId, '/livelihood'));
    expectStatus(lv, 200);
    assert.equal(lv.json.by_reference.length, 3);
    const va = await get(`/v1/charts/${chartId}/profile/varna`);
    expectStatus(va, 200);
    const total = Object.values(va.json.scores as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 1) < 1e-9);
    const ca = await get(`/v1/charts/${chartId}/profile/career`);
    expectStatus(ca, 200);
    assert.ok(ca.json.tenth_house.lord);
  });
  it('sky ingresses: hourly, sky-ingresses-v2, at most 400 days', async () => {
    const from = encodeURIComponent('2024-01-01T00:00:00+05:30');
    const to = encodeURIComponent('2024-05-01T00:00:00+05:30');
    const res = await get(`/v1/vedic/sky/ingresses?from=${from}&to=${to}&planets=sun`);
    expectStatus(res, 200);
    assert.equal(res.json.method_version, 'sky-ingresses-v2');
    assert.deepEqual(
      res.json.ingresses.map((i: any) => i.to_sign),
      ['capricorn', 'aquarius', 'pisces', 'aries'],
    );
    for (const i of res.json.ingresses) assert.match(i.at, /T\d{2}:00:00\.000Z$/);
    const far = encodeURIComponent('2025-02-05T00:00:00+05:30');
    const e = expectError(await get(`/v1/vedic/sky/ingresses?from=${from}&to=${far}`), 422, 'range_too_long');
    assert.equal(e.details?.max_days, 400);
    expectError(
      await get(`/v1/vedic/sky/ingresses?from=2024-01-01T00:00:00&to=${to}`),
      422,
      'naive_datetime', // the code of a naive `from` on every route (README "Gateway and errors")
    );
    const bad = expectError(
      await get(`/v1/vedic/sky/ingresses?from=${from}&to=${to}&planets=pluto`),
      422,
      'invalid_request',
    );
    assert.deepEqual(invalidFields(bad), ['planets']);
  });
  it('Vaishnava calendar: events at a place; 422 invalid_request and vaishnava_calendar_failed', async () => {
    const res = await get(
      '/v1/vedic/vaishnava/calendar?from=2024-08-20&days=10&latitude=27.565&longitude=77.6593&timezone=Asia/Kolkata',
    );
    expectStatus(res, 200);
    assert.equal(res.json.method_version, 'vaishnava-calendar-v1');
    // ISKCON Vaishnava calendar 2024: Sri Krishna Janmashtami 26 Aug, Annada (Aja) Ekadashi 29 Aug.
    assert.ok(res.json.events.some((e: any) => e.name === 'krishna_janmashtami' && e.date === '2024-08-26'));
    assert.ok(res.json.events.some((e: any) => e.kind === 'ekadashi' && e.date === '2024-08-29'));
    const e = expectError(
      await get('/v1/vedic/vaishnava/calendar?from=2024-02-30&days=0&latitude=95&longitude=0&timezone=Mars/Olympus'),
      422,
      'invalid_request',
    );
    assert.deepEqual(invalidFields(e).sort(), ['days', 'from', 'latitude', 'timezone']);
    const missing = expectError(await get('/v1/vedic/vaishnava/calendar?from=2024-08-20'), 422, 'invalid_request');
    assert.deepEqual(invalidFields(missing).sort(), ['latitude', 'longitude', 'timezone']);
    expectError(
      await get('/v1/vedic/vaishnava/calendar?from=2024-12-20&days=3&latitude=89.5&longitude=0&timezone=UTC'),
      422,
      'vaishnava_calendar_failed',
    );
  });
});

describe('OpenAPI', () => {
  it('documents each route with a response schema whose top-level properties are the answer keys', async () => {
    const doc = (await api('GET', '/v1/openapi.json')).json;
    const schemas = doc.components?.schemas ?? {};
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const byShape = new Map<string, any>(Object.entries<any>(doc.paths).map(([p, item]) => [shape(p), item]));
    const check = async (template: string, url: string) => {
      const op = byShape.get(shape(template))?.get;
      assert.ok(op, `${template} is documented`);
      const ref = op.responses?.['200']?.content?.['application/json']?.schema?.$ref;
      assert.ok(typeof ref === 'string', `${template} has a response schema`);
      const schema = schemas[ref.replace('#/components/schemas/', '')];
      const res = await get(url);
      expectStatus(res, 200);
      assert.deepEqual(Object.keys(res.json).sort(), Object.keys(schema.properties).sort(), template);
    };
    // The area or theme in the path is a template parameter in the document.
    const template = (r: string) =>
      r.split('?')[0]!.replace(/\/(materialization|essential-planets|probability|complete-factor)\/[a-z_]+/, '/$1/{x}');
    for (const r of CHART_ROUTES) await check(template(r), route(r, chartId));
    const from = encodeURIComponent('2024-01-01T00:00:00Z');
    const to = encodeURIComponent('2024-01-10T00:00:00Z');
    await check('/v1/vedic/sky/ingresses', `/v1/vedic/sky/ingresses?from=${from}&to=${to}`);
    await check(
      '/v1/vedic/vaishnava/calendar',
      '/v1/vedic/vaishnava/calendar?from=2024-08-20&days=3&latitude=27.565&longitude=77.6593&timezone=Asia/Kolkata',
    );
  });
});
