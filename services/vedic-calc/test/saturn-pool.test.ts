// The Saturn pool answers what the main thread computes (sadeSati), for several Moon signs at once,
// in worker threads that initialise their own ephemeris; a closed pool refuses new work.
import assert from 'node:assert/strict';
import { afterAll as after, describe, it } from '@jest/globals';
import { initEphemeris } from '@astro/astro-core';
import { sadeSati } from '../src/domain/doshas/sade-sati.ts';
import { SaturnPool } from '../src/clients/saturn-pool.ts';

initEphemeris(); // as each worker thread does (sweph's state is per thread)
const pool = new SaturnPool({ size: 2 });
after(() => pool.close());

describe('SaturnPool', () => {
  it('gives the same stays, cycles and phase as the main thread, concurrently', async () => {
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2030, 0, 1);
    const signs = [0, 3, 9, 10];
    const answers = await Promise.all(signs.map((s) => pool.sadeSati(s, from, to)));
    for (const [i, s] of signs.entries()) assert.deepEqual(answers[i], sadeSati(s, from, to), `moon sign ${s}`);
  });

  it('refuses work once closed', async () => {
    const closed = new SaturnPool({ size: 1 });
    await closed.close();
    await assert.rejects(closed.sadeSati(0, 0, 1), /closed/);
  });
});
