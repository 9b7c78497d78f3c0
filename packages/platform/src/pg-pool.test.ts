// A service pool outlives a dropped idle connection (what a PostgreSQL restart does to every one):
// the drop is logged, the process goes on, and the next query gets a new connection. endPool ends a
// pool for real before its database goes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import pg from 'pg';
import { createPgPool, endPool } from './pg-pool.ts';

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('createPgPool', () => {
  it('logs an idle connection the server terminates and answers the next query on a new one', async () => {
    const applicationName = `pool-test-${randomBytes(4).toString('hex')}`;
    const warnings: Record<string, unknown>[] = [];
    const pool = createPgPool({
      connectionString: adminUrl,
      max: 2,
      applicationName,
      logger: { warn: (_message, fields) => warnings.push(fields ?? {}) },
    });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const before = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      assert.equal(killed.rowCount, 1, 'the idle pooled connection was found and terminated');
      for (let i = 0; i < 50 && warnings.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(warnings.length, 1, 'the dropped connection is logged, not thrown');
      assert.equal(warnings[0]!.application, applicationName);
      const after = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      assert.notEqual(after.rows[0]!.pid, before.rows[0]!.pid, 'a new connection answers');
    } finally {
      await admin.end();
      await pool.end();
    }
  });

  it('a checked-out connection the server drops rejects its query and does not end the process', async () => {
    const applicationName = `pool-test-${randomBytes(4).toString('hex')}`;
    const pool = createPgPool({ connectionString: adminUrl, max: 2, applicationName, logger: { warn: () => {} } });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const client = await pool.connect();
      // Without a listener of its own, this drop is an unhandled 'error' event (the process ends).
      assert.ok(client.listenerCount('error') > 0, 'a checked-out client has an error listener');
      const running = client.query('SELECT pg_sleep(30)');
      await new Promise((r) => setTimeout(r, 200));
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        applicationName,
      ]);
      await assert.rejects(running, /terminat/);
      client.release(true);
      assert.equal((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one, 1, 'the pool goes on');
    } finally {
      await admin.end();
      await endPool(pool);
    }
  });

  it('endPool resolves only when every connection has closed: a forced DROP DATABASE right after finds none', async () => {
    // pool.end() alone resolves while its connections are still closing: the DROP then terminates them
    // and the pool emits 'error' (20 of 30 rounds on this machine); that was the flaky place-search test.
    // One admin connection for the whole loop, as a test file's after() has it open: the DROP follows
    // the end at once.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    let errors = 0;
    try {
      for (let round = 0; round < 10; round++) {
        const name = `pool_end_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
        pool.on('error', () => errors++);
        await Promise.all([1, 2, 3, 4].map(() => pool.query('SELECT pg_sleep(0.01)')));
        await endPool(pool);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(errors, 0, 'no connection was still open when its database was dropped');
  });
});
