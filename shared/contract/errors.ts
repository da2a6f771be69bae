import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import { IssueSchema, issuesFromZod } from '../validation/issues';
import { ContractError, ERROR_REASON_CODES, type ContractErrorShape, type ErrorReason } from './contract-error';

export { ContractError, ERROR_REASON_CODES, type ContractErrorShape, type ErrorCode, type ErrorReason, type Outcome } from './contract-error';

// The issue list is the shared validation's (shared/validation): the document schema reports with it too.
export { IssueParamsSchema, IssueSchema, formatPath, issuesFromZod, type Issue, type IssueParams } from '../validation/issues';

/** The schemas of `contract-error.ts`'s types, for an error received from another process. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const ErrorReasonSchema = z.object({
  code: z.enum(ERROR_REASON_CODES),
  params: z.record(z.string(), z.number()),
}) satisfies z.ZodType<ErrorReason>;
export const ContractErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  issues: z.array(IssueSchema).optional(),
  reason: ErrorReasonSchema.optional(),
}) satisfies z.ZodType<ContractErrorShape>;

/** A contract error from anything thrown or received: one in the contract's shape keeps its code, anything else is `internal`. */
export function toContractError(value: unknown): ContractError {
  if (value instanceof ContractError) return value;
  const parsed = ContractErrorSchema.safeParse(value);
  if (parsed.success) return new ContractError(parsed.data.code, parsed.data.message, parsed.data.issues, parsed.data.reason);
  return new ContractError('internal', value instanceof Error ? value.message : String(value));
}

export function invalidRequest(error: z.ZodError, what = 'request'): ContractError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return new ContractError('invalid_request', `Invalid ${what}: ${first ? `${first.path}: ${first.message}` : 'unknown problem'}${more}`, issues);
}
