// Western relationships, pair facts, product profiles and UX cards through the gateway: shapes,
// published reference values (Charles and Diana: composite Sun, Davison moment), properties (overlays
// both ways, scores in range, deterministic answers), every error code, cross-tenant 404s (also with
// one foreign chart in a pair) and the erasure of compatibility reports with a chart (bus and RPC).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import pg from 'pg';
import { DataErasureServiceClient } from '@astro/protos/astro/erasure/v1/erasure';
import { unary } from '@astro/platform';
import { api, createKey, expectError, expectStatus, invalidFields, signup, sleep, UUID } from './helpers/client.ts';

// Charles, Prince of Wales: 1948-11-14 21:14 GMT, London 51N30 0W10 (Astro-Databank, Rodden AA).
const charles = { moment: '1948-11-14T21:14:00+00:00', latitude: 51.5, longitude: -(10 / 60) };
// Diana, Princess of Wales: 1961-07-01 19:45 BST, Sandringham 52N50 0E30 (Astro-Databank).
const diana = { moment: '1961-07-01T19:45:00+01:00', latitude: 52 + 50 / 60, longitude: 0.5 };
const other = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

let key: string;
let otherKey: string;
let readOnlyKey: string;
let tenantId: string;
let charlesId: string;
let dianaId: string;
let vedicId: string;
let foreignId: string;

async function createChart(token: string, birth: object, system = 'western'): Promise<string> {
  const body = system === 'western' ? { birth, system, ayanamsha: null } : { birth };
  const res = await api('POST', '/v1/charts', { token, body });
  expectStatus(res, 201);
  return res.json.id;
}

const post = (path: string, body: unknown, token = key) => api('POST', path, { token, body });
const get = (path: string, token = key) => api('GET', path, { token });
/** Angular distance in arc-minutes. */
const arcmin = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) * 60;

async function reportRows(where: string, params: unknown[]): Promise<any[]> {
  const url = process.env.WESTERN_CALC_DATABASE_URL;
  assert.ok(url, 'WESTERN_CALC_DATABASE_URL is set (run through scripts/test.ts)');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`SELECT * FROM compatibility_reports WHERE ${where}`, params)).rows;
  } finally {
    await c.end();
  }
}

