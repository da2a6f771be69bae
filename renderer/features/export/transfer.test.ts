import 'fake-indexeddb/auto';
import { migrateMessage } from '../../../shared/i18n/issues';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../../../shared/model';
import { freshRepositoryEachTest } from '../../db/testing';
import type { WorkshopRepository } from '../../db/repository';
import { fullWorkshop } from '../../../test/fixtures/fullWorkshop';
import { deepWorkshopText } from '../../../test/fixtures/deepWorkshop';
import {
  BACKUP_FORMAT,
  backupLibrary,
  distinctTitle,
  fingerprint,
  importWorkshopFile,
  MAX_WORKSHOP_BYTES,
  restoreBackupFile,
  TransferError,
  validateDocument,
  type ReimportChoice,
  type TransferText,
} from './transfer';

let repo: WorkshopRepository;
freshRepositoryEachTest('transfer', (_db, r) => (repo = r));

const validate = validateDocument;
const text: TransferText = {
  tooLarge: (name, size, max) => `${name} too large (${size} > ${max})`,
  notJson: (name, reason) => `${name} not JSON: ${reason}`,
  invalid: (count) => `${count} problems`,
  refused: (reason) => migrateMessage(reason, 'en'),
  notBackup: () => 'not a backup',
  invalidBackup: (bad, total) => `${bad} of ${total} invalid`,
};
/** The team's answer when a file's workshop is already in the library; each question asked is recorded. */
let answer: ReimportChoice = 'keep-both';
let asked: string[] = [];
beforeEach(() => {
  answer = 'keep-both';
  asked = [];
});
const choose = async (existing: { title: string }) => (asked.push(existing.title), answer);
const deps = () => ({ repo, validate, text, choose });
const file = (value: unknown, name = 'x.workshop.json') => Object.assign(new Blob([typeof value === 'string' ? value : JSON.stringify(value)]), { name });
const count = async () => (await repo.listLive()).length;

describe('import a workshop file', () => {
  it('adds a workshop not in the library as a new one (new id), without asking', async () => {
    const doc = fullWorkshop();
    const res = (await importWorkshopFile(file(doc), deps()))!;
    expect(asked).toEqual([]);
    expect(res.added.id).not.toBe(doc.id);
    expect(res).toMatchObject({ migratedFrom: null, replaced: false });
    const stored = await repo.load(res.added.id);
    expect(stored?.ok && { ...stored.doc, id: doc.id, updatedAt: doc.updatedAt }).toEqual(doc);
  });

  it('re-importing a workshop already in the library asks: keep both (a distinguishable title), replace, or cancel — never a silent twin', async () => {
    const doc = fullWorkshop();
    await repo.save(doc);
    const edited = { ...doc, meta: { ...doc.meta, description: 'edited elsewhere' } };
    // Keep both: a copy titled "Full workshop (2)"; the library's version is untouched.
    const both = (await importWorkshopFile(file(edited), deps()))!;
    expect(asked).toEqual([doc.meta.title]);
    expect(both.added.id).not.toBe(doc.id);
    expect(both.added.meta.title).toBe(`${doc.meta.title} (2)`);
    expect(await count()).toBe(2);
    const original = await repo.load(doc.id);
    expect(original?.ok && original.doc).toEqual(doc);
    // Cancel: nothing changes.
    answer = 'cancel';
    expect(await importWorkshopFile(file(edited), deps())).toBeNull();
    expect(await count()).toBe(2);
    // Replace: the library's version becomes the file's (same id), no new workshop.
    answer = 'replace';
    const replaced = (await importWorkshopFile(file(edited), deps()))!;
    expect(replaced).toMatchObject({ replaced: true, added: { id: doc.id } });
    expect(await count()).toBe(2);
    const now = await repo.load(doc.id);
    expect(now?.ok && now.doc.meta.description).toBe('edited elsewhere');
  });

  it('importing the same file twice asks too (the first import’s copy keeps the creation time); replace keeps the library’s id', async () => {
    const doc = fullWorkshop();
    const first = (await importWorkshopFile(file(doc), deps()))!;
    expect(asked).toEqual([]);
    answer = 'replace';
    const again = (await importWorkshopFile(file({ ...doc, meta: { ...doc.meta, team: 'changed' } }), deps()))!;
    expect(asked).toEqual([doc.meta.title]);
    expect(again).toMatchObject({ replaced: true, added: { id: first.added.id } });
    expect(await count()).toBe(1);
  });

  it('finds a title not yet taken', () => {
    expect(distinctTitle('Plan', [])).toBe('Plan');
    expect(distinctTitle('Plan', ['Plan'])).toBe('Plan (2)');
    expect(distinctTitle('Plan', ['Plan', 'Plan (2)'])).toBe('Plan (3)');
    expect(distinctTitle('Plan (2)', ['Plan', 'Plan (2)'])).toBe('Plan (3)');
    expect(distinctTitle('方案', ['方案'])).toBe('方案 (2)');
  });

  it('accepts a file with a byte-order mark', async () => {
    await importWorkshopFile(file('\uFEFF' + JSON.stringify(createSampleWorkshop('en'))), deps());
    expect(await count()).toBe(1);
  });

  it('refuses a file over 50 MB before reading a byte of it', async () => {
    let read = false;
    const big = { name: 'huge.workshop.json', size: MAX_WORKSHOP_BYTES + 1, text: async () => ((read = true), '{}') } as unknown as Blob & { name: string };
    await expect(importWorkshopFile(big, deps())).rejects.toMatchObject({
      kind: 'too-large',
      message: `huge.workshop.json too large (${MAX_WORKSHOP_BYTES + 1} > ${MAX_WORKSHOP_BYTES})`,
    });
    expect(read).toBe(false);
    expect(await count()).toBe(0);
  });

  it('lists path and reason of the first 20 problems of an invalid file, and adds nothing', async () => {
    const bad = JSON.parse(JSON.stringify(fullWorkshop())) as Record<string, unknown> & { scores: { value: unknown }[] };
    bad.scores.forEach((s) => (s.value = 'high'));
    const err = (await importWorkshopFile(file(bad), deps()).catch((e: unknown) => e)) as TransferError;
    expect(err).toBeInstanceOf(TransferError);
    expect(err.kind).toBe('invalid');
    expect(err.issues).toHaveLength(20);
    expect(err.issues[0]).toMatchObject({ path: 'scores[0].value', message: expect.any(String) });
    expect(await count()).toBe(0);
  });

  it('refuses a file nested 5,000 levels deep as invalid, naming where, and adds nothing', async () => {
    const err = (await importWorkshopFile(file(deepWorkshopText(5000)), deps()).catch((e: unknown) => e)) as TransferError;
    expect(err).toBeInstanceOf(TransferError);
    expect(err.kind).toBe('invalid');
    expect(err.issues[0]).toMatchObject({ path: expect.stringMatching(/^simulations\[0\]\.scenario\.a/), message: expect.stringMatching(/nested too deeply/) });
    expect(await count()).toBe(0);
  });

  it('says when a file is not JSON', async () => {
    await expect(importWorkshopFile(file('{ nope'), deps())).rejects.toMatchObject({
      kind: 'not-json',
      message: expect.stringMatching(/^x\.workshop\.json not JSON/),
    });
  });
});

