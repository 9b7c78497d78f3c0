-- Gazetteer for GET /v1/geolocation/places. The tables are created empty here and filled at start by
-- src/places/load-gazetteer.ts from a GeoNames data package in node_modules (no downloads at run time).
-- Read with plain SQL (pg_trgm), so not modelled in prisma/schema.prisma (the drift check ignores them).

-- Both extensions ship with PostgreSQL's contrib (the system server and embedded-postgres alike).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;

-- The one normalisation applied to stored names (at load) and to queries (at search), so the two always
-- agree: strip accents (unaccent's default rules: é -> e, ß -> ss, ø -> o, ...), lower-case, turn runs of
-- white space and punctuation into one space, trim. "São Paulo" -> "sao paulo", "Saint-Étienne" ->
-- "saint etienne". Removing punctuation also makes the result safe to use as a LIKE prefix (no % or _).
-- STABLE like unaccent() itself (its rules file could change): no index is built on an expression of it
-- (the normalised names are stored), and a STABLE SQL function is inlined into the calling query,
-- which makes normalising the ~1.2M names at load 2.5x faster than an IMMUTABLE wrapper, which is not.
CREATE FUNCTION place_norm(text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
    SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)),
                                '[[:space:][:punct:]]+', ' ', 'g'))
  $$;

-- One row per GeoNames populated place (cities500: every place of population > 500 and the seats of
-- administrative divisions; the >= 1000 set is contained in it).
CREATE TABLE places (
  geoname_id   integer PRIMARY KEY,
  name         text             NOT NULL, -- GeoNames name (UTF-8, usually the name used in English)
  ascii_name   text             NOT NULL, -- GeoNames ASCII transliteration
  feature_code text             NOT NULL, -- PPL, PPLA, PPLC, ... (GeoNames feature codes)
  country_code text             NOT NULL, -- ISO 3166-1 alpha-2
  country_name text             NOT NULL, -- English display name (CLDR); other languages at search time
  admin1_code  text,                      -- GeoNames admin1 code (FIPS or ISO, per country)
  admin1_name  text,                      -- its name, null when the code is unknown to the names file
  latitude     double precision NOT NULL,
  longitude    double precision NOT NULL,
  timezone     text             NOT NULL, -- IANA zone id
  population   bigint           NOT NULL
);

-- Every distinct normalised name of a place (name, ASCII name and each alternate name), one row each.
-- population is copied from places so exact and prefix matches rank from the name index alone
-- (index-only scan). No foreign key and a unique index rather than a primary key: the loader replaces
-- both tables in one transaction, dropping this table's indexes while it fills it and rebuilding them
-- from their definitions here (pg_indexes), which is several times faster than maintaining them.
CREATE TABLE place_names (
  name_norm  text COLLATE "C" NOT NULL, -- byte order: equality and prefix ranges use the btree below
  geoname_id integer          NOT NULL,
  population bigint           NOT NULL,
  is_primary boolean          NOT NULL, -- the GeoNames name or ASCII name (not an alternate name)
  -- Searched for typos too: names of 4+ characters that are primary, or Latin-script alternates of
  -- places of 15,000+ people ("Bombay", "Koeln"). A third of the rows: the trigram search costs
  -- ~5 us per candidate it rechecks, and the other alternate names add mostly noise (codes such as
  -- "zzz", transliterations nobody types).
  fuzzy      boolean          NOT NULL
);
CREATE UNIQUE INDEX place_names_name_norm_geoname_id_idx ON place_names (name_norm, geoname_id) INCLUDE (population, is_primary);
-- Typo tolerance: trigram similarity (the % operator).
CREATE INDEX place_names_name_norm_trgm_idx ON place_names USING gin (name_norm gin_trgm_ops) WHERE fuzzy;

-- What is loaded: one row, written in the loading transaction. `source` names the data packages and
-- their versions (and the loader's own version); a start whose source equals it loads nothing.
CREATE TABLE gazetteer_meta (
  id         boolean     PRIMARY KEY DEFAULT true CHECK (id),
  source     text        NOT NULL,
  place_rows integer     NOT NULL,
  name_rows  integer     NOT NULL,
  load_ms    integer     NOT NULL,
  loaded_at  timestamptz NOT NULL DEFAULT now()
);
