-- The positions columns compressed with lz4 instead of pglz where the server has it (issue 18): a chart
-- row's planets (~4 kB of jsonb) is TOASTed and compressed at every creation, and pglz was ~12 % of the
-- chart database's CPU under creation load; with lz4 an insert cost PostgreSQL 193-203 against 233-247 µs
-- (3000 inserts of a real chart's columns, one connection), for rows ~26 % larger. Only new rows are
-- written so. A server built without lz4 (the embedded PostgreSQL of `npm start`) keeps pglz.
DO $$
BEGIN
  ALTER TABLE charts ALTER COLUMN planets SET COMPRESSION lz4, ALTER COLUMN houses SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available on this server: the positions columns keep pglz';
END $$;
