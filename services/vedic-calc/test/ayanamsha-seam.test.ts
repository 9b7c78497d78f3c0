// The ayanamsha seam's answer naming (handlers/ayanamsha-seam.ts), on typed messages and on JSON text
// (HttpBody). The numbers themselves are tested through the gateway (tests/vedic-ayanamsha.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { currentAyanamsha, siderealFrame, withAyanamsha } from '@astro/astro-core';
import { jsonHttpBody, type HttpBodyAnswer } from '@astro/platform';
import { decorate, versionFor } from '../src/handlers/ayanamsha-seam.ts';

const text = (a: HttpBodyAnswer) => JSON.parse(a.data.toString('utf8'));

describe('ayanamsha seam: naming the answer', () => {
  it('leaves the implicit default (Lahiri, no override) exactly as the handler wrote it', () => {
    const msg = { chart_id: 'c', method_version: 'v1' };
    assert.equal(decorate(msg, { settled: { id: 'lahiri', degrees: () => 23.7 } }), msg);
    const body = jsonHttpBody('{"chart_id":"c"}');
    assert.equal(decorate(body, {}), body);
  });

  it('names an override on a typed message and versions it, without mutating', () => {
    const features_used = [{ source: 'natal_chart', version: 'sidereal-krishnamurti', fields: ['planets.longitude'] }];
    const msg = { chart_id: 'c', method_version: 'jaimini-v1', features_used };
    const out = decorate(msg, { override: 'krishnamurti', settled: { id: 'krishnamurti', degrees: () => 23.6 } });
    assert.deepEqual(out, {
      chart_id: 'c',
      method_version: 'jaimini-v1+ayanamsha.krishnamurti',
      features_used,
      ayanamsha: 'krishnamurti',
      ayanamsha_degrees: 23.6,
    });
    assert.equal(msg.method_version, 'jaimini-v1');
    assert.equal('ayanamsha' in msg, false);
  });

  it('frame labels come from the request scope at their source', () => {
    assert.equal(siderealFrame(), 'sidereal-lahiri');
    assert.equal(currentAyanamsha(), 'lahiri');
    withAyanamsha('raman', () => {
      assert.equal(siderealFrame(), 'sidereal-raman');
      assert.equal(currentAyanamsha(), 'raman');
    });
  });

  it('an explicit lahiri is named but keeps the version', () => {
    const out = decorate(
      { method_version: 'v1' },
      { override: 'lahiri', settled: { id: 'lahiri', degrees: () => 23.7 } },
    );
    assert.deepEqual(out, { method_version: 'v1', ayanamsha: 'lahiri', ayanamsha_degrees: 23.7 });
  });

  it('edits JSON text at its head only: fields first, the top-level method_version; empty objects too', () => {
    const body = jsonHttpBody(
      '{"chart_id":"c","method_version":"vim-\\"3\\"","zodiac":"sidereal-raman","x":[{"method_version":"inner"}]}',
    );
    const out = text(decorate(body, { override: 'raman', settled: { id: 'raman', degrees: () => 22.3 } }));
    assert.deepEqual(out, {
      ayanamsha: 'raman',
      ayanamsha_degrees: 22.3,
      chart_id: 'c',
      method_version: 'vim-"3"+ayanamsha.raman',
      zodiac: 'sidereal-raman',
      x: [{ method_version: 'inner' }],
    });
    // A chart-less answer (panchanga) names the ayanamsha without a value.
    assert.deepEqual(text(decorate(jsonHttpBody('{ }'), { override: 'raman' })), { ayanamsha: 'raman' });
    const list = jsonHttpBody('[1,2]');
    assert.equal(decorate(list, { override: 'raman' }), list);
  });

  it('passes a long answer on byte for byte, a multi-byte character across the head boundary included', () => {
    // "ज" is 3 bytes in UTF-8; the padding puts it across byte 512, where the head ends.
    const json = `{"method_version":"v1","pad":"${'a'.repeat(471)}","name":"ज्योतिष","rest":"${'b'.repeat(4000)}"}`;
    const out = decorate(jsonHttpBody(json), { override: 'raman', settled: { id: 'raman', degrees: () => 22.3 } });
    assert.deepEqual(text(out), {
      ayanamsha: 'raman',
      ayanamsha_degrees: 22.3,
      ...JSON.parse(json),
      method_version: 'v1+ayanamsha.raman',
    });
  });

  it('versionFor keeps Lahiri versions and suffixes the others', () => {
    assert.equal(versionFor('v3', 'lahiri'), 'v3');
    assert.equal(versionFor('v3', 'true_chitra'), 'v3+ayanamsha.true_chitra');
  });
});
