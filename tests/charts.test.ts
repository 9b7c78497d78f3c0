// Charts through the gateway: POST/GET/DELETE /v1/charts with the spec's exact fields, validation
// errors, determinism, polar fallback and cross-tenant isolation. Expected longitudes come from
// published worked examples (sources named beside each value), never from our own code.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, signup, UUID } from './helpers/client.ts';
import { SIGNS } from './helpers/spec-values.ts';

const PLANETS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'rahu',
  'ketu',
  'ascendant',
  'midheaven',
];
const BASE = ['planet', 'sign', 'longitude', 'degree_in_sign', 'speed_per_day', 'is_retrograde'];
const VEDIC = [...BASE, 'nakshatra', 'pada', 'global_pada', 'nakshatra_lord', 'navamsa_sign', 'navamsa_lord'];
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

let key: string;
let otherKey: string;
let readOnlyKey: string;

/** Shortest angular distance in degrees. */
const arc = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const c = await signup();
  readOnlyKey = (await createKey(c.accessToken, ['charts:read'])).plaintext;
});

function checkChartShape(c: any, system: 'vedic' | 'western') {
  assert.deepEqual(
    Object.keys(c).sort(),
    // ayanamsha_degrees: the ayanamsha's value at the birth moment (issue 20, docs/ayanamshas.md).
    [
      'ayanamsha',
      'ayanamsha_degrees',
      'birth',
      'computed_at',
      'house_system',
      'houses',
      'id',
      'planets',
      'system',
    ].sort(),
  );
  assert.match(c.id, UUID);
  assert.equal(c.system, system);
  assert.ok(!Number.isNaN(Date.parse(c.computed_at)));
  assert.deepEqual(
    c.planets.map((p: any) => p.planet),
    PLANETS,
  );
  for (const p of c.planets) {
    assert.deepEqual(Object.keys(p).sort(), (system === 'vedic' ? VEDIC : BASE).slice().sort(), `${p.planet} fields`);
    assert.ok(p.longitude >= 0 && p.longitude < 360);
    assert.ok(p.degree_in_sign >= 0 && p.degree_in_sign < 30);
    assert.equal(p.sign, SIGNS[Math.floor(p.longitude / 30)], `${p.planet} sign follows its longitude`);
    assert.equal(p.is_retrograde, p.speed_per_day < 0);
  }
  assert.equal(c.houses.length, 12);
  c.houses.forEach((h: any, i: number) => {
    assert.deepEqual(Object.keys(h).sort(), ['house', 'longitude', 'sign']);
    assert.equal(h.house, i + 1);
    assert.equal(h.sign, SIGNS[Math.floor(h.longitude / 30)]);
  });
}

