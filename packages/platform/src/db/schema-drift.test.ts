// Checks the drift report against a real database (the machine's PostgreSQL, DESIGN.md §4), made for
// this run and dropped after.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, test } from '@jest/globals';
import pg from 'pg';
import { ensureDatabase } from './migrate.ts';
import { compareSchemaWithDatabase, parsePrismaSchema } from './schema-drift.ts';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `astro_drift_test_${randomBytes(4).toString('hex')}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;

const SCHEMA = `
generator client {
  provider = "prisma-client"
}

/// A person who owns charts.
model User {
  id        String   @id @default(dbgenerated("gen_random_uuid()")) @db.Uuid
  email     String   @unique // login e-mail
  name      String?
  plan      Plan     @default(FREE)
  tags      String[]
  credits   BigInt   @default(0)
  active    Boolean  @default(true)
  homepage  String?  @default("https://example.com/a//b") @map("home_page")
  createdAt DateTime @default(now()) @map("created_at") @db.Timestamptz(3)
  charts    Chart[]

  @@map("users")
}

model Chart {
  id        Int      @id @default(autoincrement())
  userId    String   @map("user_id") @db.Uuid
  user      User     @relation(fields: [userId], references: [id])
  data      Json
  score     Float?
  price     Decimal? @db.Decimal(10, 2)
  blob      Bytes?
  takenAt   DateTime @map("taken_at")
  roles     Plan[]

  @@index([userId])
  @@map("charts")
}

enum Plan {
  FREE
  PRO  @map("pro")

  @@map("plan")
}
`;

const SQL = `
CREATE TYPE plan AS ENUM ('FREE', 'pro');
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  name text,
  plan plan NOT NULL DEFAULT 'FREE',
  tags text[],
  credits bigint NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  home_page varchar(200),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE TABLE charts (
  id serial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users,
  data jsonb NOT NULL,
  score double precision,
  price numeric(10, 2),
  blob bytea,
  taken_at timestamp(3) NOT NULL,
  roles plan[] NOT NULL DEFAULT '{}'
);
CREATE INDEX ON charts (user_id);
-- The migration tool's own table is not in schema.prisma and must be ignored.
CREATE TABLE pgmigrations (id serial PRIMARY KEY, name varchar(255) NOT NULL, run_on timestamp NOT NULL);
`;

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe('parsePrismaSchema', () => {
  test('reads maps, native types, lists, optionals and enums; skips relations and comments', () => {
    const { models, enums } = parsePrismaSchema(SCHEMA);
    assert.deepEqual(
      models.map((m) => [m.name, m.table]),
      [
        ['User', 'users'],
        ['Chart', 'charts'],
      ],
    );
    const user = models[0]!;
    assert.ok(!user.fields.some((f) => f.name === 'charts'), 'relation list field has no column');
    assert.ok(!models[1]!.fields.some((f) => f.name === 'user'), 'relation field has no column');
    assert.deepEqual(
      user.fields.find((f) => f.name === 'homepage'),
      {
        name: 'homepage',
        column: 'home_page',
        type: 'String',
        list: false,
        optional: true,
        nativeType: undefined,
      },
    );
    assert.deepEqual(
      user.fields.find((f) => f.name === 'tags'),
      { name: 'tags', column: 'tags', type: 'String', list: true, optional: false, nativeType: undefined },
    );
    assert.equal(user.fields.find((f) => f.name === 'createdAt')?.nativeType, 'Timestamptz');
    assert.deepEqual(enums, [{ name: 'Plan', dbName: 'plan', values: ['FREE', 'pro'] }]);
  });
});

describe('compareSchemaWithDatabase', () => {
  before(async () => {
    await ensureDatabase(ADMIN_URL, dbName);
    await sql(SQL);
  });

  after(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(dbName)} WITH (FORCE)`);
    await admin.end();
  });

  test('agreement gives no differences', async () => {
    assert.deepEqual(await compareSchemaWithDatabase(SCHEMA, dbUrl), []);
  });

  test('a column declared in the model but missing in the database', async () => {
    const schema = SCHEMA.replace('  score     Float?', '  score     Float?\n  rank      Int    @map("rank_no")');
    assert.deepEqual(await compareSchemaWithDatabase(schema, dbUrl), [
      'table "charts" (model Chart): column "rank_no" (field rank) is missing in the database',
    ]);
  });

  test('a table missing in the database', async () => {
    const schema = `${SCHEMA}\nmodel Report {\n  id Int @id\n}\n`;
    assert.deepEqual(await compareSchemaWithDatabase(schema, dbUrl), [
      'table "Report" (model Report) is missing in the database',
    ]);
  });

  test('nullability mismatches, both ways', async () => {
    const schema = SCHEMA.replace('  name      String?', '  name      String').replace(
      '  data      Json',
      '  data      Json?',
    );
    assert.deepEqual((await compareSchemaWithDatabase(schema, dbUrl)).toSorted(), [
      'table "charts" (model Chart): column "data" is NOT NULL in the database but optional (?) in the model',
      'table "users" (model User): column "name" is nullable in the database but required in the model',
    ]);
  });

  test('type mismatches', async () => {
    const schema = SCHEMA.replace('  credits   BigInt', '  credits   Int   ')
      .replace('@map("user_id") @db.Uuid', '@map("user_id")')
      .replace('  tags      String[]', '  tags      Int[]');
    assert.deepEqual((await compareSchemaWithDatabase(schema, dbUrl)).toSorted(), [
      'table "charts" (model Chart): column "user_id" (field userId): type is uuid but String expects text or character varying',
      'table "users" (model User): column "credits": type is bigint but Int expects integer',
      'table "users" (model User): column "tags": type is text[] but Int[] expects int4[]',
    ]);
  });

  // Last: an enum value cannot be dropped again, so this one leaves 'team' behind.
  test('a database column or enum value the schema does not declare', async () => {
    await sql("ALTER TABLE users ADD COLUMN legacy text; ALTER TYPE plan ADD VALUE 'team'");
    try {
      assert.deepEqual(await compareSchemaWithDatabase(SCHEMA, dbUrl), [
        'enum "plan": value "team" is not declared in enum Plan',
        'table "users" (model User): column "legacy" exists in the database but is not declared in the model',
      ]);
    } finally {
      await sql('ALTER TABLE users DROP COLUMN legacy');
    }
  });
});
