// Runs against the machine's PostgreSQL (DESIGN.md §4) on a database made for this run and dropped after.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, test } from '@jest/globals';
import pg from 'pg';
import { ensureDatabase, expandIncludes, MIGRATIONS_TABLE, runMigrations } from './migrate.ts';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `astro_migrate_test_${randomBytes(4).toString('hex')}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
let dir: string;

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const recorded = async (): Promise<string[]> =>
  (await query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`)).map((r) => r.name);

describe('migrate', () => {
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'astro-migrations-'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(dbName)} WITH (FORCE)`);
    await admin.end();
  });

  test('ensureDatabase creates the database once, also when two callers race', async () => {
    const results = await Promise.all([ensureDatabase(ADMIN_URL, dbName), ensureDatabase(ADMIN_URL, dbName)]);
    assert.deepEqual(results.toSorted(), [false, true]);
    assert.equal(await ensureDatabase(ADMIN_URL, dbName), false);
  });

  test('applies the SQL files in name order, exactly once', async () => {
    await writeFile(
      path.join(dir, '0001_users.sql'),
      'CREATE TABLE users (id bigint PRIMARY KEY, email text NOT NULL);\n',
    );
    await writeFile(
      path.join(dir, '0002_user_name.sql'),
      "ALTER TABLE users ADD COLUMN name text;\nINSERT INTO users (id, email, name) VALUES (1, 'a@example.com', 'A');\n",
    );
    await writeFile(path.join(dir, 'README.md'), 'Not a migration.\n');

    assert.deepEqual(await runMigrations(dbUrl, dir), ['0001_users', '0002_user_name']);
    assert.deepEqual(await query('SELECT id::int, email, name FROM users'), [
      { id: 1, email: 'a@example.com', name: 'A' },
    ]);
    assert.deepEqual(await recorded(), ['0001_users', '0002_user_name']);

    assert.deepEqual(await runMigrations(dbUrl, dir), [], 're-run applies nothing');
    assert.deepEqual(await recorded(), ['0001_users', '0002_user_name']);
  });

  test('a file added later is applied on the next run', async () => {
    await writeFile(
      path.join(dir, '0003_charts.sql'),
      'CREATE TABLE charts (id bigint PRIMARY KEY, user_id bigint REFERENCES users);\n',
    );
    assert.deepEqual(await runMigrations(dbUrl, dir), ['0003_charts']);
    assert.deepEqual(await recorded(), ['0001_users', '0002_user_name', '0003_charts']);
  });

  test('concurrent starts apply a new file once (the second waits on the advisory lock)', async () => {
    await writeFile(
      path.join(dir, '0004_counter.sql'),
      'CREATE TABLE counter (n int);\nINSERT INTO counter VALUES (1);\n',
    );
    const runs = await Promise.all([runMigrations(dbUrl, dir), runMigrations(dbUrl, dir), runMigrations(dbUrl, dir)]);
    assert.deepEqual(runs.flat(), ['0004_counter']);
    assert.deepEqual(await query('SELECT n FROM counter'), [{ n: 1 }]);
  });

  test('a failing file is rolled back whole and not recorded', async () => {
    const bad = path.join(dir, '0005_broken.sql');
    await writeFile(bad, 'CREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    await assert.rejects(runMigrations(dbUrl, dir), /no_such_function/);
    assert.deepEqual(await query("SELECT to_regclass('half_done') AS t"), [{ t: null }]);
    assert.deepEqual((await recorded()).at(-1), '0004_counter');
    await rm(bad);
  });

  test('a new file sorting before an applied one is refused', async () => {
    await writeFile(path.join(dir, '0002_late_branch.sql'), 'SELECT 1;\n');
    await assert.rejects(runMigrations(dbUrl, dir), /preceding already run migration/);
    await rm(path.join(dir, '0002_late_branch.sql'));
  });

  test('\\ir includes a shared file, relative to the including one; applied once, named by the including file', async () => {
    const shared = path.join(dir, '..', `${path.basename(dir)}-shared`);
    await mkdir(shared, { recursive: true });
    try {
      await writeFile(path.join(shared, 'ledger.sql'), 'CREATE TABLE IF NOT EXISTS ledger (id text PRIMARY KEY);\n');
      await writeFile(
        path.join(dir, '0006_ledger.sql'),
        `-- the shared DDL\n\\ir ../${path.basename(shared)}/ledger.sql\nINSERT INTO ledger VALUES ('a');\n`,
      );
      assert.deepEqual(await runMigrations(dbUrl, dir), ['0006_ledger']);
      assert.deepEqual(await query('SELECT id FROM ledger'), [{ id: 'a' }]);
      assert.deepEqual(await runMigrations(dbUrl, dir), []);
      // A file including itself (or a longer cycle) is refused rather than expanded forever.
      const loop = path.join(shared, 'loop.sql');
      await writeFile(loop, '\\ir loop.sql\n');
      await assert.rejects(expandIncludes(loop), /include cycle/);
    } finally {
      await rm(shared, { recursive: true, force: true });
    }
  });

  test("the services' migrations take the outbox DDL from the platform's one file", async () => {
    const root = path.join(import.meta.dirname, '..', '..', '..', '..');
    const platform = await expandIncludes(path.join(root, 'packages', 'platform', 'migrations', 'outbox.sql'));
    for (const file of ['services/chart/migrations/0003_outbox.sql', 'services/feedback/migrations/0002_outbox.sql'])
      assert.ok((await expandIncludes(path.join(root, file))).includes(platform), file);
  });
});
