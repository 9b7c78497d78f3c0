// A service's schema check in one call: apply its migrations to a throw-away database and compare the
// result with its schema.prisma. Each service's schema-drift test is this plus an assertion.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, runMigrations } from './migrate.ts';
import { compareSchemaWithDatabase } from './schema-drift.ts';

export async function checkServiceSchema(serviceDir: string, adminUrl: string): Promise<string[]> {
  const name = `astro_drift_${path.basename(serviceDir).replace(/\W/g, '_')}_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await ensureDatabase(adminUrl, name);
  try {
    await runMigrations(url.toString(), path.join(serviceDir, 'migrations'));
    const schema = fs.readFileSync(path.join(serviceDir, 'prisma', 'schema.prisma'), 'utf8');
    return await compareSchemaWithDatabase(schema, url.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  }
}
