import type { WorkshopDoc } from '../../../shared/model';
import type { MigrateReason } from '../../../shared/i18n/issues';
import type { WorkshopRepository } from '../../db/repository';

/**
 * Workshop files in and out of the library: import one `*.workshop.json`, back up the whole
 * library to one `*.workshop-library.json`, restore a backup. The rules: a file is read only
 * after its size is checked; every document is validated (and migrated) by the shared model's
 * `migrate` — the code `workshop.validate` runs on the Node side, run here in the page so a
 * 10 MB file is not sent there and back; nothing is ever overwritten — documents are added as copies with new
 * ids; and when anything is invalid, nothing in the library changes.
 */

/** Largest workshop file we read (the web host accepts a little more, for JSON overhead). */
export const MAX_WORKSHOP_BYTES = 50 * 1024 * 1024;
/** Largest library backup we read (documents are validated one by one, each ≤ 50 MB). */
export const MAX_BACKUP_BYTES = 500 * 1024 * 1024;
export const BACKUP_FORMAT = 'selection-workshop-library';
export const BACKUP_VERSION = 1;
/** Problems listed to the user at most (as the contract does). */
export const MAX_ISSUES = 20;

export interface Issue {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

/** Why a transfer was refused; `issues` lists path and reason (first 20). Nothing was changed. */
export class TransferError extends Error {
  readonly kind: 'too-large' | 'not-json' | 'invalid' | 'not-backup' | 'storage';
  readonly issues: Issue[];
  constructor(kind: TransferError['kind'], message: string, issues: Issue[] = []) {
    super(message);
    this.name = 'TransferError';
    this.kind = kind;
    this.issues = issues;
  }
}

/** A validator: the migrated document, or throws with `issues`. */
export type Validate = (json: unknown) => Promise<WorkshopDoc>;

/** The shared model's validation and migration (what `workshop.validate` answers), in the page. */
export const validateDocument: Validate = async (json) => {
  const { migrate } = await import('../../../shared/model/migrate');
  const result = migrate(json);
  if (!result.ok) throw Object.assign(new Error(result.message), { code: 'invalid_document', issues: result.issues, reason: result.reason });
  return result.doc;
};

export interface LibraryBackup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exportedAt: string;
  /** Every live workshop, as stored. */
  documents: WorkshopDoc[];
}

/** Reads a file as JSON after checking its size; the size check comes before any byte is read. */
export async function readJsonFile(file: Blob & { name?: string }, maxBytes: number, text: TransferText): Promise<unknown> {
  if (file.size > maxBytes) throw new TransferError('too-large', text.tooLarge(file.name ?? '', file.size, maxBytes));
  const raw = await file.text();
  try {
    return JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw) as unknown;
  } catch (err) {
    const reason = (err as Error).message;
    // Where the parser stopped (1-based), for a message that does not quote the engine's English.
    const at = /position (\d+)/.exec(reason);
    throw new TransferError('not-json', text.notJson(file.name ?? '', reason, at ? Number(at[1]) + 1 : raw.length));
  }
}

/** User-facing sentences, from the feature's locale (kept out of this module so it stays testable). */
export interface TransferText {
  tooLarge(name: string, size: number, max: number): string;
  notJson(name: string, reason: string, position: number): string;
  invalid(count: number): string;
  /** The headline for a refused workshop document (shared/i18n/issues.ts `migrateMessage`). */
  refused(reason: MigrateReason): string;
  notBackup(): string;
  invalidBackup(bad: number, total: number): string;
}

function issuesOf(err: unknown): Issue[] {
  const issues = (err as { issues?: Issue[] }).issues;
  if (Array.isArray(issues) && issues.length) return issues;
  return [{ path: '(root)', message: err instanceof Error ? err.message : String(err) }];
}

/** The migrated document, or a TransferError listing its problems. */
async function validated(json: unknown, validate: Validate, text: TransferText): Promise<WorkshopDoc> {
  // Absurdly long lists are refused here at once, without shipping megabytes to the Node side.
  const { precheck } = await import('../../../shared/model/migrate');
  const tooLong = precheck(json);
  if (tooLong.length) throw new TransferError('invalid', text.invalid(tooLong.length), tooLong);
  try {
    return await validate(json);
  } catch (err) {
    const issues = issuesOf(err).slice(0, MAX_ISSUES);
    const reason = (err as { reason?: MigrateReason }).reason;
    throw new TransferError('invalid', reason ? text.refused(reason) : err instanceof Error && err.message ? err.message : text.invalid(issues.length), issues);
  }
}

export interface ImportResult {
  added: WorkshopDoc;
  /** Schema version the file was written in, when it had to be migrated. */
  migratedFrom: number | null;
  /** The file's workshop was already in the library and the team chose to replace it (same id). */
  replaced: boolean;
}

/** What to do with a file whose workshop is already in the library (same id): never a silent twin. */
export type ReimportChoice = 'replace' | 'keep-both' | 'cancel';
export type ChooseReimport = (existing: { id: string; title: string }, incoming: WorkshopDoc) => Promise<ReimportChoice>;

/**
 * A title not yet in the library: the title itself, else "Title (2)", "Title (3)"… (a
 * trailing " (n)" of the title is replaced, so a copy of "Plan (2)" becomes "Plan (3)").
 */
