// The worker pool writes the same bytes as the main thread (vimshottariChainJson), for every depth and
// several charts at once; a closed pool refuses new work.
import assert from 'node:assert/strict';
import { afterAll as after, describe, it } from '@jest/globals';
import { lordContexts } from '../src/domain/dashas/lord-context.ts';
import { vimshottariBirth } from '../src/domain/dashas/vimshottari.ts';
import { vimshottariChainJson, type VimshottariSubject } from '../src/domain/dashas/vimshottari-json.ts';
import { ChainPool } from '../src/clients/chain-pool.ts';

const FEATURES = [{ source: 'natal_chart', version: 'test', fields: ['planets.moon.longitude'] }];

function subject(moon: number, birthMs: number): VimshottariSubject {
  const planets = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu', 'ascendant'].map(
    (planet, i) => ({
      planet,
      longitude: planet === 'moon' ? moon : (i * 37.5) % 360,
      is_retrograde: planet === 'rahu',
    }),
  );
  return { chartId: `chart-${moon}`, birth: vimshottariBirth(moon, birthMs), contexts: lordContexts(planets) };
}

const pool = new ChainPool(2);
after(() => pool.close());

describe('ChainPool', () => {
  it('answers byte for byte what the main thread writes, at every depth and concurrently', async () => {
    const subjects = [subject(23.4, Date.UTC(1990, 4, 15, 5)), subject(301.9, Date.UTC(1952, 0, 2, 23, 59))];
    const jobs = subjects.flatMap((s) => [1, 2, 3, 4].map((depth) => ({ s, depth })));
    const answers = await Promise.all(jobs.map(({ s, depth }) => pool.chainJson(s, depth, FEATURES)));
    for (const [i, { s, depth }] of jobs.entries()) {
      const expected = vimshottariChainJson(s, depth, FEATURES);
      assert.ok(Buffer.isBuffer(answers[i]));
      assert.equal(Buffer.compare(answers[i]!, expected), 0, `depth ${depth} of ${s.chartId}`);
    }
  });

  it('refuses work once closed', async () => {
    const closed = new ChainPool(1);
    await closed.close();
    await assert.rejects(closed.chainJson(subject(10, 0), 4, FEATURES), /closed/);
  });
});