describe('POST /v1/charts', () => {
  it('201 Vedic chart with every spec field, nakshatra fields consistent with the sidereal longitude', async () => {
    const res = await api('POST', '/v1/charts', {
      token: key,
      body: { birth, system: 'vedic', ayanamsha: 'lahiri', house_system: 'whole_sign' },
    });
    expectStatus(res, 201);
    const c = res.json;
    checkChartShape(c, 'vedic');
    assert.equal(c.ayanamsha, 'lahiri');
    assert.equal(c.house_system, 'whole_sign');
    assert.deepEqual(c.birth, birth);
    for (const p of c.planets) {
      // 27 nakshatras of 13°20', four padas of 3°20' each (classical division).
      const gp = Math.floor(p.longitude / (10 / 3)) + 1;
      assert.equal(p.global_pada, gp, `${p.planet} global_pada`);
      assert.equal(p.pada, ((gp - 1) % 4) + 1);
      assert.ok(p.navamsa_sign && p.navamsa_lord && p.nakshatra && p.nakshatra_lord);
    }
    const sun = c.planets.find((p: any) => p.planet === 'sun');
    const ketu = c.planets.find((p: any) => p.planet === 'ketu');
    const rahu = c.planets.find((p: any) => p.planet === 'rahu');
    assert.ok(arc(rahu.longitude + 180, ketu.longitude) < 1e-9, 'ketu opposes rahu');
    // Whole-sign cusps start at 0° of the ascendant's sign.
    const asc = c.planets.find((p: any) => p.planet === 'ascendant');
    assert.equal(c.houses[0].longitude, Math.floor(asc.longitude / 30) * 30);
    assert.ok(sun.speed_per_day > 0.9 && sun.speed_per_day < 1.1);
    assert.notEqual(asc.speed_per_day, 0, 'the ascendant speed is computed, not zero');
  });

  it('Western chart: tropical longitudes match Meeus, Astronomical Algorithms (2nd ed.)', async () => {
    // Example 25.b: Sun's apparent longitude 1992-10-13 0h TD = 199°54'21.818" = 199.906061°.
    const sunRes = await api('POST', '/v1/charts', {
      token: key,
      body: {
        birth: { moment: '1992-10-13T00:00:00Z', latitude: 0, longitude: 0 },
        system: 'western',
        ayanamsha: null,
      },
    });
    expectStatus(sunRes, 201);
    checkChartShape(sunRes.json, 'western');
    assert.equal(sunRes.json.ayanamsha, null);
    const sun = sunRes.json.planets.find((p: any) => p.planet === 'sun');
    assert.ok(arc(sun.longitude, 199.906061) < 0.01, `sun ${sun.longitude}`);
    // Example 47.a: Moon 1992-04-12 0h TD, apparent longitude 133.167265° (ΔT ≈ 59 s ⇒ < 0.01°).
    const moonRes = await api('POST', '/v1/charts', {
      token: key,
      body: { birth: { moment: '1992-04-12T00:00:00Z', latitude: 0, longitude: 0 }, system: 'western' },
    });
    expectStatus(moonRes, 201);
    assert.equal(moonRes.json.ayanamsha, 'lahiri', 'ayanamsha defaults to lahiri');
    const moon = moonRes.json.planets.find((p: any) => p.planet === 'moon');
    assert.ok(arc(moon.longitude, 133.167265) < 0.02, `moon ${moon.longitude}`);
  });

  it('Vedic = tropical minus the Lahiri ayanamsha (about 23.7° in 1992, Lahiri tables)', async () => {
    const body = { birth: { moment: '1992-10-13T00:00:00Z', latitude: 10, longitude: 20 } };
    const v = await api('POST', '/v1/charts', { token: key, body: { ...body, system: 'vedic' } });
    const w = await api('POST', '/v1/charts', { token: key, body: { ...body, system: 'western' } });
    const diff = (w.json.planets[0].longitude - v.json.planets[0].longitude + 360) % 360;
    assert.ok(diff > 23.6 && diff < 23.9, `ayanamsha ${diff}`);
  });

  it('identical input gives identical output', async () => {
    const body = { birth, system: 'vedic', house_system: 'placidus' };
    const a = await api('POST', '/v1/charts', { token: key, body });
    const b = await api('POST', '/v1/charts', { token: key, body });
    assert.notEqual(a.json.id, b.json.id);
    assert.deepEqual(a.json.planets, b.json.planets);
    assert.deepEqual(a.json.houses, b.json.houses);
  });

  it('Placidus inside the polar circle falls back to porphyry and says so', async () => {
    const res = await api('POST', '/v1/charts', {
      token: key,
      body: {
        birth: { moment: '1990-01-15T12:00:00+01:00', latitude: 69.6492, longitude: 18.9553 },
        system: 'western',
        house_system: 'placidus',
      },
    });
    expectStatus(res, 201);
    assert.equal(res.json.house_system, 'porphyry');
    const equator = await api('POST', '/v1/charts', {
      token: key,
      body: { birth, system: 'western', house_system: 'placidus' },
    });
    assert.equal(equator.json.house_system, 'placidus');
  });

  it('422 invalid_request with details.errors[] for each bad field', async () => {
    const cases: [unknown, string[]][] = [
      [{ birth: { ...birth, moment: '1990-05-15T10:30:00' } }, ['birth.moment']],
      [{ birth: { ...birth, moment: '1990-02-30T10:30:00Z' } }, ['birth.moment']],
      [{ birth: { ...birth, latitude: 90.5 } }, ['birth.latitude']],
      [{ birth: { ...birth, longitude: -180.01 } }, ['birth.longitude']],
      [{ birth, system: 'hellenistic' }, ['system']],
      [{ birth, house_system: 'koch' }, ['house_system']],
      [{ birth, system: 'vedic', ayanamsha: null }, ['ayanamsha']],
      [{ birth: { latitude: 1 } }, ['birth.moment', 'birth.longitude']],
      [{}, ['birth']],
      [{ birth: { ...birth, latitude: '28' } }, ['birth.latitude']],
    ];
    for (const [body, fields] of cases) {
      // A naive birth.moment answers the API-wide naive-datetime code, its errors[] still listing the field.
      const naive = (body as any).birth?.moment === '1990-05-15T10:30:00';
      const e = expectError(
        await api('POST', '/v1/charts', { token: key, body }),
        422,
        naive ? 'naive_datetime' : 'invalid_request',
      );
      assert.deepEqual(invalidFields(e).sort(), fields.sort(), JSON.stringify(body));
    }
    const naive = expectError(
      await api('POST', '/v1/charts', { token: key, body: { birth: { ...birth, moment: '1990-05-15T10:30:00' } } }),
      422,
      'naive_datetime',
    );
    assert.equal((naive.details as any).errors[0].reason, 'naive_datetime');
  });

  it('403 missing_scope without charts:write', async () => {
    const e = expectError(
      await api('POST', '/v1/charts', { token: readOnlyKey, body: { birth } }),
      403,
      'missing_scope',
    );
    assert.equal((e.details as any).required, 'charts:write');
  });
});

