// Database helpers shared by the services: the embedded single-machine server, start-up migrations
// and the schema.prisma <-> SQL drift check.
export * from './embedded-postgres.ts';
export * from './migrate.ts';
export * from './schema-drift.ts';
export * from './service-schema-check.ts';
