/** A new random id (RFC 4122 v4), available in browsers and Node ≥ 19 alike. */
export function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** Current time as an ISO timestamp (the document's `createdAt`/`updatedAt` format). */
export function nowIso(): string {
  return new Date().toISOString();
}
