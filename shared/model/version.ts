import { MIGRATIONS } from './migrations';

/** The workshop document's schema version (see schema.ts): one more than the migrations that lead to it (migrations/). */
export const SCHEMA_VERSION: number = 1 + MIGRATIONS.length;
