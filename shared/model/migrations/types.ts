/**
 * One step of the workshop document's migration chain (index.ts). Its own module, so the steps
 * and the chain that lists them do not import each other.
 */
export interface Migration {
  /** What the step changes, for people reading the chain (and the import dialog's note). */
  readonly summary: string;
  /** A plain document of the previous version → the next version's shape (schemaVersion is set by the caller). */
  readonly up: (doc: Record<string, unknown>) => Record<string, unknown>;
}
