// The SQL migrations are the database's source of truth and schema.prisma is what the code is
// generated from: this fails when the two disagree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { compareSchemaWithDatabase, ensureDatabase, runMigrations } from '@astro/platform/db/index';

const SERVICE = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `astro_account_drift_${process.pid}_${Date.now().toString(36)}`;
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

describe('account schema: SQL migrations vs schema.prisma', () => {
  before(async () => {
    await ensureDatabase(adminUrl, dbName);
    await runMigrations(url.toString(), path.join(SERVICE, 'migrations'));
  });
  after(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
  });

  it('agree', async () => {
    const schema = fs.readFileSync(path.join(SERVICE, 'prisma', 'schema.prisma'), 'utf8');
    assert.deepEqual(await compareSchemaWithDatabase(schema, url.toString()), []);
  });
});
