// Regressions of hostile input that once answered 500 (issue 19, item 7), each through the gateway as a
// client sends it. The class behind them is closed in one place, gateway/src/input-guard.ts (characters
// PostgreSQL cannot store, JSON depth, field bounds from the proto options), and checked route by route
// by the generated fuzz in tests/hostile-input.test.ts; these pin the cases found.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, createKey, expectError, expectStatus, invalidFields, operator, signup } from './helpers/client.ts';

let session: string;
let key: string;
let chartId: string;
let statementId: string;
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

before(async () => {
  const s = await signup();
  session = s.accessToken;
  // Free allows one active key; the cases below create several.
  await operator(['set-plan', s.email, 'pro']);
  key = (
    await createKey(session, ['charts:read', 'charts:write', 'interpretations:write', 'feedback:write', 'keys:manage'])
  ).plaintext;
  const chart = await api('POST', '/v1/charts', { token: key, body: { birth } });
  expectStatus(chart, 201);
  chartId = chart.json.id;
  const interp = await api('POST', '/v1/interpretations', { token: key, body: { chart_id: chartId } });
  expectStatus(interp, 201);
  statementId = interp.json.statements[0].id;
});

/** 422 invalid_request naming `field` with `reason`. */
function refused(res: Awaited<ReturnType<typeof api>>, field: string, reason: string) {
  const e = expectError(res, 422, 'invalid_request');
  assert.ok(invalidFields(e).includes(field), `${field} in ${JSON.stringify(e.details)}`);
  assert.ok(
    e.details!.errors.some((x: any) => x.field === field && x.reason === reason),
    `${field}: ${reason} in ${JSON.stringify(e.details)}`,
  );
}