export function distinctTitle(title: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(title)) return title;
  const base = title.replace(/ \((\d+)\)$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Imports one workshop file; refuses without changing anything when it is not valid. A
 * workshop not in the library is added as a new one (new id). One already there (the same
 * id, e.g. exported from this library and imported back, or the same file imported before,
 * recognised by its creation time, which an import keeps) is not added silently as a twin:
 * `choose` asks the team to replace the library's version with the file's (the same id) or to
 * keep both (a copy with a distinguishable title, "… (2)"); null when the team cancels.
 */
export async function importWorkshopFile(
  file: Blob & { name?: string },
  deps: { repo: WorkshopRepository; validate: Validate; text: TransferText; choose: ChooseReimport },
): Promise<ImportResult | null> {
  const json = await readJsonFile(file, MAX_WORKSHOP_BYTES, deps.text);
  const doc = await validated(json, deps.validate, deps.text);
  const from = (json as { schemaVersion?: unknown }).schemaVersion;
  const migratedFrom = typeof from === 'number' && from !== doc.schemaVersion ? from : null;
  const live = await deps.repo.listLive();
  // The same workshop: its id (exported from this library), or a copy imported before (an import keeps the creation time).
  const created = Date.parse(doc.createdAt);
  const existing = live.find((w) => w.id === doc.id) ?? live.find((w) => w.createdAt === created);
  if (existing) {
    const choice = await deps.choose({ id: existing.id, title: existing.title }, doc);
    if (choice === 'cancel') return null;
    if (choice === 'replace') {
      const replaced = { ...doc, id: existing.id, updatedAt: new Date().toISOString() };
      await deps.repo.save(replaced, { force: true });
      return { added: replaced, migratedFrom, replaced: true };
    }
    const title = distinctTitle(
      doc.meta.title,
      live.map((w) => w.title),
    );
    const added = await deps.repo.addCopy({ ...doc, meta: { ...doc.meta, title } });
    return { added, migratedFrom, replaced: false };
  }
  const added = await deps.repo.addCopy(doc);
  return { added, migratedFrom, replaced: false };
}

/** Every live workshop that loads, in one backup object; `skipped` counts the ones that did not load. */
export async function backupLibrary(repo: WorkshopRepository, now = new Date()): Promise<{ backup: LibraryBackup; skipped: number }> {
  const documents: WorkshopDoc[] = [];
  let skipped = 0;
  for (const summary of await repo.listLive()) {
    const loaded = await repo.load(summary.id);
    if (loaded?.ok) documents.push(loaded.doc);
    else skipped++;
  }
  return { backup: { format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: now.toISOString(), documents }, skipped };
}

export function backupFilename(now = new Date()): string {
  return `selection-workshop-library-${now.toISOString().slice(0, 10)}.workshop-library.json`;
}

/**
 * What makes two workshops "the same" for restore: everything but the id and the last-change
 * time (which `addCopy` sets). Restoring a backup twice therefore adds nothing the second time.
 */
export function fingerprint(doc: WorkshopDoc): string {
  const { id: _id, updatedAt: _updated, ...rest } = doc;
  return stableStringify(rest);
}

/** JSON with object keys sorted, so equal documents give equal strings whatever their key order. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`)
    .join(',')}}`;
}

export interface RestoreResult {
  added: WorkshopDoc[];
  /** Titles of documents skipped because an identical workshop is already in the library (or earlier in the backup). */
  skipped: string[];
}

/**
 * Restores a backup by merging: each document is added as a copy, or skipped when an
 * identical one exists. Every document is validated first; if any is invalid the restore is
 * refused as a whole (listing the problems as `documents[i].path`) and nothing changes. The
 * additions are written in one transaction: all of them or none.
 */
export async function restoreBackupFile(
  file: Blob & { name?: string },
  deps: { repo: WorkshopRepository; validate: Validate; text: TransferText },
): Promise<RestoreResult> {
  const { repo, validate, text } = deps;
  const json = await readJsonFile(file, MAX_BACKUP_BYTES, text);
  const backup = json as Partial<LibraryBackup> | null;
  if (!backup || typeof backup !== 'object' || backup.format !== BACKUP_FORMAT || !Array.isArray(backup.documents)) {
    throw new TransferError('not-backup', text.notBackup(), [{ path: 'format', message: `expected "${BACKUP_FORMAT}"` }]);
  }
  if (typeof backup.version !== 'number' || backup.version > BACKUP_VERSION) {
    throw new TransferError('not-backup', text.notBackup(), [{ path: 'version', message: `unsupported backup version ${String(backup.version)}` }]);
  }
  const docs: WorkshopDoc[] = [];
  const issues: Issue[] = [];
  let bad = 0;
  for (const [i, raw] of backup.documents.entries()) {
    try {
      docs.push(await validate(raw));
    } catch (err) {
      bad++;
      for (const issue of issuesOf(err)) if (issues.length < MAX_ISSUES) issues.push({ path: `documents[${i}].${issue.path}`, message: issue.message });
    }
  }
  if (bad > 0) throw new TransferError('invalid', text.invalidBackup(bad, backup.documents.length), issues);

  const known = new Set<string>();
  for (const summary of await repo.listLive()) {
    const loaded = await repo.load(summary.id);
    if (loaded?.ok) known.add(fingerprint(loaded.doc));
  }
  const toAdd: WorkshopDoc[] = [];
  const skipped: string[] = [];
  for (const doc of docs) {
    const key = fingerprint(doc);
    if (known.has(key)) skipped.push(doc.meta.title);
    else {
      known.add(key);
      toAdd.push(doc);
    }
  }
  try {
    return { added: await repo.addCopies(toAdd), skipped };
  } catch (err) {
    throw new TransferError('storage', (err as Error).message);
  }
}
