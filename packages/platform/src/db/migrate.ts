// Start-up migrations (DESIGN.md §3): Prisma's schema engine cannot be downloaded here, so each
// service keeps plain SQL files (`0001_init.sql`, ...) and applies them with node-pg-migrate, a
// maintained migration tool that reads .sql files natively. A file with no `-- Up Migration` /
// `-- Down Migration` markers is entirely an up migration.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { runner, type MigrationBuilder } from 'node-pg-migrate';

/** node-pg-migrate's bookkeeping table (its default name), one row per applied file. */
export const MIGRATIONS_TABLE = 'pgmigrations';

export interface MigrateOptions {
  /** Receives node-pg-migrate's progress lines; silent by default. */
  log?: (message: string) => void;
}

/**
 * Creates `dbName` on the server of `adminUrl` unless it exists; returns whether it created it.
 * Safe when several services start at once: a per-name advisory lock serialises the check and the
 * CREATE, and "already exists" is still accepted for callers that lock on another admin database.
 */
export async function ensureDatabase(adminUrl: string, dbName: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const key = createHash('sha256').update(`astro:ensure-database:${dbName}`).digest().readBigInt64BE(0).toString();
    await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
      if (found.rowCount) return false;
      // CREATE DATABASE takes no bind parameters; the name is quoted as an identifier.
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(dbName)}`);
      return true;
    } catch (err) {
      // 42P04 duplicate_database; 23505 when two CREATEs race on pg_database's unique index.
      const code = (err as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw err;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Drops every database named `<prefix>_...` (a fleet's, a test run's), connected or not. Returns how
 * many were dropped.
 */
export async function dropDatabases(adminUrl: string, prefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix.replace(/[\\_%]/g, (c) => `\\${c}`)}\\_%`,
    ]);
    for (const r of rows)
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(r.datname)} WITH (FORCE)`);
    return rows.length;
  } finally {
    await client.end();
  }
}

/**
 * Applies the `.sql` files of `migrationsDir` not yet recorded in `pgmigrations`, in file-name order
 * (numeric prefix first), each in its own transaction together with its bookkeeping row. Returns the
 * names applied (file names without `.sql`), empty when the database was up to date.
 *
 * Concurrency: node-pg-migrate holds a session advisory lock (one well-known key, per database) for
 * the whole run; with `advisoryLockMode: 'wait'` a second process blocks until the first is done and
 * then finds nothing left to apply, instead of failing.
 * Order: a file whose name sorts before an already applied one is an error (checkOrder), so a branch
 * merged late gets renumbered instead of silently skipped.
 */
export async function runMigrations(
  databaseUrl: string,
  migrationsDir: string,
  options: MigrateOptions = {},
): Promise<string[]> {
  const log = options.log ?? (() => {});
  const applied = await runner({
    databaseUrl,
    dir: path.resolve(migrationsDir),
    direction: 'up',
    migrationsTable: MIGRATIONS_TABLE,
    // Only *.sql files count (a README beside them would otherwise be loaded as a JS migration);
    // dot-files stay ignored as by default. The pattern is anchored by node-pg-migrate (^...$).
    ignorePattern: '(?:\\..*|.*(?<!\\.sql))',
    // 'sql' also pairs 0002_x.up.sql with 0002_x.down.sql, should anyone write down migrations.
    // Our loader: node-pg-migrate's, plus psql's `\ir` include (platform DDL shared by services).
    migrationLoaderStrategies: [{ extensions: ['.sql'], loader: loadSqlMigrations }],
    // One transaction per file, not one for the batch: lets a later file use an enum value an earlier
    // file added (ALTER TYPE ... ADD VALUE cannot be used in the transaction that added it).
    singleTransaction: false,
    checkOrder: true,
    advisoryLockMode: 'wait',
    log,
  });
  return applied.map((m) => m.name);
}

/** psql's relative include meta-command, alone on its line: `\ir ../../../packages/platform/migrations/outbox.sql`. */
const INCLUDE = /^[ \t]*\\ir[ \t]+(\S+)[ \t]*$/gm;

/**
 * The text of a migration file with every `\ir <path>` line replaced by the file it names (relative to
 * the including file, as psql resolves it). Lets each service's migration take a table the platform
 * owns (packages/platform/migrations: the outbox, processed_events) from one file, and keeps the
 * migration runnable with `psql -f`. Included files may include others; a cycle is an error.
 */
export async function expandIncludes(file: string, seen: readonly string[] = []): Promise<string> {
  const resolved = path.resolve(file);
  if (seen.includes(resolved)) throw new Error(`migration include cycle: ${[...seen, resolved].join(' -> ')}`);
  const text = await readFile(resolved, 'utf8');
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(INCLUDE)) {
    parts.push(text.slice(last, m.index));
    parts.push(await expandIncludes(path.resolve(path.dirname(resolved), m[1]!), [...seen, resolved]));
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * One migration per `.sql` file, named by the file (as node-pg-migrate's own SQL loader does, so
 * databases migrated before keep their bookkeeping), its text with includes expanded. Our files have
 * no `-- Down Migration` sections: the whole file is the up migration.
 */
async function loadSqlMigrations(filePaths: string[]) {
  return Promise.all(
    filePaths.map(async (filePath) => {
      const sql = await expandIncludes(filePath);
      return {
        id: filePath,
        filePaths: [filePath],
        actions: { up: (pgm: MigrationBuilder) => pgm.sql(sql), down: false as const },
      };
    }),
  );
}