before(async () => {
  const a = await signup();
  tenantId = a.tenant.id;
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write', 'compatibility:read'])).plaintext;
  // Free plans allow one key: the scope check needs no data, so another account's key serves.
  const c = await signup();
  readOnlyKey = (await createKey(c.accessToken, ['charts:read'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write', 'compatibility:read'])).plaintext;
  charlesId = await createChart(key, charles);
  dianaId = await createChart(key, diana);
  vedicId = await createChart(key, other, 'vedic');
  foreignId = await createChart(otherKey, other);
});

describe('POST /v1/western/relationships', () => {
  it('answers the full report and stores it once per pair', async () => {
    const res = await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: dianaId });
    expectStatus(res, 200);
    const r = res.json;
    assert.deepEqual(Object.keys(r).sort(), [
      'chart_a_id',
      'chart_b_id',
      'composite',
      'created_at',
      'davison',
      'house_overlays',
      'method_version',
      'report_id',
      'scores',
      'synastry',
    ]);
    assert.match(r.report_id, UUID);
    assert.equal(r.method_version, 'western-relationship-v1');
    assert.equal(r.chart_a_id, charlesId);
    // Composite Sun: hand midpoint of the published Suns, Charles 22°25' Scorpio (232°25') and Diana
    // 9°40' Cancer (99°40') (Astro-Databank): (232°25' + 99°40') / 2 = 166°02.5' = 16°02.5' Virgo.
    const sun = r.composite.positions.find((p: any) => p.planet === 'sun');
    assert.equal(sun.sign, 'virgo');
    assert.ok(arcmin(sun.longitude, 166 + 2.5 / 60) < 2, String(sun.longitude));
    assert.equal(r.composite.method, 'midpoint');
    assert.equal(r.composite.houses.length, 12);
    // Davison: midpoint of 1948-11-14 21:14 UT and 1961-07-01 18:45 UT (4611 d 21 h 31 min apart)
    // = 1955-03-09 19:59:30 UT; place (51°30' + 52°50') / 2 = 52°10' N, (−0°10' + 0°30') / 2 = 0°10' E.
    assert.equal(r.davison.moment, '1955-03-09T19:59:30.000Z');
    assert.ok(Math.abs(r.davison.latitude - (52 + 10 / 60)) < 1e-9);
    assert.ok(Math.abs(r.davison.longitude - 10 / 60) < 1e-9);
    assert.equal(r.davison.positions.length, 12);
    assert.equal(r.davison.positions[0].sign, 'pisces'); // the Sun on 9 March is in Pisces
    // Overlays both ways, all twelve points each way.
    assert.equal(r.house_overlays.a_in_b.from_chart_id, charlesId);
    assert.equal(r.house_overlays.a_in_b.to_chart_id, dianaId);
    assert.equal(r.house_overlays.b_in_a.from_chart_id, dianaId);
    assert.equal(r.house_overlays.a_in_b.overlays.length, 12);
    assert.equal(r.house_overlays.b_in_a.overlays.length, 12);
    for (const o of [...r.house_overlays.a_in_b.overlays, ...r.house_overlays.b_in_a.overlays])
      assert.ok(o.house >= 1 && o.house <= 12);
    // Charles's Sun (22°25' Scorpio) squares Diana's Moon (25°02' Aquarius): 92°37' apart.
    const sq = r.synastry.contacts.find((c: any) => c.planet_a === 'sun' && c.planet_b === 'moon');
    assert.equal(sq.aspect, 'square');
    for (const c of r.synastry.contacts) {
      assert.ok(c.orb_degrees <= c.max_orb_degrees);
      assert.equal(c.is_applying, false);
    }
    assert.equal(
      r.synastry.contact_count,
      r.synastry.harmonious_count + r.synastry.dynamic_count + r.synastry.neutral_count,
    );
    assert.ok(r.scores.overall >= 0 && r.scores.overall <= 100);
    assert.equal(r.scores.dimensions.length, 7);
    for (const d of r.scores.dimensions) assert.ok(d.score >= 0 && d.score <= 100);

    // Deterministic, and the stored report is replaced, not duplicated.
    const again = await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: dianaId });
    expectStatus(again, 200);
    assert.equal(again.json.report_id, r.report_id);
    assert.deepEqual({ ...again.json, created_at: 0 }, { ...r, created_at: 0 });
    const rows = await reportRows('tenant_id = $1 AND chart_a_id = $2 AND chart_b_id = $3', [
      tenantId,
      charlesId,
      dianaId,
    ]);
    assert.equal(rows.length, 1);
  });

  it('refuses the same chart twice, missing ids, Vedic charts, unknown and foreign charts', async () => {
    expectError(
      await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: charlesId }),
      422,
      'duplicate_relationship_charts',
    );
    const e = expectError(await post('/v1/western/relationships', { chart_a_id: charlesId }), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['chart_b_id']);
    expectError(
      await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: vedicId }),
      422,
      'unsupported_astrology_system',
    );
    expectError(
      await post('/v1/western/relationships', {
        chart_a_id: charlesId,
        chart_b_id: '00000000-0000-7000-8000-000000000000',
      }),
      404,
      'chart_not_found',
    );
    // One chart of another tenant in the pair, either side.
    expectError(
      await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: foreignId }),
      404,
      'chart_not_found',
    );
    expectError(
      await post('/v1/western/relationships', { chart_a_id: foreignId, chart_b_id: dianaId }),
      404,
      'chart_not_found',
    );
    // The other tenant cannot pair our charts either.
    expectError(
      await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: dianaId }, otherKey),
      404,
      'chart_not_found',
    );
    expectError(
      await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: dianaId }, readOnlyKey),
      403,
      'missing_scope',
    );
  });
});

