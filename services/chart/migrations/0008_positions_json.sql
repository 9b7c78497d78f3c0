-- The positions columns (and local_birth) as json instead of jsonb (issue 18). The chart service
-- writes each row once, from its own JSON.stringify, and reads it back whole; nothing queries inside
-- these columns, so jsonb's binary form bought nothing and cost PostgreSQL a parse into it at every
-- creation and a print out of it at every read. Measured with 4000 inserts of a real chart's columns
-- (10 rows per statement, 4 connections, lz4): 123-135 µs of PostgreSQL CPU per row as jsonb against
-- 57-60 µs as json, for rows of about the same size (2.3 against 2.8 kB).
-- ALTER ... TYPE rewrites the table under an exclusive lock: on a large table, run it in a quiet hour.
ALTER TABLE charts
  ALTER COLUMN planets TYPE json USING planets::json,
  ALTER COLUMN houses TYPE json USING houses::json,
  ALTER COLUMN local_birth TYPE json USING local_birth::json;

-- A change of type resets a column's compression to the server's default: lz4 again, as 0007 set it.
\ir 0007_lz4_positions.sql
