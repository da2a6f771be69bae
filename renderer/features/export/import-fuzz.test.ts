import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { migrateMessage } from '../../../shared/i18n/issues';
import { freshRepositoryEachTest } from '../../db/testing';
import type { WorkshopDatabase } from '../../db/database';
import type { WorkshopRepository } from '../../db/repository';
import { hostileFiles } from '../../../test/fixtures/hostileFiles';
import { importWorkshopFile, MAX_ISSUES, MAX_WORKSHOP_BYTES, TransferError, validateDocument, type TransferText } from './transfer';

/**
 * Import fuzzing of the page's own import (what the library's Import picker runs on a chosen
 * file): 2,000 generated hostile or corrupted workshop files through `importWorkshopFile` — the
 * size check, reading and parsing, the page's validation and migration, the repository in
 * (fake) IndexedDB. Each ends in an added copy or a refusal worded for the screen; the workshops
 * already there are never touched. The browser adds nothing to this logic: test/e2e/import-fuzz.spec.ts
 * runs a sample of the same files (every kind of them) through the real picker in Chromium.
 */
let db: WorkshopDatabase;
let repo: WorkshopRepository;
freshRepositoryEachTest('import-fuzz', (d, r) => ((db = d), (repo = r)));

const text: TransferText = {
  tooLarge: (name, size, max) => `${name} is too large (${size} bytes; at most ${max})`,
  notJson: (name, reason) => `${name} is not a JSON file: ${reason}`,
  invalid: (count) => `The file has ${count} problems`,
  refused: (reason) => migrateMessage(reason, 'en'),
  notBackup: () => 'not a backup',
  invalidBackup: (bad, total) => `${bad} of ${total} invalid`,
};

/** Every stored row, as JSON, of the workshops with the given ids. */
async function rowsOf(ids: string[]): Promise<string> {
  const [workshops, parts, summaries] = await Promise.all([db.workshops.toArray(), db.parts.toArray(), db.summaries.toArray()]);
  return JSON.stringify([
    workshops.filter((w) => ids.includes(w.id)),
    parts.filter((p) => ids.includes(p.workshopId)),
    summaries.filter((s) => ids.includes(s.id)),
  ]);
}

describe('import fuzzing (the page’s import, in Node)', () => {
  it('2,000 hostile files: an added copy or a worded refusal, the workshops already there untouched', async () => {
    await repo.ensureFirstRun('en');
    const before = (await repo.listLive()).map((w) => w.id);
    const stored = await rowsOf(before);
    let added = 0;
    let refused = 0;
    let n = 0;
    for (const file of hostileFiles(2000)) {
      const name = `fuzz-${n++}.workshop.json`;
      // Over the 50 MB limit the content is never read: a blob of that size stands in for it.
      const bytes = file.bytes.length > MAX_WORKSHOP_BYTES ? new Uint8Array(file.bytes.length) : new Uint8Array(file.bytes);
      const blob = Object.assign(new Blob([bytes]), { name });
      try {
        const res = await importWorkshopFile(blob, { repo, validate: validateDocument, text, choose: async () => 'keep-both' });
        expect(res, `${file.label}: keep both adds a copy`).not.toBeNull();
        added++;
      } catch (err) {
        refused++;
        expect(err, `${file.label}: ${String(err)}`).toBeInstanceOf(TransferError);
        expect(file.valid, `${file.label} must import`).toBe(false);
        const e = err as TransferError;
        expect(e.message.trim().length, `${file.label}: no message`).toBeGreaterThan(10);
        expect(e.issues.length, file.label).toBeLessThanOrEqual(MAX_ISSUES);
        for (const issue of e.issues) expect(typeof issue.path, file.label).toBe('string');
      }
    }
    expect(n).toBe(2000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(added).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(1000);
    expect(await rowsOf(before)).toBe(stored);
    expect((await repo.listLive()).length).toBe(before.length + added);
  }, 300_000);
});
