// The ISO 8601 parser and proleptic-Gregorian calendar arithmetic live in @astro/platform/instant (one
// parser for every service, the account service included); re-exported here for the ephemeris code.
export * from '@astro/platform/instant';
