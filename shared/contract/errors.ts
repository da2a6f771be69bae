import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import { IssueSchema, issuesFromZod, type Issue } from '../validation/issues';

// The issue list is the shared validation's (shared/validation): the document schema reports with it too.
export { IssueParamsSchema, IssueSchema, formatPath, issuesFromZod, type Issue, type IssueParams } from '../validation/issues';

/** Every host (Electron IPC, HTTP, CLI) returns failures in exactly this shape. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * Why a workshop document was refused (`invalid_document`), for the headline in the reader's
 * language (issueText.ts `migrateMessage`). `parts_incomplete`: the browser's database holds a
 * workshop whose stored parts (scores, metrics, simulations) do not add up to a document.
 */
export const ErrorReasonSchema = z.object({
  code: z.enum(['too_long', 'too_deep', 'not_object', 'no_version', 'newer_version', 'migration_failed', 'invalid', 'parts_incomplete']),
  params: z.record(z.string(), z.number()),
});
export type ErrorReason = z.infer<typeof ErrorReasonSchema>;

export const ContractErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  issues: z.array(IssueSchema).optional(),
  reason: ErrorReasonSchema.optional(),
});
export type ContractErrorShape = z.infer<typeof ContractErrorSchema>;

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
  static from(value: unknown): ContractError {
    if (value instanceof ContractError) return value;
    const parsed = ContractErrorSchema.safeParse(value);
    if (parsed.success) return new ContractError(parsed.data.code, parsed.data.message, parsed.data.issues, parsed.data.reason);
    return new ContractError('internal', value instanceof Error ? value.message : String(value));
  }
}

export function invalidRequest(error: z.ZodError, what = 'request'): ContractError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return new ContractError('invalid_request', `Invalid ${what}: ${first ? `${first.path}: ${first.message}` : 'unknown problem'}${more}`, issues);
}