describe('library backup and restore', () => {
  it('backs up every live workshop, and restoring into the same library adds nothing', async () => {
    const a = fullWorkshop();
    const b = createSampleWorkshop('zh-CN');
    await repo.save(a);
    await repo.save(b);
    const { backup, skipped } = await backupLibrary(repo);
    expect(skipped).toBe(0);
    expect(backup).toMatchObject({ format: BACKUP_FORMAT, version: 1 });
    expect(backup.documents.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    const result = await restoreBackupFile(file(backup), deps());
    expect(result.added).toEqual([]);
    expect(result.skipped.sort()).toEqual([a.meta.title, b.meta.title].sort());
    expect(await count()).toBe(2);
  });

  it('merges into another library: adds what is missing as copies, keeps what is there untouched', async () => {
    const a = fullWorkshop();
    const b = createSampleWorkshop('en');
    await repo.save(a);
    const edited = { ...a, meta: { ...a.meta, title: 'edited since the backup' } };
    const backup = { format: BACKUP_FORMAT, version: 1, exportedAt: new Date().toISOString(), documents: [edited, b, b] };
    const result = await restoreBackupFile(file(backup), deps());
    // `edited` differs from `a` (added as a copy), `b` is new (added once: its twin is skipped).
    expect(result.added.map((d) => d.meta.title).sort()).toEqual(['edited since the backup', b.meta.title].sort());
    expect(result.skipped).toEqual([b.meta.title]);
    expect(await count()).toBe(3);
    const kept = await repo.load(a.id);
    expect(kept?.ok && kept.doc).toEqual(a);
    expect(result.added.every((d) => d.id !== a.id && d.id !== b.id)).toBe(true);
  });

  it('refuses a backup with an invalid document as a whole, naming it', async () => {
    const bad = { ...createSampleWorkshop('en'), meta: { title: '' } };
    const backup = { format: BACKUP_FORMAT, version: 1, exportedAt: '', documents: [createSampleWorkshop('en'), bad] };
    const err = (await restoreBackupFile(file(backup), deps()).catch((e: unknown) => e)) as TransferError;
    expect(err).toMatchObject({ kind: 'invalid', message: '1 of 2 invalid' });
    expect(err.issues.every((i) => i.path.startsWith('documents[1].'))).toBe(true);
    expect(err.issues.map((i) => i.path)).toContain('documents[1].meta.title');
    expect(await count()).toBe(0);
  });

  it('refuses what is not a backup, or from a newer version', async () => {
    await expect(restoreBackupFile(file(createSampleWorkshop('en')), deps())).rejects.toMatchObject({ kind: 'not-backup' });
    await expect(restoreBackupFile(file({ format: BACKUP_FORMAT, version: 2, documents: [] }), deps())).rejects.toMatchObject({
      kind: 'not-backup',
      issues: [{ path: 'version' }],
    });
  });

  it('writes all or nothing: a storage failure half-way leaves the library as it was', async () => {
    const docs = [fullWorkshop(), createSampleWorkshop('en'), createSampleWorkshop('zh-CN')];
    const backup = { format: BACKUP_FORMAT, version: 1, exportedAt: '', documents: docs };
    let calls = 0;
    const addCopy = repo.addCopy.bind(repo);
    repo.addCopy = async (doc) => {
      if (++calls === 3) throw new Error('disk full');
      return addCopy(doc);
    };
    await expect(restoreBackupFile(file(backup), deps())).rejects.toMatchObject({ kind: 'storage', message: 'disk full' });
    expect(await count()).toBe(0);
  });
});

describe('fingerprint', () => {
  it('ignores id and last change, nothing else', () => {
    const a = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'one');
    expect(fingerprint({ ...a, id: 'two', updatedAt: '2027-01-01T00:00:00.000Z' })).toBe(fingerprint(a));
    expect(fingerprint({ ...a, notes: 'x' })).not.toBe(fingerprint(a));
  });
});
