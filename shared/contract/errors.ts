import { z } from 'zod';

/** Every host (Electron IPC, HTTP, CLI) returns failures in exactly this shape. */
export const ErrorCodeSchema = z.enum([
  'invalid_request', // request failed its schema; `issues` lists each problem
  'unknown_method',
  'invalid_document', // a workshop document failed validation or migration
  'too_large',
  'unauthorized',
  'forbidden',
  'cancelled',
  'unavailable', // a capability missing on this machine (e.g. no Chromium for PDF)
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const IssueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof IssueSchema>;

export const ContractErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  issues: z.array(IssueSchema).optional(),
});
export type ContractErrorShape = z.infer<typeof ContractErrorSchema>;

/** What every host and transport answers for one call: the result, or a contract error. */
export type Outcome<T = unknown> = { ok: true; result: T } | { ok: false; error: ContractErrorShape };

export class ContractError extends Error {
  readonly code: ErrorCode;
  readonly issues?: Issue[];
  constructor(code: ErrorCode, message: string, issues?: Issue[]) {
    super(message);
    this.name = 'ContractError';
    this.code = code;
    if (issues) this.issues = issues;
  }
  toJSON(): ContractErrorShape {
    return this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }
  static from(value: unknown): ContractError {
    if (value instanceof ContractError) return value;
    const parsed = ContractErrorSchema.safeParse(value);
    if (parsed.success) return new ContractError(parsed.data.code, parsed.data.message, parsed.data.issues);
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

/** Turn a zod error into the contract's issue list (first `limit` problems). */
export function issuesFromZod(error: z.ZodError, limit = 20): Issue[] {
  const out: Issue[] = [];
  for (const i of error.issues) {
    if (out.length >= limit) break;
    // Name each unknown key in the path itself: `criteria[0].colour`, not the parent object.
    if (i.code === 'unrecognized_keys') {
      for (const key of i.keys) if (out.length < limit) out.push({ path: formatPath([...i.path, key]), message: 'unknown field' });
    } else out.push({ path: formatPath(i.path), message: i.message });
  }
  return out;
}

export function invalidRequest(error: z.ZodError, what = 'request'): ContractError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return new ContractError('invalid_request', `Invalid ${what}: ${first ? `${first.path}: ${first.message}` : 'unknown problem'}${more}`, issues);
}
