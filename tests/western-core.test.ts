// Western core routes through the gateway: shapes, properties (orbs within max orb), Vedic charts
// (422 unsupported_astrology_system), unknown and cross-tenant ids (404 chart_not_found).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';

// Albert Einstein, 14 March 1879 11:30 LMT Ulm (Astro-Databank, Rodden rating AA: birth certificate);
// LMT of Ulm (9°59' E) is UTC+0:39:56, so 10:50:04 UTC.
const einstein = { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 };
const ASPECT_KEYS = [
  'aspect',
  'category',
  'exact_angle',
  'is_applying',
  'max_orb_degrees',
  'orb_degrees',
  'planet_a',
  'planet_b',
  'strength',
  'tone',
];

let key: string;
let otherKey: string;
let chartId: string;
let vedicId: string;

const get = (p: string, k = key) => api('GET', p, { token: k });

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const c = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: einstein, system: 'western', ayanamsha: null },
  });
  expectStatus(c, 201);
  chartId = c.json.id;
  const v = await api('POST', '/v1/charts', { token: key, body: { birth: einstein } });
  expectStatus(v, 201);
  vedicId = v.json.id;
});

describe('GET /v1/western/charts/{id}/aspects', () => {
  it('lists aspects with the spec fields; orbs within max orb; strength = 1 - orb/max', async () => {
    const res = await get(`/v1/western/charts/${chartId}/aspects`);
    expectStatus(res, 200);
    assert.ok(Array.isArray(res.json) && res.json.length > 10);
    for (const a of res.json) {
      assert.deepEqual(Object.keys(a).sort(), ASPECT_KEYS);
      assert.ok(a.orb_degrees >= 0 && a.orb_degrees <= a.max_orb_degrees, `${a.planet_a}-${a.planet_b}`);
      assert.ok(Math.abs(a.strength - (1 - a.orb_degrees / a.max_orb_degrees)) < 1e-9);
      assert.ok(!(a.planet_a === 'ascendant' && a.planet_b === 'midheaven'));
    }
    const find = (x: string, y: string) =>
      res.json.find((a: any) => (a.planet_a === x && a.planet_b === y) || (a.planet_a === y && a.planet_b === x));
    // Einstein's chart as published by Astrodienst (astro.com, Astro-Databank chart drawing): Mercury
    // 3°09' Aries, Saturn 4°11' Aries (conjunction, orb 1°02'); Sun 23°30' Pisces to Saturn is 10°41',
    // beyond the 10° luminary conjunction orb, so no Sun-Saturn aspect.
    const mercSat = find('mercury', 'saturn');
    assert.equal(mercSat?.aspect, 'conjunction'); // orb ~1.0°
    assert.ok(Math.abs(mercSat.orb_degrees - 1.03) < 0.1);
    assert.equal(find('sun', 'saturn'), undefined);
  });

  it('Vedic chart: 422 unsupported_astrology_system; unknown and cross-tenant: 404', async () => {
    expectError(await get(`/v1/western/charts/${vedicId}/aspects`), 422, 'unsupported_astrology_system');
    expectError(await get(`/v1/western/charts/${chartId}/aspects`, otherKey), 404, 'chart_not_found');
    expectError(await get('/v1/western/charts/0190c1a2-0000-7000-8000-000000000000/aspects'), 404, 'chart_not_found');
  });
});
