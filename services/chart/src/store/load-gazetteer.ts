// Loads the gazetteer into `places` / `place_names` (migration 0002) at start.
//
// Idempotent and cheap when nothing changed: gazetteer_meta records the identity of the loaded data
// (package versions, CLDR version, loader version); a start that finds the same identity and the row
// count it recorded returns after two small queries. Otherwise the tables are replaced in one
// transaction, so a reader sees the old data or the new, never a half-loaded table (readers wait for
// the table lock while a load runs, which happens only when the data package changes).
// Several processes starting at once: a transaction-scoped advisory lock serialises the loaders and
// the identity is checked again under it, so the second one finds the work done and loads nothing.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { locateGazetteerSource, readGazetteerRows, type GazetteerRows } from './gazetteer-data.ts';

export interface GazetteerLogger {
  info(message: string, meta?: Record<string, unknown>): unknown;
}

export interface GazetteerLoadResult {
  /** false when the same data was already loaded. */
  loaded: boolean;
  /** Places in the table afterwards. */
  rows: number;
  /** Wall time of this call. */
  ms: number;
}

const LOCK_KEY = createHash('sha256').update('astro:chart:gazetteer-load').digest().readBigInt64BE(0).toString();

export async function loadGazetteer(pool: pg.Pool, log: GazetteerLogger): Promise<GazetteerLoadResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const source = await locateGazetteerSource();

  const current = await loadedRows(pool, source.id);
  if (current !== null) return { loaded: false, rows: current, ms: elapsed() };

  // The first pass over the file (admin1 names, row count) before taking the lock; the two passes that
  // feed COPY run under it.
  const gazetteer = await readGazetteerRows(source);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_KEY]);
    const again = await loadedRows(client, source.id);
    if (again !== null) {
      await client.query('COMMIT');
      return { loaded: false, rows: again, ms: elapsed() };
    }
    log.info('gazetteer loading', { source: source.id, places: gazetteer.places, parse_ms: elapsed() });
    const steps: Record<string, number> = {};
    const names = await replaceTables(client, gazetteer, steps);
    await client.query(
      `INSERT INTO gazetteer_meta (id, source, place_rows, name_rows, load_ms, loaded_at)
       VALUES (true, $1, $2, $3, $4, now())
       ON CONFLICT (id) DO UPDATE SET source = EXCLUDED.source, place_rows = EXCLUDED.place_rows,
         name_rows = EXCLUDED.name_rows, load_ms = EXCLUDED.load_ms, loaded_at = EXCLUDED.loaded_at`,
      [source.id, gazetteer.places, names, elapsed()],
    );
    await client.query('COMMIT');
    log.info('gazetteer committed', { ...steps, names });
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  // Planner statistics, and the visibility map that lets exact and prefix matches read the name index
  // alone. VACUUM cannot run inside the loading transaction; repeating it is harmless.
  await pool.query('VACUUM (ANALYZE) places, place_names');
  const ms = elapsed();
  log.info('gazetteer loaded', { source: source.id, places: gazetteer.places, ms });
  return { loaded: true, rows: gazetteer.places, ms };
}

/** Row count when the loaded data has identity `sourceId` and is complete, else null. */
async function loadedRows(db: pg.Pool | pg.PoolClient, sourceId: string): Promise<number | null> {
  const meta = await db.query<{ source: string; place_rows: number }>(
    'SELECT source, place_rows FROM gazetteer_meta WHERE id',
  );
  const m = meta.rows[0];
  if (!m || m.source !== sourceId) return null;
  // Guards against a table emptied by hand since (a few ms on 200k rows).
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM places');
  return count.rows[0]?.n === m.place_rows ? m.place_rows : null;
}

/** Replaces both tables' contents; returns the number of name rows. */
async function replaceTables(
  client: pg.PoolClient,
  gazetteer: GazetteerRows,
  steps: Record<string, number>,
): Promise<number> {
  let t = performance.now();
  const step = (name: string): void => {
    steps[name] = Math.round(performance.now() - t);
    t = performance.now();
  };
  // Index builds and the name grouping sort in memory rather than in temporary files.
  await client.query("SET LOCAL maintenance_work_mem = '512MB'");
  await client.query("SET LOCAL work_mem = '256MB'");
  await client.query('TRUNCATE places, place_names');
  // Building the name indexes once over the loaded rows is several times faster than maintaining them
  // row by row. Their definitions are read back from the catalog (migration 0002 stays their only
  // source) and replayed after the load.
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'place_names'`,
  );
  for (const ix of indexes.rows) await client.query(`DROP INDEX ${client.escapeIdentifier(ix.indexname)}`);

  await copyInto(
    client,
    `COPY places (geoname_id, name, ascii_name, feature_code, country_code, country_name, admin1_code,
                  admin1_name, latitude, longitude, timezone, population) FROM STDIN`,
    gazetteer.batches(),
    (r) => [
      [
        r.geonameId,
        r.name,
        r.asciiName,
        r.featureCode,
        r.countryCode,
        r.countryName,
        r.admin1Code,
        r.admin1Name,
        r.latitude,
        r.longitude,
        r.timezone,
        r.population,
      ],
    ],
  );
  step('places_ms');

  // Raw names go to a scratch table and are normalised by the database's place_norm(), the function
  // queries go through too, so stored names and queries can never be normalised differently.
  await client.query(
    'CREATE TEMP TABLE raw_place_names (geoname_id integer, name text, is_primary boolean) ON COMMIT DROP',
  );
  await copyInto(client, 'COPY raw_place_names (geoname_id, name, is_primary) FROM STDIN', gazetteer.batches(), (r) => [
    [r.geonameId, r.name, 't'],
    [r.geonameId, r.asciiName, 't'],
    ...r.alternateNames.map((n): Cell[] => [r.geonameId, n, 'f']),
  ]);
  step('raw_names_ms');

  // fuzzy marks the names searched for typos (migration 0002): primary names, and the Latin-script
  // alternate names of places of 15,000+ people (GeoNames' own "cities15000" cut), of 4+ characters.
  const inserted = await client.query(
    `INSERT INTO place_names (name_norm, geoname_id, population, is_primary, fuzzy)
     SELECT n.name_norm, n.geoname_id, p.population, n.is_primary,
            length(n.name_norm) >= 4 AND (n.is_primary OR (p.population >= 15000 AND n.name_norm ~ '^[a-z0-9 ]+$'))
       FROM (SELECT place_norm(name) AS name_norm, geoname_id, bool_or(is_primary) AS is_primary
               FROM raw_place_names GROUP BY 1, 2) n
       JOIN places p USING (geoname_id)
      WHERE n.name_norm <> ''`,
  );
  step('names_ms');
  for (const ix of indexes.rows) await client.query(ix.indexdef);
  step('name_indexes_ms');
  return inserted.rowCount ?? 0;
}

type Cell = string | number | null;

/** Streams the lines made of each item through COPY ... FROM STDIN (text format), a chunk per batch. */
async function copyInto<T>(
  client: pg.PoolClient,
  sql: string,
  batches: AsyncIterable<T[]>,
  linesOf: (item: T) => Cell[][],
): Promise<void> {
  async function* chunks(): AsyncGenerator<string> {
    for await (const batch of batches) {
      let buf = '';
      for (const item of batch) for (const line of linesOf(item)) buf += line.map(copyText).join('\t') + '\n';
      if (buf) yield buf;
    }
  }
  await pipeline(Readable.from(chunks()), client.query(copyStreams.from(sql)));
}

/** COPY text format: \N is null; backslash, tab, newline and carriage return are escaped. */
function copyText(v: Cell): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : v;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
