import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/** Every host (Electron IPC, HTTP, CLI) returns failures in exactly this shape. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const IssueParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type IssueParams = z.infer<typeof IssueParamsSchema>;
/**
 * One problem: where (`path`) and what (`message`, English). `code` and `params` say the same
 * for a program and for the other language (shared/i18n/issues.ts).
 */
export const IssueSchema = z.object({ path: z.string(), message: z.string(), code: z.string().optional(), params: IssueParamsSchema.optional() });
export type Issue = z.infer<typeof IssueSchema>;

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

/** `matrix[2][0]`-style path from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(root)';
}

/** The numbers and names of a zod issue that its message is made of (issueText.ts words them in Chinese). */
function paramsOf(i: z.core.$ZodIssue): { params?: IssueParams } {
  switch (i.code) {
    case 'invalid_type':
      return { params: { expected: String(i.expected) } };
    case 'too_small':
      return { params: { origin: String(i.origin), limit: Number(i.minimum), inclusive: i.inclusive === false ? 0 : 1 } };
    case 'too_big':
      return { params: { origin: String(i.origin), limit: Number(i.maximum), inclusive: i.inclusive === false ? 0 : 1 } };
    case 'invalid_format':
      return { params: { format: String(i.format) } };
    case 'invalid_value':
      return { params: { values: i.values.map((v) => JSON.stringify(v)).join(', ') } };
    case 'not_multiple_of':
      return { params: { divisor: Number(i.divisor) } };
    default:
      return {};
  }
}

/** Turn a zod error into the contract's issue list (first `limit` problems). */
export function issuesFromZod(error: z.ZodError, limit = 20): Issue[] {
  const out: Issue[] = [];
  for (const i of error.issues) {
    if (out.length >= limit) break;
    // Name each unknown key in the path itself: `criteria[0].colour`, not the parent object.
    if (i.code === 'unrecognized_keys') {
      for (const key of i.keys) if (out.length < limit) out.push({ path: formatPath([...i.path, key]), message: 'unknown field', code: 'unknown_field' });
    } else out.push({ path: formatPath(i.path), message: i.message, code: i.code, ...paramsOf(i) });
  }
  return out;
}

export function invalidRequest(error: z.ZodError, what = 'request'): ContractError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return new ContractError('invalid_request', `Invalid ${what}: ${first ? `${first.path}: ${first.message}` : 'unknown problem'}${more}`, issues);
}
