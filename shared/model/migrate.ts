import { issuesFromZod, type Issue } from '../contract/errors';
import { MIGRATIONS } from './migrations';
import { LIST_LIMITS, SCHEMA_VERSION, WorkshopDocSchema, type WorkshopDoc } from './schema';

export type MigrateResult = { ok: true; doc: WorkshopDoc; from: number } | { ok: false; message: string; issues: Issue[] };

/**
 * A cheap first look at untrusted JSON: a file whose top-level lists are absurdly long is
 * refused at once, before any element is examined (a small file can hold a huge array).
 */
export function precheck(input: unknown): Issue[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const issues: Issue[] = [];
  for (const [key, max] of Object.entries(LIST_LIMITS)) {
    const value = (input as Record<string, unknown>)[key];
    if (Array.isArray(value) && value.length > max) issues.push({ path: key, message: `too many items (${value.length}; at most ${max})` });
  }
  return issues;
}

/** Any JSON value → the current, valid workshop document, or every problem found (first 20). */
export function migrate(input: unknown): MigrateResult {
  const tooLong = precheck(input);
  if (tooLong.length) return fail(`The workshop is not valid: ${tooLong.length} list${tooLong.length === 1 ? ' is' : 's are'} too long.`, tooLong);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('A workshop file must contain a JSON object.', [{ path: '(root)', message: 'expected an object' }]);
  }
  let doc = input as Record<string, unknown>;
  const version = doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail('This is not a workshop file: it has no valid schemaVersion.', [{ path: 'schemaVersion', message: 'expected a positive integer' }]);
  }
  if (version > SCHEMA_VERSION) {
    return fail(
      `This workshop was saved by a newer version of Selection Workshop (schema ${version}; this version reads up to ${SCHEMA_VERSION}). Please update the app.`,
      [{ path: 'schemaVersion', message: `unsupported version ${version}` }],
    );
  }
  for (let v = version; v < SCHEMA_VERSION; v++) {
    try {
      doc = { ...MIGRATIONS[v - 1].up(doc), schemaVersion: v + 1 };
    } catch {
      // A migration reads an older shape; a file that only claims that version can break it.
      return fail(`The workshop could not be brought from schema ${v} to ${v + 1}: its content does not match schema ${v}.`, [
        { path: 'schemaVersion', message: `not a valid schema ${v} document` },
      ]);
    }
  }
  const parsed = WorkshopDocSchema.safeParse(doc);
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error, 20);
    const count = parsed.error.issues.length;
    return fail(`The workshop is not valid: ${count} problem${count === 1 ? '' : 's'} found.`, issues);
  }
  return { ok: true, doc: parsed.data, from: version };
}

function fail(message: string, issues: Issue[]): MigrateResult {
  return { ok: false, message, issues };
}
