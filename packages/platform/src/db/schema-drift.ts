// The SQL migrations are the source of truth for the database (DESIGN.md §3: `prisma migrate` cannot
// run here), while Prisma's client is generated from schema.prisma. This check reports where the two
// disagree so a test can fail before a query does.
//
// The parser is regular-expression based and covers the style our schemas use:
// - `model` and `enum` blocks, `@@map`, field `@map`, `@db.<NativeType>`, `?` and `[]`;
// - `//` comments (also `///`), outside string literals;
// - a field whose type is another model is a relation and has no column; `Unsupported("...")` fields
//   are checked for existence and nullability only.
// Not handled: `view` and `type` blocks (ignored), multi-schema (`@@schema`; one schema is compared,
// `public` by default), block comments (`/* */`), and a `}` that starts a line inside a block.
// Not compared: defaults, indexes, unique/primary/foreign keys, lengths such as VarChar(255).
import pg from 'pg';

export interface PrismaField {
  name: string;
  column: string;
  /** Scalar (`String`), enum name, or `Unsupported`. Relation fields are not listed. */
  type: string;
  list: boolean;
  optional: boolean;
  /** `@db.Uuid` -> `Uuid` */
  nativeType?: string;
}

export interface PrismaModel {
  name: string;
  table: string;
  fields: PrismaField[];
}

export interface PrismaEnum {
  name: string;
  dbName: string;
  /** Values as stored in the database (their `@map` when present). */
  values: string[];
}

export interface PrismaSchema {
  models: PrismaModel[];
  enums: PrismaEnum[];
}

/** Native type -> [information_schema data_type, element udt_name for arrays]. */
const NATIVE: Record<string, [string, string]> = {
  Text: ['text', 'text'],
  VarChar: ['character varying', 'varchar'],
  Char: ['character', 'bpchar'],
  Uuid: ['uuid', 'uuid'],
  Citext: ['citext', 'citext'],
  Xml: ['xml', 'xml'],
  Inet: ['inet', 'inet'],
  Bit: ['bit', 'bit'],
  VarBit: ['bit varying', 'varbit'],
  Integer: ['integer', 'int4'],
  SmallInt: ['smallint', 'int2'],
  Oid: ['oid', 'oid'],
  BigInt: ['bigint', 'int8'],
  Boolean: ['boolean', 'bool'],
  Timestamp: ['timestamp without time zone', 'timestamp'],
  Timestamptz: ['timestamp with time zone', 'timestamptz'],
  Date: ['date', 'date'],
  Time: ['time without time zone', 'time'],
  Timetz: ['time with time zone', 'timetz'],
  Json: ['json', 'json'],
  JsonB: ['jsonb', 'jsonb'],
  DoublePrecision: ['double precision', 'float8'],
  Real: ['real', 'float4'],
  Decimal: ['numeric', 'numeric'],
  Money: ['money', 'money'],
  ByteA: ['bytea', 'bytea'],
};

/** Native types accepted for a Prisma scalar without `@db.*` (the first is what Prisma would create). */
const SCALAR_DEFAULTS: Record<string, string[]> = {
  String: ['Text', 'VarChar'],
  Int: ['Integer'],
  BigInt: ['BigInt'],
  Boolean: ['Boolean'],
  DateTime: ['Timestamp', 'Timestamptz'],
  Json: ['JsonB', 'Json'],
  Float: ['DoublePrecision'],
  Decimal: ['Decimal'],
  Bytes: ['ByteA'],
};

const BLOCK = /^[ \t]*(model|enum|view|type)[ \t]+(\w+)[ \t]*\{([\s\S]*?)^[ \t]*\}/gm;
const FIELD = /^(\w+)\s+(\w+|Unsupported\("(?:[^"\\]|\\.)*"\))(\[\])?(\?)?(.*)$/;
const MAP = /@map\(\s*(?:name:\s*)?"([^"]*)"/;
const BLOCK_MAP = /@@map\(\s*(?:name:\s*)?"([^"]*)"/;

/** Removes `//` comments, leaving `//` inside string literals (e.g. a URL default) alone. */
function stripComments(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === '/' && !quoted && line[i + 1] === '/') return line.slice(0, i);
  }
  return line;
}

export function parsePrismaSchema(text: string): PrismaSchema {
  const clean = text.split('\n').map(stripComments).join('\n');
  const blocks = [...clean.matchAll(BLOCK)].map((m) => ({
    kind: m[1],
    name: m[2] as string,
    lines: blockLines(m[3] ?? ''),
  }));
  const modelNames = new Set(blocks.filter((b) => b.kind === 'model').map((b) => b.name));

  const enums: PrismaEnum[] = blocks
    .filter((b) => b.kind === 'enum')
    .map((b) => ({
      name: b.name,
      dbName: b.lines.map((l) => BLOCK_MAP.exec(l)?.[1]).find(Boolean) ?? b.name,
      values: b.lines.filter((l) => !l.startsWith('@@')).map((l) => MAP.exec(l)?.[1] ?? (l.split(/\s/)[0] as string)),
    }));

  const models: PrismaModel[] = blocks
    .filter((b) => b.kind === 'model')
    .map((b) => {
      const fields: PrismaField[] = [];
      for (const line of b.lines) {
        const m = FIELD.exec(line);
        if (!m || line.startsWith('@@')) continue;
        const [, name, rawType, list, optional, rest = ''] = m as unknown as [
          string,
          string,
          string,
          string?,
          string?,
          string?,
        ];
        if (modelNames.has(rawType)) continue; // relation field: no column of its own
        fields.push({
          name,
          column: MAP.exec(rest)?.[1] ?? name,
          type: rawType.startsWith('Unsupported(') ? 'Unsupported' : rawType,
          list: Boolean(list),
          optional: Boolean(optional),
          nativeType: /@db\.(\w+)/.exec(rest)?.[1],
        });
      }
      return { name: b.name, table: b.lines.map((l) => BLOCK_MAP.exec(l)?.[1]).find(Boolean) ?? b.name, fields };
    });
  return { models, enums };
}

