// Ayanamshas through the gateway (issue 20, docs/ayanamshas.md): charts created in any supported
// ayanamsha, the per-request override on the Vedic routes (typed and HttpBody answers), the answer
// naming the ayanamsha, its value and a method_version of its own, caches that never mix ayanamshas,
// 422 unknown_ayanamsha on every entry point, cross-tenant 404, and the enum in the OpenAPI document.
//
// Expected differences come from published definitions, never from this code:
//   - Lahiri − Krishnamurti = 337.636111 − 337.53953 = 0.096581° (R. Hand's J1900 values as tabulated
//     in the Swiss Ephemeris documentation, section 2.7); both move with the same precession, so the
//     difference holds at any date. Tolerance 2" (the 1956 Lahiri definition sweph follows and
//     Hand's J1900 value differ by ~0.2").
//   - Fagan/Bradley − Lahiri = 0.8834°: F/B 24°02'31.36" at 1950.0 (its definition); Lahiri 23°15'00.658"
//     true on 1956-03-21 (Indian Astronomical Ephemeris), 23°14'43.9" mean, less 6.22 years of
//     precession at 50.29"/year = 23°09'31" at 1950.0. Tolerance 0.005°.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, signup } from './helpers/client.ts';
import { ISSUE_AYANAMSHAS } from './helpers/spec-values.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const LAHIRI_MINUS_KP = 337.636111 - 337.53953;
const FAGAN_MINUS_LAHIRI = 0.8834;

let key: string;
let otherKey: string;
let lahiri: any;
let kp: any;

/** Signed difference a − b in (−180, 180]. */
const diff = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;
const lon = (chart: any, planet: string) => chart.planets.find((p: any) => p.planet === planet).longitude;

async function create(body: Record<string, unknown>, token = key): Promise<any> {
  const r = await api('POST', '/v1/charts', { token, body: { birth, house_system: 'whole_sign', ...body } });
  expectStatus(r, 201);
  return r.json;
}

before(async () => {
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const b = await signup();
  otherKey = (await createKey(b.accessToken, ['charts:read', 'charts:write'])).plaintext;
  lahiri = await create({});
  kp = await create({ ayanamsha: 'krishnamurti' });
});

describe('POST /v1/charts with an ayanamsha', () => {
  it('stores and names it; positions shift by the published difference', async () => {
    assert.equal(lahiri.ayanamsha, 'lahiri');
    assert.equal(kp.ayanamsha, 'krishnamurti');
    const again = await api('GET', `/v1/charts/${kp.id}`, { token: key });
    expectStatus(again, 200);
    assert.equal(again.json.ayanamsha, 'krishnamurti');
    assert.equal(again.json.ayanamsha_degrees, kp.ayanamsha_degrees);
    const tol = 2 / 3600;
    assert.ok(Math.abs(lahiri.ayanamsha_degrees - kp.ayanamsha_degrees - LAHIRI_MINUS_KP) < tol);
    for (const planet of ['sun', 'moon', 'mars', 'saturn', 'rahu', 'ascendant']) {
      const d = diff(lon(kp, planet), lon(lahiri, planet));
      assert.ok(Math.abs(d - LAHIRI_MINUS_KP) < tol, `${planet}: ${d}`);
    }
    const fagan = await create({ ayanamsha: 'fagan_bradley' });
    assert.ok(Math.abs(fagan.ayanamsha_degrees - lahiri.ayanamsha_degrees - FAGAN_MINUS_LAHIRI) < 0.005);
    assert.ok(Math.abs(diff(lon(lahiri, 'sun'), lon(fagan, 'sun')) - FAGAN_MINUS_LAHIRI) < 0.005);
  });

  it("accepts each of the issue's ten; a Western chart records it and stays tropical", async () => {
    const degrees = new Set<number>();
    for (const a of ISSUE_AYANAMSHAS) {
      const c = await create({ ayanamsha: a });
      assert.equal(c.ayanamsha, a);
      assert.ok(c.ayanamsha_degrees > 18 && c.ayanamsha_degrees < 25, `${a} ${c.ayanamsha_degrees}`);
      degrees.add(c.ayanamsha_degrees);
    }
    assert.equal(degrees.size, ISSUE_AYANAMSHAS.length);
    const w1 = await create({ system: 'western', ayanamsha: 'raman' });
    const w2 = await create({ system: 'western', ayanamsha: null });
    assert.equal(w1.ayanamsha, 'raman');
    assert.equal(w2.ayanamsha, null);
    assert.equal(w2.ayanamsha_degrees, null);
    assert.deepEqual(w1.planets, w2.planets);
  });

  it('422 unknown_ayanamsha, listing the accepted ids, on create and on the demo', async () => {
    for (const path of ['/v1/charts', '/v1/demo/charts']) {
      for (const bad of ['kp', 'LAHIRI', 'sayana']) {
        const e = expectError(
          await api('POST', path, { token: path === '/v1/charts' ? key : undefined, body: { birth, ayanamsha: bad } }),
          422,
          'unknown_ayanamsha',
        );
        const d = e.details as any;
        assert.equal(d.field, 'ayanamsha');
        assert.equal(d.value, bad);
        for (const a of ISSUE_AYANAMSHAS) assert.ok(d.accepted.includes(a), a);
        assert.deepEqual(
          d.errors.map((x: any) => [x.field, x.reason]),
          [['ayanamsha', 'unknown_ayanamsha']],
        );
        if (path === '/v1/demo/charts') break; // the demo limit is 5 an hour per address
      }
    }
  });
});

