// A database of its own for one test file on the machine's PostgreSQL (TEST_DATABASE_ADMIN_URL, else
// the local server): created before the tests, dropped after, so parallel runs never share rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** Connection URL of the database (valid between create and drop). */
  url: string;
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function scratchDatabase(prefix: string): ScratchDatabase {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    create: () => admin(`CREATE DATABASE ${pg.escapeIdentifier(name)}`),
    drop: () => admin(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  };
}
