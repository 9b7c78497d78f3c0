-- A birth given as a wall-clock time in an IANA zone (birth.local_time + birth.time_zone): the input,
-- the resolved offset, whether the clock made it ambiguous or skipped it, the choice taken and the tz
-- database release. NULL for a chart created from a moment with its offset.
ALTER TABLE charts ADD COLUMN local_birth jsonb;
