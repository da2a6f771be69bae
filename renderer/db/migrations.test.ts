import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { WorkshopRepository } from './repository';

/**
 * Released Dexie schemas, frozen here exactly as shipped. A new version of `openDatabase`
 * must open a database written by every one of them, through its upgrade functions.
 */
const RELEASED: Record<number, Record<string, string>> = {
  1: { workshops: 'id', parts: '[workshopId+key], workshopId', summaries: 'id, updatedAt, deletedAt', settings: 'key' },
};

const fixture = JSON.parse(readFileSync('test/fixtures/db-v1.json', 'utf8')) as { dexieVersion: number; tables: Record<string, unknown[]> };

describe('Dexie schema migrations', () => {
  it('opens a stored v1 database with the current schema: every workshop opens and validates', async () => {
    const name = `migrate-v${fixture.dexieVersion}`;
    const old = new Dexie(name);
    old.version(fixture.dexieVersion).stores(RELEASED[fixture.dexieVersion]);
    await old.open();
    for (const [table, rows] of Object.entries(fixture.tables)) await old.table(table).bulkPut(rows);
    old.close();

    const db = openDatabase(name);
    const repo = new WorkshopRepository(db);
    const live = await repo.listLive();
    expect(live.map((s) => s.id).sort()).toEqual(['fixture-sample-en', 'fixture-sample-zh']);
    for (const s of live) {
      const loaded = await repo.load(s.id);
      expect(loaded?.ok, s.id).toBe(true);
      if (loaded?.ok) expect(loaded.doc.scores.length).toBe(108);
    }
    // The soft-deleted workshop is still restorable after the upgrade.
    await repo.restore('fixture-deleted');
    expect((await repo.load('fixture-deleted'))?.ok).toBe(true);
    // The first-run flag survives: the sample is not added again.
    expect((await repo.ensureFirstRun('en')).sample).toBe(false);
    db.close();
    await db.delete();
  });

  it('the current schema is the last released one, or a later version (released schemas are never edited)', () => {
    const db = openDatabase('schema-check');
    const current = db.verno;
    expect(current).toBeGreaterThanOrEqual(Math.max(...Object.keys(RELEASED).map(Number)));
    // Dexie keeps each declared version's stores; compare v1's with the frozen copy.
    const versions = (db as unknown as { _versions: { _cfg: { version: number; storesSource: Record<string, string> } }[] })._versions;
    const v1 = versions.find((v) => v._cfg.version === 1)!;
    expect(v1._cfg.storesSource).toEqual(RELEASED[1]);
    db.close();
  });
});
