/** The workshop document's schema version (see schema.ts; migrate.ts moves older documents up). */
export const SCHEMA_VERSION = 1 as const;