describe('relationship UX routes and pair facts', () => {
  const pair = () => ({ chart_a_id: charlesId, chart_b_id: dianaId });

  it('best compatibility topics: ranked, default 3, limit 1-7', async () => {
    const res = await post('/v1/western/ux/best-compatibility-topics', pair());
    expectStatus(res, 200);
    assert.equal(res.json.method_version, 'western-relationship-v1');
    assert.equal(res.json.topics.length, 3);
    const all = await post('/v1/western/ux/best-compatibility-topics', { ...pair(), limit: 7 });
    expectStatus(all, 200);
    const scores = all.json.topics.map((t: any) => t.score);
    assert.deepEqual(
      scores,
      [...scores].sort((x: number, y: number) => y - x),
    );
    assert.deepEqual(
      all.json.topics.slice(0, 3).map((t: any) => t.topic),
      res.json.topics.map((t: any) => t.topic),
    );
    const e = expectError(
      await post('/v1/western/ux/best-compatibility-topics', { ...pair(), limit: 0 }),
      422,
      'invalid_request',
    );
    assert.deepEqual(invalidFields(e), ['limit']);
    expectError(
      await post('/v1/western/ux/best-compatibility-topics', { chart_a_id: dianaId, chart_b_id: dianaId }),
      422,
      'duplicate_relationship_charts',
    );
    expectError(
      await post('/v1/western/ux/best-compatibility-topics', { chart_a_id: dianaId, chart_b_id: foreignId }),
      404,
      'chart_not_found',
    );
    expectError(
      await post('/v1/western/ux/best-compatibility-topics', { chart_a_id: dianaId, chart_b_id: vedicId }),
      422,
      'unsupported_astrology_system',
    );
  });

  it('relationship highlights: cards with stable ids', async () => {
    const res = await post('/v1/western/ux/relationship-highlights', pair());
    expectStatus(res, 200);
    const cards = res.json.highlights;
    assert.equal(cards[0].id, 'rel.score.overall');
    assert.equal(new Set(cards.map((c: any) => c.id)).size, cards.length);
    for (const c of cards) {
      assert.ok(c.title && c.body && c.evidence.length > 0);
      assert.ok(['supportive', 'challenging', 'neutral'].includes(c.tone));
    }
    assert.ok(cards.some((c: any) => c.id === 'rel.composite.sun.virgo'));
    const again = await post('/v1/western/ux/relationship-highlights', pair());
    assert.deepEqual(again.json, res.json);
    expectError(
      await post('/v1/western/ux/relationship-highlights', { chart_a_id: charlesId, chart_b_id: charlesId }),
      422,
      'duplicate_relationship_charts',
    );
    expectError(
      await post('/v1/western/ux/relationship-highlights', { chart_a_id: foreignId, chart_b_id: charlesId }),
      404,
      'chart_not_found',
    );
    expectError(
      await post('/v1/western/ux/relationship-highlights', { chart_a_id: vedicId, chart_b_id: charlesId }),
      422,
      'unsupported_astrology_system',
    );
  });

  it('pair facts: published signs of both partners', async () => {
    const res = await post('/v1/compatibility/pair-facts', pair());
    expectStatus(res, 200);
    const f = res.json;
    assert.equal(f.method_version, 'western-relationship-v1');
    // Charles: Sun Scorpio, Moon Taurus, Leo rising; Diana: Sun Cancer, Moon Aquarius, Sagittarius rising.
    assert.deepEqual([f.person_a.sun_sign, f.person_a.moon_sign, f.person_a.rising_sign], ['scorpio', 'taurus', 'leo']);
    assert.deepEqual(
      [f.person_b.sun_sign, f.person_b.moon_sign, f.person_b.rising_sign],
      ['cancer', 'aquarius', 'sagittarius'],
    );
    assert.equal(f.sign_pairs[0].relation, 'trine');
    assert.equal(f.davison.moment, '1955-03-09T19:59:30.000Z');
    assert.equal(f.composite_signs.sun, 'virgo');
    assert.equal(f.strongest_contacts.length, 5);
    assert.equal(f.key_overlays.length, 8);
    expectError(
      await post('/v1/compatibility/pair-facts', { chart_a_id: dianaId, chart_b_id: dianaId }),
      422,
      'duplicate_relationship_charts',
    );
    expectError(
      await post('/v1/compatibility/pair-facts', { chart_a_id: dianaId, chart_b_id: foreignId }),
      404,
      'chart_not_found',
    );
    expectError(
      await post('/v1/compatibility/pair-facts', { chart_a_id: dianaId, chart_b_id: vedicId }),
      422,
      'unsupported_astrology_system',
    );
    expectError(await post('/v1/compatibility/pair-facts', pair(), readOnlyKey), 403, 'missing_scope');
    const e = expectError(await post('/v1/compatibility/pair-facts', {}), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e).sort(), ['chart_a_id', 'chart_b_id']);
  });
});

