// applyOnce against the machine's PostgreSQL, on a database made for this run and dropped after; the
// ledger is created from the platform's DDL file (packages/platform/migrations/processed-events.sql).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import pg from 'pg';
import { scratchDatabase } from '../db/scratch-database';
import { applyOnce, pruneProcessed } from './apply-once';
import { endPool } from '../pg-pool.ts';

const scratch = scratchDatabase('astro_apply_once_test');
let pool: pg.Pool;

const total = async (): Promise<number> => (await pool.query('SELECT n FROM counter')).rows[0].n;

before(async () => {
  await scratch.create();
  pool = new pg.Pool({ connectionString: scratch.url, max: 6 });
  await pool.query(readFileSync(new URL('../../migrations/processed-events.sql', import.meta.url), 'utf8'));
  await pool.query('CREATE TABLE counter (n int NOT NULL); INSERT INTO counter VALUES (0)');
});

after(async () => {
  await endPool(pool);
  await scratch.drop();
});

const add = (eventId: string) =>
  applyOnce(pool, eventId, async (c) => {
    await c.query('UPDATE counter SET n = n + 1');
    return 'added';
  });

describe('applyOnce', () => {
  it('applies an event id once: a redelivery changes nothing', async () => {
    assert.deepEqual(await add('e-1'), { applied: true, result: 'added' });
    assert.deepEqual(await add('e-1'), { applied: false });
    assert.equal(await total(), 1);
  });

  it('ten concurrent deliveries of one id add one', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => add('e-2')));
    assert.equal(outcomes.filter((o) => o.applied).length, 1);
    assert.equal(await total(), 2);
  });

  it('an effect that throws records nothing: the redelivery applies it', async () => {
    await assert.rejects(
      applyOnce(pool, 'e-3', async (c) => {
        await c.query('UPDATE counter SET n = n + 100');
        throw new Error('the effect failed');
      }),
      /the effect failed/,
    );
    assert.equal(await total(), 2, 'the failed effect was rolled back');
    assert.equal((await add('e-3')).applied, true);
    assert.equal(await total(), 3);
  });

  it('pruneProcessed forgets ids recorded before the cut-off; a table name that is not one is refused', async () => {
    await applyOnce(pool, 'old', async () => {}, { at: new Date('2020-01-01T00:00:00Z') });
    assert.equal(await pruneProcessed(pool, new Date('2021-01-01T00:00:00Z')), 1);
    assert.equal((await add('old')).applied, true, 'a forgotten id applies again');
    await assert.rejects(addTo('processed_events; DROP TABLE counter'), RangeError);
    assert.equal(await total(), 4);
  });
});

function addTo(table: string) {
  return applyOnce(pool, 'x', async () => {}, { table });
}
