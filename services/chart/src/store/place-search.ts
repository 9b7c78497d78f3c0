// Place search over the gazetteer (migration 0002, loaded by load-gazetteer.ts).
//
// Matching, on names normalised by place_norm() (accents, case and punctuation ignored), over every
// name of a place (GeoNames name, ASCII name, alternate names such as "München", "Muenchen", "NYC"):
// - strong matches: a name equals the query or starts with it ("new yor" -> "new york city"); when the
//   query has a comma, the part before it is searched and the whole query must match exactly
//   ("Washington, D.C.").
// - weak matches (typos: "londn", "mumbay"): trigram similarity >= 0.4 (pg_trgm's % operator), only for
//   Latin-script queries of 4+ characters, only when no place's own name matched exactly, and only
//   when the strong matches are fewer than asked for, since every strong match outranks every weak one.
// Ranking, "match quality, then population":
// 1. places matching the qualifier after a comma ("Paris, Texas": admin1 name or code, country name
//    in any supported language or ISO code);
// 2. strong before weak;
// 3. strong: log10(population), +2 when the name matched is the place's GeoNames name rather than an
//    alternate name, +2 for an exact match (+3 for the whole literal with a comma). So an exact match
//    beats a prefix match unless that place is over 100 times larger ("par": Paris, 2.1M, before the
//    town Par, 9k), and obscure alternate names of big cities do not crowd out real names ("sa": São
//    Paulo before Shanghai, whose alternate "Sanghai" also starts with "sa"; "new delhi": New Delhi
//    before Delhi, which has "New Delhi" among its alternate names);
//    weak: similarity + 0.1 * log10(population), so London (similarity 0.44 to "londn", 9M people)
//    beats the village Londa (0.5).
import type pg from 'pg';
import { AppError } from '@astro/platform';
import { countriesMatching, countryName } from '../domain/country-names.ts';
import type { Place } from '../domain/chart-use-cases.ts';
import { parsePlaceQuery, type PlaceSearchOptions } from '../domain/place-query.ts';

/** Most prefix hits considered (best first): a 2-letter prefix such as "sa" matches ~25k names. */
const PREFIX_CANDIDATES = 300;
/** Decades of population a match on the GeoNames name (not an alternate name) is worth. */
const PRIMARY_BONUS = 2;
/**
 * Least trigram similarity of a weak match. pg_trgm's default 0.3 lets a 5-letter query through with
 * 2 shared trigrams, so the index hands thousands of rows to the recheck (~5 us each). On our
 * 200-query benchmark 0.4 took the p95 from 18-21 ms to 10-14 ms and changed no first result ("londn"
 * -> London is 0.44, "moskow" -> Moscow 0.4).
 */
const SIMILARITY_THRESHOLD = 0.4;
/** Trigram search below this many normalised characters finds noise, not typos. */
const FUZZY_MIN_LENGTH = 4;

// Whether place row p matches the qualifier after a comma ($3, with $4 the country codes it names).
const QUALIFIES = `($3::text IS NULL
   OR p.country_code = ANY($4::text[])
   OR lower(p.admin1_code) = replace(place_norm($3), ' ', '')
   OR starts_with(place_norm(p.admin1_name), place_norm($3))
   OR starts_with(place_norm(p.country_name), place_norm($3)))`;

// $1 head (query before a comma, or the whole query), $2 whole query when it has a comma else null,
// $3 qualifier or null, $4 country codes the qualifier names, $5 limit.
// place_norm() is STABLE, so the planner cannot fold it into a constant; comparisons against it still
// become index conditions evaluated once per scan. LIKE would not (its prefix must be a constant),
// hence the explicit range for prefixes: in byte order ("C" collation) every name starting with p
// lies in (p, p || U+10FFFF).
const SEARCH_SQL = `
WITH exact AS (
  SELECT geoname_id, population, is_primary, 2 AS bonus FROM place_names WHERE name_norm = place_norm($1)
  UNION ALL
  SELECT geoname_id, population, is_primary, 3
    FROM place_names WHERE $2::text IS NOT NULL AND name_norm = place_norm($2)
), prefix AS (
  SELECT geoname_id, population, is_primary, 0 AS bonus FROM place_names
   WHERE name_norm > place_norm($1) AND name_norm < place_norm($1) || chr(1114111)
   ORDER BY log(population + 1) + ${PRIMARY_BONUS} * is_primary::int DESC
   LIMIT ${PREFIX_CANDIDATES}
), strong AS (
  SELECT geoname_id, 2 AS tier, max(log(population + 1) + bonus + ${PRIMARY_BONUS} * is_primary::int) AS score
    FROM (SELECT * FROM exact UNION ALL SELECT * FROM prefix) m
   GROUP BY geoname_id
), fuzzy AS (
  -- One-time filters skip this scan for queries under 4 characters; for queries not in Latin script
  -- (the names searched for typos are Latin, and where the database's character type is C non-ASCII
  -- text has no trigrams, so % would read the whole index); when a place's own name matched exactly
  -- (no typo: "Malmo", "Seoul"); and when qualified strong matches already fill the page.
  SELECT geoname_id, 1 AS tier, max(similarity(name_norm, place_norm($1))) + 0.1 * log(max(population) + 1) AS score
    FROM place_names
   WHERE fuzzy AND name_norm % place_norm($1)
     AND length(place_norm($1)) >= ${FUZZY_MIN_LENGTH}
     AND place_norm($1) ~ '^[a-z0-9 ]+$'
     AND NOT EXISTS (SELECT 1 FROM exact WHERE is_primary)
     AND (SELECT count(*) FROM strong s JOIN places p USING (geoname_id) WHERE ${QUALIFIES}) < $5
   GROUP BY geoname_id
), best AS (
  SELECT DISTINCT ON (geoname_id) geoname_id, tier, score
    FROM (SELECT * FROM strong UNION ALL SELECT * FROM fuzzy) m
   ORDER BY geoname_id, tier DESC, score DESC
)
SELECT p.name, p.admin1_name, p.country_code, p.country_name, p.latitude, p.longitude, p.timezone,
       p.population::float8 AS population
  FROM best b JOIN places p USING (geoname_id)
 ORDER BY ${QUALIFIES} DESC, b.tier DESC, b.score DESC, p.geoname_id
 LIMIT $5`;

