import { issuesFromZod, type Issue } from '../validation/issues';
import { migrateMessage, type MigrateReason } from '../i18n/issues';
import { MIGRATIONS } from './migrations';
import { SimResultSchema } from '../cost/schema';
import { LEGACY_MAX, LIST_LIMITS, SCHEMA_VERSION, StoredScenarioSchema, WorkshopDocSchema, type WorkshopDoc } from './schema';

/** A refusal: `message` is the English headline (`migrateMessage` words `reason` in either language). */
export type MigrateResult = { ok: true; doc: WorkshopDoc; from: number } | { ok: false; message: string; issues: Issue[]; reason: MigrateReason };

/**
 * Deepest nesting a workshop file may have. A valid document nests about 8 levels (a
 * simulation result's cost breakdown); anything much deeper is hostile, and recursive code
 * further on (the schema check, JSON.stringify, IndexedDB's structured clone) would run out
 * of stack on it.
 */
export const MAX_DOCUMENT_DEPTH = 32;

/** The path of the first value nested deeper than `max` levels (the root is level 1), or null. Iterative: never recurses. */
export function tooDeep(input: unknown, max = MAX_DOCUMENT_DEPTH): string | null {
  if (typeof input !== 'object' || input === null) return null;
  const stack: { value: object; depth: number; path: string }[] = [{ value: input, depth: 1, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (depth > max) return path || '(root)';
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (typeof v === 'object' && v !== null) stack.push({ value: v, depth: depth + 1, path: `${path}[${i}]` });
      }
    } else {
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
        const v: unknown = (value as Record<string, unknown>)[key];
        if (typeof v === 'object' && v !== null) stack.push({ value: v, depth: depth + 1, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * A cheap first look at untrusted JSON: a file whose top-level lists are absurdly long, or
 * that nests deeper than any workshop does, is refused at once, before any element is
 * examined by the schema (a small file can hold a huge array or 5,000 levels of nesting).
 */
export function precheck(input: unknown): Issue[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const issues: Issue[] = [];
  for (const [key, max] of Object.entries(LIST_LIMITS)) {
    const value = (input as Record<string, unknown>)[key];
    if (Array.isArray(value) && value.length > max)
      issues.push({ path: key, message: `too many items (${value.length}; at most ${max})`, code: 'too_many_items', params: { count: value.length, max } });
  }
  if (issues.length) return issues;
  const deep = tooDeep(input);
  if (deep !== null)
    issues.push({
      path: deep,
      message: `nested too deeply (a workshop nests at most ${MAX_DOCUMENT_DEPTH} levels)`,
      code: 'too_deep',
      params: { max: MAX_DOCUMENT_DEPTH },
    });
  return issues;
}

/**
 * An older document's simulations, each checked against the simulator's schemas of this
 * version: a scenario or result that no longer fits is moved, as JSON text, into the
 * simulation's `legacy` field (kept and exported with the workshop, nothing silently lost);
 * the scenario restarts from the defaults and the result is detached (it is re-run). A
 * current document gets no such treatment: what does not fit is an `invalid_document`.
 */
export function salvageSimulations(doc: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(doc.simulations)) return doc;
  const simulations = doc.simulations.map((sim: unknown) => {
    if (typeof sim !== 'object' || sim === null || Array.isArray(sim)) return sim;
    const s = sim as Record<string, unknown>;
    const moved: string[] = typeof s.legacy === 'string' && s.legacy ? [s.legacy] : [];
    const next = { ...s };
    if (!StoredScenarioSchema.safeParse(s.scenario).success) {
      moved.push(keepText('scenario', s.scenario));
      next.scenario = {};
    }
    if (s.result !== null && s.result !== undefined && !SimResultSchema.safeParse(s.result).success) {
      // Kept with when it ran: the simulator screen and the report show it as an outdated result (simulation.ts keptResult).
      moved.push(keepText('result', s.result, typeof s.ranAt === 'string' ? s.ranAt : ''));
      next.result = null;
      next.resultScenario = null;
      next.ranAt = '';
    }
    if (moved.length === (typeof s.legacy === 'string' && s.legacy ? 1 : 0)) return sim;
    next.legacy = moved.join('\n');
    return next;
  });
  return { ...doc, simulations };
}

/** Each moved value keeps at most this much JSON text (a scenario and a result fit in `legacy`). */
const KEEP_CHARS = Math.floor(LEGACY_MAX / 2) - 100;

function keepText(what: string, value: unknown, ranAt = ''): string {
  const text = JSON.stringify(ranAt ? { [what]: value, ranAt } : { [what]: value }) ?? '';
  return text.length <= KEEP_CHARS ? text : `{"${what}":"(not kept: ${text.length} characters)"${ranAt ? `,"ranAt":${JSON.stringify(ranAt)}` : ''}}`;
}

/** Any JSON value → the current, valid workshop document, or every problem found (first 20). */
export function migrate(input: unknown): MigrateResult {
  const tooLong = precheck(input);
  if (tooLong.length) {
    return fail(tooLong[0].code === 'too_deep' ? { code: 'too_deep', params: {} } : { code: 'too_long', params: { lists: tooLong.length } }, tooLong);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail({ code: 'not_object', params: {} }, [{ path: '(root)', message: 'expected an object', code: 'expected_object' }]);
  }
  let doc = input as Record<string, unknown>;
  const version = doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail({ code: 'no_version', params: {} }, [{ path: 'schemaVersion', message: 'expected a positive integer', code: 'expected_version' }]);
  }
  if (version > SCHEMA_VERSION) {
    return fail({ code: 'newer_version', params: { version, supported: SCHEMA_VERSION } }, [
      { path: 'schemaVersion', message: `unsupported version ${version}`, code: 'unsupported_version', params: { version } },
    ]);
  }
  for (let v = version; v < SCHEMA_VERSION; v++) {
    try {
      doc = { ...MIGRATIONS[v - 1].up(doc), schemaVersion: v + 1 };
    } catch {
      // A migration reads an older shape; a file that only claims that version can break it.
      return fail({ code: 'migration_failed', params: { from: v, to: v + 1 } }, [
        { path: 'schemaVersion', message: `not a valid schema ${v} document`, code: 'not_version', params: { version: v } },
      ]);
    }
  }
  if (version < SCHEMA_VERSION) doc = salvageSimulations(doc);
  const parsed = WorkshopDocSchema.safeParse(doc);
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error, 20);
    return fail({ code: 'invalid', params: { count: parsed.error.issues.length } }, issues);
  }
  return { ok: true, doc: parsed.data, from: version };
}

function fail(reason: MigrateReason, issues: Issue[]): MigrateResult {
  return { ok: false, message: migrateMessage(reason, 'en'), issues, reason };
}