describe('per-request override on the Vedic routes', () => {
  const karakas = (id: string, q = '') => `/v1/vedic/charts/${id}/jaimini/karakas${q}`;
  const get = async (path: string, token = key) => {
    const r = await api('GET', path, { token });
    expectStatus(r, 200);
    return r.json;
  };
  const degreesOf = (j: any) => Object.fromEntries(j.assignments.map((a: any) => [a.planet, a.degree_in_sign]));

  it('a typed answer: shifted positions, named ayanamsha, own method_version; caches never mix', async () => {
    const plain = await get(karakas(lahiri.id));
    assert.equal(plain.ayanamsha, undefined, 'the implicit default keeps the spec shape');
    const over = await get(karakas(lahiri.id, '?ayanamsha=krishnamurti'));
    assert.equal(over.ayanamsha, 'krishnamurti');
    assert.ok(Math.abs(over.ayanamsha_degrees - kp.ayanamsha_degrees) < 1e-9);
    assert.equal(over.method_version, `${plain.method_version}+ayanamsha.krishnamurti`);
    assert.ok(over.features_used.every((f: any) => f.version !== 'sidereal-lahiri'));
    const [p, o] = [degreesOf(plain), degreesOf(over)];
    for (const planet of Object.keys(p)) {
      const d = diff(o[planet], p[planet]); // degree in sign: a sign change would show as ±30
      assert.ok(Math.abs(d - LAHIRI_MINUS_KP) < 2 / 3600, `${planet}: ${d}`);
    }
    // The same chart again without the override: the original numbers; and the override again.
    assert.deepEqual(await get(karakas(lahiri.id)), plain);
    assert.deepEqual(await get(karakas(lahiri.id, '?ayanamsha=krishnamurti')), over);
    // An explicit lahiri names it, with the numbers of the default.
    const named = await get(karakas(lahiri.id, '?ayanamsha=lahiri'));
    assert.equal(named.ayanamsha, 'lahiri');
    assert.equal(named.method_version, plain.method_version);
    assert.deepEqual(named.assignments, plain.assignments);
    // A chart created in Krishnamurti is read in it without an override, and says so.
    const own = await get(karakas(kp.id));
    assert.equal(own.ayanamsha, 'krishnamurti');
    assert.deepEqual(own.assignments, over.assignments);
    // ... and an override turns it back into Lahiri's numbers.
    const back = await get(karakas(kp.id, '?ayanamsha=lahiri'));
    assert.deepEqual(back.assignments, plain.assignments);
  });

  it('an HttpBody answer (Vimshottari, with its chain cache) carries it too', async () => {
    const path = (q: string) => `/v1/vedic/charts/${lahiri.id}/dashas/vimshottari?depth=1${q}`;
    const plain = await get(path(''));
    const over = await get(path('&ayanamsha=fagan_bradley'));
    assert.equal(plain.ayanamsha, undefined);
    assert.equal(over.ayanamsha, 'fagan_bradley');
    assert.equal(over.method_version, `${plain.method_version}+ayanamsha.fagan_bradley`);
    assert.equal(typeof over.ayanamsha_degrees, 'number');
    // The Moon 0.88° further back in the zodiac moves every dasha boundary (the balance at birth).
    assert.notEqual(over.birth_dasha_start, plain.birth_dasha_start);
    assert.notDeepEqual(over.mahadashas, plain.mahadashas);
    assert.deepEqual(await get(path('')), plain);
    assert.deepEqual(await get(path('&ayanamsha=fagan_bradley')), over);
  });

  it('a search in a worker thread (Sade Sati) follows the override too', async () => {
    const path = (q: string) =>
      `/v1/vedic/charts/${lahiri.id}/dosha/sade-sati?from=1990-01-01T00:00:00Z&to=2060-01-01T00:00:00Z${q}`;
    const plain = await get(path(''));
    const over = await get(path('&ayanamsha=fagan_bradley'));
    assert.equal(over.ayanamsha, 'fagan_bradley');
    assert.ok(Math.abs(diff(plain.moon_longitude, over.moon_longitude) - FAGAN_MINUS_LAHIRI) < 0.005);
    // Saturn (under 0.13°/day) reaches each sidereal sign boundary later in the F/B zodiac, whose
    // longitudes are 0.88° smaller: every cycle starts days to weeks later, never earlier or the same.
    assert.equal(over.cycles.length, plain.cycles.length);
    over.cycles.forEach((c: any, i: number) => {
      const days = (Date.parse(c.start) - Date.parse(plain.cycles[i].start)) / 86_400_000;
      assert.ok(days > 0 && days < 400, `cycle ${i}: ${days} days`);
    });
    assert.deepEqual(await get(path('')), plain);
  });

  it("422 unknown_ayanamsha on query and body fields; 404 for another tenant's chart", async () => {
    for (const q of ['?ayanamsha=sayana', '?ayanamsha=', '?ayanamsha=Lahiri']) {
      const e = expectError(await api('GET', karakas(lahiri.id, q), { token: key }), 422, 'unknown_ayanamsha');
      assert.ok((e.details as any).accepted.includes('krishnamurti'));
    }
    expectError(
      await api('GET', `/v1/vedic/charts/${lahiri.id}/dashas/vimshottari?ayanamsha=kp`, { token: key }),
      422,
      'unknown_ayanamsha',
    );
    expectError(
      await api('POST', '/v1/vedic/muhurta/score', {
        token: key,
        body: {
          natal_chart_id: lahiri.id,
          activity_type: 'marriage',
          proposed_at: '2026-05-01T10:00:00+05:30',
          latitude: 28.6139,
          longitude: 77.209,
          timezone: 'Asia/Kolkata',
          ayanamsha: 'tropical',
        },
      }),
      422,
      'unknown_ayanamsha',
    );
    expectError(
      await api('GET', karakas(lahiri.id, '?ayanamsha=krishnamurti'), { token: otherKey }),
      404,
      'chart_not_found',
    );
  });
});

describe('OpenAPI', () => {
  it('lists the accepted ayanamshas as the enum of the chart field and of the override', async () => {
    const r = await api('GET', '/v1/openapi.json');
    expectStatus(r, 200);
    const doc = r.json;
    const op = doc.paths['/v1/vedic/charts/{id}/jaimini/karakas'].get;
    const param = op.parameters.find((p: any) => p.name === 'ayanamsha');
    assert.ok(param, 'ayanamsha query parameter');
    assert.equal(param.in, 'query');
    const enumOf = (s: any): string[] => s?.enum ?? s?.anyOf?.flatMap((x: any) => x.enum ?? []) ?? [];
    for (const a of ISSUE_AYANAMSHAS) assert.ok(enumOf(param.schema).includes(a), `override enum has ${a}`);
    const text = JSON.stringify(doc.components.schemas);
    for (const a of ISSUE_AYANAMSHAS) assert.ok(text.includes(`"${a}"`), `schemas mention ${a}`);
  });
});