describe('GET and DELETE /v1/charts/{chart_id}', () => {
  it('reads back exactly what was created; deletes with 204, then 404', async () => {
    const created = await api('POST', '/v1/charts', { token: key, body: { birth, system: 'western' } });
    const id = created.json.id;
    const got = await api('GET', `/v1/charts/${id}`, { token: key });
    expectStatus(got, 200);
    assert.deepEqual(got.json, created.json);
    const del = await api('DELETE', `/v1/charts/${id}`, { token: key });
    assert.equal(del.status, 204);
    assert.equal(del.text, '');
    expectError(await api('GET', `/v1/charts/${id}`, { token: key }), 404, 'chart_not_found');
    expectError(await api('DELETE', `/v1/charts/${id}`, { token: key }), 404, 'chart_not_found');
  });

  it("another tenant's chart answers 404 on read and delete, and stays", async () => {
    const created = await api('POST', '/v1/charts', { token: key, body: { birth } });
    const id = created.json.id;
    expectError(await api('GET', `/v1/charts/${id}`, { token: otherKey }), 404, 'chart_not_found');
    expectError(await api('DELETE', `/v1/charts/${id}`, { token: otherKey }), 404, 'chart_not_found');
    expectStatus(await api('GET', `/v1/charts/${id}`, { token: key }), 200);
  });

  it('404 for unknown and malformed ids; 403 missing_scope for delete without charts:write', async () => {
    expectError(
      await api('GET', '/v1/charts/0190c9d2-0000-7000-8000-000000000000', { token: key }),
      404,
      'chart_not_found',
    );
    expectError(await api('GET', '/v1/charts/not-a-uuid', { token: key }), 404, 'chart_not_found');
    const created = await api('POST', '/v1/charts', { token: key, body: { birth } });
    expectError(await api('DELETE', `/v1/charts/${created.json.id}`, { token: readOnlyKey }), 403, 'missing_scope');
  });

  it('a dashboard session cannot read data (API key required)', async () => {
    const s = await signup();
    const e = expectError(
      await api('GET', '/v1/charts/0190c9d2-0000-7000-8000-000000000000', { token: s.accessToken }),
      401,
      'unauthorized',
    );
    assert.equal((e.details as any).reason, 'api_key_required');
  });
});