/** `levels` objects nested inside each other around a string. */
function nested(levels: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

describe('fractional seconds finer than a millisecond in a birth moment', () => {
  it('POST /v1/charts accepts microseconds and nanoseconds, keeps the moment as written', async () => {
    for (const moment of [
      '1990-05-15T10:30:00.1234567+05:30',
      '1990-05-15T10:30:00.000001Z',
      '1990-05-15T10:30:00,5009+05:30',
    ]) {
      const r = await api('POST', '/v1/charts', { token: key, body: { birth: { ...birth, moment } } });
      expectStatus(r, 201);
      const back = await api('GET', `/v1/charts/${r.json.id}`, { token: key });
      expectStatus(back, 200);
      assert.equal(back.json.birth.moment, moment);
    }
  });
  it('the same instant to the millisecond gives the same positions (a sub-millisecond fraction is noise)', async () => {
    const ms = await api('POST', '/v1/charts', {
      token: key,
      body: { birth: { ...birth, moment: '1990-05-15T10:30:00.123+05:30' } },
    });
    const us = await api('POST', '/v1/charts', {
      token: key,
      body: { birth: { ...birth, moment: '1990-05-15T10:30:00.1234567+05:30' } },
    });
    expectStatus(ms, 201);
    expectStatus(us, 201);
    const sun = (c: any) => c.planets.find((p: any) => p.planet === 'sun');
    const a = sun(ms.json);
    const b = sun(us.json);
    assert.ok(a && b, 'both charts list the Sun');
    // The Sun moves about 1e-8 degree in half a millisecond.
    assert.ok(Math.abs(a.longitude - b.longitude) < 1e-6, `${a.longitude} vs ${b.longitude}`);
  });
});

describe('a NUL character, which PostgreSQL cannot store', () => {
  it('in the place query: 422 naming query', async () => {
    refused(await api('GET', '/v1/geolocation/places?query=Del%00hi', { token: key }), 'query', 'invalid_character');
  });
  it('in a feedback comment, user id or organization id: 422 naming the field', async () => {
    for (const f of ['comment', 'user_id', 'organization_id']) {
      refused(
        await api('POST', '/v1/feedback', {
          token: key,
          body: { statement_id: statementId, verdict: 'correct', [f]: 'a\u0000b' },
        }),
        f,
        'invalid_character',
      );
    }
    // Without the NUL, the same entry is stored.
    expectStatus(
      await api('POST', '/v1/feedback', {
        token: key,
        body: { statement_id: statementId, verdict: 'correct', comment: 'ab', user_id: 'u1' },
      }),
      201,
    );
  });
  it("in an API key's name, in a metadata value and in a metadata member name: 422", async () => {
    const post = (body: Record<string, unknown>) =>
      api('POST', '/v1/api-keys', { token: session, body: { name: 'k', scopes: ['charts:read'], ...body } });
    refused(await post({ name: 'a\u0000b' }), 'name', 'invalid_character');
    refused(await post({ metadata: { team: 'x\u0000' } }), 'metadata.team', 'invalid_character');
    refused(await post({ metadata: { 'te\u0000am': 'x' } }), 'metadata', 'invalid_character');
    refused(await post({ metadata: { deep: [{ x: '\u0000' }] } }), 'metadata.deep[0].x', 'invalid_character');
  });
  it('an unpaired surrogate (not Unicode) is refused the same way, a paired one is kept', async () => {
    const bad = await api('POST', '/v1/api-keys', {
      token: session,
      rawBody: '{"name":"a\\ud800b","scopes":["charts:read"]}',
      contentType: 'application/json',
    });
    refused(bad, 'name', 'invalid_character');
    const ok = await createKey(session, ['charts:read'], { name: 'star \u{1F31F}', metadata: { emoji: '\u{1F31F}' } });
    assert.equal(ok.name, 'star \u{1F31F}');
    assert.deepEqual(ok.metadata, { emoji: '\u{1F31F}' });
  });
});

describe('deeply nested JSON', () => {
  it('API-key metadata nested 34 deep or more: 422 too_deep (once a stack overflow)', async () => {
    for (const levels of [34, 40, 500]) {
      const r = await api('POST', '/v1/api-keys', {
        token: session,
        body: { name: 'deep', scopes: ['charts:read'], metadata: nested(levels) },
      });
      const e = expectError(r, 422, 'invalid_request');
      assert.ok(
        e.details!.errors.some((x: any) => x.reason === 'too_deep'),
        JSON.stringify(e.details),
      );
    }
  });
  it('metadata within the bound (the body at most 32 levels) is stored as sent', async () => {
    const meta = nested(31) as Record<string, unknown>;
    const k = await createKey(session, ['charts:read'], { name: 'nested', metadata: meta });
    assert.deepEqual(k.metadata, meta);
  });
  it('depth is checked on every route, before the service: a deep body elsewhere is 422 too', async () => {
    const r = await api('POST', '/v1/charts', { token: key, body: { birth, extra: nested(100) } });
    const e = expectError(r, 422, 'invalid_request');
    assert.ok(e.details!.errors.some((x: any) => x.reason === 'too_deep'));
  });
});

describe('bounds from the proto field options (max_length)', () => {
  it('API key name over 255, feedback comment over 2000, place query over 200: 422 too_long', async () => {
    refused(
      await api('POST', '/v1/api-keys', { token: session, body: { name: 'n'.repeat(256), scopes: ['charts:read'] } }),
      'name',
      'too_long',
    );
    refused(
      await api('POST', '/v1/feedback', {
        token: key,
        body: { statement_id: statementId, verdict: 'correct', comment: 'c'.repeat(2001) },
      }),
      'comment',
      'too_long',
    );
    refused(await api('GET', `/v1/geolocation/places?query=${'q'.repeat(201)}`, { token: key }), 'query', 'too_long');
    // At the bound exactly: stored.
    expectStatus(
      await api('POST', '/v1/api-keys', { token: session, body: { name: 'n'.repeat(255), scopes: ['charts:read'] } }),
      201,
    );
  });
});

describe('bytes that are not UTF-8 in a path parameter (found by the fuzz: a URIError, 500)', () => {
  it('422 naming the parameter, on every kind of route', async () => {
    for (const url of [
      '/v1/vedic/charts/%ED%A0%80/theo/houses',
      `/v1/western/charts/${'%E0%A4'}/solar-return`,
      '/v1/charts/%FF',
      '/v1/feedback/%C0%AF',
    ]) {
      const e = expectError(await api('GET', url, { token: key }), 422, 'invalid_request');
      assert.ok(
        e.details!.errors.some((x: any) => x.reason === 'invalid_character'),
        `${url}: ${JSON.stringify(e.details)}`,
      );
    }
  });
});

describe('a request line over 16 KiB (found by the fuzz: a bare 431 without the envelope)', () => {
  it('431 request_header_fields_too_large in the error envelope', async () => {
    const r = await api('GET', `/v1/geolocation/places?query=${'q'.repeat(20_000)}`, { token: key });
    expectError(r, 431, 'request_header_fields_too_large');
  });
});
