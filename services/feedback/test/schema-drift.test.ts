// The SQL migrations are the database's source of truth and schema.prisma is what the code is
// generated from: this fails when the two disagree.
import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from '@jest/globals';
import { checkServiceSchema } from '@astro/platform/db/index';

it('SQL migrations and schema.prisma agree', async () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  assert.deepEqual(await checkServiceSchema(path.resolve(import.meta.dirname, '..'), adminUrl), []);
});