describe('product profiles and UX cards', () => {
  const base = () => `/v1/western/charts/${dianaId}`;

  it('product profile: eight domains, one vector order, values in range', async () => {
    const res = await get(`${base()}/product-profile`);
    expectStatus(res, 200);
    const p = res.json;
    assert.equal(p.method_version, 'western-product-profile-v1');
    assert.equal(p.chart_id, dianaId);
    assert.deepEqual(
      p.domains.map((d: any) => d.domain),
      ['identity', 'emotions', 'communication', 'love', 'drive', 'career', 'money', 'growth'],
    );
    for (const d of p.domains) {
      assert.equal(d.vector.length, p.feature_names.length);
      d.features.forEach((f: any, i: number) => {
        assert.equal(f.name, p.feature_names[i]);
        assert.ok(f.value >= f.min && f.value <= f.max);
      });
    }
    // Diana's Venus 24°24' Taurus (published) is in its own sign: love significator_dignity = 5/5 = 1.
    const love = p.domains.find((d: any) => d.domain === 'love');
    assert.equal(love.features[0].name, 'significator_dignity');
    assert.equal(love.features[0].value, 1);
    const one = await get(`${base()}/product-profile/love`);
    expectStatus(one, 200);
    assert.deepEqual(one.json.profile, love);
    assert.deepEqual(one.json.feature_names, p.feature_names);
    const e = expectError(await get(`${base()}/product-profile/astrology`), 422, 'invalid_request');
    assert.deepEqual(invalidFields(e), ['domain']);
  });

  it('profile summary cards', async () => {
    const res = await get(`${base()}/ux/profile-summary-cards`);
    expectStatus(res, 200);
    assert.deepEqual(
      res.json.cards.slice(0, 3).map((c: any) => c.id),
      ['profile.sun.cancer', 'profile.moon.aquarius', 'profile.rising.sagittarius'],
    );
  });

  it('daily personal weather at a given moment', async () => {
    // Full moon of 2020-10-31 14:49 UT at 8°38' Taurus (published lunation tables).
    const res = await get(`${base()}/ux/daily-personal-weather?at=${encodeURIComponent('2020-10-31T21:00:00+01:00')}`);
    expectStatus(res, 200);
    assert.equal(res.json.at, '2020-10-31T20:00:00.000Z');
    assert.equal(res.json.moon.phase, 'full');
    assert.equal(res.json.moon.sign, 'taurus');
    assert.ok(res.json.score >= 0 && res.json.score <= 100);
    assert.ok(['clear', 'fair', 'changeable', 'stormy'].includes(res.json.label));
    assert.equal(res.json.cards[0].id, 'weather.2020-10-31.overall');
    const naive = expectError(
      await get(`${base()}/ux/daily-personal-weather?at=2020-10-31T21:00:00`),
      422,
      'at_must_be_timezone_aware',
    );
    assert.equal(naive.details!.errors[0].reason, 'naive_datetime');
    const now = await get(`${base()}/ux/daily-personal-weather`);
    expectStatus(now, 200);
  });

  it('next important transit and timeline cards', async () => {
    const from = '2020-01-01T00:00:00Z';
    const res = await get(`${base()}/ux/next-important-transit?from=${encodeURIComponent(from)}`);
    expectStatus(res, 200);
    const t = res.json.transit;
    assert.ok(['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'].includes(t.transit_planet));
    assert.ok(Date.parse(t.exact_at) > Date.parse(from));
    assert.equal(res.json.card.exact_at, t.exact_at);
    const tl = await get(
      `${base()}/ux/timeline-cards?starts_at=${encodeURIComponent(from)}&ends_at=${encodeURIComponent('2020-12-31T00:00:00Z')}`,
    );
    expectStatus(tl, 200);
    assert.ok(tl.json.cards.length > 0);
    // The next important transit is also the first slow-planet card of the timeline.
    const firstSlow = tl.json.cards.find((c: any) => c.evidence[0].planet_a !== 'mars');
    assert.equal(firstSlow.exact_at, t.exact_at);
    expectError(
      await get(`${base()}/ux/timeline-cards?starts_at=2020-01-01T00:00:00Z&ends_at=2019-12-01T00:00:00Z`),
      422,
      'invalid_date_range',
    );
    expectError(
      await get(`${base()}/ux/timeline-cards?starts_at=2020-01-01T00:00:00Z&ends_at=2021-03-01T00:00:00Z`),
      422,
      'invalid_date_range',
    );
  });

  it('Vedic charts answer 422, unknown and foreign charts 404 on every chart route', async () => {
    const routes = [
      'product-profile',
      'product-profile/love',
      'ux/profile-summary-cards',
      'ux/daily-personal-weather',
      'ux/next-important-transit',
      'ux/timeline-cards',
    ];
    for (const r of routes) {
      expectError(await get(`/v1/western/charts/${vedicId}/${r}`), 422, 'unsupported_astrology_system');
      expectError(await get(`/v1/western/charts/${foreignId}/${r}`), 404, 'chart_not_found');
      expectError(await get(`/v1/western/charts/${dianaId}/${r}`, otherKey), 404, 'chart_not_found');
    }
  });
});

