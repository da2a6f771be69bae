/**
 * The contract's error codes and the HTTP status each is answered with, with no zod: a host
 * that only answers with a status (the web host) starts without loading the schema library.
 * `errors.ts` builds the error schema from this list.
 */
export const ERROR_CODES = [
  'invalid_request', // request failed its schema; `issues` lists each problem
  'unknown_method',
  'invalid_document', // a workshop document failed validation or migration
  'too_large',
  'unauthorized',
  'forbidden',
  'cancelled',
  'unavailable', // a capability missing on this machine (e.g. no Chromium for PDF)
  'storage_full', // nothing was saved: the disk is full (try again once space is freed)
  'storage_failed', // nothing was saved: the disk refused the write or the file cannot be read
  'internal',
] as const;

/** The HTTP status each code is answered with, by the web host and the room's listener alike. */
const HTTP_STATUS: Record<(typeof ERROR_CODES)[number], number> = {
  invalid_request: 400,
  invalid_document: 400,
  unauthorized: 401,
  forbidden: 403,
  unknown_method: 404,
  too_large: 413,
  cancelled: 499,
  unavailable: 503,
  storage_full: 507,
  storage_failed: 503,
  internal: 500,
};
export function httpStatusOf(code: string): number {
  return (HTTP_STATUS as Record<string, number>)[code] ?? 500;
}
