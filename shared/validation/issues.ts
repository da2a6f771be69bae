import { z } from 'zod';

/*
 * Validation shared by the document schema (shared/model, shared/cost) and the contract
 * (shared/contract): the issue list every refusal carries. It lives below both, so the model
 * never imports the contract.
 */

export const IssueParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type IssueParams = z.infer<typeof IssueParamsSchema>;
/**
 * One problem: where (`path`) and what (`message`, English). `code` and `params` say the same
 * for a program and for the other language (shared/i18n/issues.ts).
 */
export const IssueSchema = z.object({ path: z.string(), message: z.string(), code: z.string().optional(), params: IssueParamsSchema.optional() });
export type Issue = z.infer<typeof IssueSchema>;

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

/** Turn a zod error into the issue list (a refused request's or document's) (first `limit` problems). */
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
