// Applies every service's SQL migrations to its database on a PostgreSQL server, creating the
// databases when missing: what the launcher does at start, as a standalone step (a Kubernetes Job,
// or a deploy pipeline).   DATABASE_URL=postgres://... [DB_PREFIX=astro] npm run migrate
import fs from 'node:fs';
import path from 'node:path';
import { ensureDatabase, runMigrations } from '@astro/platform/db/index';
import { presentServices, ROOT } from './fleet.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('migrate: DATABASE_URL (an admin URL of the PostgreSQL server) is required');
  process.exit(78);
}
const prefix = process.env.DB_PREFIX || 'astro';
// The PostgreSQL event bus creates its own tables; it needs its database to exist.
await ensureDatabase(adminUrl, `${prefix}_bus`);
for (const s of presentServices()) {
  const dir = path.join(ROOT, 'services', s.name, 'migrations');
  if (!fs.existsSync(dir)) continue;
  const db = `${prefix}_${s.name.replace(/-/g, '_')}`;
  await ensureDatabase(adminUrl, db);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  const applied = await runMigrations(url.toString(), dir);
  console.log(`[migrate] ${s.name} (${db}): ${applied.length ? applied.join(', ') : 'up to date'}`);
}