describe('erasure of compatibility reports', () => {
  it('deleting a chart removes the reports naming it (bus), other reports stay', async () => {
    const third = await createChart(key, other);
    expectStatus(await post('/v1/western/relationships', { chart_a_id: third, chart_b_id: charlesId }), 200);
    expectStatus(await post('/v1/western/relationships', { chart_a_id: dianaId, chart_b_id: third }), 200);
    expectStatus(await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: dianaId }), 200);
    const naming = 'tenant_id = $1 AND (chart_a_id = $2 OR chart_b_id = $2)';
    assert.equal((await reportRows(naming, [tenantId, third])).length, 2);
    expectStatus(await api('DELETE', `/v1/charts/${third}`, { token: key }), 204);
    const deadline = Date.now() + 15_000;
    while ((await reportRows(naming, [tenantId, third])).length > 0) {
      assert.ok(Date.now() < deadline, 'reports of the deleted chart are gone within 15 s');
      await sleep(100);
    }
    assert.equal(
      (await reportRows('tenant_id = $1 AND chart_a_id = $2 AND chart_b_id = $3', [tenantId, charlesId, dianaId]))
        .length,
      1,
    );
  });

  it('DataErasureService/Erase reports the rows it deleted and is idempotent', async () => {
    const addr = process.env.WESTERN_CALC_ADDR;
    assert.ok(addr, 'WESTERN_CALC_ADDR is set (run through scripts/test.ts)');
    const client = new DataErasureServiceClient(addr, grpc.credentials.createInsecure());
    try {
      const first = await unary(client, client.erase, { tenant_id: tenantId, chart_id: dianaId });
      assert.equal(Number(first.rows_by_store.compatibility_reports), 1); // charles-diana
      const repeat = await unary(client, client.erase, { tenant_id: tenantId, chart_id: dianaId });
      assert.equal(Number(repeat.rows_by_store.compatibility_reports), 0);
      expectStatus(await post('/v1/western/relationships', { chart_a_id: charlesId, chart_b_id: dianaId }), 200);
      const tenant = await unary(client, client.erase, { tenant_id: tenantId, chart_id: '' });
      assert.equal(Number(tenant.rows_by_store.compatibility_reports), 1);
      assert.equal((await reportRows('tenant_id = $1', [tenantId])).length, 0);
    } finally {
      client.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the relationship, profile and card routes with typed schemas', async () => {
    const res = await api('GET', '/v1/openapi.json');
    expectStatus(res, 200);
    const doc = res.json;
    for (const p of [
      '/v1/western/relationships',
      '/v1/western/ux/best-compatibility-topics',
      '/v1/western/ux/relationship-highlights',
      '/v1/compatibility/pair-facts',
      '/v1/western/charts/{id}/product-profile',
      '/v1/western/charts/{id}/product-profile/{domain}',
      '/v1/western/charts/{id}/ux/profile-summary-cards',
      '/v1/western/charts/{id}/ux/daily-personal-weather',
      '/v1/western/charts/{id}/ux/next-important-transit',
      '/v1/western/charts/{id}/ux/timeline-cards',
    ])
      assert.ok(doc.paths[p], `${p} is in the OpenAPI document`);
    const card = doc.components.schemas['astro.western.v1.UxCard'];
    assert.deepEqual(Object.keys(card.properties).sort(), [
      'body',
      'ends_at',
      'evidence',
      'exact_at',
      'id',
      'kind',
      'priority',
      'starts_at',
      'title',
      'tone',
    ]);
    assert.ok(card.properties.id.description, 'card ids are described');
    const domain = doc.components.schemas['astro.western.v1.DomainProfile'];
    assert.ok(domain.properties.vector && domain.properties.features);
  });
});