/** The search statement, for EXPLAIN in tests and benchmarks. */
export const PLACE_SEARCH_SQL = SEARCH_SQL;

interface Row {
  name: string;
  admin1_name: string | null;
  country_code: string;
  country_name: string;
  latitude: number;
  longitude: number;
  timezone: string;
  population: number;
}

// SQLSTATEs meaning "the place database is not there": undefined_table (not migrated, or dropped),
// undefined_function (extensions or place_norm missing), invalid_catalog_name (no database), class 08
// (connection exception), 57P01-57P03 (server shutting down or starting), too_many_connections.
const UNAVAILABLE_SQLSTATE = /^(42P01|42883|3D000|08...|57P0[123]|53300)$/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

export class PlaceSearch {
  constructor(private readonly pool: pg.Pool) {}

  async search(query: string, opts: PlaceSearchOptions = {}): Promise<Place[]> {
    const q = parsePlaceQuery(query, opts);
    // Nothing to match on (only punctuation, symbols or emoji): every name would "start with" the
    // empty normalised query, so answer no match instead of the most populous places.
    if (!/[\p{L}\p{N}]/u.test(q.text)) return [];
    const head = q.head ?? q.text;
    const whole = q.head ? q.text : null;
    const codes = q.qualifier ? countriesMatching(q.qualifier) : [];
    let rows: Row[];
    try {
      rows = await this.query([head, whole, q.qualifier, codes, q.limit]);
      // No match at all may mean an empty gazetteer (never loaded): that is "unavailable", not "none".
      if (rows.length === 0 && !(await this.hasPlaces())) throw new AppError('gazetteer_unavailable');
    } catch (err) {
      throw unavailableOr(err);
    }
    return rows.map((r) => {
      const country = q.language === 'en' ? r.country_name : countryName(r.country_code, q.language);
      const admin1 = r.admin1_name ?? '';
      return {
        name: r.name,
        admin1,
        country,
        latitude: r.latitude,
        longitude: r.longitude,
        timezone: r.timezone,
        population: r.population,
        label: label(r.name, admin1, country),
      };
    });
  }

  /**
   * Runs the search in a read-only transaction whose pg_trgm similarity threshold is ours (SET LOCAL),
   * so neither the session's setting nor other users of the pool are involved. One extra round trip.
   */
  private async query(params: unknown[]): Promise<Row[]> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`BEGIN READ ONLY; SET LOCAL pg_trgm.similarity_threshold = ${SIMILARITY_THRESHOLD}`);
      const r = await client.query<Row>(SEARCH_SQL, params);
      await client.query('COMMIT');
      return r.rows;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      // A connection that cannot even roll back is dropped from the pool rather than reused.
      client.release(broken);
    }
  }

  private async hasPlaces(): Promise<boolean> {
    const r = await this.pool.query('SELECT 1 FROM places LIMIT 1');
    return (r.rowCount ?? 0) > 0;
  }
}

function label(name: string, admin1: string, country: string): string {
  const sameAsName = admin1.localeCompare(name, undefined, { sensitivity: 'base' }) === 0;
  return [name, admin1 && !sameAsName ? admin1 : null, country].filter(Boolean).join(', ');
}

function unavailableOr(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : '';
  const down =
    (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE.has(code))) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(message);
  return down ? new AppError('gazetteer_unavailable', undefined, null) : err;
}