function blockLines(body: string): string[] {
  return body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

/**
 * Compares schema.prisma with the tables of `options.schema` (default `public`) in the database.
 * Returns one human-readable line per difference; empty when they agree. Tables that no model maps
 * to (the migration tool's own, for instance) are ignored.
 */
export async function compareSchemaWithDatabase(
  schemaPrismaText: string,
  databaseUrl: string,
  options: { schema?: string } = {},
): Promise<string[]> {
  const dbSchema = options.schema ?? 'public';
  const prisma = parsePrismaSchema(schemaPrismaText);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let columns: DbColumn[];
  let enumRows: { name: string; value: string }[];
  try {
    columns = (
      await client.query<DbColumn>(
        `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
           FROM information_schema.columns c
           JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE'
          ORDER BY c.table_name, c.ordinal_position`,
        [dbSchema],
      )
    ).rows;
    enumRows = (
      await client.query<{ name: string; value: string }>(
        `SELECT t.typname AS name, e.enumlabel AS value
           FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = $1 ORDER BY t.typname, e.enumsortorder`,
        [dbSchema],
      )
    ).rows;
  } finally {
    await client.end();
  }
  return [...compareEnums(prisma.enums, enumRows), ...compareModels(prisma, columns)];
}

function compareEnums(enums: PrismaEnum[], rows: { name: string; value: string }[]): string[] {
  const problems: string[] = [];
  for (const e of enums) {
    const dbValues = rows.filter((r) => r.name === e.dbName).map((r) => r.value);
    if (dbValues.length === 0) {
      problems.push(`enum "${e.dbName}" (enum ${e.name}) is missing in the database`);
      continue;
    }
    for (const v of e.values.filter((v) => !dbValues.includes(v)))
      problems.push(`enum "${e.dbName}": value "${v}" is missing in the database`);
    for (const v of dbValues.filter((v) => !e.values.includes(v)))
      problems.push(`enum "${e.dbName}": value "${v}" is not declared in enum ${e.name}`);
  }
  return problems;
}

function compareModels(prisma: PrismaSchema, columns: DbColumn[]): string[] {
  const problems: string[] = [];
  const enumDbNames = new Map(prisma.enums.map((e) => [e.name, e.dbName]));
  for (const model of prisma.models) {
    const where = `table "${model.table}" (model ${model.name})`;
    const dbColumns = columns.filter((c) => c.table_name === model.table);
    if (dbColumns.length === 0) {
      problems.push(`${where} is missing in the database`);
      continue;
    }
    for (const field of model.fields) {
      const col = dbColumns.find((c) => c.column_name === field.column);
      const what = `${where}: column "${field.column}"${field.column === field.name ? '' : ` (field ${field.name})`}`;
      if (!col) {
        problems.push(`${what} is missing in the database`);
        continue;
      }
      const expected = expectedTypes(field, enumDbNames);
      const actual = describeColumnType(col);
      if (typeof expected === 'string') problems.push(`${what}: ${expected}`);
      else if (expected && !expected.includes(actual)) {
        problems.push(
          `${what}: type is ${actual} but ${field.type}${field.list ? '[]' : ''}${field.nativeType ? ` @db.${field.nativeType}` : ''} expects ${expected.join(' or ')}`,
        );
      }
      // Prisma cannot declare a list optional, and creates list columns without NOT NULL itself, so
      // a list's nullability is not compared.
      if (!field.list && (col.is_nullable === 'YES') !== field.optional) {
        problems.push(
          field.optional
            ? `${what} is NOT NULL in the database but optional (?) in the model`
            : `${what} is nullable in the database but required in the model`,
        );
      }
    }
    const declared = new Set(model.fields.map((f) => f.column));
    for (const c of dbColumns.filter((c) => !declared.has(c.column_name))) {
      problems.push(`${where}: column "${c.column_name}" exists in the database but is not declared in the model`);
    }
  }
  return problems;
}

/** How a column's type reads in messages and in `expectedTypes`: `text`, `uuid[]`, `role` (an enum). */
function describeColumnType(col: DbColumn): string {
  if (col.data_type === 'ARRAY') return `${col.udt_name.replace(/^_/, '')}[]`;
  if (col.data_type === 'USER-DEFINED') return col.udt_name;
  return col.data_type;
}

/** Accepted column types (as describeColumnType writes them), undefined = not compared, string = error. */
function expectedTypes(field: PrismaField, enumDbNames: Map<string, string>): string[] | string | undefined {
  if (field.type === 'Unsupported') return undefined;
  const enumName = enumDbNames.get(field.type);
  if (enumName) return [field.list ? `${enumName}[]` : enumName];
  const natives = field.nativeType ? [field.nativeType] : SCALAR_DEFAULTS[field.type];
  if (!natives) return `type ${field.type} is neither a scalar, an enum nor a model in schema.prisma`;
  const types = natives.map((n) => NATIVE[n]);
  if (types.some((t) => !t)) return `@db.${field.nativeType} is not a native type this check knows`;
  return (types as [string, string][]).map(([dataType, udt]) => (field.list ? `${udt}[]` : dataType));
}
