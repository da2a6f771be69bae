import { ERROR_CODES } from './error-codes';
import type { Issue } from '../validation/issues';

/*
 * The contract's error as a value, with no zod: the renderer's first screen (the library) tells a
 * contract error apart (`instanceof`) without loading the schema library. `errors.ts` holds the
 * schemas that check an error received from another process, and `toContractError`.
 */

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why a workshop document was refused (`invalid_document`), for the headline in the reader's
 * language (issueText.ts `migrateMessage`). `parts_incomplete`: the browser's database holds a
 * workshop whose stored parts (scores, metrics, simulations) do not add up to a document.
 */
export const ERROR_REASON_CODES = [
  'too_long',
  'too_deep',
  'not_object',
  'no_version',
  'newer_version',
  'migration_failed',
  'invalid',
  'parts_incomplete',
] as const;
export interface ErrorReason {
  code: (typeof ERROR_REASON_CODES)[number];
  params: Record<string, number>;
}

/** Every host (Electron IPC, HTTP, CLI) returns failures in exactly this shape. */
export interface ContractErrorShape {
  code: ErrorCode;
  message: string;
  issues?: Issue[];
  reason?: ErrorReason;
}

/** What every host and transport answers for one call: the result, or a contract error. */
export type Outcome<T = unknown> = { ok: true; result: T } | { ok: false; error: ContractErrorShape };

export class ContractError extends Error {
  readonly code: ErrorCode;
  readonly issues?: Issue[];
  readonly reason?: ErrorReason;
  constructor(code: ErrorCode, message: string, issues?: Issue[], reason?: ErrorReason) {
    super(message);
    this.name = 'ContractError';
    this.code = code;
    if (issues) this.issues = issues;
    if (reason) this.reason = reason;
  }
  toJSON(): ContractErrorShape {
    const out: ContractErrorShape = { code: this.code, message: this.message };
    if (this.issues) out.issues = this.issues;
    if (this.reason) out.reason = this.reason;
    return out;
  }
}
